/* kg graph page: the explorer.
 *
 * Reads the JSON blob in the element #kg-data (type application/json), draws it
 * with vis-network, and adds search, filters and a details panel.  Everything
 * that comes from the input (labels, titles, abstracts, evidence) is put into
 * the DOM with textContent / createTextNode or as vis tooltip *strings*
 * (vis-network 9.x renders those with innerText), never as HTML.  The page runs
 * under a Content-Security-Policy that allows only its own inline scripts (by
 * hash): no inline event handler attributes, no eval, no network.
 *
 * window.KG exposes the data, indexes, vis DataSets, the network and the
 * functions below (select, showNode, showEdge, search, applyFilters, ...), so
 * tests and later scripts can drive the page.  When the graph is drawn (and the
 * layout has settled) KG.ready becomes true, KG.readyTime holds
 * performance.now() at that moment, <html data-kg-ready="true"> is set and a
 * "kg:ready" event is dispatched on document.
 */
(function () {
  "use strict";

  var KG = (window.KG = window.KG || {});
  var data = JSON.parse(document.getElementById("kg-data").textContent);
  KG.data = data;
  KG.ready = false;
  var view = data.view || { mode: "full" };
  var offpage = data.offpage || {};

  // ------------------------------------------------------------------ styles
  var typeStyle = {};
  data.types.forEach(function (t) { typeStyle[t.type] = t; });
  var predicateStyle = {};
  data.predicates.forEach(function (p) { predicateStyle[p.predicate] = p; });
  function styleOfType(type) { return typeStyle[type] || data.fallback.type; }
  function styleOfPredicate(pred) { return predicateStyle[pred] || data.fallback.predicate; }
  KG.style = { ofType: styleOfType, ofPredicate: styleOfPredicate };

  // ----------------------------------------------------------------- indexes
  var nodeById = new Map();
  var edgeById = new Map();
  var edgesByNode = new Map(); // node id -> [edge], in data order (drawn or not)
  var entitiesByPaper = new Map(); // paper id -> [entity node]
  data.nodes.forEach(function (n) {
    nodeById.set(n.id, n);
    edgesByNode.set(n.id, []);
  });
  data.edges.forEach(function (e) {
    edgeById.set(e.id, e);
    edgesByNode.get(e.from).push(e);
    if (e.to !== e.from) edgesByNode.get(e.to).push(e);
  });
  function addEntityOfPaper(pid, n) {
    if (!entitiesByPaper.has(pid)) entitiesByPaper.set(pid, []);
    var list = entitiesByPaper.get(pid);
    if (list.indexOf(n) < 0) list.push(n);
  }
  data.nodes.forEach(function (n) {
    if (n.type === "Paper") return;
    (n.papers || []).forEach(function (pid) {
      if (nodeById.has(pid)) addEntityOfPaper(pid, n);
    });
  });
  data.edges.forEach(function (e) {
    // a paper's entities also include the ones it is linked to directly
    var paper = nodeById.get(e.from), other = nodeById.get(e.to);
    if (paper.type !== "Paper" || other.type === "Paper") return;
    addEntityOfPaper(paper.id, other);
  });
  KG.index = {
    nodeById: nodeById, edgeById: edgeById, edgesByNode: edgesByNode,
    entitiesByPaper: entitiesByPaper,
  };

  // ----------------------------------------------------------------- helpers
  function sentence(ev) { return data.sentences[ev.sentence]; }
  function paperRef(id) { return nodeById.get(id) || offpage[id] || null; }
  function labelOf(id) {
    var n = paperRef(id);
    return n ? n.label : String(id);
  }
  function shorten(text, max) {
    text = String(text == null ? "" : text);
    return text.length > max ? text.slice(0, max - 1) + "…" : text;
  }
  function fmt(n) { return Number(n || 0).toLocaleString("en-US"); }
  function fmtConf(c) { return typeof c === "number" ? c.toFixed(2) : "?"; }
  function safeUrl(url) {
    return typeof url === "string" && /^https?:\/\/[^\s]+$/i.test(url) ? url : null;
  }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text != null) e.textContent = String(text);
    return e;
  }
  function add(parent, child) { parent.appendChild(child); return child; }
  function text(parent, s) { parent.appendChild(document.createTextNode(String(s))); }
  function extLink(url, label) {
    var a = el("a", null, label);
    a.href = url; // only called with safeUrl() results
    a.target = "_blank";
    a.rel = "noopener noreferrer";
    return a;
  }
  function navButton(id, label) {
    var b = el("button", "kg-nav", label == null ? labelOf(id) : label);
    b.type = "button";
    b.addEventListener("click", function () { select(id); });
    return b;
  }
  function edgeButton(id, label) {
    var b = el("button", "kg-nav", label);
    b.type = "button";
    b.addEventListener("click", function () { selectEdge(id); });
    return b;
  }
  function badge(type) {
    var b = el("span", "kg-badge", type);
    b.style.backgroundColor = styleOfType(type).color;
    return b;
  }
  function paperMeta(p) {
    var bits = [];
    if (p.venue) bits.push(p.venue);
    if (p.year != null) bits.push(String(p.year));
    return bits.join(" · ");
  }
  function quoteArg(s) {
    s = String(s);
    return /^[A-Za-z0-9._\/-]+$/.test(s) ? s : "'" + s.replace(/'/g, "'\\''") + "'";
  }
  function viewCommand(label) {
    return "kg view " + quoteArg(view.graph_dir || "DIR") + " --focus " + quoteArg(label);
  }

  // ------------------------------------------------------------ highlighting
  // Words of an entity (label and aliases) found in a text, ignoring case,
  // hyphens/spacing and a plural ending; only whole words.
  var SEP = "[\\s\\-\u2010\u2011\u2013_]*";
  function escapeRe(s) { return s.replace(/[.*+?^${}()|[\]\\\/]/g, "\\$&"); }
  function termsOf(n) {
    if (!n || n.type === "Paper") return [];
    return [n.label].concat(n.aliases || []);
  }
  function matcher(terms) {
    var seen = new Set(), pats = [];
    terms.forEach(function (t) {
      var parts = String(t || "").trim().split(/[\s\-\u2010\u2011\u2013_]+/).filter(Boolean);
      if (!parts.length || parts.join("").length < 2) return;
      var p = parts.map(escapeRe).join(SEP);
      if (!seen.has(p)) { seen.add(p); pats.push(p); }
    });
    if (!pats.length) return null;
    pats.sort(function (a, b) { return b.length - a.length; });
    try {
      return new RegExp("(?<![\\p{L}\\p{N}])(?:" + pats.join("|") + ")(?:e?s)?(?![\\p{L}\\p{N}])", "giu");
    } catch (err) {
      return null;
    }
  }
  // groups: [{terms: [...], type: "Method" or null}] -> a fragment of text and <mark> nodes
  function highlighted(str, groups) {
    str = String(str == null ? "" : str);
    var spans = [];
    groups.forEach(function (g, gi) {
      var re = matcher(g.terms);
      if (!re) return;
      var m;
      while ((m = re.exec(str)) !== null) {
        if (!m[0].length) { re.lastIndex++; continue; }
        spans.push({ start: m.index, end: m.index + m[0].length, group: gi });
      }
    });
    spans.sort(function (a, b) { return a.start - b.start || (b.end - b.start) - (a.end - a.start); });
    var frag = document.createDocumentFragment();
    var pos = 0;
    spans.forEach(function (s) {
      if (s.start < pos) return; // overlaps an earlier, longer match
      if (s.start > pos) text(frag, str.slice(pos, s.start));
      var mark = el("mark", null, str.slice(s.start, s.end));
      var type = groups[s.group].type;
      if (type) {
        mark.setAttribute("data-type", type);
        mark.style.borderBottomColor = styleOfType(type).color;
        mark.title = type;
      }
      frag.appendChild(mark);
      pos = s.end;
    });
    if (pos < str.length) text(frag, str.slice(pos));
    return frag;
  }
  KG.highlight = highlighted;

  function evidenceBlock(parent, ev, showPaper, groups) {
    var q = add(parent, el("blockquote"));
    q.appendChild(highlighted(sentence(ev), groups || []));
    var meta = add(parent, el("div", "kg-ev-meta"));
    text(meta, (ev.component || "?") + " · confidence " + fmtConf(ev.confidence));
    if (showPaper) {
      if (nodeById.has(ev.paper)) {
        text(meta, " · ");
        meta.appendChild(navButton(ev.paper, shorten(labelOf(ev.paper), 60)));
      } else if (offpage[ev.paper]) {
        var ref = offpage[ev.paper];
        text(meta, " · " + shorten(ref.label, 60));
        var m = paperMeta(ref);
        if (m) text(meta, " (" + m + ")");
        var url = safeUrl(ref.url);
        if (url) { text(meta, " "); meta.appendChild(extLink(url, "↗")); }
      }
    }
  }

  // ---------------------------------------------------------------- tooltips
  // Plain strings: vis-network 9.x shows them with innerText (no HTML).
  function nodeTooltip(n) {
    var lines = [n.label, "Type: " + n.type];
    if (n.type === "Paper") {
      var meta = paperMeta(n);
      if (meta) lines.push(meta);
      lines.push("Entities: " + (entitiesByPaper.get(n.id) || []).length);
    } else {
      if (n.aliases && n.aliases.length) {
        lines.push("Aliases: " + shorten(n.aliases.join(", "), 200));
      }
      lines.push("Papers: " + fmt(n.paper_count != null ? n.paper_count : (n.papers || []).length));
    }
    lines.push("Links: " + fmt(n.links != null ? n.links : n.degree));
    return lines.join("\n");
  }
  function edgeTooltip(e) {
    var lines = [shorten(labelOf(e.from), 80) + "  —" + e.predicate + "→  " + shorten(labelOf(e.to), 80)];
    var shown = e.evidence.slice(0, 3);
    shown.forEach(function (ev) {
      lines.push("");
      lines.push("“" + shorten(sentence(ev), 300) + "”");
      lines.push("  " + (ev.component || "?") + " · confidence " + fmtConf(ev.confidence));
    });
    var total = e.evidence_total || e.evidence.length;
    if (total > shown.length) {
      lines.push("", "… " + fmt(total - shown.length) + " more (click the edge)");
    }
    return lines.join("\n");
  }

  // ------------------------------------------------------------------- panel
  var panel = document.getElementById("kg-panel-body");
  function clearPanel() {
    while (panel.firstChild) panel.removeChild(panel.firstChild);
  }
  function resetPanel(title) {
    clearPanel();
    var close = add(panel, el("button", "kg-close", "×"));
    close.type = "button";
    close.title = "Close";
    close.setAttribute("aria-label", "Close");
    close.addEventListener("click", clearSelection);
    if (title != null) add(panel, el("h2", null, title));
    return panel;
  }
  function showHint() {
    clearPanel();
    add(panel, el("p", "kg-hint",
      "Click a node or an edge to see its details, or find one with the search box. Hover for a summary."));
    if (view.mode !== "full") add(panel, viewNote("kg-hint"));
  }

  function showPaper(p) {
    resetPanel(p.label);
    var line = add(panel, el("div", "kg-meta"));
    line.appendChild(badge("Paper"));
    var meta = paperMeta(p);
    if (meta) text(line, " " + meta);
    if (p.authors && p.authors.length) add(panel, el("div", "kg-meta", p.authors.join(", ")));
    var url = safeUrl(p.url);
    var codes = (p.code_urls || []).map(safeUrl).filter(Boolean);
    if (url || codes.length) {
      var links = add(panel, el("div", "kg-meta"));
      if (url) links.appendChild(extLink(url, "paper ↗"));
      codes.forEach(function (c) {
        if (links.firstChild) text(links, " · ");
        links.appendChild(extLink(c, "code ↗"));
      });
    }
    var ents = entitiesByPaper.get(p.id) || [];
    if (p.abstract) {
      add(panel, el("h3", null, "Abstract"));
      var abs = add(panel, el("p", "kg-abstract"));
      abs.appendChild(highlighted(p.abstract, ents.map(function (n) {
        return { terms: termsOf(n), type: n.type };
      })));
    }
    if (p.quantities && p.quantities.length) {
      add(panel, el("h3", null, "Reported results"));
      var ql = add(panel, el("ul"));
      p.quantities.forEach(function (q) {
        var s = q.metric + ": " + q.value + (q.unit || "");
        if (q.direction) s += " (" + q.direction + ")";
        if (q.baseline) s += " vs " + q.baseline;
        add(ql, el("li", null, s));
      });
    }
    if (ents.length) {
      add(panel, el("h3", null, "Entities (" + ents.length + ")"));
      groupByType(ents).forEach(function (group) {
        var h = add(panel, el("h4"));
        h.appendChild(badge(group.type));
        text(h, " " + group.items.length);
        var ul = add(panel, el("ul"));
        group.items.forEach(function (n) { add(ul, el("li")).appendChild(navButton(n.id)); });
      });
    }
    var rels = [];
    (edgesByNode.get(p.id) || []).forEach(function (e) {
      if (e.predicate === "mentions") return;
      e.evidence.forEach(function (ev) { if (ev.paper === p.id) rels.push([e, ev]); });
    });
    // relations between entities that this paper supports
    var seenRel = new Set(rels.map(function (pair) { return pair[0].id; }));
    ents.forEach(function (n) {
      (edgesByNode.get(n.id) || []).forEach(function (e) {
        if (e.predicate === "mentions" || seenRel.has(e.id) || e.from !== n.id) return;
        e.evidence.forEach(function (ev) {
          if (ev.paper === p.id) { rels.push([e, ev]); seenRel.add(e.id); }
        });
      });
    });
    if (rels.length) {
      add(panel, el("h3", null, "Relations in this paper (" + rels.length + ")"));
      rels.forEach(function (pair) { relationItem(pair[0], [pair[1]], false); });
    }
  }

  function groupByType(nodes) {
    var order = data.types.map(function (t) { return t.type; });
    var groups = new Map();
    nodes.forEach(function (n) {
      if (!groups.has(n.type)) groups.set(n.type, []);
      groups.get(n.type).push(n);
    });
    var types = Array.from(groups.keys()).sort(function (a, b) {
      var ia = order.indexOf(a), ib = order.indexOf(b);
      ia = ia < 0 ? order.length : ia; ib = ib < 0 ? order.length : ib;
      return ia - ib || (a < b ? -1 : a > b ? 1 : 0);
    });
    return types.map(function (t) {
      var items = groups.get(t).slice().sort(function (a, b) {
        var la = a.label.toLowerCase(), lb = b.label.toLowerCase();
        return la < lb ? -1 : la > lb ? 1 : 0;
      });
      return { type: t, items: items };
    });
  }

  function edgeGroups(e) {
    return [e.from, e.to].map(function (id) {
      var n = nodeById.get(id);
      return { terms: termsOf(n), type: null };
    });
  }

  function relationItem(e, evidence, showPaper) {
    var h = add(panel, el("h4"));
    h.appendChild(navButton(e.from, shorten(labelOf(e.from), 60)));
    var arrow = edgeButton(e.id, " —" + e.predicate + "→ ");
    arrow.style.color = styleOfPredicate(e.predicate).color;
    h.appendChild(arrow);
    h.appendChild(navButton(e.to, shorten(labelOf(e.to), 60)));
    var groups = edgeGroups(e);
    evidence.forEach(function (ev) { evidenceBlock(panel, ev, showPaper, groups); });
  }

  function showEntity(n) {
    resetPanel(n.label);
    var line = add(panel, el("div", "kg-meta"));
    line.appendChild(badge(n.type));
    var count = n.paper_count != null ? n.paper_count : (n.papers || []).length;
    text(line, " in " + fmt(count) + (count === 1 ? " paper" : " papers") + " · " +
      fmt(n.links != null ? n.links : n.degree) + " links");
    if (n.aliases && n.aliases.length) {
      add(panel, el("h3", null, "Also written as"));
      add(panel, el("p", null, n.aliases.join(" · ")));
    }
    if (n.vocabulary && n.vocabulary.length) {
      add(panel, el("h3", null, "Vocabulary"));
      var vl = add(panel, el("ul", "kg-vocab"));
      n.vocabulary.forEach(function (v) {
        var li = add(vl, el("li"));
        var url = safeUrl(v.iri);
        if (url) li.appendChild(extLink(url, v.iri)); else text(li, v.iri);
        text(li, v.exact ? " (exact match)" : " (close match)");
      });
    }
    var groups = [{ terms: termsOf(n), type: null }];
    var papers = (n.papers || []).filter(function (pid) { return nodeById.has(pid); });
    if (papers.length || count) {
      add(panel, el("h3", null, "Papers (" + fmt(count) + ")"));
      var ul = add(panel, el("ul"));
      papers.forEach(function (pid) {
        var p = nodeById.get(pid);
        var li = add(ul, el("li"));
        li.appendChild(navButton(pid, p.label));
        var meta = paperMeta(p);
        if (meta) li.appendChild(el("span", "kg-meta", " " + meta));
        var url = safeUrl(p.url);
        if (url) {
          text(li, " ");
          li.appendChild(extLink(url, "↗"));
        }
      });
      if (count > papers.length) {
        var more = add(panel, el("p", "kg-more",
          fmt(count - papers.length) + " more not in this view; to see them all: "));
        more.appendChild(el("code", null, viewCommand(n.label)));
      }
    }
    var incident = edgesByNode.get(n.id) || [];
    var rels = incident.filter(function (e) { return e.predicate !== "mentions"; });
    if (rels.length) {
      add(panel, el("h3", null, "Relations (" + rels.length + ")"));
      rels.forEach(function (e) { relationItem(e, e.evidence.slice(0, 3), true); });
    }
    var mentions = [];
    var seen = new Set();
    incident.forEach(function (e) {
      if (e.predicate !== "mentions") return;
      e.evidence.forEach(function (ev) {
        var key = ev.paper + "\u0000" + ev.sentence;
        if (seen.has(key)) return;
        seen.add(key);
        mentions.push(ev);
      });
    });
    if (mentions.length) {
      var limit = 50;
      add(panel, el("h3", null, "Evidence (" + mentions.length + ")"));
      mentions.slice(0, limit).forEach(function (ev) { evidenceBlock(panel, ev, true, groups); });
      if (mentions.length > limit) add(panel, el("p", "kg-hint", "… " + (mentions.length - limit) + " more"));
    }
  }

  function showEdge(e) {
    resetPanel(null);
    var h = add(panel, el("h2"));
    h.appendChild(navButton(e.from, labelOf(e.from)));
    var pred = el("span", null, " —" + e.predicate + "→ ");
    pred.style.color = styleOfPredicate(e.predicate).color;
    h.appendChild(pred);
    h.appendChild(navButton(e.to, labelOf(e.to)));
    add(panel, el("div", "kg-meta",
      nodeById.get(e.from).type + " → " + nodeById.get(e.to).type + " · " + e.predicate));
    var total = e.evidence_total || e.evidence.length;
    add(panel, el("h3", null, "Evidence (" + fmt(total) + ")"));
    var groups = edgeGroups(e);
    e.evidence.forEach(function (ev) { evidenceBlock(panel, ev, true, groups); });
    if (total > e.evidence.length) {
      add(panel, el("p", "kg-more", "… " + fmt(total - e.evidence.length) + " more in the full graph."));
    }
  }

  function showNodeDetails(id) {
    var n = nodeById.get(id);
    if (!n) return;
    if (n.type === "Paper") showPaper(n); else showEntity(n);
    if (hiddenNodes.has(id)) add(panel, el("p", "kg-warn", "This node is hidden by the current filters."));
    panel.parentNode.scrollTop = 0;
  }
  function showEdgeDetails(id) {
    var e = edgeById.get(id);
    if (!e) return;
    showEdge(e);
    panel.parentNode.scrollTop = 0;
  }

  // ------------------------------------------------------ what is left out
  function viewNote(cls) {
    var p = el("p", cls);
    if (view.mode === "central") {
      text(p, "Large graph: this page shows its most central part, the " + fmt(view.nodes_shown) + " of " +
        fmt(view.papers_total + view.entities_total) + " nodes with the highest PageRank (every type " +
        "represented) and the papers most strongly linked to them. Left out: " +
        fmt(view.papers_total - view.papers_shown) + " papers, " +
        fmt(view.entities_total - view.entities_shown) + " entities, " +
        fmt(Math.max(0, view.edges_total - view.edges_data)) + " links (" +
        fmt(view.edges_data - view.edges_shown) + " more are listed in the details panel but not drawn). " +
        "To see any concept with its whole neighbourhood: ");
      p.appendChild(el("code", null, viewCommand("LABEL")));
    } else if (view.mode === "focus") {
      text(p, "Neighbourhood of “" + (view.focus_label || view.focus) + "”: the nodes within " +
        view.depth + (view.depth === 1 ? " link" : " links") + ", " + fmt(view.nodes_shown) +
        (view.complete ? " nodes (all of them)." :
          " of " + fmt(view.reachable) + " nodes (the closest and most central; raise --max-nodes for more).") +
        " The whole graph has " + fmt(view.papers_total) + " papers and " + fmt(view.entities_total) +
        " entities.");
      if (view.edges_data > view.edges_shown) {
        text(p, " " + fmt(view.edges_data - view.edges_shown) +
          " links are listed in the details panel but not drawn.");
      }
    }
    return p;
  }
  function showViewNote() {
    if (view.mode === "full") return;
    var note = document.getElementById("kg-note");
    if (!note) return;
    while (note.firstChild) note.removeChild(note.firstChild);
    var p = viewNote(null);
    while (p.firstChild) note.appendChild(p.firstChild);
    note.hidden = false;
  }

  // ----------------------------------------------------------------- network
  var network = null;
  KG.animating = false;
  function select(id, opts) {
    if (!nodeById.has(id)) return false;
    opts = opts || {};
    revealNode(id);
    if (network) {
      network.selectNodes([id]);
      var animate = opts.animate !== false;
      KG.animating = animate;
      network.focus(id, {
        scale: Math.max(network.getScale(), 1.0),
        animation: animate ? { duration: 400, easingFunction: "easeInOutQuad" } : false,
      });
    }
    showNodeDetails(id);
    return true;
  }
  function selectEdge(id) {
    if (!edgeById.has(id)) return;
    var e = edgeById.get(id);
    if (network && e.drawn !== false && !hiddenEdges.has(id)) network.setSelection({ nodes: [], edges: [id] });
    showEdgeDetails(id);
  }
  function clearSelection() {
    if (network) network.unselectAll();
    showHint();
  }
  KG.showNode = showNodeDetails;
  KG.showEdge = showEdgeDetails;
  KG.select = select;
  KG.selectEdge = selectEdge;
  KG.clearSelection = clearSelection;
  KG.tooltips = { node: nodeTooltip, edge: edgeTooltip };

  // ----------------------------------------------------------------- filters
  var checkboxes = Array.prototype.slice.call(document.querySelectorAll("#kg-legend input.kg-filter"));
  var slider = document.getElementById("kg-min-papers");
  var sliderValue = document.getElementById("kg-min-papers-value");
  var maxPapers = 1;
  data.nodes.forEach(function (n) {
    if (n.type !== "Paper" && n.paper_count > maxPapers) maxPapers = n.paper_count;
  });
  // slider steps: 1 2 3 4 5 7 10 15 20 30 50 75 100 150 200 300 500 750 1000 ...
  var steps = [1, 2, 3, 4, 5, 7];
  for (var base = 10; steps[steps.length - 1] < maxPapers; base *= 10) {
    steps.push(base, Math.round(base * 1.5), base * 2, base * 3, base * 5, Math.round(base * 7.5));
  }
  steps = steps.filter(function (v) { return v <= maxPapers; });
  if (slider) {
    slider.max = String(steps.length - 1);
    slider.value = "0";
    slider.disabled = steps.length < 2;
  }
  var filters = { types: new Set(), predicates: new Set(), minPapers: 1 };
  checkboxes.forEach(function (cb) {
    if (cb.checked) filters[cb.dataset.filter === "type" ? "types" : "predicates"].add(cb.value);
  });
  var hiddenNodes = new Set();
  var hiddenEdges = new Set();
  function nodeVisible(n) {
    if (!filters.types.has(n.type) && typeStyle[n.type]) return false;
    if (n.type !== "Paper" && (n.paper_count == null ? 1 : n.paper_count) < filters.minPapers) return false;
    return true;
  }
  function applyFilters() {
    var nodeUpdates = [], edgeUpdates = [];
    data.nodes.forEach(function (n) {
      var hide = !nodeVisible(n);
      if (hide !== hiddenNodes.has(n.id)) {
        if (hide) hiddenNodes.add(n.id); else hiddenNodes.delete(n.id);
        nodeUpdates.push({ id: n.id, hidden: hide });
      }
    });
    data.edges.forEach(function (e) {
      if (e.drawn === false) return;
      var hide = (!filters.predicates.has(e.predicate) && !!predicateStyle[e.predicate]) ||
        hiddenNodes.has(e.from) || hiddenNodes.has(e.to);
      if (hide !== hiddenEdges.has(e.id)) {
        if (hide) hiddenEdges.add(e.id); else hiddenEdges.delete(e.id);
        edgeUpdates.push({ id: e.id, hidden: hide });
      }
    });
    if (KG.nodes && nodeUpdates.length) KG.nodes.update(nodeUpdates);
    if (KG.edges && edgeUpdates.length) KG.edges.update(edgeUpdates);
    updateVisibleCount();
  }
  function updateVisibleCount() {
    var out = document.getElementById("kg-visible");
    if (!out) return;
    var shown = data.nodes.length - hiddenNodes.size;
    out.textContent = shown === data.nodes.length ? "" :
      fmt(shown) + " of " + fmt(data.nodes.length) + " nodes shown (filters)";
  }
  function syncFilterInputs() {
    checkboxes.forEach(function (cb) {
      cb.checked = filters[cb.dataset.filter === "type" ? "types" : "predicates"].has(cb.value);
    });
    if (slider) {
      var idx = 0;
      steps.forEach(function (v, i) { if (v <= filters.minPapers) idx = i; });
      slider.value = String(idx);
    }
    if (sliderValue) sliderValue.textContent = String(filters.minPapers);
  }
  function setFilter(kind, name, on) {
    var set = filters[kind === "type" ? "types" : "predicates"];
    if (on) set.add(name); else set.delete(name);
    syncFilterInputs();
    applyFilters();
  }
  function setMinPapers(v) {
    filters.minPapers = Math.max(1, Math.floor(Number(v) || 1));
    syncFilterInputs();
    applyFilters();
  }
  function resetFilters() {
    checkboxes.forEach(function (cb) {
      if (!cb.disabled) filters[cb.dataset.filter === "type" ? "types" : "predicates"].add(cb.value);
    });
    filters.minPapers = 1;
    syncFilterInputs();
    applyFilters();
  }
  // a node found by search or clicked in the panel is shown even if the filters hid it
  function revealNode(id) {
    var n = nodeById.get(id);
    if (!n || !hiddenNodes.has(id)) return;
    if (typeStyle[n.type]) filters.types.add(n.type);
    if (n.type !== "Paper" && n.paper_count != null && n.paper_count < filters.minPapers) {
      filters.minPapers = Math.max(1, n.paper_count);
    }
    syncFilterInputs();
    applyFilters();
  }
  checkboxes.forEach(function (cb) {
    cb.addEventListener("change", function () { setFilter(cb.dataset.filter, cb.value, cb.checked); });
  });
  if (slider) {
    slider.addEventListener("input", function () { setMinPapers(steps[Number(slider.value)] || 1); });
  }
  var resetButton = document.getElementById("kg-reset");
  if (resetButton) resetButton.addEventListener("click", resetFilters);
  KG.filters = filters;
  KG.setFilter = setFilter;
  KG.setMinPapers = setMinPapers;
  KG.resetFilters = resetFilters;
  KG.applyFilters = applyFilters;
  KG.visibleNodeIds = function () {
    return data.nodes.filter(function (n) { return !hiddenNodes.has(n.id); }).map(function (n) { return n.id; });
  };
  KG.hiddenNodeIds = function () { return Array.from(hiddenNodes); };

  // ------------------------------------------------------------------ search
  function fold(s) {
    return String(s || "").toLowerCase().replace(/[\s\-\u2010\u2011\u2013_]+/g, " ").trim();
  }
  var searchIndex = []; // [folded text, node, is alias, original text]
  data.nodes.forEach(function (n) {
    searchIndex.push([fold(n.label), n, false, n.label]);
    if (n.type === "Paper" && n.title && n.title !== n.label) searchIndex.push([fold(n.title), n, false, n.title]);
    (n.aliases || []).forEach(function (a) { searchIndex.push([fold(a), n, true, a]); });
  });
  function search(query, limit) {
    var q = fold(query);
    if (!q) return [];
    var best = new Map();
    searchIndex.forEach(function (entry) {
      var t = entry[0], rank;
      if (t === q) rank = 0;
      else if (t.indexOf(q) === 0) rank = 2;
      else if ((" " + t).indexOf(" " + q) >= 0) rank = 4;
      else if (t.indexOf(q) >= 0) rank = 6;
      else return;
      if (entry[2]) rank += 1; // an alias ranks just after a label
      var n = entry[1];
      var prev = best.get(n.id);
      if (!prev || rank < prev.rank) best.set(n.id, { id: n.id, rank: rank, alias: entry[2] ? entry[3] : null });
    });
    var results = Array.from(best.values());
    results.sort(function (a, b) {
      var na = nodeById.get(a.id), nb = nodeById.get(b.id);
      return a.rank - b.rank || (nb.links || nb.degree || 0) - (na.links || na.degree || 0) ||
        (na.label < nb.label ? -1 : na.label > nb.label ? 1 : 0);
    });
    return results.slice(0, limit || 20);
  }
  KG.search = search;

  var searchInput = document.getElementById("kg-search");
  var resultList = document.getElementById("kg-search-results");
  var current = [];
  var active = -1;
  function closeResults() {
    if (resultList) resultList.hidden = true;
    active = -1;
  }
  function renderResults() {
    while (resultList.firstChild) resultList.removeChild(resultList.firstChild);
    if (!searchInput.value.trim()) { closeResults(); return; }
    if (!current.length) {
      var li = add(resultList, el("li", "kg-empty", "No node on this page matches."));
      if (view.mode !== "full") {
        text(li, " The page shows part of the graph; try ");
        li.appendChild(el("code", null, viewCommand(searchInput.value.trim())));
      }
    }
    current.forEach(function (r, i) {
      var n = nodeById.get(r.id);
      var li = add(resultList, el("li"));
      li.id = "kg-result-" + i;
      li.setAttribute("role", "option");
      li.setAttribute("aria-selected", i === active ? "true" : "false");
      li.appendChild(badge(n.type));
      li.appendChild(el("span", "kg-result-label", shorten(n.label, 80)));
      if (r.alias) li.appendChild(el("span", "kg-result-alias", "= " + shorten(r.alias, 40)));
      li.addEventListener("mousedown", function (ev) { ev.preventDefault(); });
      li.addEventListener("click", function () { choose(i); });
    });
    resultList.hidden = false;
  }
  function choose(i) {
    var r = current[i];
    if (!r) return;
    closeResults();
    select(r.id);
  }
  if (searchInput && resultList) {
    searchInput.addEventListener("input", function () {
      current = search(searchInput.value, 20);
      active = current.length ? 0 : -1;
      renderResults();
    });
    searchInput.addEventListener("keydown", function (ev) {
      if (ev.key === "Enter") {
        ev.preventDefault();
        if (!current.length) current = search(searchInput.value, 20);
        choose(active >= 0 ? active : 0);
      } else if (ev.key === "ArrowDown" || ev.key === "ArrowUp") {
        if (!current.length) return;
        ev.preventDefault();
        active = (active + (ev.key === "ArrowDown" ? 1 : current.length - 1)) % current.length;
        renderResults();
      } else if (ev.key === "Escape") {
        closeResults();
      }
    });
    searchInput.addEventListener("blur", function () { setTimeout(closeResults, 150); });
    searchInput.addEventListener("focus", function () {
      if (searchInput.value.trim()) { current = search(searchInput.value, 20); renderResults(); }
    });
  }
  // find a node the way a user does: type, then Enter
  KG.find = function (query) {
    var r = search(query, 1);
    if (!r.length) return null;
    select(r[0].id);
    return r[0].id;
  };

  // ------------------------------------------------------------------ drawing
  // Shared styles go into vis options (groups per node type, edge defaults =
  // the "mentions" style) so each item only carries what differs: vis clones
  // every option object per item, which dominates start-up on large graphs.
  function visOptions() {
    var options = JSON.parse(JSON.stringify(data.options));
    options.groups = {};
    data.types.forEach(function (t) {
      options.groups[t.type] = {
        shape: t.shape,
        color: { background: t.color, border: t.border,
                 highlight: { background: t.color, border: "#000000" },
                 hover: { background: t.color, border: "#000000" } },
      };
    });
    var m = styleOfPredicate("mentions");
    options.edges = Object.assign(options.edges || {}, {
      color: { color: m.color, highlight: m.color, hover: m.color, inherit: false },
      width: m.width,
      dashes: !!m.dashes,
      arrows: { to: { enabled: !!m.arrows, scaleFactor: 0.6 } },
      font: { size: 10, strokeWidth: 3, strokeColor: "#ffffff", align: "middle" },
    });
    return options;
  }
  function visNode(n) {
    var item = {
      id: n.id,
      label: shorten(n.label, n.type === "Paper" ? 36 : 30),
      title: nodeTooltip(n),
      group: typeStyle[n.type] ? n.type : undefined,
    };
    // vis scales size and label by value (options.nodes.scaling)
    if (typeof n.value === "number") item.value = n.value; else item.size = n.size;
    if (!typeStyle[n.type]) {
      var st = styleOfType(n.type);
      item.shape = st.shape;
      item.color = { background: st.color, border: st.border };
    }
    if (typeof n.x === "number" && typeof n.y === "number") {
      item.x = n.x;
      item.y = n.y;
    }
    return item;
  }
  function visEdge(e) {
    var edge = { id: e.id, from: e.from, to: e.to, title: edgeTooltip(e) };
    if (e.predicate === "mentions") return edge;
    var st = styleOfPredicate(e.predicate);
    edge.color = { color: st.color, highlight: st.color, hover: st.color, inherit: false };
    edge.width = st.width;
    if (st.dashes) edge.dashes = true;
    edge.arrows = { to: { enabled: !!st.arrows, scaleFactor: 0.6 } };
    if (st.label) {
      edge.label = e.predicate;
      edge.font = { color: st.color };
    }
    return edge;
  }

  function markReady() {
    if (KG.ready) return;
    KG.ready = true;
    KG.readyTime = performance.now();
    if (view.focus && nodeById.has(view.focus)) select(view.focus, { animate: false });
    document.documentElement.setAttribute("data-kg-ready", "true");
    var ev;
    try { ev = new Event("kg:ready"); } catch (err) { ev = null; }
    if (ev) document.dispatchEvent(ev);
  }

  // fit the graph into the part of the stage the legend does not cover
  function fitView() {
    if (!network) return;
    var stage = document.getElementById("kg-network");
    var legend = document.getElementById("kg-legend");
    var ids = KG.nodes.getIds({ filter: function (n) { return !n.hidden; } });
    if (!ids.length || !stage || !stage.clientWidth) { network.fit({ animation: false }); return; }
    var pos = network.getPositions(ids);
    var minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
    ids.forEach(function (id) {
      var p = pos[id];
      if (p.x < minX) minX = p.x;
      if (p.x > maxX) maxX = p.x;
      if (p.y < minY) minY = p.y;
      if (p.y > maxY) maxY = p.y;
    });
    var pad = 60; // room for node sizes and labels at the border
    var width = stage.clientWidth, height = stage.clientHeight;
    var covered = 0;
    if (legend && legend.open) {
      covered = legend.getBoundingClientRect().right - stage.getBoundingClientRect().left + 8;
      if (covered < 0 || covered > width * 0.4) covered = 0;
    }
    var scale = Math.min((width - covered - 20) / (maxX - minX + 2 * pad), (height - 20) / (maxY - minY + 2 * pad));
    scale = Math.max(0.02, Math.min(1.5, scale));
    network.moveTo({
      position: { x: (minX + maxX) / 2 - covered / 2 / scale, y: (minY + maxY) / 2 },
      scale: scale,
      animation: false,
    });
  }
  KG.fit = fitView;

  function draw() {
    var container = document.getElementById("kg-network");
    showViewNote();
    syncFilterInputs();
    if (!data.nodes.length) {
      var msg = el("div", null, "The graph is empty.");
      msg.id = "kg-empty";
      container.parentNode.appendChild(msg);
      markReady();
      return;
    }
    if (typeof vis === "undefined" || !vis.Network) {
      resetPanel("Cannot draw the graph");
      add(panel, el("p", null, "vis-network did not load."));
      return;
    }
    var nodes = new vis.DataSet(data.nodes.map(visNode));
    var edges = new vis.DataSet(data.edges.filter(function (e) { return e.drawn !== false; }).map(visEdge));
    KG.nodes = nodes;
    KG.edges = edges;
    network = new vis.Network(container, { nodes: nodes, edges: edges }, visOptions());
    KG.network = network;

    var progress = document.getElementById("kg-progress");
    if (data.options.physics && data.options.physics.enabled) {
      progress.hidden = false;
      network.on("stabilizationProgress", function (p) {
        progress.textContent = "Laying out the graph… " + Math.round((100 * p.iterations) / p.total) + "%";
      });
      network.once("stabilizationIterationsDone", function () {
        // freeze the layout: no more CPU once the graph has settled
        network.setOptions({ physics: { enabled: false } });
        progress.hidden = true;
        network.once("afterDrawing", markReady);
        fitView();
        network.redraw();
      });
    } else {
      fitView();
      network.once("afterDrawing", markReady);
    }
    network.on("animationFinished", function () { KG.animating = false; });
    network.on("click", function (params) {
      if (params.nodes.length) showNodeDetails(params.nodes[0]);
      else if (params.edges.length) showEdgeDetails(params.edges[0]);
      else showHint();
    });
    if (view.mode !== "full") showHint();
  }

  draw();
})();

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
 * Every node of the build is in data.catalog (compact columns, see
 * kg/export/html.py _catalog): search covers all of them, and choosing one
 * that is not drawn brings it and its neighbourhood onto the canvas.  Labels
 * are drawn by this script (drawLabels), greedily by importance and never
 * overlapping; vis-network draws no node label itself.
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
  var t0 = performance.now();
  var data = JSON.parse(document.getElementById("kg-data").textContent);
  KG.timing = { start: t0, parsed: performance.now() };
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
  // ----------------------------------------------------------------- catalog
  // Every node of the build: columns indexed by catalog position (papers first).
  var cat = data.catalog || { n_papers: 0, id: [], label: [], type: [], types: [], predicates: [],
    venues: [], venue: [], year: [], url: [], abstract: [], weight: [], aliases: [], out: [], obj: [], pred: "" };
  var N = cat.id.length, NP = cat.n_papers;
  // Decoded on first use (search, a click, an idle moment after the first view), not before the
  // graph is drawn: the first view needs none of it.
  var catIndex = null, aliasesOf = null, adjStart = null, adjNode = null, adjPred = null;
  function need() {
    if (catIndex) return;
    catIndex = new Map();
    cat.id.forEach(function (id, i) { catIndex.set(id, i); });
    aliasesOf = new Map();
    cat.aliases.forEach(function (row) { aliasesOf.set(row[0], row.slice(1)); });
    // undirected adjacency (CSR): adjNode[adjStart[i] .. adjStart[i+1]) are i's neighbours;
    // adjPred is 1 + predicate index for a link i -> other, -(1 + index) for other -> i
    var E = cat.pred.length;
    var subj = new Int32Array(E), objs = new Int32Array(E);
    var k = 0, i;
    for (i = 0; i < N; i++) {
      var last = 0;
      for (var c = 0; c < cat.out[i]; c++, k++) {
        last = c === 0 ? cat.obj[k] : last + cat.obj[k];
        subj[k] = i;
        objs[k] = last;
      }
    }
    adjStart = new Int32Array(N + 1);
    for (k = 0; k < E; k++) { adjStart[subj[k] + 1]++; if (objs[k] !== subj[k]) adjStart[objs[k] + 1]++; }
    for (i = 0; i < N; i++) adjStart[i + 1] += adjStart[i];
    adjNode = new Int32Array(adjStart[N]);
    adjPred = new Int8Array(adjStart[N]);
    var fill = adjStart.slice(0, N);
    for (k = 0; k < E; k++) {
      var s = subj[k], o = objs[k], p = cat.pred.charCodeAt(k) - 48;
      adjNode[fill[s]] = o; adjPred[fill[s]++] = p + 1;
      if (o !== s) { adjNode[fill[o]] = s; adjPred[fill[o]++] = -(p + 1); }
    }
    data.nodes.forEach(function (n) { n.ci = catIndex.get(n.id); });
    KG.index.catIndex = catIndex;
  }
  function linkCount(i) { need(); return adjStart[i + 1] - adjStart[i]; }
  // distinct neighbours of catalog node i: [{i, preds: [signed predicate codes]}], in index order
  function neighbours(i) {
    need();
    var byOther = new Map();
    for (var k = adjStart[i]; k < adjStart[i + 1]; k++) {
      var o = adjNode[k];
      if (!byOther.has(o)) byOther.set(o, []);
      byOther.get(o).push(adjPred[k]);
    }
    return Array.from(byOther.keys()).sort(function (a, b) { return a - b; }).map(function (o) {
      return { i: o, preds: byOther.get(o) };
    });
  }
  function papersOfConcept(i) {
    need();
    var seen = new Set();
    for (var k = adjStart[i]; k < adjStart[i + 1]; k++) if (adjNode[k] < NP) seen.add(adjNode[k]);
    return Array.from(seen).sort(function (a, b) { return a - b; });
  }
  function conceptsOfPaper(i) {
    need();
    var seen = new Set();
    for (var k = adjStart[i]; k < adjStart[i + 1]; k++) if (adjNode[k] >= NP) seen.add(adjNode[k]);
    return Array.from(seen).sort(function (a, b) { return a - b; });
  }
  function weightOf(i) { return i >= NP ? (cat.weight[i - NP] || 0) / 100 : 0; }
  // what a paper proposes (links paper -proposes-> concept), as catalog indices
  var PROPOSES = cat.predicates.indexOf("proposes") + 1;
  function proposedBy(i) {
    need();
    var out = [];
    for (var k = adjStart[i]; k < adjStart[i + 1]; k++) {
      if (adjPred[k] === PROPOSES && out.indexOf(adjNode[k]) < 0) out.push(adjNode[k]);
    }
    return out;
  }
  // related papers: the shared concepts' specificity summed (kg.views.related.related_papers)
  function relatedPapers(i, k) {
    var score = new Map(), shared = new Map();
    conceptsOfPaper(i).forEach(function (c) {
      var w = weightOf(c);
      if (w <= 0) return;
      papersOfConcept(c).forEach(function (q) {
        if (q === i) return;
        score.set(q, (score.get(q) || 0) + w);
        if (!shared.has(q)) shared.set(q, []);
        shared.get(q).push(c);
      });
    });
    var ranked = Array.from(score.keys()).sort(function (a, b) {
      return score.get(b) - score.get(a) || (cat.id[a] < cat.id[b] ? -1 : cat.id[a] > cat.id[b] ? 1 : 0);
    }).slice(0, k || 8);
    return ranked.map(function (q) {
      return { i: q, id: cat.id[q], score: score.get(q), shared: shared.get(q).sort(function (a, b) {
        return weightOf(b) - weightOf(a) || (cat.id[a] < cat.id[b] ? -1 : 1);
      }) };
    });
  }

  // a node of the build, detailed (in data.nodes) or built from the catalog
  var stubs = new Map();
  function getNode(id) {
    need();
    var n = nodeById.get(id);
    if (n) return n;
    n = stubs.get(id);
    if (n) return n;
    var i = catIndex.get(id);
    if (i === undefined) return null;
    if (i < NP) {
      var v = cat.venue[i];
      n = { id: id, type: "Paper", label: cat.label[i], title: cat.label[i], venue: v >= 0 ? cat.venues[v] : "",
            year: cat.year[i] || null, url: cat.url[i] || "", abstract: cat.abstract[i] || "",
            abstract_cut: !!cat.abstract_limit && (cat.abstract[i] || "").length >= cat.abstract_limit,
            authors: [], code_urls: [], quantities: [], links: linkCount(i), stub: true };
    } else {
      var papers = papersOfConcept(i).map(function (q) { return cat.id[q]; });
      n = { id: id, type: cat.types[cat.type[i]], label: cat.label[i], aliases: aliasesOf.get(i) || [],
            papers: papers, paper_count: papers.length, vocabulary: [], links: linkCount(i), stub: true };
    }
    n.ci = i;
    stubs.set(id, n);
    return n;
  }
  KG.index = {
    nodeById: nodeById, edgeById: edgeById, edgesByNode: edgesByNode,
    entitiesByPaper: entitiesByPaper, catIndex: null,
  };
  KG.catalogIndex = function (id) { need(); return catIndex.get(id); };
  KG.getNode = getNode;
  KG.neighbours = function (id) {
    need();
    var i = catIndex.get(id);
    return i === undefined ? [] : neighbours(i).map(function (x) { return cat.id[x.i]; });
  };
  KG.related = function (id, k) {
    need();
    var i = catIndex.get(id);
    return i === undefined ? [] : relatedPapers(i, k).map(function (r) {
      return { id: r.id, score: r.score, shared: r.shared.map(function (c) { return cat.id[c]; }) };
    });
  };

  // ----------------------------------------------------------------- helpers
  function sentence(ev) { return data.sentences[ev.sentence]; }
  function paperRef(id) { return getNode(id) || offpage[id] || null; }
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
      if (getNode(ev.paper)) {
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
      lines.push("Entities: " + (n.stub ? conceptsOfPaper(n.ci).length : (entitiesByPaper.get(n.id) || []).length));
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
      "Click a node or an edge to see its details, or find any paper or concept of the build with the " +
      "search box. Hover for a summary."));
    if (view.mode !== "full") add(panel, viewNote("kg-hint"));
    if (data.clusters && data.clusters.length) {
      add(panel, el("h3", null, "Clusters (" + data.clusters.length + ")"));
      var ul = add(panel, el("ul", "kg-clusters"));
      data.clusters.forEach(function (c, k) {
        var li = add(ul, el("li"));
        var b = li.appendChild(el("button", "kg-nav", c.name || "cluster " + (k + 1)));
        b.type = "button";
        b.setAttribute("data-cluster", String(k));
        b.addEventListener("click", function () { selectCluster(k); });
        var np = c.members.filter(function (id) { return (nodeById.get(id) || {}).type === "Paper"; }).length;
        li.appendChild(el("span", "kg-meta", " " + fmt(np) + " papers · " + fmt(c.members.length - np) + " concepts"));
      });
    }
  }

  // chips that filter a list: [{key, label, count}], one active at a time per facet
  function facetRow(parent, title, counts, active, onPick) {
    var row = add(parent, el("div", "kg-facet"));
    row.appendChild(el("span", "kg-facet-title", title + ":"));
    counts.forEach(function (f) {
      var b = row.appendChild(el("button", "kg-chip", f.label + " " + fmt(f.count)));
      b.type = "button";
      b.setAttribute("data-facet", title);
      b.setAttribute("data-value", String(f.key));
      b.setAttribute("aria-pressed", String(active === f.key));
      b.addEventListener("click", function () { onPick(active === f.key ? null : f.key); });
    });
    return row;
  }
  function countBy(items, keyOf, labelOf) {
    var m = new Map();
    items.forEach(function (x) {
      var key = keyOf(x);
      if (key == null || key === "") return;
      m.set(key, (m.get(key) || 0) + 1);
    });
    return Array.from(m.keys()).map(function (key) {
      return { key: key, label: labelOf ? labelOf(key) : String(key), count: m.get(key) };
    }).sort(function (a, b) { return b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0); });
  }
  function shortLabel(i) { return shorten(cat.label[i], 48); }
  // The papers of a selection (catalog indices): facets by venue and year, then title, venue, year and
  // what each proposes.  Re-renders itself in `box` when a facet is picked.
  var LIST_LIMIT = 100;
  function paperList(parent, indices, heading) {
    var box = add(parent, el("div", "kg-list"));
    box.setAttribute("data-list", "papers");
    var state = { venue: null, year: null };
    function venueOf(i) { return cat.venue[i] >= 0 ? cat.venues[cat.venue[i]] : ""; }
    function render() {
      while (box.firstChild) box.removeChild(box.firstChild);
      var shown = indices.filter(function (i) {
        return (state.venue == null || venueOf(i) === state.venue) && (state.year == null || cat.year[i] === state.year);
      });
      add(box, el("h3", null, heading + " (" + fmt(shown.length) +
        (shown.length !== indices.length ? " of " + fmt(indices.length) : "") + ")"));
      var venues = countBy(indices, venueOf).slice(0, 8);
      if (venues.length > 1 || state.venue != null) {
        facetRow(box, "Venue", venues, state.venue, function (v) { state.venue = v; render(); });
      }
      var years = countBy(indices, function (i) { return cat.year[i] || null; }).slice(0, 10);
      if (years.length > 1 || state.year != null) {
        facetRow(box, "Year", years, state.year, function (v) { state.year = v; render(); });
      }
      shown = shown.slice().sort(function (a, b) {
        return (cat.year[b] || 0) - (cat.year[a] || 0) || linkCount(b) - linkCount(a) || a - b;
      });
      var ul = add(box, el("ul", "kg-papers"));
      shown.slice(0, LIST_LIMIT).forEach(function (i) {
        var li = add(ul, el("li"));
        li.setAttribute("data-id", cat.id[i]);
        li.appendChild(navButton(cat.id[i], cat.label[i]));
        var meta = [venueOf(i), cat.year[i] ? String(cat.year[i]) : ""].filter(Boolean).join(" · ");
        if (meta) li.appendChild(el("span", "kg-meta", " " + meta));
        var prop = proposedBy(i);
        if (prop.length) {
          var pr = add(li, el("div", "kg-proposes", "proposes "));
          prop.slice(0, 3).forEach(function (c, k) {
            if (k) text(pr, ", ");
            pr.appendChild(navButton(cat.id[c], shortLabel(c)));
          });
        }
      });
      if (shown.length > LIST_LIMIT) add(box, el("p", "kg-more", "… " + fmt(shown.length - LIST_LIMIT) + " more"));
    }
    render();
    return box;
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
    var ents = p.ci !== undefined ? conceptsOfPaper(p.ci).map(function (c) { return getNode(cat.id[c]); })
      : (entitiesByPaper.get(p.id) || []);
    var prop = p.ci !== undefined ? proposedBy(p.ci) : [];
    if (prop.length) {
      var pp = add(panel, el("p", "kg-proposes", "Proposes "));
      prop.forEach(function (c, k) {
        if (k) text(pp, ", ");
        pp.appendChild(navButton(cat.id[c], cat.label[c]));
      });
    }
    if (p.abstract) {
      add(panel, el("h3", null, "Abstract"));
      var abs = add(panel, el("p", "kg-abstract"));
      abs.appendChild(highlighted(p.abstract, ents.map(function (n) {
        return { terms: termsOf(n), type: n.type };
      })));
      if (p.abstract_cut) add(panel, el("p", "kg-more", "Shortened on this page; the whole abstract is in graph.ttl."));
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
    if (p.ci !== undefined) {
      var related = relatedPapers(p.ci, 8);
      if (related.length) {
        add(panel, el("h3", null, "Related papers (" + related.length + ")"));
        var rl = add(panel, el("ul", "kg-related"));
        related.forEach(function (r) {
          var li = add(rl, el("li"));
          li.setAttribute("data-id", r.id);
          li.appendChild(navButton(r.id, cat.label[r.i]));
          var m = [cat.venue[r.i] >= 0 ? cat.venues[cat.venue[r.i]] : "", cat.year[r.i] ? String(cat.year[r.i]) : ""]
            .filter(Boolean).join(" · ");
          if (m) li.appendChild(el("span", "kg-meta", " " + m));
          li.appendChild(el("div", "kg-shared", "shares " + r.shared.slice(0, 4).map(shortLabel).join(", ")));
        });
      }
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
    } else if (p.stub) {
      catalogRelations(p);
    }
  }

  // typed links of a node known only from the catalog (no evidence on the page)
  function catalogRelations(n) {
    var items = [];
    neighbours(n.ci).forEach(function (x) {
      x.preds.forEach(function (code) {
        var pred = cat.predicates[Math.abs(code) - 1];
        if (pred === "mentions") return;
        items.push(code > 0 ? [n.ci, pred, x.i] : [x.i, pred, n.ci]);
      });
    });
    if (!items.length) return;
    add(panel, el("h3", null, "Relations (" + items.length + ")"));
    var ul = add(panel, el("ul"));
    items.slice(0, 50).forEach(function (t) {
      var li = add(ul, el("li"));
      li.appendChild(navButton(cat.id[t[0]], shortLabel(t[0])));
      var arrow = li.appendChild(el("span", null, " —" + t[1] + "→ "));
      arrow.style.color = styleOfPredicate(t[1]).color;
      li.appendChild(navButton(cat.id[t[2]], shortLabel(t[2])));
    });
    add(panel, el("p", "kg-more", "Evidence sentences of these links are in graph.ttl (kg query)."));
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
      var n = getNode(id);
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
    if (n.ci !== undefined) {
      paperList(panel, papersOfConcept(n.ci), "Papers");
    } else if (count) {
      add(panel, el("h3", null, "Papers (" + fmt(count) + ")"));
    }
    var incident = edgesByNode.get(n.id) || [];
    var rels = incident.filter(function (e) { return e.predicate !== "mentions"; });
    if (rels.length) {
      add(panel, el("h3", null, "Relations (" + rels.length + ")"));
      rels.forEach(function (e) { relationItem(e, e.evidence.slice(0, 3), true); });
    } else if (n.stub) {
      catalogRelations(n);
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
      getNode(e.from).type + " → " + getNode(e.to).type + " · " + e.predicate));
    var total = e.evidence_total || e.evidence.length;
    if (e.stub) {
      add(panel, el("p", "kg-more", "Evidence sentences of this link are in graph.ttl (kg query)."));
      return;
    }
    add(panel, el("h3", null, "Evidence (" + fmt(total) + ")"));
    var groups = edgeGroups(e);
    e.evidence.forEach(function (ev) { evidenceBlock(panel, ev, true, groups); });
    if (total > e.evidence.length) {
      add(panel, el("p", "kg-more", "… " + fmt(total - e.evidence.length) + " more in the full graph."));
    }
  }

  function showNodeDetails(id) {
    var n = getNode(id);
    if (!n) return;
    if (n.type === "Paper") showPaper(n); else showEntity(n);
    if (hiddenNodes.has(id)) add(panel, el("p", "kg-warn", "This node is hidden by the current filters."));
    panel.parentNode.scrollTop = 0;
  }
  function showEdgeDetails(id) {
    var e = getEdge(id);
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
        "Every paper and concept is in the search box: choosing one draws its neighbourhood. A page around one node: ");
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
  // what the canvas holds: the page's drawn nodes and edges, plus neighbourhoods brought in
  var drawnIds = new Set();
  var drawnList = []; // node objects, in the order they were drawn
  var drawnEdgeList = []; // edge objects (detailed or from the catalog)
  data.nodes.forEach(function (n) { drawnIds.add(n.id); drawnList.push(n); });
  data.edges.forEach(function (e) { if (e.drawn !== false) drawnEdgeList.push(e); });
  var drawnEdgeIds = new Set(drawnEdgeList.map(function (e) { return e.id; }));
  var edgeByTriple = new Map();
  data.edges.forEach(function (e) { edgeByTriple.set(e.from + "\u0000" + e.predicate + "\u0000" + e.to, e); });
  var stubEdges = new Map();
  function getEdge(id) { return edgeById.get(id) || stubEdges.get(id) || null; }
  // the edge object for a catalog link (subject index, predicate, object index)
  function edgeOf(s, pred, o) {
    var from = cat.id[s], to = cat.id[o];
    var e = edgeByTriple.get(from + "\u0000" + pred + "\u0000" + to);
    if (e) return e;
    var id = "c" + s + "-" + pred + "-" + o;
    e = stubEdges.get(id);
    if (!e) {
      e = { id: id, from: from, to: to, predicate: pred, evidence: [], stub: true };
      stubEdges.set(id, e);
    }
    return e;
  }
  // up to `cap` neighbours of catalog node i: typed relations first, then the more specific
  // (concepts) or better linked (papers) ones
  var NEIGHBOURS_MAX = 40;
  function rankedNeighbours(i, cap) {
    var list = neighbours(i);
    function typed(x) { return x.preds.some(function (c) { return cat.predicates[Math.abs(c) - 1] !== "mentions"; }); }
    list.sort(function (a, b) {
      return (typed(b) - typed(a)) || (weightOf(b.i) - weightOf(a.i)) || (linkCount(b.i) - linkCount(a.i)) || a.i - b.i;
    });
    return list.slice(0, cap).map(function (x) { return x.i; });
  }
  var extraSlots = 0;
  var baseBox = null; // bounding box of the first drawing (canvas units)
  function freeSpot() {
    var b = baseBox || { minX: 0, maxX: 0, minY: 0, maxY: 0 };
    var k = extraSlots++;
    return { x: b.maxX + 700 + (k % 3) * 1100, y: b.minY + 400 + Math.floor(k / 3) * 1100 };
  }
  function addEdges(list) {
    var items = [];
    list.forEach(function (e) {
      if (drawnEdgeIds.has(e.id)) return;
      drawnEdgeIds.add(e.id);
      drawnEdgeList.push(e);
      items.push(visEdge(e));
    });
    if (items.length) KG.edges.add(items);
  }
  // put catalog node `id` and its neighbourhood on the canvas; returns the neighbourhood's ids
  function bringIn(id) {
    need();
    var i = catIndex.get(id);
    if (i === undefined || !network) return [id];
    var near = rankedNeighbours(i, NEIGHBOURS_MAX);
    var ids = [id].concat(near.map(function (j) { return cat.id[j]; }));
    var missing = ids.filter(function (x) { return !drawnIds.has(x); });
    if (missing.length) {
      var centre = drawnIds.has(id) ? network.getPosition(id) : freeSpot();
      var ring = missing.filter(function (x) { return x !== id; });
      var radius = Math.max(220, (ring.length * 90) / (2 * Math.PI));
      var items = [];
      if (!drawnIds.has(id)) items.push(Object.assign(visNode(getNode(id)), { x: centre.x, y: centre.y }));
      ring.forEach(function (x, k) {
        var a = (2 * Math.PI * k) / ring.length - Math.PI / 2;
        var r = radius * (k % 2 ? 1.18 : 1); // alternate rings: room for the labels
        items.push(Object.assign(visNode(getNode(x)), { x: centre.x + r * Math.cos(a), y: centre.y + r * Math.sin(a) }));
      });
      items.forEach(function (item) { drawnIds.add(item.id); drawnList.push(getNode(item.id)); });
      KG.nodes.add(items);
      labelOrder = null;
    }
    var edges = [];
    neighbours(i).forEach(function (x) {
      if (!drawnIds.has(cat.id[x.i])) return;
      x.preds.forEach(function (code) {
        var pred = cat.predicates[Math.abs(code) - 1];
        edges.push(code > 0 ? edgeOf(i, pred, x.i) : edgeOf(x.i, pred, i));
      });
    });
    addEdges(edges);
    if (missing.length) applyFilters();
    lastPlaced = missing;
    return ids;
  }
  var lastPlaced = []; // the nodes the last bringIn put on the canvas
  KG.bringIn = bringIn;
  KG.drawnIds = function () { return Array.from(drawnIds); };

  // highlight: a set of node ids drawn on top, everything else dimmed
  var pinned = null, hovered = null;
  function pin(ids) { pinned = ids ? new Set(ids) : null; if (network) network.redraw(); }
  KG.highlighted = function () { var h = hovered || pinned; return h ? Array.from(h) : []; };

  // centre on `id` at a zoom that shows its whole neighbourhood (`ids`)
  function focusOn(id, ids, animate) {
    var c = network.getPosition(id);
    var stage = document.getElementById("kg-network");
    var w = stage.clientWidth || 800, h = stage.clientHeight || 600;
    var dx = 60, dy = 60;
    var pos = network.getPositions(ids);
    ids.forEach(function (x) {
      var p = pos[x];
      if (!p) return;
      var ax = Math.abs(p.x - c.x), ay = Math.abs(p.y - c.y);
      dx = Math.max(dx, ax + 40); dy = Math.max(dy, ay + 40);
    });
    var scale = Math.min(1.2, (w / 2 - 40) / dx, (h / 2 - 50) / dy);
    scale = Math.max(0.02, scale);
    KG.animating = !!animate;
    if (animate) {
      // vis counts the animation in frames and may stop a little short: end exactly on the node
      network.once("animationFinished", function () { network.moveTo({ position: c, scale: scale, animation: false }); });
    }
    network.moveTo({ position: c, scale: scale,
                     animation: animate ? { duration: 400, easingFunction: "easeInOutQuad" } : false });
  }
  function select(id, opts) {
    var n = getNode(id);
    if (!n) return false;
    opts = opts || {};
    if (network) {
      var ids = bringIn(id);
      // a node just put beside the overview: zoom on its new ring (its edges still lead to the
      // neighbours in the overview); a node of the overview: show all its neighbours
      var frame = lastPlaced.length > 1 ? lastPlaced : ids;
      revealNode(id);
      network.selectNodes([id]);
      pin(ids);
      if (opts.move !== false) {
        var animate = opts.animate !== false;
        if (!animate) focusOn(id, frame, false);
        else {
          // after vis has taken in the nodes just added (which would cut an animation short)
          KG.animating = true;
          setTimeout(function () { focusOn(id, frame, true); }, 0);
        }
      }
    }
    selectedCluster = null;
    showNodeDetails(id);
    return true;
  }
  function selectEdge(id) {
    var e = getEdge(id);
    if (!e) return;
    if (network && drawnEdgeIds.has(id) && !hiddenEdges.has(id)) network.setSelection({ nodes: [], edges: [id] });
    showEdgeDetails(id);
  }
  function clearSelection() {
    if (network) network.unselectAll();
    pin(null);
    selectedCluster = null;
    showHint();
  }

  // ------------------------------------------------------------------ clusters
  var selectedCluster = null;
  function selectCluster(k) {
    var c = data.clusters[k];
    if (!c) return;
    selectedCluster = k;
    if (network) {
      network.unselectAll();
      pin(c.members);
      fitNodes(c.members.filter(function (id) { return !hiddenNodes.has(id); }), 1.2);
    }
    showCluster(k);
  }
  function showCluster(k) {
    var c = data.clusters[k];
    resetPanel(c.name);
    var members = c.members.map(getNode);
    var papers = members.filter(function (n) { return n.type === "Paper"; });
    add(panel, el("div", "kg-meta", "Cluster · " + fmt(papers.length) + " papers and " +
      fmt(members.length - papers.length) + " concepts on the canvas"));
    var top = c.top.map(getNode);
    var state = { type: null };
    var box = add(panel, el("div", "kg-list"));
    box.setAttribute("data-list", "concepts");
    function render() {
      while (box.firstChild) box.removeChild(box.firstChild);
      add(box, el("h3", null, "Top concepts"));
      var types = countBy(top, function (n) { return n.type; });
      if (types.length > 1 || state.type) {
        facetRow(box, "Type", types, state.type, function (v) { state.type = v; render(); });
      }
      var ul = add(box, el("ul"));
      top.filter(function (n) { return !state.type || n.type === state.type; }).forEach(function (n) {
        var li = add(ul, el("li"));
        li.appendChild(badge(n.type));
        text(li, " ");
        li.appendChild(navButton(n.id));
        li.appendChild(el("span", "kg-meta", " " + fmt(n.paper_count) + " papers"));
      });
    }
    render();
    paperList(panel, papers.map(function (n) { return n.ci; }).filter(function (i) { return i !== undefined; }),
      "Papers");
  }
  KG.selectCluster = selectCluster;
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
    drawnList.forEach(function (n) {
      var hide = !nodeVisible(n);
      if (hide !== hiddenNodes.has(n.id)) {
        if (hide) hiddenNodes.add(n.id); else hiddenNodes.delete(n.id);
        nodeUpdates.push({ id: n.id, hidden: hide });
      }
    });
    drawnEdgeList.forEach(function (e) {
      var hide = (!filters.predicates.has(e.predicate) && !!predicateStyle[e.predicate]) ||
        hiddenNodes.has(e.from) || hiddenNodes.has(e.to);
      if (hide !== hiddenEdges.has(e.id)) {
        if (hide) hiddenEdges.add(e.id); else hiddenEdges.delete(e.id);
        edgeUpdates.push({ id: e.id, hidden: hide });
      }
    });
    if (KG.nodes && nodeUpdates.length) KG.nodes.update(nodeUpdates);
    if (KG.edges && edgeUpdates.length) KG.edges.update(edgeUpdates);
    if (nodeUpdates.length) hideTooltip();
    updateVisibleCount();
  }
  // a tooltip must not outlive its node (vis keeps it until the mouse moves)
  function hideTooltip() {
    hovered = null;
    var ih = network && network.interactionHandler;
    if (ih && ih.popup) {
      ih.popup.hide();
      ih.popupObj = undefined;
    }
    var tip = document.querySelector("div.vis-tooltip");
    if (tip) tip.style.visibility = "hidden";
  }
  KG.hideTooltip = hideTooltip;
  function updateVisibleCount() {
    var out = document.getElementById("kg-visible");
    if (!out) return;
    var shown = drawnList.length - hiddenNodes.size;
    out.textContent = shown === drawnList.length ? "" :
      fmt(shown) + " of " + fmt(drawnList.length) + " nodes shown (filters)";
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
    fitView();
  }
  function setMinPapers(v) {
    filters.minPapers = Math.max(1, Math.floor(Number(v) || 1));
    syncFilterInputs();
    applyFilters();
    fitView();
  }
  function resetFilters() {
    checkboxes.forEach(function (cb) {
      if (!cb.disabled) filters[cb.dataset.filter === "type" ? "types" : "predicates"].add(cb.value);
    });
    filters.minPapers = 1;
    syncFilterInputs();
    applyFilters();
    fitView();
  }
  // a node found by search or clicked in the panel is shown even if the filters hid it
  function revealNode(id) {
    var n = getNode(id);
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
    return drawnList.filter(function (n) { return !hiddenNodes.has(n.id); }).map(function (n) { return n.id; });
  };
  KG.hiddenNodeIds = function () { return Array.from(hiddenNodes); };

  // ------------------------------------------------------------------ search
  // Every paper (title, id) and concept (label, aliases) of the build, drawn or not.  A query
  // matches whole words and word starts only: "LoRA" finds "LoRA adapters", never "expLORAtion".
  function fold(s) {
    return String(s || "").toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();
  }
  var sText = null, sNode = null, sKind = null; // folded text, catalog index, 0 label / 1 alias / 2 id
  function buildSearchIndex() {
    if (sText) return;
    need();
    sText = []; sNode = []; sKind = [];
    for (var i = 0; i < N; i++) {
      sText.push(fold(cat.label[i])); sNode.push(i); sKind.push(0);
      if (i < NP) { sText.push(fold(cat.id[i])); sNode.push(i); sKind.push(2); }
    }
    cat.aliases.forEach(function (row) {
      for (var k = 1; k < row.length; k++) { sText.push(fold(row[k])); sNode.push(row[0]); sKind.push(1); }
    });
  }
  KG.buildSearchIndex = buildSearchIndex;
  function search(query, limit) {
    var q = fold(query);
    if (!q) return [];
    buildSearchIndex();
    var words = q.split(" ");
    var sq = " " + q;
    var best = new Map();
    for (var k = 0; k < sText.length; k++) {
      var t = sText[k], rank;
      if (t === q) rank = 0;
      else if (t.lastIndexOf(q, 0) === 0) rank = 2; // the text starts with the query
      else if ((" " + t).indexOf(sq) >= 0) rank = 4; // the query starts at a word
      else if (words.length > 1 && words.every(function (w) { return (" " + t).indexOf(" " + w) >= 0; })) rank = 6;
      else continue;
      if (sKind[k]) rank += 1; // an alias or id ranks just after a label
      var i = sNode[k];
      var prev = best.get(i);
      if (!prev || rank < prev.rank) {
        best.set(i, { i: i, rank: rank, alias: sKind[k] === 1 ? (aliasesOf.get(i) || []).find(function (a) {
          return fold(a) === t; }) || null : sKind[k] === 2 ? cat.id[i] : null });
      }
    }
    var results = Array.from(best.values());
    results.sort(function (a, b) {
      return a.rank - b.rank || linkCount(b.i) - linkCount(a.i) ||
        (cat.label[a.i] < cat.label[b.i] ? -1 : cat.label[a.i] > cat.label[b.i] ? 1 : a.i - b.i);
    });
    return results.slice(0, limit || 20).map(function (r) {
      return { id: cat.id[r.i], rank: r.rank, alias: r.alias, drawn: drawnIds.has(cat.id[r.i]) };
    });
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
      add(resultList, el("li", "kg-empty", "No paper or concept of this build matches (whole words or their starts)."));
    }
    current.forEach(function (r, i) {
      var n = getNode(r.id);
      var li = add(resultList, el("li"));
      li.id = "kg-result-" + i;
      li.setAttribute("data-id", r.id);
      li.setAttribute("role", "option");
      li.setAttribute("aria-selected", i === active ? "true" : "false");
      li.appendChild(badge(n.type));
      li.appendChild(el("span", "kg-result-label", shorten(n.label, 80)));
      if (r.alias) li.appendChild(el("span", "kg-result-alias", "= " + shorten(r.alias, 40)));
      if (n.type === "Paper" && paperMeta(n)) li.appendChild(el("span", "kg-result-alias", paperMeta(n)));
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
    searchInput.addEventListener("blur", function () {
      // (a click on a result lands first; the list stays if the box got the focus back meanwhile)
      setTimeout(function () { if (document.activeElement !== searchInput) closeResults(); }, 150);
    });
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
      title: nodeTooltip(n),
      group: typeStyle[n.type] ? n.type : undefined,
    };
    // vis scales the size by value (options.nodes.scaling); labels are drawn by drawLabels
    item.value = typeof n.value === "number" ? n.value : Math.round(1000 * Math.log2(1 + (n.links || 0))) / 1000;
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
    KG.timing.ready = KG.readyTime;
    // a focus page opens fitted (the whole neighbourhood on screen), its node selected
    if (view.focus && nodeById.has(view.focus)) select(view.focus, { move: false });
    document.documentElement.setAttribute("data-kg-ready", "true");
    var ev;
    try { ev = new Event("kg:ready"); } catch (err) { ev = null; }
    if (ev) document.dispatchEvent(ev);
    // the search index of the whole build, while the user looks at the first view
    (window.requestIdleCallback || function (f) { return setTimeout(f, 50); })(buildSearchIndex);
  }

  // fit the given nodes (ids, default: every visible one) into the canvas, at most `maxScale`
  function fitNodes(ids, maxScale, animate) {
    if (!network) return;
    var stage = document.getElementById("kg-network");
    if (!ids) ids = KG.nodes.getIds({ filter: function (n) { return !n.hidden; } });
    if (!ids.length || !stage || !stage.clientWidth) { network.fit({ animation: false }); return; }
    var pos = network.getPositions(ids);
    var minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
    ids.forEach(function (id) {
      var p = pos[id];
      if (!p) return;
      if (p.x < minX) minX = p.x;
      if (p.x > maxX) maxX = p.x;
      if (p.y < minY) minY = p.y;
      if (p.y > maxY) maxY = p.y;
    });
    if (minX === Infinity) return;
    var pad = 60; // room for node sizes and labels at the border
    var width = stage.clientWidth, height = stage.clientHeight;
    var scale = Math.min((width - 20) / (maxX - minX + 2 * pad), (height - 20) / (maxY - minY + 2 * pad));
    scale = Math.max(0.01, Math.min(maxScale || 1.5, scale));
    KG.animating = !!animate;
    network.moveTo({
      position: { x: (minX + maxX) / 2, y: (minY + maxY) / 2 },
      scale: scale,
      animation: animate ? { duration: 400, easingFunction: "easeInOutQuad" } : false,
    });
  }
  function fitView() { fitNodes(null, 1.5, false); }
  KG.fit = fitView;
  KG.fitNodes = fitNodes;

  // ------------------------------------------------------------------ labels
  // Drawn on the canvas after vis has drawn the graph: most important first (highlighted nodes,
  // cluster names, then nodes by links), each only where it overlaps no label drawn already.
  // KG.labels() lists what the last frame drew, in CSS pixels of the canvas.
  var LABEL_FONT = "system-ui, Arial, sans-serif";
  var MAX_LABELS = 400;
  var labelOrder = null;
  var widthCache = new Map();
  var drawnLabels = [];
  var maxLinks = 1;
  data.nodes.forEach(function (n) { if ((n.links || 0) > maxLinks) maxLinks = n.links; });
  function labelSize(n) { // CSS px: 11 to 18 with the log of the links
    return Math.round(11 + 7 * Math.log2(1 + (n.links || 0)) / Math.log2(1 + maxLinks));
  }
  function labelText(n) { return shorten(n.label, n.type === "Paper" ? 36 : 30); }
  function textWidth(ctx, s, size, bold) {
    var key = (bold ? "b" : "") + s;
    var w = widthCache.get(key);
    if (w === undefined) {
      ctx.font = (bold ? "600 " : "") + "100px " + LABEL_FONT;
      w = ctx.measureText(s).width / 100;
      widthCache.set(key, w);
    }
    return w * size;
  }
  function clusterTitles() {
    if (!data.clusters || data.nodes.length < 400) return [];
    return data.clusters.slice(0, 12).filter(function (c) { return c.members.length >= 10; });
  }
  function drawLabels(ctx) {
    var body = network.body;
    var canvasEl = ctx.canvas;
    var ratio = canvasEl.width / (canvasEl.clientWidth || canvasEl.width) || 1;
    var W = canvasEl.clientWidth, H = canvasEl.clientHeight;
    var scale = network.getScale();
    if (!labelOrder) {
      labelOrder = drawnList.slice().sort(function (a, b) {
        return (b.links || 0) - (a.links || 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
      });
    }
    var boxes = [];
    var grid = new Map(), CELL = 80;
    function cells(b, f) {
      var x1 = Math.floor((b.x + b.w) / CELL), y1 = Math.floor((b.y + b.h) / CELL);
      for (var gx = Math.floor(b.x / CELL); gx <= x1; gx++) {
        for (var gy = Math.floor(b.y / CELL); gy <= y1; gy++) {
          if (f(gx * 4096 + gy) === false) return false;
        }
      }
      return true;
    }
    function free(b) {
      return cells(b, function (key) {
        var list = grid.get(key);
        if (!list) return true;
        for (var k = 0; k < list.length; k++) {
          var o = list[k];
          if (b.x < o.x + o.w && o.x < b.x + b.w && b.y < o.y + o.h && o.y < b.y + b.h) return false;
        }
        return true;
      });
    }
    function place(b) {
      boxes.push(b);
      cells(b, function (key) {
        var list = grid.get(key);
        if (!list) grid.set(key, (list = []));
        list.push(b);
      });
    }
    // canvas -> CSS px of the canvas, as network.canvasToDOM computes it, without an object per node
    var view0 = network.canvasToDOM({ x: 0, y: 0 });
    function toX(x) { return x * scale + view0.x; }
    function toY(y) { return y * scale + view0.y; }
    // the Fit / Reset view buttons cover the top right corner: no label there
    var controls = document.getElementById("kg-view-controls");
    if (controls) {
      var cr = controls.getBoundingClientRect(), kr = canvasEl.getBoundingClientRect();
      if (cr.width) place({ x: cr.left - kr.left - 4, y: cr.top - kr.top - 4, w: cr.width + 8, h: cr.height + 8,
                            id: "controls", kind: "controls" });
    }
    var highlight = hovered || pinned;
    function tryNode(n, boost) {
      var vn = body.nodes[n.id];
      if (!vn || vn.options.hidden) return;
      var px = toX(vn.x), py = toY(vn.y);
      if (px < -200 || px > W + 200 || py < -50 || py > H + 50) return;
      var size = labelSize(n) + (boost ? 1 : 0);
      var t = n._labelText || (n._labelText = labelText(n));
      var w = textWidth(ctx, t, size, boost);
      var bx = px - w / 2, by = py + (vn.options.size || 10) * scale + 2;
      if (bx < 0 || bx + w > W || by + size * 1.2 > H || by < 0) return; // cut off: not drawn
      var b = { x: bx, y: by, w: w, h: size * 1.2, id: n.id, text: t, size: size, bold: !!boost, kind: "node" };
      if (free(b)) place(b);
    }
    if (highlight) {
      var chosen = network.getSelectedNodes();
      Array.from(highlight).map(getNode).filter(Boolean).sort(function (a, b) {
        return (chosen.indexOf(b.id) >= 0) - (chosen.indexOf(a.id) >= 0) || (b.links || 0) - (a.links || 0) ||
          (a.id < b.id ? -1 : 1);
      }).forEach(function (n) { tryNode(n, true); });
    } else {
      clusterTitles().forEach(function (c, k) {
        // the name goes just above the cluster's nodes, its hubs' labels keep the middle
        var sx = 0, m = 0, top = Infinity;
        c.members.forEach(function (id) {
          var vn = body.nodes[id];
          if (vn && !vn.options.hidden) { sx += vn.x; m++; top = Math.min(top, vn.y); }
        });
        if (!m) return;
        var p = { x: toX(sx / m), y: toY(top) };
        var t = shorten(c.name.split(" · ").slice(0, 2).join(" · "), 40), size = 15;
        var w = textWidth(ctx, t, size, true);
        var x = Math.max(2, Math.min(W - w - 2, p.x - w / 2)); // kept inside the view
        var b = { x: x, y: p.y - size * 1.2 - 6, w: w, h: size * 1.2, id: "cluster:" + k, text: t,
                  size: size, bold: true, kind: "cluster" };
        if (b.y + b.h > H || b.y < 0 || w > W) return;
        if (free(b)) place(b);
      });
    }
    for (var k = 0; k < labelOrder.length && boxes.length < MAX_LABELS; k++) {
      if (!highlight || !highlight.has(labelOrder[k].id)) tryNode(labelOrder[k], false);
    }
    ctx.save();
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.textAlign = "left";
    ctx.textBaseline = "top";
    ctx.lineJoin = "round";
    boxes = boxes.filter(function (b) { return b.kind !== "controls"; });
    boxes.forEach(function (b) {
      var dim = highlight && b.kind === "node" && !highlight.has(b.id);
      ctx.font = (b.bold ? "600 " : "") + b.size + "px " + LABEL_FONT;
      ctx.lineWidth = b.kind === "cluster" ? 4 : 3;
      ctx.strokeStyle = "rgba(255,255,255,0.9)";
      ctx.fillStyle = b.kind === "cluster" ? "rgba(60,60,90,0.85)" : dim ? "rgba(40,40,40,0.35)" : "#1d1d1d";
      ctx.strokeText(b.text, b.x, b.y + b.size * 0.1);
      ctx.fillText(b.text, b.x, b.y + b.size * 0.1);
    });
    ctx.restore();
    drawnLabels = boxes;
  }
  KG.labels = function () {
    return drawnLabels.map(function (b) {
      return { id: b.id, text: b.text, kind: b.kind, x: b.x, y: b.y, w: b.w, h: b.h, size: b.size };
    });
  };

  // the highlighted nodes (hover or selection) and their edges on top of a veil over the rest
  function drawHighlight(ctx) {
    var highlight = hovered || pinned;
    if (!highlight) return;
    var body = network.body;
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = "rgba(255,255,255,0.72)";
    ctx.fillRect(0, 0, ctx.canvas.width, ctx.canvas.height);
    ctx.restore();
    try {
      var seen = new Set();
      highlight.forEach(function (id) {
        var vn = body.nodes[id];
        if (!vn) return;
        vn.edges.forEach(function (edge) {
          if (seen.has(edge.id) || edge.options.hidden) return;
          if (highlight.has(edge.fromId) && highlight.has(edge.toId)) { seen.add(edge.id); edge.draw(ctx); }
        });
      });
      highlight.forEach(function (id) {
        var vn = body.nodes[id];
        if (vn && !vn.options.hidden) vn.draw(ctx);
      });
    } catch (err) { /* vis internals changed: the veil alone still dims */ }
  }

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
    KG.timing.items = performance.now();
    network = new vis.Network(container, { nodes: nodes, edges: edges }, visOptions());
    KG.timing.network = performance.now();
    KG.network = network;

    network.on("afterDrawing", function (ctx) {
      drawHighlight(ctx);
      drawLabels(ctx);
    });
    network.on("hoverNode", function (params) {
      hovered = new Set([params.node].concat(network.getConnectedNodes(params.node)));
      network.redraw();
    });
    network.on("blurNode", function () {
      hovered = null;
      network.redraw();
    });
    function settle() {
      KG.timing.drawn = performance.now();
      var pos = network.getPositions();
      baseBox = { minX: Infinity, maxX: -Infinity, minY: Infinity, maxY: -Infinity };
      Object.keys(pos).forEach(function (id) {
        var p = pos[id];
        baseBox.minX = Math.min(baseBox.minX, p.x); baseBox.maxX = Math.max(baseBox.maxX, p.x);
        baseBox.minY = Math.min(baseBox.minY, p.y); baseBox.maxY = Math.max(baseBox.maxY, p.y);
      });
      fitView();
      network.once("afterDrawing", markReady);
      network.redraw();
    }
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
        settle();
      });
    } else {
      settle();
    }
    network.on("animationFinished", function () { KG.animating = false; });
    network.on("click", function (params) {
      if (params.nodes.length) select(params.nodes[0], { move: false });
      else if (params.edges.length) showEdgeDetails(params.edges[0]);
      else clearSelection();
    });
    var fitButton = document.getElementById("kg-fit");
    if (fitButton) fitButton.addEventListener("click", function () { fitView(); });
    var resetView = document.getElementById("kg-reset-view");
    if (resetView) resetView.addEventListener("click", function () { clearSelection(); fitView(); });
    showHint();
  }

  draw();
})();

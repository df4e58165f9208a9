/* kg graph page.
 *
 * Reads the JSON blob in the element #kg-data (type application/json), draws it
 * with vis-network and fills the side panel on click.  Everything that comes
 * from the input (labels, titles, abstracts, evidence) is put into the DOM with
 * textContent or as vis tooltip *strings* (vis-network 9.x renders those with
 * innerText), never as HTML.  The page runs under a Content-Security-Policy that
 * allows only its own inline scripts (by hash): no inline event handler
 * attributes, no eval, no network.
 *
 * Extension point: window.KG exposes the data, indexes, vis DataSets, the
 * network and the panel functions, so a later explorer (search, filters) can be
 * added as another script without touching this one.
 */
(function () {
  "use strict";

  var KG = (window.KG = window.KG || {});
  var data = JSON.parse(document.getElementById("kg-data").textContent);
  KG.data = data;

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
  var edgesByNode = new Map(); // node id -> [edge], in data order
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
  data.nodes.forEach(function (n) {
    if (n.type === "Paper") return;
    (n.papers || []).forEach(function (pid) {
      if (!nodeById.has(pid)) return;
      if (!entitiesByPaper.has(pid)) entitiesByPaper.set(pid, []);
      entitiesByPaper.get(pid).push(n);
    });
  });
  data.edges.forEach(function (e) {
    // a paper's entities also include the ones it is linked to directly
    var paper = nodeById.get(e.from), other = nodeById.get(e.to);
    if (paper.type !== "Paper" || other.type === "Paper") return;
    if (!entitiesByPaper.has(paper.id)) entitiesByPaper.set(paper.id, []);
    var list = entitiesByPaper.get(paper.id);
    if (list.indexOf(other) < 0) list.push(other);
  });
  KG.index = {
    nodeById: nodeById, edgeById: edgeById, edgesByNode: edgesByNode,
    entitiesByPaper: entitiesByPaper,
  };

  // ----------------------------------------------------------------- helpers
  function sentence(ev) { return data.sentences[ev.sentence]; }
  function labelOf(id) { var n = nodeById.get(id); return n ? n.label : String(id); }
  function shorten(text, max) {
    text = String(text == null ? "" : text);
    return text.length > max ? text.slice(0, max - 1) + "…" : text;
  }
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
  function extLink(url, text) {
    var a = el("a", null, text);
    a.href = url; // only called with safeUrl() results
    a.target = "_blank";
    a.rel = "noopener noreferrer";
    return a;
  }
  function navButton(id, text) {
    var b = el("button", "kg-nav", text == null ? labelOf(id) : text);
    b.type = "button";
    b.addEventListener("click", function () { select(id); });
    return b;
  }
  function edgeButton(id, text) {
    var b = el("button", "kg-nav", text);
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
  function evidenceBlock(parent, ev, showPaper) {
    add(parent, el("blockquote", null, sentence(ev)));
    var meta = add(parent, el("div", "kg-ev-meta"));
    meta.appendChild(document.createTextNode(
      (ev.component || "?") + " · confidence " + fmtConf(ev.confidence)));
    if (showPaper && nodeById.has(ev.paper)) {
      meta.appendChild(document.createTextNode(" · "));
      meta.appendChild(navButton(ev.paper, shorten(labelOf(ev.paper), 60)));
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
      lines.push("Papers: " + (n.papers || []).length);
    }
    lines.push("Links: " + n.degree);
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
    if (e.evidence.length > shown.length) {
      lines.push("", "… " + (e.evidence.length - shown.length) + " more (click the edge)");
    }
    return lines.join("\n");
  }

  // ------------------------------------------------------------------- panel
  var panel = document.getElementById("kg-panel-body");
  function resetPanel(title) {
    while (panel.firstChild) panel.removeChild(panel.firstChild);
    var close = add(panel, el("button", "kg-close", "×"));
    close.type = "button";
    close.title = "Close";
    close.addEventListener("click", clearSelection);
    if (title != null) add(panel, el("h2", null, title));
    return panel;
  }
  function showHint() {
    while (panel.firstChild) panel.removeChild(panel.firstChild);
    add(panel, el("p", "kg-hint", "Click a node or an edge to see its details. Hover for a summary."));
  }

  function showPaper(p) {
    resetPanel(p.label);
    var line = add(panel, el("div", "kg-meta"));
    line.appendChild(badge("Paper"));
    var meta = paperMeta(p);
    if (meta) line.appendChild(document.createTextNode(" " + meta));
    if (p.authors && p.authors.length) add(panel, el("div", "kg-meta", p.authors.join(", ")));
    var url = safeUrl(p.url);
    var codes = (p.code_urls || []).map(safeUrl).filter(Boolean);
    if (url || codes.length) {
      var links = add(panel, el("div", "kg-meta"));
      if (url) links.appendChild(extLink(url, "paper ↗"));
      codes.forEach(function (c) {
        if (links.firstChild) links.appendChild(document.createTextNode(" · "));
        links.appendChild(extLink(c, "code ↗"));
      });
    }
    if (p.abstract) {
      add(panel, el("h3", null, "Abstract"));
      add(panel, el("p", "kg-abstract", p.abstract));
    }
    if (p.quantities && p.quantities.length) {
      add(panel, el("h3", null, "Reported results"));
      var ql = add(panel, el("ul"));
      p.quantities.forEach(function (q) {
        var text = q.metric + ": " + q.value + (q.unit || "");
        if (q.direction) text += " (" + q.direction + ")";
        if (q.baseline) text += " vs " + q.baseline;
        add(ql, el("li", null, text));
      });
    }
    var ents = entitiesByPaper.get(p.id) || [];
    if (ents.length) {
      add(panel, el("h3", null, "Entities (" + ents.length + ")"));
      groupByType(ents).forEach(function (group) {
        var h = add(panel, el("h4"));
        h.appendChild(badge(group.type));
        h.appendChild(document.createTextNode(" " + group.items.length));
        var ul = add(panel, el("ul"));
        group.items.forEach(function (n) { add(ul, el("li")).appendChild(navButton(n.id)); });
      });
    }
    var rels = [];
    data.edges.forEach(function (e) {
      if (e.predicate === "mentions") return;
      e.evidence.forEach(function (ev) { if (ev.paper === p.id) rels.push([e, ev]); });
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

  function relationItem(e, evidence, showPaper) {
    var h = add(panel, el("h4"));
    h.appendChild(navButton(e.from, shorten(labelOf(e.from), 60)));
    var arrow = edgeButton(e.id, " —" + e.predicate + "→ ");
    arrow.style.color = styleOfPredicate(e.predicate).color;
    h.appendChild(arrow);
    h.appendChild(navButton(e.to, shorten(labelOf(e.to), 60)));
    evidence.forEach(function (ev) { evidenceBlock(panel, ev, showPaper); });
  }

  function showEntity(n) {
    resetPanel(n.label);
    add(panel, el("div", "kg-meta")).appendChild(badge(n.type));
    if (n.aliases && n.aliases.length) {
      add(panel, el("h3", null, "Also written as"));
      add(panel, el("p", null, n.aliases.join(" · ")));
    }
    var papers = (n.papers || []).filter(function (pid) { return nodeById.has(pid); });
    if (papers.length) {
      add(panel, el("h3", null, "Papers (" + papers.length + ")"));
      var ul = add(panel, el("ul"));
      papers.forEach(function (pid) {
        var p = nodeById.get(pid);
        var li = add(ul, el("li"));
        li.appendChild(navButton(pid, p.label));
        var meta = paperMeta(p);
        if (meta) li.appendChild(el("span", "kg-meta", " " + meta));
        var url = safeUrl(p.url);
        if (url) {
          li.appendChild(document.createTextNode(" "));
          li.appendChild(extLink(url, "↗"));
        }
      });
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
      mentions.slice(0, limit).forEach(function (ev) { evidenceBlock(panel, ev, true); });
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
    add(panel, el("h3", null, "Evidence (" + e.evidence.length + ")"));
    e.evidence.forEach(function (ev) { evidenceBlock(panel, ev, true); });
  }

  function showNodeDetails(id) {
    var n = nodeById.get(id);
    if (!n) return;
    if (n.type === "Paper") showPaper(n); else showEntity(n);
    panel.parentNode.scrollTop = 0;
  }
  function showEdgeDetails(id) {
    var e = edgeById.get(id);
    if (!e) return;
    showEdge(e);
    panel.parentNode.scrollTop = 0;
  }

  // ----------------------------------------------------------------- network
  var network = null;
  function select(id) {
    if (!nodeById.has(id)) return;
    if (network) {
      network.selectNodes([id]);
      network.focus(id, { scale: Math.max(network.getScale(), 1.0), animation: { duration: 400 } });
    }
    showNodeDetails(id);
  }
  function selectEdge(id) {
    if (!edgeById.has(id)) return;
    if (network) network.setSelection({ nodes: [], edges: [id] });
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
      size: n.size,
    };
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

  function draw() {
    var container = document.getElementById("kg-network");
    if (!data.nodes.length) {
      var msg = el("div", null, "The graph is empty.");
      msg.id = "kg-empty";
      container.parentNode.appendChild(msg);
      return;
    }
    if (typeof vis === "undefined" || !vis.Network) {
      resetPanel("Cannot draw the graph");
      add(panel, el("p", null, "vis-network did not load."));
      return;
    }
    var nodes = new vis.DataSet(data.nodes.map(visNode));
    var edges = new vis.DataSet(data.edges.map(visEdge));
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
      });
    } else {
      network.fit({ animation: false });
    }
    network.on("click", function (params) {
      if (params.nodes.length) showNodeDetails(params.nodes[0]);
      else if (params.edges.length) showEdgeDetails(params.edges[0]);
      else showHint();
    });
  }

  draw();
})();

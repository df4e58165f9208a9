"""Graph statistics as pure functions of a loaded graph (see :func:`kg.load_graph`).

Every function takes the networkx ``MultiDiGraph`` of :func:`kg.load_graph`
(or :func:`kg.export.graphml.to_networkx`) and returns plain dicts and lists
of strings and numbers, sorted with explicit tie-breaks and with floats
rounded to 4 significant digits, so the same graph always gives the same
output.  :func:`compute_stats` runs them all; ``kg stats`` prints it.

Degree and PageRank use the undirected *projection* (:func:`undirected`):
one edge per connected pair of nodes, weighted by the number of links
between them, over papers and entities alike.  Communities and betweenness
use its *shared skeleton* (:func:`shared_skeleton`): papers and the
entities two or more papers mention, which is what relates papers and
keeps both quick on big graphs.
"""
from __future__ import annotations

import heapq
import math
from collections import Counter, defaultdict
from collections.abc import Mapping
from typing import Any

import networkx as nx

from kg.graph.specificity import specificity, specificity_of, weighted_jaccard
from kg.records import ENTITY_TYPES

#: Seed for Louvain and for sampled betweenness.
SEED = 42
#: Betweenness is exact while nodes × (nodes + edges) stays under this (one BFS per node)...
BETWEENNESS_EXACT_WORK = 3_000_000
#: ...and above it estimated from BETWEENNESS_SAMPLE_WORK / (nodes + edges) seeded sources,
#: clamped to BETWEENNESS_SAMPLES, so a 30k-paper graph takes seconds, not hours.
BETWEENNESS_SAMPLE_WORK = 1_000_000
BETWEENNESS_SAMPLES = (10, 64)
#: Budget of candidate paper pairs for the Jaccard similarity (pairs sharing an entity).
SIMILARITY_PAIR_BUDGET = 500_000
#: Two papers are alike only when what they share is worth as much specificity (:mod:`kg.graph.specificity`)
#: as two concepts each mentioned by this share of the papers (at least 2): on 1,000 papers about 0.86,
#: which {LLMs, accuracy} (about 0.52) is not.
ALIKE_SHARE = 0.05


def min_shared_specificity(n_papers: int) -> float:
    """What two papers must share to count as alike (see :data:`ALIKE_SHARE`)."""
    return 2 * specificity_of(max(2, math.ceil(n_papers * ALIKE_SHARE)), n_papers)
#: Entity types shown in the co-occurrence tables: name -> (row type, column type).
COOCCURRENCE = {"method_task": ("Method", "Task"), "hardware_task": ("HardwareConcept", "Task")}


def rnd(x: float) -> float:
    """``x`` rounded to 4 significant digits (PageRank on big graphs is tiny, so not 4 decimals)."""
    return float(f"{x:.4g}")


def is_paper(data: dict) -> bool:
    return data.get("kind") == "paper" or data.get("type") == "Paper"


def label(g: nx.MultiDiGraph, n: str) -> str:
    return str(g.nodes[n].get("label") or n)


def _key(g: nx.MultiDiGraph, n: str) -> tuple[str, str]:
    """Tie-break: label (case-folded), then id."""
    return (label(g, n).casefold(), n)


def paper_ids(g: nx.MultiDiGraph) -> list[str]:
    return sorted(n for n, d in g.nodes(data=True) if is_paper(d))


def entity_ids(g: nx.MultiDiGraph, type_: str | None = None) -> list[str]:
    return sorted(n for n, d in g.nodes(data=True)
                  if not is_paper(d) and (type_ is None or d.get("type") == type_))


def entity_types(g: nx.MultiDiGraph) -> list[str]:
    """Entity types present, in the order of :data:`kg.records.ENTITY_TYPES`, unknown ones after."""
    present = {d.get("type", "") for _, d in g.nodes(data=True) if not is_paper(d)}
    return [t for t in ENTITY_TYPES if t in present] + sorted(present - set(ENTITY_TYPES))


def entity_papers(g: nx.MultiDiGraph) -> dict[str, set[str]]:
    """Entity id -> ids of the papers that mention it (``papers`` attribute and ``mentions`` edges)."""
    out: dict[str, set[str]] = {}
    for n, d in g.nodes(data=True):
        if not is_paper(d):
            out[n] = {p for p in (d.get("papers") or []) if p in g}
    for u, v, d in g.edges(data=True):
        if d.get("predicate") == "mentions" and v in out and is_paper(g.nodes[u]):
            out[v].add(u)
    return out


def paper_entities(g: nx.MultiDiGraph, ep: dict[str, set[str]] | None = None) -> dict[str, set[str]]:
    """Paper id -> ids of the entities it mentions."""
    out: dict[str, set[str]] = {p: set() for p in paper_ids(g)}
    for e, papers in (ep if ep is not None else entity_papers(g)).items():
        for p in papers:
            out.setdefault(p, set()).add(e)
    return out


def undirected(g: nx.MultiDiGraph) -> nx.Graph:
    """Undirected simple projection: ``weight`` = number of links between the two nodes.

    Nodes and edges are inserted in sorted order so seeded algorithms
    (Louvain, sampled betweenness) are reproducible.  Self-loops are dropped.
    """
    weights: Counter[tuple[str, str]] = Counter()
    for u, v in g.edges():
        if u != v:
            weights[(u, v) if u < v else (v, u)] += 1
    ug = nx.Graph()
    ug.add_nodes_from(sorted(g.nodes()))
    for (u, v), w in sorted(weights.items()):
        ug.add_edge(u, v, weight=w)
    return ug


def pagerank(ug: nx.Graph, alpha: float = 0.85, tol: float = 1e-10, max_iter: int = 200) -> dict[str, float]:
    """Weighted PageRank by power iteration (networkx's definition; numpy, no scipy needed)."""
    import numpy as np

    nodes = list(ug.nodes())
    n = len(nodes)
    if n == 0:
        return {}
    idx = {node: i for i, node in enumerate(nodes)}
    m = ug.number_of_edges()
    src = np.empty(2 * m, dtype=np.int64)
    dst = np.empty(2 * m, dtype=np.int64)
    w = np.empty(2 * m, dtype=np.float64)
    for i, (u, v, d) in enumerate(ug.edges(data="weight", default=1)):
        src[2 * i], dst[2 * i], src[2 * i + 1], dst[2 * i + 1] = idx[u], idx[v], idx[v], idx[u]
        w[2 * i] = w[2 * i + 1] = d
    out = np.bincount(src, weights=w, minlength=n)
    dangling = out == 0
    safe_out = np.where(dangling, 1.0, out)
    x = np.full(n, 1.0 / n)
    for _ in range(max_iter):
        spread = np.bincount(dst, weights=(x / safe_out)[src] * w, minlength=n)
        new = alpha * spread + (alpha * x[dangling].sum() + 1.0 - alpha) / n
        err = np.abs(new - x).sum()
        x = new
        if err < n * tol:
            break
    return {node: float(v) for node, v in zip(nodes, x)}


# ---------------------------------------------------------------- sections


def counts(g: nx.MultiDiGraph) -> dict[str, Any]:
    """Nodes by type and edges by predicate."""
    types = Counter(d.get("type", "") for n, d in g.nodes(data=True) if not is_paper(d))
    preds = Counter(d.get("predicate", "") for _, _, d in g.edges(data=True))
    return {
        "papers": len(paper_ids(g)),
        "entities": sum(types.values()),
        "nodes": g.number_of_nodes(),
        "edges": g.number_of_edges(),
        "entities_by_type": {t: types[t] for t in entity_types(g)},
        "edges_by_predicate": dict(sorted(preds.items())),
    }


def _ranked(g: nx.MultiDiGraph, nodes: list[str], score: Mapping[str, float], top: int,
            extra: dict[str, dict] | None = None) -> list[dict[str, Any]]:
    rows = heapq.nsmallest(top, nodes, key=lambda n: (-score[n], *_key(g, n)))
    return [{"id": n, "label": label(g, n), "value": score[n], **((extra or {}).get(n, {}))} for n in rows]


def top_entities(g: nx.MultiDiGraph, ug: nx.Graph, pr: dict[str, float], ep: dict[str, set[str]],
                 top: int = 5) -> dict[str, Any]:
    """Top entities per type by degree (distinct neighbours), paper count and PageRank."""
    degree = {n: ug.degree(n) for n in ug}
    papers = {e: len(ps) for e, ps in ep.items()}
    prr = {n: rnd(v) for n, v in pr.items()}
    by_type: dict[str, Any] = {}
    for t in entity_types(g):
        ents = entity_ids(g, t)
        by_type[t] = {
            "degree": _ranked(g, ents, degree, top),
            "papers": _ranked(g, ents, papers, top),
            "pagerank": _ranked(g, ents, prr, top),
        }
    ents = entity_ids(g)
    info = {e: {"type": g.nodes[e].get("type", ""), "papers": papers[e], "degree": degree[e], "pagerank": prr[e]}
            for e in ents}
    overall = heapq.nsmallest(max(top * 2, 10), ents, key=lambda e: (-papers[e], -prr[e], *_key(g, e)))
    return {
        "overall": [{"id": e, "label": label(g, e), **info[e]} for e in overall],
        "by_type": by_type,
    }


def shared_skeleton(ug: nx.Graph, ep: dict[str, set[str]],
                    weight: dict[str, float] | None = None) -> tuple[nx.Graph, dict[str, str]]:
    """Papers and the entities they share: each entity mentioned by one paper only is merged into it.

    Links of a merged entity to shared entities become links of its paper;
    links inside one paper vanish.  Louvain on this graph groups papers by
    the concepts they have in common (on the full projection every paper,
    heavy with its own concepts, would mostly stay alone) and is fast on big
    graphs.  Returns the skeleton and entity -> paper it was merged into.

    With ``weight`` (entity -> specificity), a link counts as much as the specificity of the
    entity at its end (the lesser, between two entities): a hub that a quarter of the papers
    mention pulls them together far less than a concept a few share.
    """
    owner = {}
    for e, ps in ep.items():
        if len(ps) == 1 and e in ug:
            (p,) = ps
            if p in ug:
                owner[e] = p
    weights: Counter[tuple[str, str]] = Counter()
    for u, v, w in ug.edges(data="weight", default=1):
        a, b = owner.get(u, u), owner.get(v, v)
        if a != b:
            if weight is not None:
                w = w * min(weight.get(u, 1.0), weight.get(v, 1.0))
            weights[(a, b) if a < b else (b, a)] += w
    sk = nx.Graph()
    sk.add_nodes_from(n for n in ug if n not in owner)
    for (a, b), w in sorted(weights.items()):
        sk.add_edge(a, b, weight=rnd(w) if weight is not None else w)
    return sk, owner


def communities(g: nx.MultiDiGraph, ug: nx.Graph, ep: dict[str, set[str]] | None = None,
                seed: int = SEED, top: int = 5,
                skeleton: tuple[nx.Graph, dict[str, str]] | None = None,
                weight: dict[str, float] | None = None) -> dict[str, Any]:
    """Louvain communities (networkx, fixed seed) of papers, named by their top entities.

    Top entities are those mentioned by most of the community's papers, each paper
    counted at the square of the entity's specificity (``weight``,
    :mod:`kg.graph.specificity`; 1 when not given): a name should say what sets the
    community apart, and a hub a quarter of all papers mention (specificity about
    0.2) needs some 25 times the papers of a concept of a few papers (about 0.8) to
    top it (ties: degree, label).

    Louvain runs on :func:`shared_skeleton` (papers + shared entities); an
    entity mentioned by one paper only joins its paper's community.
    ``modularity`` is that of the skeleton partition.
    """
    ep = entity_papers(g) if ep is None else ep
    sk, owner = skeleton if skeleton is not None else shared_skeleton(ug, ep, weight)
    spec = weight or {}
    if sk.number_of_edges() == 0:
        found = [{n} for n in sk]
        modularity = 0.0
    else:
        found = nx.community.louvain_communities(sk, weight="weight", resolution=1, seed=seed)
        modularity = nx.community.modularity(sk, found, weight="weight")
    followers: dict[str, list[str]] = defaultdict(list)
    for e, p in owner.items():
        followers[p].append(e)
    parts = [set(part).union(*(followers.get(n, ()) for n in part)) for part in found]
    degree = dict(ug.degree())
    all_types = entity_types(g)
    items: list[dict[str, Any]] = []
    for part in parts:
        members = sorted(part)
        papers = [n for n in members if is_paper(g.nodes[n])]
        inside = set(papers)
        # top members: mentioned by most of the community's papers, then by degree
        ents = sorted((n for n in members if not is_paper(g.nodes[n])),
                      key=lambda n: (-len(ep.get(n, set()) & inside) * spec.get(n, 1.0) ** 2, -degree[n], *_key(g, n)))
        top_members = [label(g, n) for n in ents[:top]]
        name = " · ".join(top_members[:3]) or (label(g, papers[0]) if papers else members[0])
        types = Counter(g.nodes[n].get("type", "") for n in ents)
        items.append({
            "name": name,
            "size": len(members),
            "paper_count": len(papers),
            "entity_count": len(ents),
            "top_members": top_members,
            "entity_types": {t: types[t] for t in all_types if types[t]},
            "papers": sorted(papers, key=lambda n: _key(g, n)),
            "paper_titles": [label(g, n) for n in sorted(papers, key=lambda n: (-degree[n], *_key(g, n)))[:3]],
        })
    items.sort(key=lambda c: (-c["paper_count"], -c["size"], c["name"].casefold(), c["papers"][:1]))
    return {
        "algorithm": "louvain",
        "seed": seed,
        "resolution": 1,
        "count": len(items),
        "with_papers": sum(1 for c in items if c["paper_count"]),
        "modularity": rnd(modularity),
        "skeleton": {"nodes": sk.number_of_nodes(), "edges": sk.number_of_edges()},
        "sizes": [c["size"] for c in items],
        "items": [{"id": i, **c} for i, c in enumerate(items, 1)],
    }


def betweenness_samples(n: int, m: int, exact_work: int = BETWEENNESS_EXACT_WORK,
                        sample_work: int = BETWEENNESS_SAMPLE_WORK,
                        samples: tuple[int, int] = BETWEENNESS_SAMPLES) -> int | None:
    """``None`` for exact betweenness, else how many sources to sample (``k``)."""
    if n * (n + m) <= exact_work:
        return None
    lo, hi = samples
    return min(n, max(lo, min(hi, sample_work // max(1, n + m))))


def bridges(g: nx.MultiDiGraph, sk: nx.Graph, top: int = 10, seed: int = SEED,
            exact_work: int = BETWEENNESS_EXACT_WORK) -> dict[str, Any]:
    """Bridging concepts: entities with the highest betweenness between papers.

    Computed on the :func:`shared_skeleton` (papers and the entities two or
    more of them mention), hop counts, normalised: an entity only one paper
    mentions bridges nothing.  Exact on small graphs; on big ones estimated
    from a seeded sample of source nodes (networkx ``k=``, see
    :func:`betweenness_samples`).
    """
    n, m = sk.number_of_nodes(), sk.number_of_edges()
    k = betweenness_samples(n, m, exact_work)
    sampled = k is not None
    bc = nx.betweenness_centrality(sk, k=k, seed=seed if sampled else None, normalized=True)
    ents = [e for e in entity_ids(g) if e in bc]
    score = {e: rnd(bc[e]) for e in ents}
    items = [r for r in _ranked(g, ents, score, top, {e: {"type": g.nodes[e].get("type", "")} for e in ents})
             if r["value"] > 0]
    return {
        "method": "sampled" if sampled else "exact",
        "samples": k,
        "seed": seed if sampled else None,
        "nodes": n,
        "edges": m,
        "items": items,
    }


def reused_methods(g: nx.MultiDiGraph, ep: dict[str, set[str]], top: int = 10,
                   types: tuple[str, ...] = ("Method",)) -> list[dict[str, Any]]:
    """Entities of ``types`` mentioned by two or more papers, most papers first."""
    ents = [e for e in entity_ids(g) if g.nodes[e].get("type") in types and len(ep[e]) >= 2]
    ents.sort(key=lambda e: (-len(ep[e]), *_key(g, e)))
    return [{"id": e, "label": label(g, e), "type": g.nodes[e].get("type", ""), "papers": len(ep[e]),
             "paper_ids": sorted(ep[e])} for e in ents[:top]]


def cooccurrence(g: nx.MultiDiGraph, pe: dict[str, set[str]], row_type: str, col_type: str,
                 top: int = 10, top_pairs: int = 15) -> dict[str, Any]:
    """How many papers mention both a ``row_type`` and a ``col_type`` entity.

    ``pairs`` lists the most frequent pairs; ``rows``/``cols``/``matrix`` is
    the table over the ``top`` row and column entities with most co-occurrences.
    """
    types = {n: d.get("type") for n, d in g.nodes(data=True)}
    pair_counts: Counter[tuple[str, str]] = Counter()
    for p in sorted(pe):
        rows = sorted(e for e in pe[p] if types.get(e) == row_type)
        cols = sorted(e for e in pe[p] if types.get(e) == col_type)
        for r in rows:
            for c in cols:
                if r != c:
                    pair_counts[(r, c)] += 1
    row_tot: Counter[str] = Counter()
    for (r, c), k in pair_counts.items():
        row_tot[r] += k
    rows = sorted(row_tot, key=lambda n: (-row_tot[n], *_key(g, n)))[:top]
    # the columns that meet the chosen rows most (chosen on their own, a row's partners could all be left out)
    chosen = set(rows)
    col_tot: Counter[str] = Counter()
    for (r, c), k in pair_counts.items():
        if r in chosen:
            col_tot[c] += k
    cols = sorted(col_tot, key=lambda n: (-col_tot[n], *_key(g, n)))[:top]
    pairs = sorted(pair_counts, key=lambda rc: (-pair_counts[rc], *_key(g, rc[0]), *_key(g, rc[1])))[:top_pairs]
    return {
        "row_type": row_type,
        "col_type": col_type,
        "rows": [{"id": r, "label": label(g, r)} for r in rows],
        "cols": [{"id": c, "label": label(g, c)} for c in cols],
        "matrix": [[pair_counts.get((r, c), 0) for c in cols] for r in rows],
        "pairs": [{"row": r, "row_label": label(g, r), "col": c, "col_label": label(g, c),
                   "papers": pair_counts[(r, c)]} for r, c in pairs],
        "distinct_pairs": len(pair_counts),
    }


def similar_papers(g: nx.MultiDiGraph, pe: dict[str, set[str]], top: int = 10, min_shared: int = 2,
                   budget: int = SIMILARITY_PAIR_BUDGET, weight: dict[str, float] | None = None,
                   min_specificity: float | None = None) -> dict[str, Any]:
    """Paper pairs most alike by the weighted Jaccard index of the entities they mention.

    Each entity weighs its specificity (``weight``, :mod:`kg.graph.specificity`; all 1, the plain
    Jaccard index, when not given).  Only pairs sharing at least ``min_shared`` entities worth
    at least ``min_specificity`` together (default :func:`min_shared_specificity`) count, so two
    papers whose only concepts are hubs are not "identical".  Candidate
    pairs come from an inverted index; when the pairs it would generate
    exceed ``budget``, the most common entities are left out of candidate
    generation (not out of the Jaccard index itself), which is stated in
    ``max_entity_papers``.
    """
    index: dict[str, list[str]] = defaultdict(list)
    for p in sorted(pe):
        for e in pe[p]:
            index[e].append(p)
    by_df = sorted(index, key=lambda e: (len(index[e]), e))
    total, cap, used = 0, None, []
    for e in by_df:
        df = len(index[e])
        if df < 2:
            continue
        cost = df * (df - 1) // 2
        if total + cost > budget:
            cap = df - 1
            break
        total += cost
        used.append(e)
    shared: Counter[tuple[str, str]] = Counter()
    for e in used:
        ps = index[e]
        for i, a in enumerate(ps):
            for b in ps[i + 1:]:
                shared[(a, b)] += 1
    w = weight if weight is not None else {}
    if min_specificity is None:
        min_specificity = min_shared_specificity(len(pe))
    scored = []
    for (a, b), _k in shared.items():
        inter = pe[a] & pe[b]
        if len(inter) < min_shared:
            continue
        wj, mass = weighted_jaccard(pe[a], pe[b], w)
        if weight is not None and mass < min_specificity:
            continue
        scored.append((rnd(wj), rnd(mass), len(inter), a, b, inter))
    scored.sort(key=lambda s: (-s[0], -s[1], *_key(g, s[3]), *_key(g, s[4])))
    return {
        "min_shared": min_shared,
        "weighted": weight is not None,
        "min_specificity": rnd(min_specificity) if weight is not None else None,
        "max_entity_papers": cap,
        "items": [{"a": a, "a_label": label(g, a), "b": b, "b_label": label(g, b), "jaccard": j,
                   "plain_jaccard": rnd(n / len(pe[a] | pe[b])), "shared_specificity": m, "shared": n,
                   "shared_labels": [label(g, e) for e in sorted(inter, key=lambda e: (-w.get(e, 1.0), *_key(g, e)))]}
                  for j, m, n, a, b, inter in scored[:top]],
    }


def specificity_section(g: nx.MultiDiGraph, ep: dict[str, set[str]], spec: dict[str, float],
                        top: int = 10, n_papers: int | None = None) -> dict[str, Any]:
    """The generic end of the specificity scale: the hubs rankings weigh down (they stay in the graph)."""
    hubs = heapq.nsmallest(top, spec, key=lambda e: (spec[e], *_key(g, e)))
    return {
        "measure": "ln((1 + N) / (1 + papers)) / ln(1 + N)",
        "papers": n_papers if n_papers is not None else len({p for ps in ep.values() for p in ps}),
        "most_generic": [{"id": e, "label": label(g, e), "type": g.nodes[e].get("type", ""),
                          "papers": len(ep[e]), "specificity": rnd(spec[e])} for e in hubs],
    }


#: Entity types of the trend tables, and the relations by which a paper reaches one (see :func:`paper_reach`).
TRENDS = {"Task": ("addresses",), "Method": ("proposes", "uses")}
#: An entity counts in the rising / fading lists when this many papers reach it in all.
TREND_MIN_PAPERS = 2


def paper_reach(g: nx.MultiDiGraph, type_: str) -> dict[str, set[str]]:
    """Paper id -> the entities of ``type_`` it reaches by the relations of :data:`TRENDS`.

    Directly (``paper addresses task``) or through an entity its own text relates
    ("we propose X for Y": X addresses Y, with the paper's evidence), the paths
    ``queries/tasks_by_year.rq`` and ``queries/methods_by_year.rq`` follow.
    A paper's ``proposes`` / ``uses`` come from the paper itself only.
    """
    preds = TRENDS.get(type_, ("mentions",))
    out: dict[str, set[str]] = defaultdict(set)
    for u, v, d in g.edges(data=True):
        pred = d.get("predicate")
        if pred not in preds or g.nodes[v].get("type") != type_:
            continue
        paper = u if is_paper(g.nodes[u]) else d.get("paper")
        if paper in g and is_paper(g.nodes[paper]) and (pred != "proposes" or paper == u):
            if pred == "addresses" and paper != u and not _proposes(g, paper, u):
                continue
            out[paper].add(v)
    return out


def _proposes(g: nx.MultiDiGraph, paper: str, entity: str) -> bool:
    return any(d.get("predicate") == "proposes" for d in g.get_edge_data(paper, entity, default={}).values())


def _year(data: dict) -> int | None:
    try:
        return int(data.get("year") or 0) or None
    except (TypeError, ValueError):
        return None


def trends(g: nx.MultiDiGraph, type_: str, spec: dict[str, float] | None = None, top: int = 10) -> dict[str, Any]:
    """Entities of ``type_`` by year and venue, and which rise or fade from the first year to the last.

    A paper counts for the entities :func:`paper_reach` finds.  ``change`` is the
    entity's share of the last year's papers minus its share of the first year's
    (papers of all kinds in the denominators), for entities at least
    :data:`TREND_MIN_PAPERS` papers reach; within a year or venue, entities with
    more papers first (ties: specificity, label).
    """
    reach = paper_reach(g, type_)
    spec = spec or {}
    years: dict[str, int] = {}
    venues: dict[str, str] = {}
    for p in paper_ids(g):
        y = _year(g.nodes[p])
        if y is not None:
            years[p] = y
        venue = str(g.nodes[p].get("venue") or "")
        if venue:
            venues[p] = venue
    per_year = Counter(years.values())
    by_year: dict[int, Counter[str]] = defaultdict(Counter)
    by_venue: dict[str, Counter[str]] = defaultdict(Counter)
    total: Counter[str] = Counter()
    for p, ents in reach.items():
        for e in ents:
            total[e] += 1
            if p in years:
                by_year[years[p]][e] += 1
            if p in venues:
                by_venue[venues[p]][e] += 1

    def ranked(c: Counter[str]) -> list[dict[str, Any]]:
        best = heapq.nsmallest(top, c, key=lambda e: (-c[e], -spec.get(e, 0.0), *_key(g, e)))
        return [{"id": e, "label": label(g, e), "papers": c[e]} for e in best]

    ys = sorted(per_year)
    out: dict[str, Any] = {
        "type": type_,
        "relations": list(TRENDS.get(type_, ("mentions",))),
        "papers_reaching": len(reach),
        "years": {str(y): {"papers": per_year[y], "top": ranked(by_year[y])} for y in ys},
        "venues": {v: {"papers": sum(1 for p in venues if venues[p] == v), "top": ranked(by_venue[v])[:3]}
                   for v in sorted(by_venue, key=lambda v: (-sum(by_venue[v].values()), v))},
        "first_year": ys[0] if ys else None,
        "last_year": ys[-1] if ys else None,
        "rising": [],
        "fading": [],
    }
    if len(ys) >= 2:
        first, last = ys[0], ys[-1]
        rows: list[dict[str, Any]] = []
        for e, n in total.items():
            if n < TREND_MIN_PAPERS:
                continue
            a, b = by_year[first][e] / per_year[first], by_year[last][e] / per_year[last]
            rows.append({"id": e, "label": label(g, e), "papers": n, "first": by_year[first][e],
                         "last": by_year[last][e], "first_share": rnd(a), "last_share": rnd(b),
                         "change": rnd(b - a), "by_year": [by_year[y][e] for y in ys]})
        out["rising"] = sorted((r for r in rows if r["change"] > 0),
                               key=lambda r: (-r["change"], -r["papers"], r["label"].casefold(), r["id"]))[:top]
        out["fading"] = sorted((r for r in rows if r["change"] < 0),
                               key=lambda r: (r["change"], -r["papers"], r["label"].casefold(), r["id"]))[:top]
    return out


def degree_distribution(g: nx.MultiDiGraph, ug: nx.Graph) -> dict[str, list[list[int]]]:
    """``[degree, how many nodes]`` pairs for papers and for entities (undirected projection)."""
    out: dict[str, list[list[int]]] = {}
    for kind in ("paper", "entity"):
        c = Counter(ug.degree(n) for n, d in g.nodes(data=True) if (kind == "paper") == is_paper(d))
        out[kind] = [[k, c[k]] for k in sorted(c)]
    return out


def compute_stats(g: nx.MultiDiGraph, top: int = 5, seed: int = SEED,
                  betweenness_exact_work: int = BETWEENNESS_EXACT_WORK) -> dict[str, Any]:
    """Every statistic of ``kg stats`` as one JSON-ready dict."""
    ug = undirected(g)
    ep = entity_papers(g)
    pe = paper_entities(g, ep)
    pr = pagerank(ug)
    spec = specificity(ep, len(pe))
    skeleton = shared_skeleton(ug, ep, spec)
    stats: dict[str, Any] = {
        "counts": counts(g),
        "top_entities": top_entities(g, ug, pr, ep, top),
        "specificity": specificity_section(g, ep, spec, max(top * 2, 10), len(pe)),
        "communities": communities(g, ug, ep, seed, top, skeleton, spec),
        "bridges": bridges(g, skeleton[0], max(top * 2, 10), seed, betweenness_exact_work),
        "reused_methods": reused_methods(g, ep, max(top * 2, 10)),
        "cooccurrence": {name: cooccurrence(g, pe, r, c, top=max(top * 2, 10))
                         for name, (r, c) in COOCCURRENCE.items()},
        "similar_papers": similar_papers(g, pe, max(top * 2, 10), weight=spec),
        "trends": {t: trends(g, t, spec, max(top * 2, 10)) for t in TRENDS},
        "degree_distribution": degree_distribution(g, ug),
    }
    notes = []
    b = stats["bridges"]
    if b["method"] == "sampled":
        notes.append(f"betweenness estimated from {b['samples']} sampled source nodes (seed {b['seed']}): "
                     f"exact betweenness on {b['nodes']} papers and shared entities ({b['edges']} links) "
                     f"would be slow")
    cap = stats["similar_papers"]["max_entity_papers"]
    if cap is not None:
        notes.append(f"similar papers: candidate pairs from entities in at most {cap} papers")
    stats["notes"] = notes
    return stats

"""``kg stats`` output: the stats dict as aligned text tables, Markdown or JSON."""
from __future__ import annotations

import json
from typing import Any

#: Longest label shown in text and Markdown tables (JSON keeps them whole).
MAX_LABEL = 48
#: Communities listed in text and Markdown tables.
MAX_COMMUNITIES = 12


def _short(text: str, width: int = MAX_LABEL) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= width else text[: width - 1].rstrip() + "…"


def _num(x: Any) -> str:
    if isinstance(x, float):
        return f"{x:.4g}"
    return str(x)


def sections(stats: dict[str, Any]) -> list[dict[str, Any]]:
    """The report as a list of ``{title, headers, rows, note}`` tables (rows are strings)."""
    out: list[dict[str, Any]] = []
    c = stats["counts"]
    out.append({
        "title": "Counts",
        "headers": ["node or edge", "type", "count"],
        "rows": [["papers", "Paper", str(c["papers"])],
                 *[["entities", t, str(n)] for t, n in c["entities_by_type"].items()],
                 *[["edges", p, str(n)] for p, n in c["edges_by_predicate"].items()],
                 ["total", "nodes", str(c["nodes"])], ["total", "edges", str(c["edges"])]],
    })
    top = stats["top_entities"]
    out.append({
        "title": "Top entities (by papers mentioning them)",
        "headers": ["entity", "type", "papers", "degree", "pagerank"],
        "rows": [[_short(r["label"]), r["type"], str(r["papers"]), str(r["degree"]), _num(r["pagerank"])]
                 for r in top["overall"]],
    })
    for t, ranks in top["by_type"].items():
        n = max(len(v) for v in ranks.values())
        rows = []
        for i in range(n):
            row = [str(i + 1)]
            for key in ("degree", "papers", "pagerank"):
                items = ranks[key]
                row.append(f"{_short(items[i]['label'], 36)} ({_num(items[i]['value'])})" if i < len(items) else "")
            rows.append(row)
        out.append({"title": f"Top {t}", "headers": ["#", "by degree", "by papers", "by PageRank"], "rows": rows})
    if "specificity" in stats:
        sp = stats["specificity"]
        out.append({
            "title": f"Most generic concepts (specificity {sp['measure']}, N = {sp['papers']} papers; "
                     "weighed down in communities and similarity)",
            "headers": ["entity", "type", "papers", "specificity"],
            "rows": [[_short(r["label"]), r["type"], str(r["papers"]), _num(r["specificity"])]
                     for r in sp["most_generic"]],
        })
    com = stats["communities"]
    out.append({
        "title": f"Communities (Louvain, seed {com['seed']}): {com['count']} communities, "
                 f"{com['with_papers']} with papers, modularity {_num(com['modularity'])}",
        "headers": ["#", "papers", "nodes", "named by its most specific members", "example paper"],
        "rows": [[str(it["id"]), str(it["paper_count"]), str(it["size"]), _short(it["name"], 64),
                  _short(it["paper_titles"][0], 40) if it["paper_titles"] else ""]
                 for it in com["items"][:MAX_COMMUNITIES]],
        "note": (f"{com['count'] - MAX_COMMUNITIES} smaller communities not shown"
                 if com["count"] > MAX_COMMUNITIES else ""),
    })
    b = stats["bridges"]
    how = ("exact" if b["method"] == "exact"
           else f"SAMPLED from {b['samples']} source nodes, seed {b['seed']}, of {b['nodes']}")
    out.append({
        "title": f"Bridging concepts (betweenness between papers, {how})",
        "headers": ["entity", "type", "betweenness"],
        "rows": [[_short(r["label"]), r["type"], _num(r["value"])] for r in b["items"]],
    })
    out.append({
        "title": "Methods reused across papers",
        "headers": ["method", "papers"],
        "rows": [[_short(r["label"]), str(r["papers"])] for r in stats["reused_methods"]],
    })
    for name, co in stats["cooccurrence"].items():
        out.append({
            "title": f"{co['row_type']} × {co['col_type']} co-occurrence (papers mentioning both)",
            "headers": [co["row_type"], co["col_type"], "papers"],
            "rows": [[_short(p["row_label"]), _short(p["col_label"]), str(p["papers"])] for p in co["pairs"]],
            "note": f"{co['distinct_pairs']} distinct pairs" if co["distinct_pairs"] > len(co["pairs"]) else "",
        })
    sim = stats["similar_papers"]
    how = (f"Jaccard weighted by specificity, at least {sim['min_shared']} shared worth "
           f"{_num(sim['min_specificity'])}" if sim.get("weighted")
           else f"Jaccard of shared entities, at least {sim['min_shared']} shared")
    out.append({
        "title": f"Most alike papers ({how})",
        "headers": ["paper", "paper", "jaccard", "shared specificity", "shared entities (most specific first)"],
        "rows": [[_short(r["a_label"], 36), _short(r["b_label"], 36), _num(r["jaccard"]),
                  _num(r.get("shared_specificity", r["shared"])), _short(", ".join(r["shared_labels"]), 56)]
                 for r in sim["items"]],
    })
    for t, tr in stats.get("trends", {}).items():
        kind = {"Task": "Tasks", "Method": "Methods"}.get(t, t)
        via = " / ".join(tr["relations"])
        out.append({
            "title": f"{kind} by year (papers reaching them by {via}, directly or through what they propose)",
            "headers": ["year", "papers", f"top {kind.lower()} (papers)"],
            "rows": [[y, str(v["papers"]), _short(", ".join(f"{r['label']} ({r['papers']})" for r in v["top"][:5]), 96)]
                     for y, v in tr["years"].items()],
        })
        if tr["first_year"] is not None and tr["first_year"] != tr["last_year"]:
            span = f"{tr['first_year']} → {tr['last_year']}"
            for which in ("rising", "fading"):
                out.append({
                    "title": f"{kind} {which} ({span}, change of the share of the year's papers)",
                    "headers": [t, f"papers {tr['first_year']}", f"papers {tr['last_year']}", "share change"],
                    "rows": [[_short(r["label"]), str(r["first"]), str(r["last"]), f"{r['change'] * 100:+.2f} pt"]
                             for r in tr[which]],
                })
        out.append({
            "title": f"{kind} by venue",
            "headers": ["venue", "papers", f"top {kind.lower()} (papers)"],
            "rows": [[v, str(d["papers"]), _short(", ".join(f"{r['label']} ({r['papers']})" for r in d["top"]), 96)]
                     for v, d in tr["venues"].items()],
        })
    return out


def render_table(stats: dict[str, Any]) -> str:
    """Plain aligned text, one block per section."""
    lines: list[str] = []
    for sec in sections(stats):
        lines.append(sec["title"])
        rows = sec["rows"]
        if not rows:
            lines += ["  (none)", ""]
            continue
        widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(sec["headers"])]
        fmt = "  " + "  ".join(f"{{:<{w}}}" for w in widths)
        lines.append(fmt.format(*sec["headers"]).rstrip())
        lines.append(fmt.format(*("-" * w for w in widths)).rstrip())
        lines += [fmt.format(*r).rstrip() for r in rows]
        if sec.get("note"):
            lines.append(f"  ({sec['note']})")
        lines.append("")
    lines += [f"note: {n}" for n in stats.get("notes", [])]
    return "\n".join(lines).rstrip() + "\n"


def _md(cell: str) -> str:
    return cell.replace("\\", "\\\\").replace("|", "\\|")


def render_markdown(stats: dict[str, Any]) -> str:
    """GitHub-flavoured Markdown: a heading and a table per section."""
    lines = ["# Knowledge graph statistics", ""]
    for sec in sections(stats):
        lines += [f"## {sec['title']}", ""]
        if not sec["rows"]:
            lines += ["(none)", ""]
            continue
        lines.append("| " + " | ".join(_md(h) for h in sec["headers"]) + " |")
        lines.append("|" + "|".join("---" for _ in sec["headers"]) + "|")
        lines += ["| " + " | ".join(_md(c) for c in r) + " |" for r in sec["rows"]]
        if sec.get("note"):
            lines += ["", f"_{sec['note']}_"]
        lines.append("")
    if stats.get("notes"):
        lines += ["## Notes", ""] + [f"- {n}" for n in stats["notes"]] + [""]
    return "\n".join(lines).rstrip() + "\n"


def render_json(stats: dict[str, Any]) -> str:
    return json.dumps(stats, indent=2, ensure_ascii=False) + "\n"


RENDERERS = {"table": render_table, "markdown": render_markdown, "json": render_json}

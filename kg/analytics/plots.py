"""PNG charts of the ``kg stats`` numbers (matplotlib, Agg backend: no display needed).

Each chart is drawn from the plain stats dict of
:func:`kg.analytics.stats.compute_stats`, so plotting never recomputes the
graph.  Figures are built with :class:`matplotlib.figure.Figure` (no pyplot
global state) and saved without timestamps, so reruns give the same bytes.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

#: File name -> what it shows.
PLOTS = {
    "top_entities.png": "top entities per type by number of papers",
    "degree_distribution.png": "degree distribution of papers and entities (log-log)",
    "community_sizes.png": "Louvain community sizes (papers and entities)",
    "hardware_task_heatmap.png": "papers mentioning each hardware concept × task pair",
    "trends.png": "tasks and methods rising and fading: share of each year's papers",
}
_META = {"Software": None}
_COLORS = {"Paper": "#4c72b0", "Method": "#dd8452", "Task": "#55a868", "Model": "#c44e52",
           "Dataset": "#8172b3", "Metric": "#937860", "HardwareConcept": "#da8bc3"}


def _figure(w: float, h: float):
    import matplotlib

    matplotlib.use("Agg", force=False)
    from matplotlib.figure import Figure

    fig = Figure(figsize=(w, h), dpi=100)
    return fig


def _short(text: str, width: int = 34) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= width else text[: width - 1] + "…"


def _empty(ax, message: str) -> None:
    ax.text(0.5, 0.5, message, ha="center", va="center", transform=ax.transAxes, color="#666666")
    ax.set_xticks([])
    ax.set_yticks([])


def plot_top_entities(stats: dict[str, Any], path: Path) -> None:
    by_type = stats["top_entities"]["by_type"]
    types = list(by_type) or ["(no entities)"]
    cols = 2 if len(types) > 1 else 1
    rows = (len(types) + cols - 1) // cols
    fig = _figure(6.5 * cols, 2.6 * rows + 0.6)
    fig.suptitle("Top entities per type (papers mentioning them)")
    for i, t in enumerate(types):
        ax = fig.add_subplot(rows, cols, i + 1)
        items = by_type.get(t, {}).get("papers", [])
        if not items:
            _empty(ax, "none")
            ax.set_title(t)
            continue
        labels = [_short(it["label"]) for it in items][::-1]
        values = [it["value"] for it in items][::-1]
        ax.barh(range(len(values)), values, color=_COLORS.get(t, "#777777"))
        ax.set_yticks(range(len(values)), labels, fontsize=8)
        ax.set_title(t, fontsize=10)
        ax.xaxis.get_major_locator().set_params(integer=True)
    fig.tight_layout()
    fig.savefig(path, metadata=_META)


def plot_degree_distribution(stats: dict[str, Any], path: Path) -> None:
    fig = _figure(6.5, 4.5)
    ax = fig.add_subplot(1, 1, 1)
    dist = stats["degree_distribution"]
    drawn = False
    for kind, color in (("paper", _COLORS["Paper"]), ("entity", _COLORS["Method"])):
        pts = [(d, n) for d, n in dist.get(kind, []) if d > 0]
        if pts:
            ax.scatter([d for d, _ in pts], [n for _, n in pts], s=14, color=color, label={"paper": "papers", "entity": "entities"}[kind])
            drawn = True
    if drawn:
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_xlabel("degree (distinct neighbours)")
        ax.set_ylabel("nodes")
        ax.legend()
    else:
        _empty(ax, "no edges")
    ax.set_title("Degree distribution")
    fig.tight_layout()
    fig.savefig(path, metadata=_META)


def plot_community_sizes(stats: dict[str, Any], path: Path, limit: int = 30) -> None:
    items = stats["communities"]["items"][:limit]
    fig = _figure(9, max(3.0, 0.32 * len(items) + 1.2))
    ax = fig.add_subplot(1, 1, 1)
    if not items:
        _empty(ax, "no communities")
    else:
        labels = [f"{it['id']}. {_short(it['name'], 50)}" for it in items][::-1]
        papers = [it["paper_count"] for it in items][::-1]
        others = [it["size"] - it["paper_count"] for it in items][::-1]
        ax.barh(range(len(items)), papers, color=_COLORS["Paper"], label="papers")
        ax.barh(range(len(items)), others, left=papers, color=_COLORS["Method"], label="entities")
        ax.set_yticks(range(len(items)), labels, fontsize=8)
        ax.set_xlabel("nodes")
        ax.legend(loc="lower right")
    com = stats["communities"]
    more = f", largest {len(items)} shown" if com["count"] > len(items) else ""
    ax.set_title(f"Louvain communities ({com['count']}{more})")
    fig.tight_layout()
    fig.savefig(path, metadata=_META)


def plot_heatmap(stats: dict[str, Any], path: Path, name: str = "hardware_task") -> None:
    co = stats["cooccurrence"][name]
    rows, cols, matrix = co["rows"], co["cols"], co["matrix"]
    fig = _figure(max(6.0, 0.45 * len(cols) + 4), max(4.0, 0.4 * len(rows) + 3))
    ax = fig.add_subplot(1, 1, 1)
    if not rows or not cols:
        _empty(ax, f"no {co['row_type']} co-occurs with a {co['col_type']}")
    else:
        im = ax.imshow(matrix, cmap="viridis", aspect="auto")
        ax.set_xticks(range(len(cols)), [_short(c["label"], 28) for c in cols], rotation=60, ha="right", fontsize=8)
        ax.set_yticks(range(len(rows)), [_short(r["label"], 28) for r in rows], fontsize=8)
        peak = max((v for row in matrix for v in row), default=0)
        for i, row in enumerate(matrix):
            for j, v in enumerate(row):
                if v:
                    ax.text(j, i, str(v), ha="center", va="center", fontsize=7,
                            color="black" if v > peak * 0.6 else "white")
        from matplotlib.ticker import MaxNLocator

        bar = fig.colorbar(im, ax=ax, label="papers")
        bar.ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_title(f"{co['row_type']} × {co['col_type']} (papers mentioning both)")
    fig.tight_layout()
    fig.savefig(path, metadata=_META)


def plot_trends(stats: dict[str, Any], path: Path, per_side: int = 4) -> None:
    trends = stats.get("trends", {})
    types = list(trends) or ["(none)"]
    fig = _figure(6.0 * len(types), 4.8)
    for i, t in enumerate(types):
        ax = fig.add_subplot(1, len(types), i + 1)
        tr = trends.get(t)
        years = list(tr["years"]) if tr else []
        rows = (tr["rising"][:per_side] + tr["fading"][:per_side]) if tr else []
        if len(years) < 2 or not rows:
            _empty(ax, "one year only: no trend" if tr and len(years) < 2 else "no trend")
        else:
            n = [tr["years"][y]["papers"] for y in years]
            xs = [int(y) for y in years]
            for r in rows:
                share = [100 * c / max(1, m) for c, m in zip(r["by_year"], n)]
                style = "-" if r["change"] > 0 else "--"
                ax.plot(xs, share, style, marker="o", label=_short(r["label"], 30))
            ax.set_xticks(xs, [str(x) for x in xs])
            ax.set_ylabel("% of the year's papers")
            ax.legend(fontsize=7, loc="best")
        ax.set_title(f"{t}: rising (solid) and fading (dashed)", fontsize=10)
    fig.tight_layout()
    fig.savefig(path, metadata=_META)


def write_plots(stats: dict[str, Any], out_dir: str | Path) -> list[Path]:
    """Write every chart of :data:`PLOTS` into ``out_dir``; returns the paths."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    drawers = {
        "top_entities.png": plot_top_entities,
        "degree_distribution.png": plot_degree_distribution,
        "community_sizes.png": plot_community_sizes,
        "hardware_task_heatmap.png": plot_heatmap,
        "trends.png": plot_trends,
    }
    written = []
    for name in PLOTS:
        drawers[name](stats, out / name)
        written.append(out / name)
    return written

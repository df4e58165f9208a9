"""Graph analytics over a built graph: statistics (:mod:`.stats`), text reports
(:mod:`.report`) and charts (:mod:`.plots`).

    import kg
    from kg.analytics import compute_stats
    stats = compute_stats(kg.load_graph("exports/"))   # plain, JSON-ready dict
"""
from kg.analytics.stats import compute_stats

__all__ = ["compute_stats"]

"""The learned span scorer experiment (bench/span_scorer.py, issue 12 item 4): its candidates and features
see the rules' mentions, and its model is deterministic. The scorer is not in the default pipeline."""
from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

BENCH = Path(__file__).resolve().parents[1] / "bench"
sys.path.insert(0, str(BENCH))

ABSTRACT = ("We propose KREPE, a generative representation learning method for hyper-relational knowledge "
            "graphs. KREPE models intra-fact dependencies by contextual message passing.")


def test_features_see_the_rules_mentions(extractor):
    from span_features import FEATURES, candidates, featurize
    from span_scorer import run_pipeline

    from kg.extract.resources import load_resources
    from kg.records import Paper

    names = {label for e in extractor.extract(Paper(id="p", abstract=ABSTRACT)).entities for label in e.labels}
    assert "KREPE" in names  # the rules find the coined name
    res = load_resources()
    doc = run_pipeline(extractor, ABSTRACT)
    cands = candidates(doc, res)
    rows = featurize(doc, res, cands, 0)
    assert len(rows) == len(cands) and all(len(r) == len(FEATURES) for r in rows)
    by_text: dict[str, list[float]] = {}
    for c, r in zip(cands, rows):
        by_text.setdefault(c.text, r)  # the first mention
    col = FEATURES.index
    krepe = by_text["KREPE"]
    assert krepe[col("rule_exact")] == 1 and krepe[col("rule_none_near")] == 0
    assert krepe[col("one_coined")] == 1 and krepe[col("contribution_before")] == 1
    # positive control: a span no rule mention touches is marked so
    assert any(r[col("rule_none_near")] == 1 for r in rows)
    assert by_text["KREPE models"][col("rule_contains")] == 1


def test_logistic_is_deterministic_and_learns():
    from span_scorer import Logistic

    x = np.array([[0.0, 1.0], [0.2, 0.8], [1.0, 0.1], [0.9, 0.0], [0.1, 0.9], [0.8, 0.2]])
    y = np.array([0.0, 0.0, 1.0, 1.0, 0.0, 1.0])
    a, b = Logistic().fit(x, y), Logistic().fit(x, y)
    assert np.array_equal(a.w, b.w)
    p = a.predict(x)
    assert (p[y == 1] > 0.5).all() and (p[y == 0] < 0.5).all()

"""Extraction quality: score an exported graph against gold annotations.

Two kinds of gold:

* the hand-made ``seed-gold.txt`` format (:mod:`kg.evaluate.seedgold`): entities
  in must/ok tiers, relations, code links, cross-paper merges; figures identical
  to ``shared/eval/score.py``;
* public benchmarks as document-level entity sets (:mod:`kg.evaluate.scierc`):
  SciERC (DyGIE json / jsonl) and SciREX (abstract-level jsonl).

Only the exported RDF is read (:class:`kg.evaluate.matching.GraphView`), so the
score measures what a user of the RDF sees.
"""
from __future__ import annotations

from pathlib import Path

from kg.evaluate.matching import GraphView, norm, resolve_graph_path, text_key
from kg.errors import InputError

__all__ = ["GraphView", "detect_format", "evaluate", "format_table", "load_gold", "norm",
           "resolve_graph_path", "text_key"]


def _read_text(path: Path) -> str:
    path = Path(path)
    if not path.exists():
        raise InputError(f"{path}: no such file")
    if path.is_dir():
        raise InputError(f"{path}: is a folder; give a gold file (seed-gold.txt format, SciERC or SciREX JSON)")
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise InputError(f"{path}: unknown gold format (not UTF-8 text)") from None


def detect_format(path: Path, text: str | None = None) -> str:
    """``seed``, ``scierc`` or ``scirex``; anything else is a one-line :class:`InputError`."""
    from kg.evaluate.scierc import read_records, record_kind
    from kg.evaluate.seedgold import looks_like_seed_gold

    text = _read_text(path) if text is None else text
    body = text.lstrip("\ufeff").lstrip()
    if body.startswith(("{", "[")):
        # JSON Lines: the first record decides; a JSON array is read whole
        recs = read_records(path, body if body.startswith("[") else body.splitlines()[0])
        kind = record_kind(recs[0]) if recs else None
        if kind:
            return kind
    elif looks_like_seed_gold(text):
        return "seed"
    raise InputError(f"{path}: unknown gold format; expected a seed-gold.txt file (`P01 | first words ...` "
                     "blocks), SciERC DyGIE JSON (doc_key, sentences, ner) or SciREX JSON lines "
                     "(doc_id, ner, salient_entities)")


def load_gold(path: Path, *, coref: bool = True, aliases: bool = True, scirex_mode: str = "salient") -> dict:
    """Read a gold file of any supported format; ``gold["format"]`` says which.

    SciERC options (see :mod:`kg.evaluate.scierc`): ``coref`` merges the mentions
    of a coreference cluster into one gold entity, ``aliases`` adds the aliases a
    parenthesis spells (``conditional random field (CRF)`` -> ``CRF``);
    ``scirex_mode`` is ``salient`` (gold = salient entities) or ``mentions``.
    """
    from kg.evaluate.scierc import load_json_gold
    from kg.evaluate.seedgold import parse_gold

    text = _read_text(path)
    kind = detect_format(path, text)
    if kind == "seed":
        return parse_gold(Path(path), text)
    return load_json_gold(Path(path), text, coref=coref, aliases=aliases, scirex_mode=scirex_mode)


def evaluate(graph, gold, show_misses: bool = False) -> dict:
    """Score ``graph`` (a :class:`GraphView`, an RDF file or a build folder) against
    ``gold`` (a loaded gold dict or a gold file)."""
    from kg.evaluate.scierc import score_json_gold
    from kg.evaluate.seedgold import score_seed

    if not isinstance(gold, dict):
        gold = load_gold(gold)
    if not isinstance(graph, GraphView):
        graph = GraphView(graph)
    if gold["format"] == "seed":
        res = score_seed(graph, gold, show_misses)
    else:
        res = score_json_gold(graph, gold, show_misses)
    res = {"format": gold["format"], **res}
    return res


def _fmt(x) -> str:
    return "  -  " if x is None else f"{x:.3f}"


def format_table(res: dict, show_misses: bool = False) -> str:
    """The figures as text; for seed gold the first lines are score.py's own table."""
    lines = []
    if show_misses:
        lines += ["  " + m for m in res["misses"]]
    lines.append(f"papers found        {res['papers_found']}/{res['papers']}   triples {res['triples']}")
    for tag in ("untyped", "typed"):
        e = res[f"entity_{tag}"]
        if "gold_acceptable" in res:
            neutral = res.get("entities_acceptable", {}).get(tag, 0)
            desc = (f"{res['entities_predicted']} linked, {neutral} of them acceptable; {res['gold_must']} gold, "
                    f"{res['gold_acceptable']} acceptable")
        else:
            desc = f"{res['entities_predicted']} linked, {res['gold_must']} gold"
        lines.append(f"entities {tag:8s}   P {e['precision']:.3f}  R {e['recall']:.3f}  F1 {e['f1']:.3f}   ({desc})")
    if "relation" in res:
        r = res["relation"]
        lines.append(f"relations           P {r['precision']:.3f}  R {r['recall']:.3f}  F1 {r['f1']:.3f}"
                     f"   ({r['predicted']} predicted, {r['gold_must']} gold)")
        lines.append("recall by type      " + "  ".join(f"{t} {v}" for t, v in res["recall_by_type"].items()))
        lines.append(f"code links          {res['code_links']}    cross-paper merges {res['merges']}")
        c = res["contribution"]
        lines.append(f"contributions       found for {c['found']} of the {c['papers']} papers that propose something"
                     " (a must `PAPER proposes`)")
    lines.append("")
    lines.append(f"{'per type':18s} {'pred':>5s} {'gold':>5s}   {'typed P':>7s} {'R':>5s} {'F1':>5s}"
                 f"   {'untyped P':>9s} {'R':>5s} {'F1':>5s}")
    for t, row in res["by_type"].items():
        ty, un = row["typed"], row["untyped"]
        lines.append(f"  {t:16s} {row['predicted']:5d} {row['gold']:5d}   {_fmt(ty['precision']):>7s} "
                     f"{_fmt(ty['recall']):>5s} {_fmt(ty['f1']):>5s}   {_fmt(un['precision']):>9s} "
                     f"{_fmt(un['recall']):>5s} {_fmt(un['f1']):>5s}")
    if "relation" in res:
        r = res["relation"]
        lines.append(f"SCORE entity_typed_f1={res['entity_typed']['f1']} relation_f1={r['f1']} "
                     f"papers={res['papers_found']}/{res['papers']} code={res['code_links']} "
                     f"merges={res['merges']}")
        c = res["contribution"]
        lines.append(f"CONTRIB papers_with_a_contribution_found={c['found']}/{c['papers']}"
                     + (f"={c['found'] / c['papers']:.3f}" if c["papers"] else ""))
    else:
        lines.append(f"SCORE format={res['format']} entity_typed_f1={res['entity_typed']['f1']} "
                     f"entity_untyped_f1={res['entity_untyped']['f1']} "
                     f"papers={res['papers_found']}/{res['papers']}")
    return "\n".join(lines)

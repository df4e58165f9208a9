"""Canonical entities across papers.

Two papers' entities are one node when their keys meet (see
:mod:`kg.names`): "LLMs" in one abstract and "large language models"
in another become one node once any abstract (or the lexicon) defines the
acronym. The node's type is the confidence-weighted vote of its papers; its
label the most frequent preferred label; every other surface form an alias.
"""
from __future__ import annotations

import hashlib
import re
from collections import Counter, defaultdict

from kg.graph.model import Entity, KnowledgeGraph, Link, PaperNode
from kg.records import ENTITY_TYPES, PAPER, PaperEntity, PaperExtraction, ResolvedQuantity
from kg.names import entity_key, slug
from kg.rdf.iri import local_name

_ACRONYM = re.compile(r"^(?=.*[A-Z].*[A-Z])[A-Za-z0-9\-]{2,12}$")


def paper_local_id(paper_id: str) -> str:
    """An IRI-safe local id for a paper id from the input (:func:`kg.rdf.iri.local_name`)."""
    return local_name(paper_id)


def acronym_table(extractions: list[PaperExtraction]) -> dict[str, str]:
    """Acronym key → the long-form key it most often stands for in this corpus."""
    votes: dict[str, Counter] = defaultdict(Counter)
    for ex in extractions:
        for ent in ex.entities:
            if not ent.long_forms:
                continue
            long_key = entity_key(ent.long_forms[0])
            for label in ent.labels:
                if _ACRONYM.match(label) and entity_key(label) != long_key:
                    votes[entity_key(label)][long_key] += 1
                    if label.endswith("s") and label[:-1].isupper():  # "LMs" also defines "LM"
                        votes[entity_key(label[:-1])][long_key] += 1
    return {acr: sorted(c.items(), key=lambda kv: (-kv[1], kv[0]))[0][0] for acr, c in votes.items()}


def global_key(ent: PaperEntity, acronyms: dict[str, str]) -> str:
    if ent.long_forms:
        return entity_key(ent.long_forms[0])
    return acronyms.get(ent.key, ent.key)


#: rdfs:range of the typed relations (ontology/kg.ttl, checked by kg/sparql/shapes.ttl)
RANGES = {"addresses": "Task", "evaluatedOn": "Dataset"}


def _as_written(label: str, labels: set[str]) -> str:
    """"F1 score", "KL divergence", "3D reconstruction", not a vocabulary's lower-cased "f1 score".

    A lower-case label gives way to a spelling from the text whose capitals all sit in
    acronym-like words ("F1", "3D", "KL"); other capitals may be a title's Title Case.
    """
    if label != label.lower():
        return label
    for variant in sorted(labels):
        if variant.lower() != label or variant == label:
            continue
        words = re.split(r"[\s\-/]+", variant)
        if all(_acronym_like(w) or not any(c.isupper() for c in w[i == 0:]) for i, w in enumerate(words)) \
                and any(_acronym_like(w) for w in words):
            return variant
    return label


def _acronym_like(word: str) -> bool:
    upper = sum(c.isupper() for c in word)
    return upper >= 2 or (upper == 1 and any(c.isdigit() for c in word))


def resolve(extractions: list[PaperExtraction], skipped: list[str] | None = None) -> KnowledgeGraph:
    """Build the canonical :class:`KnowledgeGraph` from per-paper extractions."""
    graph = KnowledgeGraph(skipped=list(skipped or []))
    acronyms = acronym_table(extractions)
    members: dict[str, list[tuple[str, PaperEntity]]] = defaultdict(list)
    kept: list[tuple[str, PaperExtraction]] = []
    for ex in extractions:
        pid = paper_local_id(ex.paper.id)
        if pid in graph.papers:
            graph.skipped.append(f"{ex.paper.source}: duplicate paper id {ex.paper.id!r} (kept the first)")
            continue
        graph.papers[pid] = PaperNode(id=pid, paper=ex.paper, title=ex.title, abstract=ex.abstract,
                                      code_urls=list(ex.code_urls))
        kept.append((pid, ex))
        for ent in ex.entities:
            members[global_key(ent, acronyms)].append((pid, ent))

    # one node per global key
    node_of: dict[str, str] = {}
    used_ids: set[str] = set(graph.papers)  # paper and entity ids share the graph's node namespace
    for gkey in sorted(members):
        group = members[gkey]
        type_votes: defaultdict[str, float] = defaultdict(float)
        label_votes: Counter = Counter()
        labels: set[str] = set()
        for _pid, ent in group:
            type_votes[ent.type] += ent.confidence * (2 if ent.proposed else 1)
            label_votes[ent.labels[0]] += ent.mention_count
            labels.update(ent.labels)
            labels.update(ent.long_forms)
        typ = sorted(type_votes.items(), key=lambda kv: (-kv[1], ENTITY_TYPES.index(kv[0])))[0][0]
        label = _as_written(sorted(label_votes.items(), key=lambda kv: (-kv[1], kv[0].lower() != kv[0], kv[0]))[0][0],
                            labels)
        eid = slug(label)
        if eid in used_ids:
            eid = f"{eid}-{hashlib.sha1(gkey.encode()).hexdigest()[:6]}"
        used_ids.add(eid)
        node_of[gkey] = eid
        papers = sorted({pid for pid, _ in group})
        graph.entities[eid] = Entity(id=eid, type=typ, label=label,
                                     aliases=sorted(labels - {label}), papers=papers,
                                     vocabulary=sorted({v for _p, e in group for v in e.vocabulary}))

    # links with evidence
    for pid, ex in kept:
        local = {ent.key: node_of[global_key(ent, acronyms)] for ent in ex.entities}
        # result claims: paper-local subject / metric keys → canonical entity ids ("" when unknown); a metric
        # named without a Metric mention ("speedup" implied by "accelerates") links to the Metric of that name
        graph.papers[pid].quantities = [ResolvedQuantity.of(q, subject=local.get(q.subject, ""), metric_entity=next(
            (m for m in (local.get(q.metric_entity, ""), node_of.get(acronyms.get(entity_key(q.metric),
                                                                                  entity_key(q.metric)), ""))
             if m and graph.entities[m].type == "Metric"), "")) for q in ex.quantities]
        for ent in ex.entities:
            graph.links.append(Link(pid, "mentions", local[ent.key], pid, ent.evidence[0]))
        for rel in ex.relations:
            subj = pid if rel.subject == PAPER else local.get(rel.subject)
            obj = local.get(rel.object)
            if subj is None or obj is None or subj == obj:
                continue
            if graph.entities[obj].type != RANGES.get(rel.predicate, graph.entities[obj].type):
                continue  # the node's type, voted across papers, is outside the relation's range
            graph.links.append(Link(subj, rel.predicate, obj, pid, rel.evidence))
    graph.links.sort(key=lambda ln: (ln.paper, ln.predicate != "mentions", ln.subject, ln.predicate, ln.object,
                                     ln.evidence.start))
    return graph

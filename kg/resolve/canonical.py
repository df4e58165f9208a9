"""Canonical entities across papers.

Two papers' entities are one node when their keys meet (see
:mod:`kg.names`): "LLMs" in one abstract and "large language models"
in another become one node once any abstract (or the lexicon) defines the
acronym, unless that paper reads the acronym as another thing ("mAP" the metric is no "maximum a posteriori
(MAP)": :func:`_keep_own_readings`). The node's type is the confidence-weighted vote of its papers; its
label the most frequent preferred label; every other surface form an alias.
"""
from __future__ import annotations

import hashlib
import re
from collections import Counter, defaultdict
from dataclasses import dataclass

from kg.graph.model import Entity, KnowledgeGraph, Link, PaperNode
from kg.records import ENTITY_TYPES, PAPER, PaperEntity, PaperExtraction, ResolvedQuantity
from kg.names import entity_key, slug
from kg.types import Predicate
from kg.extract.components.acronyms import best_long_form, is_acronym
from kg.rdf.iri import local_name
from kg.resolve.labels import ListKind, around_definition, abbreviates, list_kind, list_parts, repair

_ACRONYM = re.compile(r"^(?=.*[A-Z].*[A-Z])[A-Za-z0-9\-]{2,12}$")
#: a node with this many papers is "global": an acronym only one of them coined for its own model is no alias of it
_GLOBAL_PAPERS = 3


def paper_local_id(paper_id: str) -> str:
    """An IRI-safe local id for a paper id from the input (:func:`kg.rdf.iri.local_name`)."""
    return local_name(paper_id)


@dataclass
class _Member:
    """One paper's entity as resolve sees it: its fit labels and the key it joins the corpus by."""

    pid: str
    ent: PaperEntity
    labels: list[str]  # repaired, lists and fragments dropped; first is the preferred one
    key: str  # the long form's key when the paper defines one, else the preferred label's
    acronyms: list[tuple[str, str]]  # (acronym label, long form it abbreviates) within this paper
    own: bool = False  # a described contribution of this paper only: a node of its own (see _described_own)


def _described_own(ent: PaperEntity) -> bool:
    """Whether a paper entity is a contribution the paper describes rather than names ("a unified framework",
    "a novel algorithm that …"): proposed, in lower case without digits, no acronym, no vocabulary or lexicon entry.
    Two papers that each propose "a unified framework" propose two things, not one: such an entity keeps a node of
    its own instead of joining the other papers' by its label."""
    if ent.own:
        return True  # "we design a novel GAN that …": a known concept the paper calls new is its own variant of it
    return ent.proposed and not ent.vocabulary and not ent.long_forms \
        and all(x == x.lower() and not any(c.isdigit() for c in x) for x in ent.labels) \
        and not any(ev.component.startswith("lexicon") for ev in ent.evidence)


def _long_form_in(long_form: str, labels: list[str]) -> str:
    """A long form that holds a sentence around the acronym's words: just the words the acronym spells.

    "high-resolution multispectral image (HR-MSI) to obtain a high-resolution hyperspectral image"
    for "HR-HSI" -> "high-resolution hyperspectral image".
    """
    around = around_definition(long_form)
    if around is None:
        return long_form
    for short in labels:
        found = best_long_form(short, around[1]) if is_acronym(short) else None
        if found and repair(found) == found:
            return found
    return long_form


def _members(pid: str, ent: PaperEntity, known: set[str]) -> list[_Member]:
    """The paper entity's fit labels; a list label alone ("pre-training and fine-tuning") gives one member per part.

    An entity whose every label is a sentence fragment gives none.
    """
    fixed_long = {lf: _long_form_in(lf, ent.labels) for lf in ent.long_forms}
    long_forms = list(fixed_long.values())
    raw = list(dict.fromkeys([fixed_long.get(x, x) for x in ent.labels] + long_forms))
    fixed = [r for r in (repair(x) for x in raw) if r]
    definitions = [(a, b) for a in fixed for b in fixed if a != b and abbreviates(a, b)]
    defined = {b for _a, b in definitions if not any(c.isdigit() for c in b)}
    kinds = {x: (None if x in defined else list_kind(x, known)) for x in fixed}
    fit = [x for x in fixed if kinds[x] is None]
    if not fit:
        parts = [p for x in fixed if kinds[x] is ListKind.LIST for p in list_parts(x)]
        if parts:
            return [_Member(pid, ent, [p], entity_key(p), []) for p in dict.fromkeys(parts) if entity_key(p)]
        fit = fixed[:1]  # an alternation that is the only name ("CNN / Daily Mail") stays a name
    if not fit:
        return []
    longs = [r for r in (repair(x) for x in long_forms) if r and r in fit]
    key = entity_key(longs[0]) if longs else (ent.key if ent.labels[0] == fit[0] else entity_key(fit[0]))
    if _described_own(ent):
        return [_Member(pid, ent, fit, f"{key}@{pid}", [], own=True)]
    acronyms = [(a, b) for a, b in definitions if b in fit] + \
               [(x, lf) for lf in longs for x in fit if x != lf and _ACRONYM.match(x) and entity_key(x) != entity_key(lf)]
    return [_Member(pid, ent, fit, key, list(dict.fromkeys(acronyms)))]


def acronym_table(members: list[_Member]) -> dict[str, str]:
    """Acronym key → the long-form key it most often stands for in this corpus.

    Votes come from definitions ("Markov decision processes (MDPs)") and from labels one paper
    gives one entity ("ReLU", "rectified linear units"); an acronym that stands for two things
    ("MAE") goes to the more frequent, and the other long form keeps its own node.
    """
    votes: dict[str, Counter] = defaultdict(Counter)
    for m in members:
        for short, long in m.acronyms:
            long_key = entity_key(long)
            votes[entity_key(short)][long_key] += 1
            if short.endswith("s") and short[:-1].isupper():  # "LMs" also defines "LM"
                votes[entity_key(short[:-1])][long_key] += 1
    return {acr: sorted(c.items(), key=lambda kv: (-kv[1], kv[0]))[0][0] for acr, c in votes.items()}


class _UnionFind:
    def __init__(self) -> None:
        self.parent: dict[str, str] = {}

    def find(self, x: str) -> str:
        root = x
        while self.parent.get(root, root) != root:
            root = self.parent[root]
        while x != root:
            x, self.parent[x] = self.parent.get(x, x), root
        return root

    def union(self, a: str, b: str) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            lo, hi = sorted((ra, rb))  # the smaller key is the root: the grouping does not depend on order
            self.parent[hi] = lo


#: type families a reading of a name can belong to: a method, the model it makes and the task it solves are
#: often one name read three ways ("KGQA methods", "the KGQA task"); data, a measure or hardware is another thing
_FAMILY = {"Dataset": "data", "Metric": "measure", "HardwareConcept": "hardware"}


def _keep_own_readings(members: list[_Member], acronyms: dict[str, str]) -> None:
    """Give a bare acronym a node of its own where its paper reads it as something else than the long form another
    paper defines for it: "mAP" that the metric vocabulary types a Metric does not join "maximum a posteriori
    (MAP)", nor "ACOS" listed among tasks and datasets "acquisition conditioned oracle (ACO)", a name its paper coins.

    The paper's reading wins when it is of another type family (:data:`_FAMILY`) than the long form's vote, has
    evidence (confidence at least 0.6, not the acronyms' default guess), and either a vocabulary or lexicon names it
    so, or the paper proposes it, or every paper that defines the long form proposes it (a coinage: a bare use
    elsewhere is rarely that paper's new thing). A well-known expansion ("natural language understanding (NLU)",
    "partial differential equations") that one paper's acronym reads as data keeps the acronym: a mis-typed use
    of the known thing is likelier than a homonym. Such members get the key ``acronym:Type``, shared by the papers
    that read the acronym so, which no label's key can equal (keys have no colon).

    Likewise a name its paper writes as a word ("Adam") where every paper that defines the acronym writes it in
    capitals throughout ("ADAM"): the word is another name that shares the letters (key ``acronym:word``). A
    camel-case name ("ResNet") is not so written: "Resnet" is a careless spelling of it.
    """
    by_key: dict[str, list[_Member]] = defaultdict(list)
    spellings: dict[str, set[str]] = defaultdict(set)  # acronym key -> how the papers that define it write it
    for m in members:
        by_key[m.key].append(m)
        for short, _long in m.acronyms:
            spellings[entity_key(short)].add(short)
            if short.endswith("s") and short[:-1].isupper():
                spellings[entity_key(short[:-1])].add(short[:-1])
    for acr, long_key in sorted(acronyms.items()):
        longs = by_key.get(long_key, [])
        bare = by_key.get(acr, [])
        if acr == long_key or not longs or not bare:
            continue
        if spellings[acr] and all(_capitals(x) for x in spellings[acr]):
            for m in bare:  # "Adam" (the optimizer) is no "Attention-based Domain Alignment Module (ADAM)"
                own = [x for x in m.labels if entity_key(x) == acr]
                if any(_word_like(x) for x in own) and not m.own:
                    m.key = f"{acr}:word"
            bare = [m for m in bare if m.key == acr]
        votes: defaultdict[str, float] = defaultdict(float)
        for m in longs:
            votes[m.ent.type] += m.ent.confidence * (2 if m.ent.proposed else 1)
        long_type = sorted(votes.items(), key=lambda kv: (-kv[1], ENTITY_TYPES.index(kv[0])))[0][0]
        family = _FAMILY.get(long_type, "")
        coinage = all(m.ent.proposed for m in longs)
        for m in bare:
            if _FAMILY.get(m.ent.type, "") == family or m.ent.confidence < 0.6 or m.own:
                continue
            if m.ent.vocabulary or m.ent.proposed or coinage \
                    or any(ev.component.startswith("lexicon") for ev in m.ent.evidence):
                m.key = f"{acr}:{m.ent.type}"


def _word_like(label: str) -> bool:
    """"Adam", "Gap", "lasso": written as a word (no capital after the first letter), not as an acronym ("ADAM")."""
    letters = [c for c in label if c.isalpha()]
    return len(letters) >= 3 and not any(c.isupper() for c in letters[1:])


def _capitals(label: str) -> bool:
    """"ADAM", "LLMs": an acronym in capitals throughout (a plural's "s" aside); "ResNet" is a name that papers
    also write "Resnet"."""
    letters = "".join(c for c in label if c.isalpha())
    letters = letters[:-1] if letters.endswith("s") else letters
    return len(letters) >= 2 and letters.isupper()


def group_keys(members: list[_Member]) -> _UnionFind:
    """Which member keys are one node.

    An acronym joins the long form it most often stands for, so its bare uses in any paper
    resolve there ("MDPs" → "Markov decision process"); two groups whose labels name each other
    ("ReLU" with alias "rectified linear units", and the converse) fold into one.
    """
    uf = _UnionFind()
    acronyms = acronym_table(members)
    _keep_own_readings(members, acronyms)
    for acr, long_key in sorted(acronyms.items()):
        if acr != long_key:
            uf.union(acr, long_key)
    own: dict[str, set[str]] = defaultdict(set)  # group root -> its members' keys
    names: dict[str, set[str]] = defaultdict(set)  # group root -> keys of every label its members carry
    for m in members:
        root = uf.find(m.key)
        own[root].add(m.key)
        if m.own:
            names[root].add(m.key)  # its labels join nothing (see _described_own)
        else:
            names[root].update(entity_key(x) for x in m.labels)
    by_name: dict[str, set[str]] = defaultdict(set)
    for root, keys in names.items():
        for k in keys:
            by_name[k].add(root)
    for a in sorted(own):
        for k in sorted(own[a]):
            for b in sorted(by_name.get(k, ())):
                if b != a and own[b] & names[a]:
                    uf.union(a, b)
    return uf


#: entity types allowed at each end of the typed relations (ontology/kg.ttl rdfs:domain / rdfs:range, checked by
#: kg/sparql/shapes.ttl); a relation absent here allows any entity. The paper as subject is allowed except for outperforms
RANGES: dict[str, frozenset[str]] = {"addresses": frozenset({"Task"}), "evaluatedOn": frozenset({"Dataset"}),
                                     "outperforms": frozenset({"Method", "Model"})}
DOMAINS: dict[str, frozenset[str]] = {"addresses": frozenset({"Method", "Model", "Dataset"}),
                                      "evaluatedOn": frozenset({"Method", "Model"}),
                                      "outperforms": frozenset({"Method", "Model"})}


def _as_written(label: str, labels: set[str]) -> str:
    """"F1 score", "KL divergence", "3D reconstruction", not a vocabulary's lower-cased "f1 score".

    A lower-case label gives way to a spelling from the text whose capitals all sit in
    acronym-like words ("F1", "3D", "KL"); other capitals may be a title's Title Case.
    """
    if label != label.lower():
        return label
    for variant in sorted(labels):
        if variant.lower() != label or variant == label or _shouted(variant):
            continue
        words = re.split(r"[\s\-/]+", variant)
        if all(_acronym_like(w) or not any(c.isupper() for c in w[i == 0:]) for i, w in enumerate(words)) \
                and any(_acronym_like(w) for w in words):
            return variant
    return label


def _shouted(label: str) -> bool:
    """"GRAPH CONTRASTIVE LEARNING": a title's capitals, not how the name is written."""
    return len(label.split()) > 1 and label.isupper()


def _acronym_like(word: str) -> bool:
    upper = sum(c.isupper() for c in word)
    return upper >= 2 or (upper == 1 and any(c.isdigit() for c in word))


def _label_and_aliases(group: list[_Member]) -> tuple[str, list[str]]:
    """The label a person would write for a node, and its aliases.

    The most used preferred label of its papers, but never a bare acronym when the node has the long
    form ("Markov decision process", alias "MDPs"); a node many papers share keeps no acronym that one
    of them coined for its own model (it does not abbreviate the node's name).
    """
    votes: Counter = Counter()
    carriers: dict[str, set[str]] = defaultdict(set)
    for m in group:
        votes[m.labels[0]] += m.ent.mention_count
        for x in m.labels:
            carriers[x].add(m.pid)
    longs = {long for m in group for _s, long in m.acronyms}
    shorts = {x for x in carriers if any(abbreviates(x, long) for long in longs)} if longs else set()
    choices = {x: n for x, n in votes.items() if x not in shorts} or \
        {x: len(carriers[x]) for x in sorted(longs)} or dict(votes)
    winner = sorted(choices.items(), key=lambda kv: (-kv[1], kv[0].lower() != kv[0], kv[0]))[0][0]
    # of the spellings of the winning name, the one most papers write ("flow matching", not "flow-matching")
    label = min((x for x in carriers if entity_key(x) == entity_key(winner)),
                key=lambda x: (_shouted(x), -len(carriers[x]), x.lower() != x, x))
    label = _as_written(label, set(carriers))
    papers = {m.pid for m in group}
    aliases = [x for x in sorted(carriers) if x != label and not (
        len(papers) >= _GLOBAL_PAPERS and len(carriers[x]) == 1 and _ACRONYM.match(x)
        and not any(abbreviates(x, y) for y in carriers if not _ACRONYM.match(y)))]
    return label, aliases


def _fits(graph: KnowledgeGraph, subj: str, obj: str, predicate: str) -> bool:
    """Whether the two nodes' types are in the relation's domain and range (:data:`DOMAINS`, :data:`RANGES`)."""
    if predicate in RANGES and graph.entities[obj].type not in RANGES[predicate]:
        return False
    if subj in graph.papers:
        return predicate != "outperforms"
    return predicate not in DOMAINS or graph.entities[subj].type in DOMAINS[predicate]


#: the extraction pattern of an ``addresses`` link to a threat a defence withstands ("defend against jailbreak attacks")
THREAT_PATTERN = "relations:addresses-threat"


def _refit(graph: KnowledgeGraph, subj: str, obj: str, predicate: str, pattern: str = "") -> Predicate | None:
    """The relation a link outside its domain or range stands for, once the graph's vote has typed its nodes;
    None when there is none:

    - ``uses`` for an ``addresses`` link from a method or model to a node the graph types Method (the paper
      read it as its Task: :meth:`kg.extract.components.merge.Merger._posed_topic`); none for a threat the
      method withstands (``pattern`` :data:`THREAT_PATTERN`: a defence does not use the attack it defends against);
    - ``addresses`` for an ``evaluatedOn`` link to a node the graph types Task ("evaluated on NLU and NLG",
      read as benchmarks in one paper, are the tasks most papers name).
    """
    subj_type = "Paper" if subj in graph.papers else graph.entities[subj].type
    obj_type = graph.entities[obj].type
    if predicate == "addresses" and obj_type == "Method" and subj_type in ("Method", "Model"):
        return None if pattern == THREAT_PATTERN else "uses"
    if predicate == "evaluatedOn" and obj_type == "Task" and _fits(graph, subj, obj, "addresses"):
        return "addresses"
    return None


def resolve(extractions: list[PaperExtraction], skipped: list[str] | None = None) -> KnowledgeGraph:
    """Build the canonical :class:`KnowledgeGraph` from per-paper extractions."""
    graph = KnowledgeGraph(skipped=list(skipped or []))
    kept: list[tuple[str, PaperExtraction]] = []
    for ex in extractions:
        pid = paper_local_id(ex.paper.id)
        if pid in graph.papers:
            graph.skipped.append(f"{ex.paper.source}: duplicate paper id {ex.paper.id!r} (kept the first)")
            continue
        graph.papers[pid] = PaperNode(id=pid, paper=ex.paper, title=ex.title, abstract=ex.abstract,
                                      code_urls=list(ex.code_urls))
        kept.append((pid, ex))
    known = {ent.key for _pid, ex in kept for ent in ex.entities}
    of_entity: dict[tuple[str, str], list[_Member]] = {}  # (paper, paper-local key) -> its members
    all_members: list[_Member] = []
    for pid, ex in kept:
        for ent in ex.entities:
            ms = _members(pid, ent, known)
            of_entity[(pid, ent.key)] = ms
            all_members.extend(ms)
    uf = group_keys(all_members)
    groups: dict[str, list[_Member]] = defaultdict(list)
    for m in all_members:
        groups[uf.find(m.key)].append(m)

    # one node per group of keys
    node_of: dict[str, str] = {}  # group root -> entity id
    used_ids: set[str] = set(graph.papers)  # paper and entity ids share the graph's node namespace
    for root in sorted(groups):
        group = groups[root]
        type_votes: defaultdict[str, float] = defaultdict(float)
        for m in group:
            type_votes[m.ent.type] += m.ent.confidence * (2 if m.ent.proposed else 1)
        typ = sorted(type_votes.items(), key=lambda kv: (-kv[1], ENTITY_TYPES.index(kv[0])))[0][0]
        label, aliases = _label_and_aliases(group)
        eid = slug(label)
        if eid in used_ids:
            eid = f"{eid}-{hashlib.sha1(root.encode()).hexdigest()[:6]}"
        used_ids.add(eid)
        node_of[root] = eid
        graph.entities[eid] = Entity(id=eid, type=typ, label=label, aliases=aliases,
                                     papers=sorted({m.pid for m in group}),
                                     vocabulary=sorted({v for m in group for v in m.ent.vocabulary}))

    def nodes(pid: str, key: str) -> list[str]:
        return list(dict.fromkeys(node_of[uf.find(m.key)] for m in of_entity.get((pid, key), ())))

    def metric_node(name: str) -> str:
        root = uf.find(entity_key(name))
        return node_of.get(root, "")

    # links with evidence
    for pid, ex in kept:
        local = {ent.key: nodes(pid, ent.key) for ent in ex.entities}
        # result claims: paper-local subject / metric keys → canonical entity ids ("" when unknown); a metric
        # named without a Metric mention ("speedup" implied by "accelerates") links to the Metric of that name
        graph.papers[pid].quantities = [ResolvedQuantity.of(
            q, subject=next(iter(local.get(q.subject, ())), ""),
            metric_entity=next((m for m in (*local.get(q.metric_entity, ()), metric_node(q.metric))
                                if m and graph.entities[m].type == "Metric"), "")) for q in ex.quantities]
        mentioned: set[str] = set()
        for ent in ex.entities:
            for eid in local[ent.key]:
                if eid not in mentioned:  # two of the paper's entities can be one node: one mention
                    mentioned.add(eid)
                    graph.links.append(Link(pid, "mentions", eid, pid, ent.evidence[0]))
        seen: set[tuple[str, str, str, int, str]] = set()  # a list entity's parts can meet again
        for rel in ex.relations:
            subjects = [pid] if rel.subject == PAPER else local.get(rel.subject, [])
            for subj in subjects:
                for obj in local.get(rel.object, []):
                    once = (subj, rel.predicate, obj, rel.evidence.start, rel.evidence.section)
                    if subj == obj or once in seen:
                        continue
                    # a node's type, voted across papers, may be outside the relation's domain or range: the
                    # relation the link stands for then, if any
                    predicate = rel.predicate if _fits(graph, subj, obj, rel.predicate) else \
                        _refit(graph, subj, obj, rel.predicate, rel.evidence.component)
                    if predicate is None:
                        continue
                    once = (subj, predicate, obj, rel.evidence.start, rel.evidence.section)
                    if once in seen:
                        continue
                    seen.add(once)
                    graph.links.append(Link(subj, predicate, obj, pid, rel.evidence))
    graph.links.sort(key=lambda ln: (ln.paper, ln.predicate != "mentions", ln.subject, ln.predicate, ln.object,
                                     ln.evidence.start))
    return graph

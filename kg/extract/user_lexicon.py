"""User vocabularies in SKOS (``kg build --lexicon my-terms.ttl``).

:func:`read_skos` turns a SKOS file into gazetteer entries. ``kg build --lexicon``
sends ``.ttl`` (Turtle), ``.nt`` (N-Triples), ``.rdf`` (RDF/XML) and ``.jsonld`` files
here (see :func:`kg.extract.components.lexicon.read_user_lexicon`); called directly it
also reads ``.n3``, ``.owl``/``.xml`` and ``.json``. The published schemes
(``ontology/vocab/*.ttl``, ``ontology/hardware.ttl``) are valid inputs.

* Concepts are subjects typed ``skos:Concept`` (or a kg entity class, or with a
  ``skos:inScheme`` / ``skos:topConceptOf``). Each ``skos:prefLabel``,
  ``skos:altLabel`` and ``skos:hiddenLabel`` becomes a term; the canonical is the
  prefLabel (English or untagged first), else the first label.
* The entity type (``Method``, ``Task``, ``Model``, ``Dataset``, ``Metric``,
  ``HardwareConcept``) is the first of:

  1. ``kg:entityType "Method"`` on the concept (a literal, or the IRI ``kg:Method``);
  2. ``rdf:type kg:Method`` (etc.) on the concept;
  3. ``kg:entityType`` on its scheme (``skos:inScheme`` / ``skos:topConceptOf``), or the
     scheme being one of kg's published schemes (``https://w3id.org/kg-ml/vocab/methods``
     ... ``/hardware``; also a concept IRI minted under one of them);
  4. the type of the nearest broader concept (``skos:broader``, or inverse
     ``skos:narrower``) that has one by rules 1-3.

  A concept with no type by these rules is skipped (silently: an untyped concept
  is usually a grouping node, not something to find in abstracts).
* ``source_id`` is the concept IRI (blank nodes: empty), so an exported entity links
  to it with ``skos:closeMatch``; ``broader`` is the prefLabel of its first broader
  concept. Source is ``user`` (user terms win over the bundled gazetteer).
* Case: a term with a capital letter after the first character of a word
  (``LoRA``, ``BERT``, ``GPT-4o``) matches exactly; every other term case-insensitively.
"""
from __future__ import annotations

import json
from pathlib import Path

from rdflib import BNode, Graph, Literal, URIRef
from rdflib.namespace import RDF, SKOS

from kg.errors import InputError
from kg.extract.resources import LexiconEntry
from kg.records import ENTITY_TYPES
from kg.rdf.namespaces import KG
from kg.rdf.concepts import type_of_scheme_iri

FORMATS = {".ttl": "turtle", ".turtle": "turtle", ".nt": "nt", ".n3": "n3", ".rdf": "xml",
           ".owl": "xml", ".xml": "xml", ".jsonld": "json-ld", ".json": "json-ld"}
_TYPES_LOWER = {t.lower(): t for t in ENTITY_TYPES}
ENTITY_TYPE = KG.entityType


def _type_value(value) -> str | None:
    """``"Method"``, ``"method"`` or ``kg:Method`` -> ``"Method"``."""
    if isinstance(value, URIRef):
        text = str(value)
        if not text.startswith(str(KG)):
            return None
        text = text[len(str(KG)):]
    elif isinstance(value, Literal):
        text = str(value)
    else:
        return None
    return _TYPES_LOWER.get(text.strip().lower())


def _exact_case(term: str) -> bool:
    return any(ch.isupper() for word in term.replace("-", " ").split() for ch in word[1:])


def _labels(g: Graph, c) -> list[str]:
    def order(lit):
        lang = getattr(lit, "language", None)
        return (0 if lang in (None, "en") or str(lang).startswith("en-") else 1, str(lit))
    out: list[str] = []
    for prop in (SKOS.prefLabel, SKOS.altLabel, SKOS.hiddenLabel):
        for lit in sorted((o for o in g.objects(c, prop) if isinstance(o, Literal)), key=order):
            text = " ".join(str(lit).split())
            if text and text not in out:
                out.append(text)
    return out


def local_jsonld(path: Path) -> str:
    """The text of a JSON-LD file, refused (:class:`InputError`) if it names a remote context.

    Nothing is fetched at build time: a ``"@context"`` (or ``"@import"``) that is a URL must be
    inlined by the user.
    """
    text = path.read_text(encoding="utf-8")
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise InputError.at(str(path), f"not valid JSON ({exc})") from None
    todo = [doc]
    while todo:
        node = todo.pop()
        if isinstance(node, list):
            todo.extend(node)
        elif isinstance(node, dict):
            for key, value in node.items():
                refs = value if isinstance(value, list) else [value]
                if key in ("@context", "@import") and any(isinstance(r, str) for r in refs):
                    raise InputError.at(str(path), f"JSON-LD {key} refers to a remote document; kg fetches "
                                        "nothing: put the context in the file itself")
                todo.append(value)
    return text


def read_skos(path: Path) -> list[LexiconEntry]:
    """Gazetteer entries of a SKOS vocabulary file (rules in the module docstring)."""
    path = Path(path)
    g = Graph()
    fmt = FORMATS.get(path.suffix.lower(), "turtle")
    if fmt == "json-ld":  # parsed from the checked text: rdflib would fetch a remote @context
        g.parse(data=local_jsonld(path), format=fmt)
    else:
        g.parse(path, format=fmt)
    kg_classes = {KG[t] for t in ENTITY_TYPES}
    concepts = set(g.subjects(RDF.type, SKOS.Concept))
    concepts |= {s for cls in kg_classes for s in g.subjects(RDF.type, cls)}
    concepts |= set(g.subjects(SKOS.inScheme, None)) | set(g.subjects(SKOS.topConceptOf, None))

    def own_type(c) -> str | None:
        for v in sorted(g.objects(c, ENTITY_TYPE), key=str):
            if _type_value(v):
                return _type_value(v)
        for cls in sorted(g.objects(c, RDF.type), key=str):
            if cls in kg_classes:
                return _type_value(cls)
        schemes = sorted(set(g.objects(c, SKOS.inScheme)) | set(g.objects(c, SKOS.topConceptOf)), key=str)
        for s in schemes:
            for v in sorted(g.objects(s, ENTITY_TYPE), key=str):
                if _type_value(v):
                    return _type_value(v)
        for s in schemes + ([c] if isinstance(c, URIRef) else []):
            if isinstance(s, URIRef) and type_of_scheme_iri(str(s)):
                return type_of_scheme_iri(str(s))
        return None

    def parents(c) -> list:
        return sorted(set(g.objects(c, SKOS.broader)) | set(g.subjects(SKOS.narrower, c)), key=str)

    def entity_type(c) -> str | None:
        seen, todo = set(), [c]
        while todo:
            node = todo.pop(0)
            if node in seen:
                continue
            seen.add(node)
            t = own_type(node)
            if t:
                return t
            todo.extend(parents(node))
        return None

    entries: list[LexiconEntry] = []
    for c in sorted(concepts, key=str):
        typ = entity_type(c)
        labels = _labels(g, c)
        if not typ or not labels:
            continue
        canonical = labels[0]
        ups = parents(c)
        broader = next((_labels(g, p)[0] for p in ups if _labels(g, p)), "")
        source_id = "" if isinstance(c, BNode) else str(c)
        for term in labels:
            entries.append(LexiconEntry(term, typ, canonical, "user", source_id, broader, _exact_case(term)))
    return entries

"""The in-memory knowledge graph every exporter reads."""
from kg.graph.model import Entity, KnowledgeGraph, Link, PaperNode

__all__ = ["Entity", "KnowledgeGraph", "Link", "PaperNode"]

"""Resolution: from per-paper entities to canonical entities shared across papers."""
from kg.resolve.canonical import resolve
from kg.names import entity_key, slug

__all__ = ["entity_key", "resolve", "slug"]

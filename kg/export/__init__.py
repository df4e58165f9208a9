"""Exporters: one module per format, each a pure function of the KnowledgeGraph."""

"""Views of a built graph: pure selections (a focus neighbourhood, a size cap) that the explorer renders."""

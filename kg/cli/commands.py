"""Subcommands beyond `kg build`, one module per feature; each exposes click commands.

`kg.cli` registers every command listed in :data:`COMMAND_MODULES` that
imports, so features can be developed (and tested) independently.
"""
COMMAND_MODULES = (
    "kg.cli.query",     # kg query, kg serve, kg validate  (SPARQL store)
    "kg.cli.stats",     # kg stats                          (graph analytics)
    "kg.cli.view",      # kg view                           (HTML explorer)
    "kg.cli.evaluate",  # kg eval                           (scoring against gold)
    "kg.cli.cache",     # kg cache info, kg cache clear     (the extraction cache)
)

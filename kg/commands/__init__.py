"""Subcommands beyond `kg build`, one module per feature; each exposes click commands.

`kg.cli` registers every command listed in :data:`COMMAND_MODULES` that
imports, so features can be developed (and tested) independently.
"""
COMMAND_MODULES = (
    "kg.commands.query",     # kg query, kg serve, kg validate  (SPARQL store)
    "kg.commands.stats",     # kg stats                          (graph analytics)
    "kg.commands.view",      # kg view                           (HTML explorer)
    "kg.commands.evaluate",  # kg eval                           (scoring against gold)
)

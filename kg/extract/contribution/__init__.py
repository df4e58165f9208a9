"""The readers of ``kg_contributions`` (:mod:`kg.extract.components.contributions`), one module a way of saying
what a paper proposes: :mod:`.titles` (the title), :mod:`.names` (a name and its boundaries), :mod:`.described` (a
described contribution), on the shared state and small readers of :mod:`.base`."""

"""The pure rules engine: cards, rulesets, states, actions, events, scoring, computer players.

No Discord, no asyncio, no I/O, no clock and no global random number generator: every
function is deterministic given its arguments (randomness comes in as a seed or an explicit
``random.Random``). Families: ``engine.allfours`` and ``engine.kqj``.
"""

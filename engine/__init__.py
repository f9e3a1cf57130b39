"""The pure rules engine: cards, rulesets, states, actions, events, scoring, computer players.

No Discord, no asyncio, no I/O, no clock and no global random number generator: every
function is deterministic given its arguments (randomness comes in as a seed or an explicit
``random.Random``). Families: ``engine.allfours`` and ``engine.kqj``, one house: the same
module for the same concern, the same words for the same things.

**Vocabulary** (both families; RULES.md's own words in brackets where they differ)

- **deal**: one shuffle and distribution of the cards by one dealer. A *redeal* (a throw-in,
  the ``Redeal`` event) makes a new deal by the same dealer for the same hand: All Fours
  after a run that finds no new suit or after four refused suits (§1.6), KQJ after twelve or
  six passes (§5.3, §6.3). ``deal_count`` counts every deal of the game, redeals included;
  the ``n``-th deal is the ``n``-th shuffle drawn from the game's seed.
- **hand** [KQJ: *round*]: everything from the deal that stands to its count — trump
  selection or the contract, the tricks, the scoring — ending with the ``HandEnded`` event
  (KQJ: also named ``RoundEnded``). ``hand_number`` counts hands from 1 (KQJ: also
  ``round_number``); the deal passes on after each hand, never after a redeal.
- **trick**: one card from every seat in turn, led by the *leader*. The first trick of a hand
  is led by the **elder** [KQJ: the *opener*], the dealer's next seat; each trick's winner
  leads the next. The **trick record** of a state, updated card by card in both families:
  ``plays`` (every card played this hand, in order), ``winners`` (the winner of each
  completed trick), ``leader``, and ``master_seat`` / ``master_card`` (the card winning the
  trick in progress, ``-1`` between tricks). ``deck.BEATERS[trump or contract][master]`` is
  the one statement of which cards beat the master; ``deck.trick_winner_offset(trick, ...)``
  and ``state.master_of(trick, leader, ..., players)`` read it, and so does ``step_play``.
  ``engine.core.seat_of_play`` / ``seats_of_plays`` say who played each card.
- **seat**: ``0 .. players - 1`` in the direction of play, so the seat after ``s`` is
  ``(s + 1) % players`` (counter-clockwise in Caribbean All Fours, clockwise elsewhere, §0).
  The elder is ``(dealer + 1) % players``. ``engine.core.check_seat(seat, players)`` checks
  one.
- **side**: who scores together, indexed from 0: ``state.side_of(seat)`` (and the view's).
  All Fours: ``seat % sides`` — two partnerships of opposite seats, or one side per player.
  KQJ: the seat's team this round (``team_of[seat]``: ``seat % 2`` for 3v3, ``seat % 3`` for
  2v2v2, drawn each round with random partners), or with random partners the seat itself.
  ``scores`` are indexed by side; ``winner`` is a side (KQJ: or a tuple for a shared win).
- **rule step**: a function ``step_*(st, seat, ..., ev)`` that changes a private copy of the
  state in place and appends events to ``ev`` when it is a list (``None`` on the simulation
  path). ``game.perform`` dispatches an action to its step; ``apply`` validates, copies and
  performs; ``simulate.playout`` performs without events. Each family lays its rules out the
  same way: ``rules``, ``deck``, ``dealing``, the trump or contract phase (All Fours
  ``kicks`` and ``trumps``, KQJ ``bidding``), ``play``, ``scoring``, ``legality``, ``state``,
  ``view``, ``game``, ``codec``, ``inference``, ``simulate``, and ``api``: the public
  functions typed for their callers (the rule modules take an ``object`` where they check a
  value themselves, as a compiled build needs).
"""

from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

from engine.build import check_build

# Before any module of the engine is loaded: a compiled one older than its source would run
# the old rules (engine/build.py).
check_build()


def compiled_modules() -> tuple[str, ...]:
    """The engine modules that run compiled to C (``scripts/compile_engine.py``), by name;
    empty when the whole engine is plain Python. Read from the files next to the sources, so
    it names no game: every compiled module of every game is found.

    >>> all(name.startswith("engine.") for name in compiled_modules())
    True
    """
    root = Path(__file__).resolve().parent
    found = set()
    for path in root.rglob("*"):
        if path.name.endswith(tuple(EXTENSION_SUFFIXES)):
            folder = path.parent.relative_to(root.parent).as_posix().replace("/", ".")
            found.add(f"{folder}.{path.name.split('.')[0]}")
    return tuple(sorted(found))

"""What a table picture shows: a small, frozen, family-agnostic description (``Scene``).

The builders (``bot.families.allfours.picture``, ``bot.families.kqj.picture``) make a scene
from a spectator's view, ``observe(state, None)``, and translate every text on the way;
``bot.picture.draw`` turns it into a PNG without knowing any game. A scene holds only public
facts, texts already in the reader's language, and ``engine.cards.Card`` objects for the
cards on show.

Scenes compare and hash by value and pickle (the bot renders in a worker process), and
``Scene.fingerprint()`` names a scene stably across processes, so the bot can skip redrawing an
unchanged table. The turn clock is therefore never a countdown here: a picture cannot tick, and
a ticking text would make every scene new. The live countdown stays in the message text
(Discord's ``<t:…:R>`` timestamp updates itself in every client); the picture only shows the
static ``clock`` label of the seat to act, such as "30 s per turn".
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace
from enum import StrEnum

from engine.cards import Card


class Direction(StrEnum):
    """The direction of play as seen from above the table (RULES.md §0): seat ``s + 1`` sits
    on the left of seat ``s`` when play goes clockwise, on its right counter-clockwise."""

    CLOCKWISE = "clockwise"
    COUNTER_CLOCKWISE = "counter_clockwise"


@dataclass(frozen=True, slots=True)
class SeatScene:
    """One seat: who sits there and what they show.

    ``team`` picks the colour (the side, or the team of this round; partners share it),
    ``card`` is the seat's card in the current trick, ``is_led`` / ``is_winning`` mark the card
    led and the card winning the trick so far, ``cards_held`` counts the hidden hand (public),
    ``note`` is a short translated remark such as "Declarer"."""

    name: str
    team: int
    is_dealer: bool = False
    is_to_act: bool = False
    is_computer: bool = False
    cards_held: int = 0
    card: Card | None = None
    is_led: bool = False
    is_winning: bool = False
    note: str | None = None


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """One side's score: its label ("Team A", a player's name), points as text, colour."""

    label: str
    points: str
    team: int
    is_leading: bool = False


@dataclass(frozen=True, slots=True)
class Labels:
    """The short words the drawing writes next to things (already translated)."""

    dealer: str
    computer: str
    led: str
    winning: str
    trumps: str
    scores: str
    round_points: str
    last_trick: str


@dataclass(frozen=True, slots=True)
class Scene:
    """Everything one table picture shows.

    - ``seats`` in seat order (the order of play), ``direction`` of play (None with two
      players, where it does not matter).
    - The centre: ``trump`` (a suit letter, ``"all"`` for all trumps, ``"none"`` for no
      trumps, None before trumps are fixed) with ``trump_text`` ("hearts", "All trumps"…),
      ``turned`` cards (the kick(s) or the Return) under ``turned_label``, with
      ``turned_note`` (who took the Return) and ``contract`` (an auction's contract line).
    - The panel: ``scores`` (with ``target``), ``round_scores`` (KQJ card points of the round
      and ``pool``), ``progress`` ("Hand 3 · trick 4 of 6"), ``last_trick`` cards with its
      winner in ``last_trick_winner``, the ``turn`` line and the static ``clock`` label, and
      ``notes`` (a finished game, a hand that is over).
    - ``title`` names the game; ``locale`` is the language of every text (for alt text).
    - ``hands``: every seat's hand face up, in seat order — only ever filled for the replay of
      a finished game (``bot.picture.replay.face_up``); the live table's builders take the
      spectator's view, which has no hand, and leave it empty."""

    locale: str
    title: str
    labels: Labels
    seats: tuple[SeatScene, ...]
    direction: Direction | None
    trump: str | None = None
    trump_text: str | None = None
    turned: tuple[Card, ...] = ()
    turned_label: str | None = None
    turned_note: str | None = None
    contract: str | None = None
    scores: tuple[ScoreLine, ...] = ()
    target: str | None = None
    round_scores: tuple[ScoreLine, ...] = ()
    pool: str | None = None
    progress: str | None = None
    last_trick: tuple[Card, ...] = ()
    last_trick_winner: str | None = None
    turn: str | None = None
    clock: str | None = None
    notes: tuple[str, ...] = ()
    hands: tuple[tuple[Card, ...], ...] = ()

    def settled(self) -> Scene:
        """The table as the current trick began: no card of the trick in progress and no turn
        (the message's words say both, card by card), each seat holding again the card it has
        put on the trick. A table message's picture is drawn from this, so a new picture is
        uploaded only when it changes — a trick ends, a deal begins, a decision changes the
        table (a kick, trumps, a bid) — and not for every card.

        >>> labels = Labels("D", "CPU", "led", "wins", "Trumps", "Score", "Round", "Last trick")
        >>> led = SeatScene("Ann", 0, cards_held=5, card=Card.parse("Ah"), is_led=True)
        >>> waiting = SeatScene("Bo", 1, is_to_act=True, cards_held=6)
        >>> now = Scene("en", "All Fours", labels, (led, waiting), None, turn="Bo to play")
        >>> began = now.settled()
        >>> [(s.card, s.cards_held, s.is_to_act) for s in began.seats], began.turn
        ([(None, 6, False), (None, 6, False)], None)
        >>> to_lead = replace(led, card=None, is_led=False, cards_held=6, is_to_act=True)
        >>> before = replace(now, seats=(to_lead, replace(waiting, is_to_act=False)))
        >>> before.settled() == began  # Ann's lead changes the words, not the picture
        True
        """
        seats = tuple(
            replace(
                seat,
                card=None,
                is_led=False,
                is_winning=False,
                is_to_act=False,
                cards_held=seat.cards_held + (seat.card is not None),
            )
            for seat in self.seats
        )
        return replace(self, seats=seats, turn=None, clock=None)

    def fingerprint(self) -> str:
        """A stable name of this scene: equal scenes, and only they, share it, in every
        process and across restarts (unlike ``hash()``, which Python salts per process).

        >>> labels = Labels("D", "CPU", "led", "wins", "Trumps", "Score", "Round", "Last trick")
        >>> seat = SeatScene("Ann", 0)
        >>> one = Scene("en", "All Fours", labels, (seat, seat), None)
        >>> two = Scene("en", "All Fours", labels, (seat, seat), None)
        >>> one.fingerprint() == two.fingerprint(), len(one.fingerprint())
        (True, 32)
        """
        text = repr(self)  # dataclasses, strings, numbers and cards: stable reprs only
        if " at 0x" in text:
            raise TypeError("a scene holds a value without a stable repr")
        return hashlib.sha256(text.encode()).hexdigest()[:32]

    def cards_shown(self) -> tuple[Card, ...]:
        """Every card the picture shows: the trick, the turned cards, the last trick and
        (a finished game's replay only) the hands."""
        in_trick = tuple(seat.card for seat in self.seats if seat.card is not None)
        held = tuple(card for hand in self.hands for card in hand)
        return in_trick + self.turned + self.last_trick + held

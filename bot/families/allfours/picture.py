"""The scene of an All Fours table, from the spectator's view ``observe(state, None)`` only.

Seats go round in the direction of play: Caribbean All Fours plays to the right
(counter-clockwise, RULES.md §2.1), English and Seven Up with three or four players to the left
(clockwise, §4.2); with two players the direction does not matter (§0) and no arrows are drawn.
The card winning the trick so far comes from the engine's own trick rule
(``trick_winner_offset``, §1.3), never from a copy of it.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from bot.families.allfours.adapter import AllFoursPublic
from bot.i18n import t
from bot.picture.common import (
    labels,
    require_names,
    require_spectator,
    score_lines,
    team_name,
)
from bot.picture.scene import Direction, Scene, SeatScene
from engine.allfours import Phase, Ruleset
from engine.allfours.game import trick_winner_offset
from engine.allfours.trumps import is_round_of_acceptance
from engine.cards import SUITS


def turn_key(rules: Ruleset, phase: Phase) -> str | None:
    """The catalog key of what the player to act is to do, the same words in the picture's
    description and on the table message (stand or beg; accept or refuse the turned suit where
    the rules have a round of acceptance; give one in English and Seven Up, take one in
    Caribbean); None when nobody is to act.

    >>> from engine.allfours import preset
    >>> turn_key(preset("english"), Phase.REPLY), turn_key(preset("caribbean"), Phase.REPLY)
    ('turn.reply.english', 'turn.reply')
    """
    if phase is Phase.DECLARE:
        return "turn.accept" if is_round_of_acceptance(rules) else "turn.declare"
    if phase is Phase.REPLY:
        return "turn.reply" if rules.variant == "caribbean" else "turn.reply.english"
    if phase in (Phase.DISCARD, Phase.PLAY):
        return f"turn.{phase.value}"
    return None


def direction_of(view: AllFoursPublic) -> Direction | None:
    """Counter-clockwise in Caribbean All Fours, clockwise in three- and four-player English
    and Seven Up, none with two players (RULES.md §0, §2.1, §4.2, §7)."""
    rules = view.rules
    if rules.players == 2:
        return None
    return Direction.COUNTER_CLOCKWISE if rules.variant == "caribbean" else Direction.CLOCKWISE


def scene_of(
    view: AllFoursPublic,
    names: Sequence[str],
    *,
    locale: str,
    clock: str | None = None,
    computers: Collection[int] = (),
    title: str | None = None,
) -> Scene:
    """The picture of an All Fours table.

    ``view`` must be ``observe(state, None)``; ``names[s]`` is the display name of seat ``s``;
    ``computers`` are the seats a computer plays; ``clock`` is a static label such as
    ``clock_label(30, locale)`` (see there); ``title`` names the variant (default "All Fours").

    >>> from engine import allfours
    >>> view = allfours.observe(allfours.new_game(allfours.preset("caribbean"), seed=1), None)
    >>> scene = scene_of(view, ["Ann", "Bob", "Cy", "Di"], locale="en")
    >>> [seat.name for seat in scene.seats], scene.direction.value
    (['Ann', 'Bob', 'Cy', 'Di'], 'counter_clockwise')
    """
    require_spectator(view.seat)
    rules = view.rules
    require_names(names, rules.players)
    acting = _acting_seats(view)
    trick_cards = dict(view.trick)
    led = view.trick[0][0] if view.trick else None
    winning = _winning_seat(view)
    seats = tuple(
        SeatScene(
            name=names[seat],
            team=view.side_of(seat),
            is_dealer=seat == view.dealer,
            is_to_act=seat in acting,
            is_computer=seat in computers,
            cards_held=view.hand_sizes[seat],
            card=trick_cards.get(seat),
            is_led=seat == led,
            is_winning=seat == winning,
        )
        for seat in range(rules.players)
    )
    return Scene(
        locale=locale,
        title=title or t("family.allfours", locale),
        labels=labels(locale),
        seats=seats,
        direction=direction_of(view),
        trump=view.trump,
        trump_text=t(f"suit.{view.trump}", locale)
        if view.trump
        else t("picture.not_chosen", locale),
        turned=view.turned,
        turned_label=_turned_label(view, locale) if view.turned else None,
        scores=score_lines(
            [_side_name(view, side, names, locale) for side in range(rules.sides)],
            view.scores,
            list(range(rules.sides)),
        ),
        target=t("picture.target", locale, target=rules.target),
        progress=_progress(view, locale),
        last_trick=tuple(card for _, card in view.previous_trick),
        last_trick_winner=t("picture.won_by", locale, player=names[view.previous_trick_winner])
        if view.previous_trick and view.previous_trick_winner is not None
        else None,
        turn=_turn(view, names, acting, locale),
        clock=clock if acting else None,
        notes=_notes(view, names, locale),
    )


def _turned_label(view: AllFoursPublic, locale: str) -> str:
    """The kick (kicks) in Trinidad, the card turned up in English and Seven Up, as the
    table message says it (RULES.md §3.3)."""
    one = len(view.turned) == 1
    if view.rules.variant == "caribbean":
        return t("picture.kick" if one else "picture.kicks", locale)
    return t("picture.kick.english" if one else "picture.kicks.english", locale)


def _acting_seats(view: AllFoursPublic) -> tuple[int, ...]:
    """Who the table waits for: every seat still to discard, else the seat to act."""
    if view.phase is Phase.DISCARD and view.pending_discards:
        return view.pending_discards
    return () if view.to_act is None else (view.to_act,)


def _winning_seat(view: AllFoursPublic) -> int | None:
    if not view.trick or view.trump is None:
        return None
    offset = trick_winner_offset([card.index for _, card in view.trick], SUITS.index(view.trump))
    return view.trick[offset][0]


def _side_name(view: AllFoursPublic, side: int, names: Sequence[str], locale: str) -> str:
    return team_name(side, locale) if view.rules.partnerships else names[side]


def _progress(view: AllFoursPublic, locale: str) -> str:
    if view.phase is Phase.PLAY:
        return t(
            "picture.progress.hand_trick",
            locale,
            hand=view.hand_number,
            trick=view.tricks_played + 1,
            # Every trick takes one card from each hand, and the seats still to play to this
            # one hold one card more than the others: the largest hand counts what is left.
            tricks=view.tricks_played + max(view.hand_sizes),
        )
    return t("picture.progress.hand", locale, hand=view.hand_number)


def _turn(
    view: AllFoursPublic, names: Sequence[str], acting: Sequence[int], locale: str
) -> str | None:
    key = turn_key(view.rules, view.phase)
    if key is None or not acting:
        return None
    players = ", ".join(names[seat] for seat in acting)
    return t("picture.turn", locale, players=players, what=t(key, locale))


def _notes(view: AllFoursPublic, names: Sequence[str], locale: str) -> tuple[str, ...]:
    if view.winner is None:
        return ()
    return (t("picture.winner", locale, side=_side_name(view, view.winner, names, locale)),)

"""The scene of a KQJ table, from the spectator's view ``observe(state, None)`` only.

Six seats, play clockwise (RULES.md §5.2). Partners share a colour: the teams of this round
(``view.team_of``), which change every round with random partners (§6.2). The centre shows the
contract — trumps, all trumps or no trumps — with the Return and who took it (§5.3) or, in an
auction, the standing bid, its value, the counter ×2 / overcounter ×4 and the bidding team
(§6.3). The panel shows victory points by side (on the seats with random partners, where every
player scores alone), card points of the round by team, and the litigation pool (§5.8). The
master card of the trick comes from the engine (``master_of``, §5.4).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from bot.families.kqj.adapter import KQJPublic
from bot.i18n import t
from bot.picture.common import (
    labels,
    require_names,
    require_spectator,
    score_lines,
    suit_symbol,
    team_name,
)
from bot.picture.scene import Direction, Scene, ScoreLine, SeatScene
from engine.cards import Card
from engine.kqj import Phase
from engine.kqj.deck import TRICKS, contract_code
from engine.kqj.state import master_of

_TURN_KEYS = {
    Phase.FIRST_ROUND: "picture.turn.first_round",
    Phase.SECOND_ROUND: "picture.turn.second_round",
    Phase.AUCTION: "picture.turn.auction",
    Phase.OVERCOUNTER: "picture.turn.overcounter",
    Phase.PLAY: "picture.turn.play",
}


def scene_of(
    view: KQJPublic,
    names: Sequence[str],
    *,
    locale: str,
    clock: str | None = None,
    computers: Collection[int] = (),
    title: str | None = None,
) -> Scene:
    """The picture of a KQJ table (arguments as ``bot.families.allfours.picture.scene_of``).

    >>> from engine import kqj
    >>> view = kqj.observe(kqj.new_game(kqj.preset("kqj"), seed=3), None)
    >>> scene = scene_of(view, [f"P{s}" for s in range(6)], locale="en")
    >>> scene.turned_label, len(scene.turned), [seat.team for seat in scene.seats]
    ('Return', 1, [0, 1, 0, 1, 0, 1])
    """
    require_spectator(view.seat)
    rules = view.rules
    require_names(names, rules.players)
    trick_cards = dict(view.trick)
    led = view.trick[0][0] if view.trick else None
    winning = _master_seat(view)
    seats = tuple(
        SeatScene(
            name=names[seat],
            team=view.team_of[seat],
            is_dealer=seat == view.dealer,
            is_to_act=seat == view.to_act,
            is_computer=seat in computers,
            cards_held=view.hand_sizes[seat],
            card=trick_cards.get(seat),
            is_led=seat == led,
            is_winning=seat == winning,
            note=_seat_note(view, seat, locale),
        )
        for seat in range(rules.players)
    )
    return Scene(
        locale=locale,
        title=title or t("picture.title.kqj", locale),
        labels=labels(locale),
        seats=seats,
        direction=Direction.CLOCKWISE,
        trump=view.contract,
        trump_text=_contract_name(view.contract, locale, long=True),
        turned=() if view.return_card is None else (view.return_card,),
        turned_label=t("picture.return", locale) if view.return_card is not None else None,
        turned_note=t("picture.taken_by", locale, player=names[view.declarer])
        if view.return_card is not None and view.declarer is not None
        else None,
        contract=_auction_line(view, locale),
        scores=()
        if rules.random_partners
        else score_lines(
            [team_name(side, locale) for side in range(rules.sides)],
            view.scores,
            list(range(rules.sides)),
        ),
        target=t("picture.target", locale, target=rules.target),
        round_scores=_round_scores(view, locale),
        pool=t("picture.pool", locale, points=view.pool) if view.pool else None,
        progress=_progress(view, locale),
        last_trick=tuple(card for _, card in _last_trick(view)),
        last_trick_winner=t("picture.won_by", locale, player=names[view.trick_winners[-1]])
        if view.trick_winners
        else None,
        turn=_turn(view, names, locale),
        clock=clock if view.to_act is not None else None,
        notes=_notes(view, names, locale),
    )


def _master_seat(view: KQJPublic) -> int | None:
    if not view.trick or view.contract is None:
        return None
    trick = tuple(card.index for _, card in view.trick)
    seat, _ = master_of(trick, view.leader, contract_code(view.contract))
    return seat


def _contract_name(contract: str | None, locale: str, *, long: bool) -> str:
    """``h`` -> "hearts" (or ``♥`` when not ``long``), ``all`` -> "All trumps"…"""
    if contract is None:
        return t("picture.not_chosen", locale)
    if contract == "all":
        return t("picture.all_trumps", locale)
    if contract == "none":
        return t("picture.no_trumps", locale)
    return t(f"suit.{contract}", locale) if long else suit_symbol(contract)


def _auction_line(view: KQJPublic, locale: str) -> str | None:
    """The standing bid or the contract of an auction game: value, kind, multiplier, team."""
    if not view.rules.auction:
        return None
    if view.bidder is None:
        return t("picture.no_bid", locale) if view.phase is Phase.AUCTION else None
    contract = _bid_text(view, locale)
    team = team_name(view.team_of[view.bidder], locale)
    if view.multiplier > 1:
        return t(
            "picture.contract_doubled",
            locale,
            contract=contract,
            multiplier=view.multiplier,
            team=team,
        )
    return t("picture.contract", locale, contract=contract, team=team)


def _bid_text(view: KQJPublic, locale: str) -> str:
    """The standing bid: "Bid 120 ♥", "Capot all trumps"…"""
    kind = _contract_name(view.bid_contract, locale, long=False)
    if view.capot:
        return t("picture.capot", locale, contract=kind)
    return t("picture.bid", locale, value=view.bid, contract=kind)


def _seat_note(view: KQJPublic, seat: int, locale: str) -> str | None:
    parts = []
    if view.phase is Phase.PLAY and seat == view.declarer:
        parts.append(t("picture.declarer", locale))
    if view.phase in (Phase.AUCTION, Phase.OVERCOUNTER) and seat == view.bidder:
        parts.append(_bid_text(view, locale))
    if seat == view.counterer:
        key = "picture.overcountered" if view.multiplier >= 4 else "picture.countered"
        parts.append(t(key, locale))
    if view.rules.random_partners:
        parts.append(t("picture.victory_points", locale, points=view.scores[seat]))
    return " · ".join(parts) or None


def _round_scores(view: KQJPublic, locale: str) -> tuple[ScoreLine, ...]:
    if view.phase is not Phase.PLAY or not view.trick_winners:
        return ()
    teams = range(len(view.team_points))
    return score_lines([team_name(team, locale) for team in teams], view.team_points, list(teams))


def _last_trick(view: KQJPublic) -> tuple[tuple[int, Card], ...]:
    done = len(view.trick_winners)
    if not done:
        return ()
    players = view.rules.players
    return view.played[(done - 1) * players : done * players]


def _progress(view: KQJPublic, locale: str) -> str:
    if view.phase is Phase.PLAY:
        trick = len(view.trick_winners) + 1
        return t(
            "picture.progress.round_trick",
            locale,
            round=view.round_number,
            trick=trick,
            tricks=TRICKS,
        )
    return t("picture.progress.round", locale, round=view.round_number)


def _turn(view: KQJPublic, names: Sequence[str], locale: str) -> str | None:
    key = _TURN_KEYS.get(view.phase)
    if key is None or view.to_act is None:
        return None
    return t("picture.turn", locale, players=names[view.to_act], what=t(key, locale))


def _notes(view: KQJPublic, names: Sequence[str], locale: str) -> tuple[str, ...]:
    winner = view.winner
    if winner is None:
        return ()

    def side_name(side: int) -> str:
        return names[side] if view.rules.random_partners else team_name(side, locale)

    if isinstance(winner, tuple):
        sides = ", ".join(side_name(side) for side in winner)
        return (t("picture.shared_win", locale, sides=sides),)
    return (t("picture.winner", locale, side=side_name(winner)),)

"""How KQJ is said at the table: contracts, the order of a hand, sides and teams, bids and the
trick with its master card, for the table message and the panel alike.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.families.kqj import KQJPublic
from bot.i18n import t
from bot.notation import SUIT_SYMBOLS, card_text
from bot.service.model import HandView, PublicTable
from cogs.table.words import (
    seat_label,
    seat_name,
    standing_scores,
    suit_text,
    team_label,
    team_letter,
)
from engine import kqj
from engine.cards import Card
from engine.kqj.deck import CONTRACTS, PLAIN_STRENGTH, TRUMP_STRENGTH
from engine.kqj.state import master_of

KQJTable = PublicTable[kqj.Ruleset, KQJPublic]
KQJHand = HandView[kqj.Ruleset, KQJPublic, kqj.PlayerView]


# --- contracts and cards -------------------------------------------------------------------


def contract_text(contract: str, locale: str) -> str:
    """``h`` -> ``♥ hearts``; ``all`` / ``none`` -> all trumps / no trumps."""
    if contract in SUIT_SYMBOLS:
        return suit_text(contract, locale)
    return t(f"kqj.contract.{contract}", locale)


def is_trump(card: Card, contract: str | None) -> bool:
    return contract == "all" or card.suit == contract


def sort_hand(cards: Sequence[Card], contract: str | None) -> list[Card]:
    """Trumps first in trump order (§5.1), then the other suits ♠ ♥ ♦ ♣ in plain order."""

    def key(card: Card) -> tuple[int, int, int]:
        trump = is_trump(card, contract)
        strength = TRUMP_STRENGTH if trump or contract == "all" else PLAIN_STRENGTH
        return (
            0 if trump and contract != "all" else 1,
            "shdc".index(card.suit),
            -strength[card.rank_code],
        )

    return sorted(cards, key=key)


def suit_order(contract: str | None) -> str:
    """Suits in the order a hand is read: the trump suit first."""
    if contract in SUIT_SYMBOLS:
        assert contract is not None
        return contract + "shdc".replace(contract, "")
    return "shdc"


def contract_of(view: KQJPublic) -> str | None:
    """The trumps the player should read the hand by: the contract, else the Return's suit
    in the first round, else the bid's contract in the auction."""
    if view.contract is not None:
        return view.contract
    if view.phase is kqj.Phase.FIRST_ROUND and view.return_card is not None:
        return view.return_card.suit
    return view.bid_contract


# --- names ---------------------------------------------------------------------------------


def side_label(table: KQJTable, side: int, locale: str) -> str:
    """A scoring side: a team (fixed partners), or a player (random partners, §6.2)."""
    if table.rules.random_partners:
        return seat_label(table, side, locale)
    return team_label(side, locale)


def side_name(table: KQJTable, side: int, locale: str) -> str:
    """A scoring side by name, for titles (no mention: Discord shows it raw there)."""
    if table.rules.random_partners:
        return seat_name(table, side, locale)
    return team_label(side, locale)


def scores_text(table: KQJTable, scores: Sequence[int], locale: str) -> str:
    return " · ".join(
        f"{side_label(table, side, locale)} {points}" for side, points in enumerate(scores)
    )


def team_groups(table: KQJTable, view: KQJPublic, locale: str) -> list[tuple[str, list[int]]]:
    """The seats of each team of this round, headed by the team's name (the victory points
    are in their own field, once)."""
    return [(team_label(team, locale), list(seats)) for team, seats in enumerate(view.teams)]


def bid_text(table: KQJTable, value: int, contract: str, capot: bool, locale: str) -> str:
    if capot:
        return t("kqj.capot_bid", locale, contract=contract_text(contract, locale))
    return t("kqj.bid_value", locale, value=value, contract=contract_text(contract, locale))


def team_of_seat(view: KQJPublic, seat: int, locale: str) -> str:
    """A seat's team as the standing facts write it (``A``)."""
    return team_letter(view.team_of[seat], locale)


def short_scores_text(table: KQJTable, scores: Sequence[int], locale: str) -> str:
    """The score where a phone has one line for it: teams by their letter (``A 0 – B 0``),
    players by name (random partners)."""
    if table.rules.random_partners:
        sides = [(seat_label(table, side, locale), points) for side, points in enumerate(scores)]
    else:
        sides = [(team_letter(side, locale), points) for side, points in enumerate(scores)]
    return standing_scores(sides)


def trick_line(table: KQJTable, view: KQJPublic, locale: str) -> str:
    if not view.trick:
        return t("kqj.trick_empty", locale, number=len(view.trick_winners) + 1)
    assert view.contract is not None
    master_seat, _ = master_of(
        tuple(card.index for _, card in view.trick), view.leader, CONTRACTS.index(view.contract)
    )
    cards = []
    for seat, card in view.trick:
        mark = " ★" if seat == master_seat else ""
        cards.append(f"{seat_label(table, seat, locale)} {card_text(card)}{mark}")
    return t("kqj.trick", locale, number=len(view.trick_winners) + 1, cards=" · ".join(cards))

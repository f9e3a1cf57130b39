"""No card a player holds or discarded reaches a public message, in any notation the product
writes cards in: card text (``10♥``), the hand's suit groups (``♥ 10 3``), engine codes
(``Th``, ``P:Th``) in text or custom_ids, and the table picture's cards and labels.

Thousands of random positions of every All Fours variant and KQJ mode are drawn through every
public message kind: the table message (with and without its picture), the message of the
deal that just ended, the game-over message, the lobby."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from bot.models import SeatRecord, Status
from bot.notation import SUIT_SYMBOLS, card_text, cards_text, rank_text
from bot.service import Snapshot
from cogs.allfours.render import RENDERER as ALL_FOURS
from cogs.kqj.render import RENDERER as KQJ
from cogs.table import render
from cogs.table.render import TableMessage, TableRenderer, hand_text
from engine import allfours, kqj
from engine.cards import Card
from tests.bot.support import game_record

ALL_FOURS_RULES = [
    *((name, allfours.preset(name)) for name in allfours.PRESET_NAMES),
    ("english", allfours.preset("english").replace(players=3)),
    ("seven-up", allfours.preset("seven-up").replace(players=4, partnerships=True)),
    ("english", allfours.preset("english").replace(players=4, partnerships=False)),
]
KQJ_RULES = [
    kqj.preset("kqj"),
    kqj.preset("kqj").replace(teams="2v2v2"),
    kqj.preset("kqj").replace(auction=True),
    kqj.preset("kqj").replace(random_partners=True),
    kqj.preset("kqj").replace(teams="2v2v2", auction=True, random_partners=True),
]
POSITIONS_PER_RULESET = 240


def _positions(module: Any, rules: Any, seed: int) -> Iterator[Any]:
    """Random positions of random games: after every random legal action of a few games."""
    rng = random.Random(seed)
    produced = 0
    game = 0
    while produced < POSITIONS_PER_RULESET:
        state = module.new_game(rules, seed=seed * 1000 + game)
        game += 1
        while state.winner is None and produced < POSITIONS_PER_RULESET:
            seat = next(s for s in range(rules.players) if module.legal_actions(state, s))
            action = rng.choice(module.legal_actions(state, seat))
            state = module.apply(state, seat, action).state
            if rng.random() < 0.35:
                produced += 1
                yield state
        if state.winner is not None:
            produced += 1
            yield state


def _snapshot(family: str, variant: str, rules: Any, state: Any, module: Any) -> Snapshot[Any, Any]:
    seats = {
        seat: SeatRecord(seat=seat, user_id=500 + seat, name=f"player {seat}")
        for seat in range(rules.players)
    }
    over = state.winner is not None
    record = game_record(
        id=77,
        family=family,
        variant=variant,
        ruleset=module.dump(rules),
        status=Status.FINISHED if over else Status.PLAYING,
        snapshot=module.dump(state),
        version=42,
        message_id=5,
        message_deal=1,
        turn_seconds=30,
        seats=seats,
    )
    return Snapshot(record, rules, state)


def _secrets(state: Any, public: set[str]) -> set[Card]:
    """Cards held or discarded now that the spectator's view does not show (a kick the dealer
    kept, the KQJ Return in the declarer's hand are public)."""
    held = {card for seat in range(state.rules.players) for card in state.hand(seat)}
    for pile in getattr(state, "discards", ()):
        held |= {Card.parse(text) for text in _mask_cards(pile)}
    return {card for card in held if str(card) not in public}


def _mask_cards(mask: int) -> list[str]:
    from engine.cards import cards_in

    return [str(card) for card in cards_in(mask)]


def _public_cards(view: Any) -> set[str]:
    shown: set[str] = set()
    for name in ("turned", "played"):
        for item in getattr(view, name, ()) or ():
            card = item[1] if isinstance(item, tuple) else item
            shown.add(str(card))
    for name in ("kick", "return_card"):
        card = getattr(view, name, None)
        if card is not None:
            shown.add(str(card))
    return shown


def _notations(card: Card) -> list[str]:
    return [card_text(card), f"P:{card}", f"D:{card}"]


def _text(message: TableMessage) -> str:
    parts = [message.content, str(message.embed.to_dict())]
    if message.view is not None:
        parts.append(str(message.view.to_components()))
    return "\n".join(parts)


def _in_hand_notation(card: Card, shown: str) -> bool:
    """Whether ``shown`` writes ``card`` the way a hand is written: the suit symbol, then
    ranks separated by spaces (``♥ K 10 3``), among them this card's."""
    symbol = re.escape(SUIT_SYMBOLS[card.suit])
    rank = re.escape(rank_text(card.rank))
    return re.search(rf"{symbol} (?:[0-9AKQJH]+ )*{rank}(?![0-9])", shown) is not None


def _check(renderer: TableRenderer[Any, Any, Any, Any], snap: Snapshot[Any, Any]) -> None:
    state = snap.state
    view = renderer.family.observe(state, None)
    secrets = _secrets(state, _public_cards(view))
    table = snap.public()
    messages = [
        renderer.table_message(table, {0: 1.0e9}, "en"),
        renderer.table_message(table, {}, "en", deal=renderer.family.deal_number(state) - 1),
        render.TableMessage("", render.lobby_embed(table, renderer, "en"), None),
    ]
    scene = None
    if snap.status is Status.PLAYING:
        scene = renderer.scene(table, "en")
        messages.append(renderer.table_message(table, {}, "en", scene=scene))
    else:
        messages.append(render.game_over_message(table, renderer, "en"))
    shown = "\n".join(_text(m) for m in messages)
    for card in secrets:
        for written in _notations(card):
            assert written not in shown, (card, written)
        assert not re.search(rf"\b{card}\b", shown), card
    for card in secrets:
        assert not _in_hand_notation(card, shown), card
    if scene is not None:
        assert not secrets & set(scene.cards_shown())
        labels = repr(scene)
        for card in secrets:
            assert card_text(card) not in labels


@pytest.mark.parametrize(
    ("variant", "rules"), ALL_FOURS_RULES, ids=[f"{v}-{r.players}" for v, r in ALL_FOURS_RULES]
)
def test_no_hidden_all_fours_card_in_public(variant: str, rules: allfours.Ruleset) -> None:
    for state in _positions(allfours, rules, seed=11):
        _check(ALL_FOURS, _snapshot("allfours", variant, rules, state, allfours))


@pytest.mark.parametrize(
    "rules", KQJ_RULES, ids=lambda r: f"{r.teams}-{r.auction}-{r.random_partners}"
)
def test_no_hidden_kqj_card_in_public(rules: kqj.Ruleset) -> None:
    for state in _positions(kqj, rules, seed=13):
        _check(KQJ, _snapshot("kqj", "kqj", rules, state, kqj))


def test_the_check_catches_a_planted_leak() -> None:
    """The check is not blind: a table message that shows the hand of the player to act (in
    the hand's own notation) fails it."""
    rules = allfours.preset("caribbean")
    state = allfours.new_game(rules, seed=5)
    snap = _snapshot("allfours", "caribbean", rules, state, allfours)

    class Leaky(type(ALL_FOURS)):  # type: ignore[misc]
        def table_message(self, *args: Any, **kwargs: Any) -> TableMessage:
            message = super().table_message(*args, **kwargs)
            seat = state.to_act
            message.embed.add_field(
                name="hand", value=hand_text(list(state.hand(seat)), "shdc", "en")
            )
            return message

    with pytest.raises(AssertionError):
        _check(Leaky(), snap)


def test_the_check_catches_planted_discards() -> None:
    """Nor is it blind to discards: a table message that lists a player's discarded cards
    (English, after a run of the pack) fails it."""
    rules = allfours.preset("english")
    state = next(s for s in _positions(allfours, rules, seed=3) if any(pile for pile in s.discards))
    snap = _snapshot("allfours", "english", rules, state, allfours)
    pile = next(pile for pile in state.discards if pile)

    class Leaky(type(ALL_FOURS)):  # type: ignore[misc]
        def table_message(self, *args: Any, **kwargs: Any) -> TableMessage:
            message = super().table_message(*args, **kwargs)
            cards = [Card.parse(text) for text in _mask_cards(pile)]
            message.embed.add_field(name="discards", value=cards_text(cards))
            return message

    with pytest.raises(AssertionError):
        _check(Leaky(), snap)

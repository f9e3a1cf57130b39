"""Message layouts fit Discord's limits and public messages carry no hidden card."""

from __future__ import annotations

import re
from dataclasses import replace

import discord
from hypothesis import given
from hypothesis import strategies as st

from bot.families.allfours import ALL_FOURS
from bot.models import SeatRecord, Status
from bot.notation import card_text
from bot.service import Panel, Snapshot
from cogs.allfours.render import RENDERER
from cogs.table import render
from cogs.table.components import ITEMS, MAX_CUSTOM_ID, route
from engine import allfours
from engine.cards import standard_deck
from tests.bot.support import game_record

CARD_CODE = re.compile(r"[2-9TJQKA][shdc]")


def _snapshot(variant: str, seed: int, *, state: allfours.GameState | None = None) -> Snapshot:
    rules = allfours.preset(variant)
    state = state or allfours.new_game(rules, seed=seed)
    seats = {
        seat: SeatRecord(seat=seat, user_id=100 + seat, name=f"p{seat}")
        for seat in range(rules.players)
    }
    record = game_record(
        id=123456789012345678,
        variant=variant,
        ruleset=allfours.dump(rules),
        seed=seed,
        status=Status.PLAYING,
        snapshot=allfours.dump(state),
        version=987654321,
        message_id=3,
        message_deal=1,
        turn_seconds=60,
        seats=seats,
    )
    return Snapshot(record, rules, state)


def _panel(snap: Snapshot, seat: int) -> Panel:
    state = snap.state
    legal = tuple(allfours.legal_actions(state, seat))
    return Panel(
        snapshot=snap,
        seat=seat,
        view=allfours.observe(state, seat),
        legal=legal,
        codes=tuple(allfours.encode_action(a) for a in legal),
        handed_over=False,
    )


def _custom_ids(view: discord.ui.View | None) -> list[str]:
    if view is None:
        return []
    ids = [str(item.custom_id) for item in view.children if isinstance(item, ITEMS)]
    assert len(ids) == len(view.children)
    return ids


def _rows_ok(view: discord.ui.View) -> None:
    rows: dict[int, int] = {}
    for component in view.to_components():
        rows[len(rows)] = len(component["components"])
    assert len(rows) <= 5 and all(count <= 5 for count in rows.values())


def _after_runs(variant: str, seed: int, runs: int) -> allfours.GameState:
    """Beg and run the pack as often as the engine allows: the biggest hands possible."""
    state = allfours.new_game(allfours.preset(variant), seed=seed)
    for _ in range(runs * 2):
        legal = allfours.legal_actions(state, state.to_act)
        pick = next((a for a in legal if isinstance(a, (allfours.Beg, allfours.RunPack))), legal[0])
        if state.phase not in (allfours.Phase.DECLARE, allfours.Phase.REPLY):
            break
        state = allfours.apply(state, state.to_act, pick).state
    return state


@given(
    cards=st.integers(min_value=0, max_value=21),
    enabled=st.integers(min_value=0, max_value=21),
    decisions=st.integers(min_value=0, max_value=3),
)
def test_layout_always_fits_five_rows_of_five(cards: int, enabled: int, decisions: int) -> None:
    """Every possible hand (up to 21 cards after five runs) and its decisions fit."""
    specs = [
        render.ButtonSpec(f"P:{i}", str(i), discord.ButtonStyle.secondary, i < enabled)
        for i in range(cards)
    ]
    choices = [
        render.ButtonSpec(str(i), "d", discord.ButtonStyle.success, True) for i in range(decisions)
    ]
    rows = render.layout(specs, choices)
    assert len(rows) <= 5 and all(len(row) <= 5 for row in rows)
    shown = [spec for row in rows for spec in row]
    assert [s for s in specs if s.enabled] == [s for s in shown if s in specs and s.enabled]
    assert all(choice in shown for choice in choices)


def test_suits_share_rows_for_a_phone_and_refresh_the_last() -> None:
    """As few rows as whole suits allow (40 pixels each on a phone): ♠ 5 ♥ 6 · ♣ Q 8 6
    Refresh; a last suit of five cards leaves Refresh a row of its own, and a suit of five
    is never cut to save it one."""
    spec = discord.ButtonStyle.secondary

    def hand(suits: str) -> list[render.ButtonSpec]:
        return [render.ButtonSpec(f"P:{i}", s, spec, True, s) for i, s in enumerate(suits)]

    refresh = render.ButtonSpec(render.REFRESH, "Refresh", spec, True)
    rows = render.layout(hand("shccc"), [refresh])
    assert [[b.label for b in row] for row in rows] == [["s", "h"], ["c", "c", "c", "Refresh"]]
    rows = render.layout(hand("sccccc"), [refresh])
    assert [[b.label for b in row] for row in rows] == [["s"], ["c"] * 5, ["Refresh"]]


def test_short_suits_share_a_row_rather_than_split() -> None:
    """With a row less (a menu above the cards), whole suits share rows — ♤ 5 ♥ 6 6 ♦ 7 7 ·
    ♧ 8 8 8 Hint Refresh — rather than five cards to a row that cut a suit in two; a suit
    that fits its row alone keeps it when the row count is the same."""
    spec = discord.ButtonStyle.secondary
    cards = [render.ButtonSpec(f"P:{i}", s, spec, False, s) for i, s in enumerate("shhddccc")]
    decisions = [
        render.ButtonSpec(label, label, spec, True) for label in (render.HINT, render.REFRESH)
    ]
    rows = render.layout(cards, decisions, rows=3)
    assert [[b.label for b in row] for row in rows] == [
        ["s", "h", "h", "d", "d"],
        ["c", "c", "c", render.HINT, render.REFRESH],
    ]
    rows = render.layout(cards[:3] + cards[5:], decisions[1:])
    assert [[b.label for b in row] for row in rows] == [
        ["s", "h", "h"],
        ["c", "c", "c", render.REFRESH],
    ]


def test_a_discard_menu_leaves_every_suit_on_one_row() -> None:
    """The discard panels after runs of the pack (a menu row, up to twelve cards): each suit of
    five cards or fewer is on one row of buttons."""
    seen = 0
    for seed in range(6):
        state = _after_runs("seven-up", seed, 3)
        if state.phase is not allfours.Phase.DISCARD:
            continue
        snap = _snapshot("seven-up", seed, state=state)
        for seat in range(snap.rules.players):
            panel = _panel(snap, seat)
            if not panel.codes:
                continue
            _, view = render.panel_message(panel, RENDERER, "en")
            rows = [
                [
                    c["custom_id"].rsplit(":", 1)[-1]
                    for c in row["components"]
                    if ":P:" in c["custom_id"]
                ]
                for row in view.to_components()
            ]
            for suit in "shdc":
                held = [i for i, row in enumerate(rows) for card in row if card.endswith(suit)]
                if 0 < len(held) <= 5:
                    assert len(set(held)) == 1, (suit, rows)
            seen += 1
    assert seen >= 4


def test_panels_show_only_their_owner_cards_and_respect_limits() -> None:
    """A panel's ids are short, unique, and name only its owner's cards."""
    for variant in ALL_FOURS.variants:
        for seed in range(5):
            for state in (
                allfours.new_game(allfours.preset(variant), seed=seed),
                _after_runs(variant, seed, runs=6),
            ):
                snap = _snapshot(variant, seed, state=state)
                for seat in range(state.players):
                    _, view = render.panel_message(_panel(snap, seat), RENDERER, "en")
                    ids = _custom_ids(view)
                    assert len(ids) >= len(state.hand(seat))
                    assert len(ids) == len(set(ids)) and all(len(i) <= MAX_CUSTOM_ID for i in ids)
                    assert all(route(i) is not None for i in ids)
                    _rows_ok(view)
                    own = {str(c) for c in state.hand(seat)}
                    named = {m for i in ids for m in CARD_CODE.findall(i.split(":", 4)[-1])}
                    assert named <= own


def test_public_table_message_carries_no_hidden_card() -> None:
    """The table message's text and ids hold no card of any hand."""
    for variant in ALL_FOURS.variants:
        for seed in range(5):
            snap = _snapshot(variant, seed)
            message = RENDERER.table_message(snap.public(), {0: 1.0e9}, "en")
            ids = _custom_ids(message.view)
            assert ids == [f"af:h:{snap.id}"]
            text = " ".join([message.content, str(message.embed.to_dict())])
            held = {card_text(c) for s in range(snap.state.players) for c in snap.state.hand(s)}
            assert not {card for card in held if card in text}


def test_every_item_template_is_distinct() -> None:
    """Two templates matching one id would run two callbacks for one click."""
    samples = [
        "af:l:1:j0",
        "af:h:1",
        "af:r:1",
        "af:a:1:2:P:Th",
        "af:b:allfours:g:0",
        "af:s:allfours:9:0",
        "kq:l:1:j2",
        "kq:a:1:2:B:130:h",
        "kq:v:1:2:0",
        "kq:d:1:2:0",
        "kq:b:kqj-3v3:s:1",
    ]
    for sample in samples:
        matching = [
            item for item in ITEMS if item.__discord_ui_compiled_template__.fullmatch(sample)
        ]
        assert len(matching) == 1, sample


def _five_runs() -> allfours.GameState:
    """Two-player Trinidad where the kick keeps the first suit five times: 21-card hands."""
    deck = [str(c) for c in standard_deck()]
    spades = [c for c in deck if c.endswith("s") and c[0] not in "AJ6"][:5]  # kicks worth 0
    heart = "3h"
    rest = [c for c in deck if c not in spades and c != heart]
    hands, rest = [rest[0:6], rest[6:12]], rest[12:]
    stock: list[str] = []
    for kick in spades:
        stock.append(kick)
        stock.extend(rest[:6])
        rest = rest[6:]
    stock.append(heart)
    stock.extend(rest)
    state = allfours.deal(allfours.preset("caribbean-2p"), hands=hands, stock=stock)
    state = allfours.apply(state, state.to_act, allfours.Beg()).state
    return allfours.apply(state, state.to_act, allfours.RunPack()).state


def test_a_twenty_one_card_hand_fits_one_panel() -> None:
    """The biggest hand the engine can deal is drawn as buttons within Discord's limits."""
    state = _five_runs()
    assert state.phase is allfours.Phase.PLAY and len(state.hand(0)) == 21
    snap = _snapshot("caribbean-2p", 0, state=state)
    for seat in range(2):
        _, view = render.panel_message(_panel(snap, seat), RENDERER, "en")
        _rows_ok(view)
        assert len(_custom_ids(view)) == 22  # 21 cards and Refresh


def test_a_game_won_by_a_kick_at_the_deal_shows_the_kick() -> None:
    """The dealer's side at 11 runs the pack and kicks a jack (3): the game ends during the
    deal, and the closed hand shows the kick that won it, marked, and no count."""
    deck = [str(c) for c in standard_deck()]
    first_kick, winning_kick = "2c", "Jd"
    rest = [c for c in deck if c not in (first_kick, winning_kick)]
    hands, rest = [rest[i * 6 : i * 6 + 6] for i in range(4)], rest[24:]
    stock = [first_kick, *rest[:12], winning_kick, *rest[12:]]
    rules = allfours.preset("caribbean")
    before = allfours.deal(rules, dealer=0, hands=hands, stock=stock, scores=(11, 5))
    begged = allfours.apply(before, before.to_act, allfours.Beg()).state
    transition = allfours.apply(begged, begged.to_act, allfours.RunPack())
    assert transition.state.winner == 0
    summary = ALL_FOURS.deal_summary(begged, transition.events)
    snap = _snapshot("caribbean", 0, state=transition.state)
    record = replace(snap.record, status=Status.FINISHED, last_deal=summary)
    shown = RENDERER.table_message(replace(snap, record=record).public(), {}, "en", deal=1)
    text = str(shown.embed.to_dict())
    assert "Kick J♦: Team A +3" in text and "🏁" in text
    assert "ended during the deal" in text and "High" not in text

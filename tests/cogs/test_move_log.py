"""The move log tells every event: a whole game of each shape is played at the engine's speed,
its move log kept by the service's own ``told``, and every public table message a player would
see (the current deal after each move, and each deal's message once it is over) is drawn with
pictures off. Every engine event that occurred must be found in that text, in words, per event
type; and no card a player holds or discarded reaches it."""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from bot.families import family
from bot.i18n import t
from bot.models import SeatRecord, Status
from bot.notation import SUIT_SYMBOLS, card_text
from bot.service.model import Snapshot, Told, told
from cogs.allfours.render import RENDERER as ALL_FOURS
from cogs.kqj.render import RENDERER as KQJ
from cogs.kqj.words import bid_text, contract_text
from cogs.table.render.story import (
    RECENT_LINES,
    REDEAL_REASONS,
    current_teller,
    recent_lines,
    story,
)
from engine import allfours, kqj
from tests.bot.support import game_record

PASSIVE = ("Pass", "Beg", "RunPack")
"""Decisions the test's random players favour, so that runs of the pack, refusals, passes and
redeals happen in every game."""

SHAPES = [
    ("allfours", "caribbean", allfours.preset("caribbean"), 1),
    ("allfours", "english", allfours.preset("english"), 0),
    ("allfours", "seven-up", allfours.preset("seven-up"), 0),
    ("kqj", "kqj", kqj.preset("kqj").replace(target=500), 0),
    ("kqj", "kqj", kqj.preset("kqj").replace(auction=True, target=500), 12),
]

MUST_OCCUR = {
    "caribbean": {"Stood", "Begged", "TookOne", "RanPack", "TrickWon", "HandEnded", "GameOver"},
    "english": {"Begged", "RanPack", "Discarded", "TrickWon", "HandEnded", "GameOver"},
    "seven-up": {"Begged", "RanPack", "Discarded", "TrickWon", "HandEnded", "GameOver"},
    "kqj": {"Passed", "Took", "ReturnTurned", "TrickWon", "BonusScored", "HandEnded"},
    "kqj-auction": {"Passed", "BidMade", "Countered", "Redeal", "AuctionEnded", "BonusScored"},
}


def _name(seat: int) -> str:
    return f"<@{5000 + seat}>"


def _play(family_name: str, variant: str, rules: Any, seed: int) -> tuple[list[Told], str]:
    """One whole game; returns its events (as logged) and every public text drawn."""
    fam = family(family_name)
    renderer = ALL_FOURS if family_name == "allfours" else KQJ
    rng = random.Random(seed)
    players = fam.players(rules)
    seats = {s: SeatRecord(seat=s, user_id=5000 + s, name=f"p{s}") for s in range(players)}
    record = game_record(
        family=family_name,
        variant=variant,
        ruleset=fam.rules_to_json(rules),
        status=Status.PLAYING,
        seats=seats,
        version=1,
    )
    state = fam.new_game(rules, seed)
    log: tuple[Told, ...] = ()
    every: list[Told] = []
    texts: list[str] = []
    for _ in range(20000):
        if fam.result(state) is not None:
            break
        actors = fam.expected_actors(state)
        optional = [s for s in range(players) if s not in actors and fam.legal_actions(state, s)]
        seat = rng.choice(optional) if optional and rng.random() < 0.3 else rng.choice(actors)
        legal = fam.legal_actions(state, seat)
        passive = [a for a in legal if type(a).__name__ in PASSIVE]
        action = rng.choice(passive if passive and rng.random() < 0.6 else legal)
        deal = fam.deal_number(state)
        before = state
        state, events = fam.apply(state, seat, action)
        summary = fam.deal_summary(before, events)
        log = told(fam, log, deal, record.version + 1, seat, events)
        every.extend(e for e in log if e.version == record.version + 1)
        finished = fam.result(state) is not None
        record = replace(
            record,
            version=record.version + 1,
            status=Status.FINISHED if finished else Status.PLAYING,
            end_reason="finished" if finished else None,
            last_deal=summary or record.last_deal,
        )
        table = Snapshot(record, rules, state, log).public()
        messages = [renderer.table_message(table, {}, "en")]
        if fam.deal_number(state) != deal or finished:
            messages.append(renderer.table_message(table, {}, "en", deal=deal))
        hidden = action.cards if isinstance(action, allfours.Discard) else ()
        for message in messages:
            embed = message.embed
            parts = [message.content, embed.title or "", embed.description or ""]
            parts.extend(f"{f.name}\n{f.value}" for f in embed.fields)
            text = "\n".join(parts)
            assert not [card for card in hidden if card_text(card) in text], text
            texts.append(text)
    assert fam.result(state) is not None, "the game did not end"
    return every, "\n".join(texts)


def _before(template: str, marker: str = "\x00") -> str:
    return template.split(marker, 1)[0]


def _expected(variant: str, rules: Any) -> dict[str, Callable[[Any], str | re.Pattern[str]]]:
    """What the text must say of each event type (independently of the renderers' code)."""
    english = variant != "caribbean"
    common: dict[str, Callable[[Any], str | re.Pattern[str]]] = {
        "CardPlayed": lambda e: f"{_name(e.seat)} {card_text(e.card)}",
        "TrickWon": lambda e: t("log.trick", "en", cards="", winner=_name(e.seat), points=e.points),
        "Redeal": lambda e: t("log.redeal", "en", reason=t(REDEAL_REASONS[e.reason], "en")),
        "GameOver": lambda e: "🏁",
    }
    if variant in ("kqj", "kqj-auction"):
        return {
            **common,
            "Dealt": lambda e: t(
                "kqj.log.dealt", "en", round=e.hand_number, dealer=_name(e.dealer)
            ),
            "ReturnTurned": lambda e: t("kqj.log.return", "en", card=card_text(e.card)),
            # alone, "@B passes."; in a run of passes, one line: "@B, @C, @D pass."; all of
            # them in a row: "Everyone passes."
            "Passed": lambda e: re.compile(
                re.escape(_name(e.seat))
                + "(?:"
                + re.escape(t("log.name_separator", "en"))
                + r"[^\n]*)? pass(?:es)?\.|"
                + re.escape(t("kqj.log.all_passed", "en"))
            ),
            # Told by the contract's line while the round is on (its log line only in the
            # finished round's story): who took which contract, and the trumps.
            "Took": lambda e: _before(
                t(
                    "kqj.contract_taken",
                    "en",
                    contract=contract_text(e.contract, "en"),
                    player=_name(e.seat),
                    team="\x00",
                    card=card_text(e.card),
                )
            ),
            "BidMade": lambda e: t(
                "kqj.log.bid",
                "en",
                player=_name(e.seat),
                bid=bid_text(None, e.value, e.contract, e.capot, "en"),  # type: ignore[arg-type]
            ),
            "Countered": lambda e: t("kqj.log.countered", "en", player=_name(e.seat)),
            "Overcountered": lambda e: t("kqj.log.overcountered", "en", player=_name(e.seat)),
            "AuctionEnded": lambda e: _before(
                t(
                    "kqj.contract_bid",
                    "en",
                    bid=bid_text(None, e.value, e.contract, e.capot, "en"),  # type: ignore[arg-type]
                    player=_name(e.declarer),
                    team="\x00",
                )
            ),
            "TrumpFixed": lambda e: f"{contract_text(e.suit, 'en')}** · <@",
            "BonusScored": lambda e: _before(
                t(
                    "kqj.log.bonus",
                    "en",
                    bonus=t(f"kqj.bonus.{e.kind}", "en", points=e.points),
                    who="\x00",
                )
            ),
            "PointsAwarded": lambda e: f"+{e.points}",
            "HandEnded": lambda e: _before(
                t("kqj.log.round_ended", "en", round=e.hand_number, outcome="\x00", scores="")
            ),
        }
    turned = "log.turned.english" if english else "log.turned"
    accepting = english and rules.players >= 3
    return {
        **common,
        "Dealt": lambda e: t("log.dealt", "en", hand=e.hand_number, dealer=_name(e.dealer)),
        "CardTurned": lambda e: t(
            "log.turned_aside" if e.set_aside else turned, "en", card=card_text(e.card)
        ),
        # the standing facts' first word while the deal is on (the log's line only in the
        # finished deal's story)
        "TrumpFixed": lambda e: t("table.trump", "en", symbol=SUIT_SYMBOLS[e.suit]),
        "Stood": lambda e: t(
            "log.accepted" if accepting else "log.stood", "en", player=_name(e.seat)
        ),
        "Begged": lambda e: t(
            "log.refused" if accepting else "log.begged", "en", player=_name(e.seat)
        ),
        "TookOne": lambda e: t(
            "log.took_one.english" if english else "log.took_one", "en", player=_name(e.seat)
        ),
        "RanPack": lambda e: t("log.ran_pack", "en", player=_name(e.seat)),
        "Discarded": lambda e: t("log.discarded", "en", player=_name(e.seat), count=e.count),
        "PointsAwarded": lambda e: f"+{e.points}",
        "HandEnded": lambda e: _before(
            t("log.hand_ended", "en", hand=e.hand_number, scores="\x00")
        ),
    }


@pytest.mark.parametrize(("family_name", "variant", "rules", "seed"), SHAPES)
def test_every_event_of_a_whole_game_is_told_in_public_text(
    family_name: str, variant: str, rules: Any, seed: int
) -> None:
    """Each event the engine reported in a whole game appears in the public text, by type."""
    shape = "kqj-auction" if family_name == "kqj" and rules.auction else variant
    events, text = _play(family_name, variant, rules, seed)
    occurred = Counter(type(e.event).__name__ for e in events)
    assert MUST_OCCUR[shape] <= set(occurred), f"{shape}: {sorted(occurred)}"
    expected = _expected(shape, rules)
    missing: dict[str, list[str]] = {}
    for entry in events:
        name = type(entry.event).__name__
        fragment = expected[name](entry.event)
        if isinstance(fragment, re.Pattern):
            if fragment.search(text) is None:
                missing.setdefault(name, []).append(fragment.pattern)
        elif fragment not in text:
            missing.setdefault(name, []).append(fragment)
    assert not missing, {name: found[:3] for name, found in missing.items()}


def test_a_panel_tells_what_happened_since_its_owners_last_move() -> None:
    """After the elder's decision and a whole trick, the elder's panel tells the decision
    and the trick with its winner, in English and in Japanese; the table message's
    description ends with the deal's last lines, newest last."""
    fam = family("allfours")
    rules = allfours.preset("caribbean")
    state = fam.new_game(rules, 5)
    seats = {s: SeatRecord(seat=s, user_id=5000 + s, name=f"p{s}") for s in range(4)}
    record = game_record(
        ruleset=fam.rules_to_json(rules), status=Status.PLAYING, seats=seats, version=1
    )
    log: tuple[Told, ...] = ()
    (elder,) = fam.expected_actors(state)
    moves = 0
    while moves < 40 and not any(type(e.event).__name__ == "TrickWon" for e in log):
        (seat,) = fam.expected_actors(state)
        legal = fam.legal_actions(state, seat)
        stand = [a for a in legal if isinstance(a, allfours.Stand)]
        action = stand[0] if stand else legal[0]
        deal = fam.deal_number(state)
        state, events = fam.apply(state, seat, action)
        record = replace(record, version=record.version + 1)
        log = told(fam, log, deal, record.version, seat, events)
        moves += 1
    snap = Snapshot(record, rules, state, log)
    panel = render_panel(snap, 5000 + elder, "en")
    since = next(f.value for f in panel.fields if f.name == t("log.since", "en"))
    assert " → <@" in since  # the trick, with who won it
    ja = render_panel(snap, 5000 + elder, "ja")
    assert any(f.name == t("log.since", "ja") and " → <@" in f.value for f in ja.fields)
    table = ALL_FOURS.table_message(snap.public(), {}, "en").embed
    assert table.description is not None  # the log's newest lines are in the description
    assert table.description.splitlines()[-1].endswith(")")  # the trick just won, last


def render_panel(snap: Snapshot[Any, Any], user_id: int, locale: str) -> Any:
    from bot.service import GameService
    from cogs.table.render import panel_message

    renderer = KQJ if snap.record.family == "kqj" else ALL_FOURS
    embed, _ = panel_message(GameService._panel(snap, user_id), renderer, locale)
    return embed


def test_a_run_of_passes_is_one_line_and_a_panel_holds_a_round_of_the_auction() -> None:
    """Six players passing round a KQJ auction (a redeal follows): the passes that follow
    one another are one line ("Everyone passes." when all of them did; else "@B, @C, @D
    pass."), so the first passer's panel, which keeps a few lines of what happened since its
    owner's last move, holds all six, the redeal and the new deal, in English and in
    Japanese (one line a pass would be eight lines, cut to the last four)."""
    fam = family("kqj")
    rules = kqj.preset("kqj").replace(auction=True, target=500)
    state = fam.new_game(rules, 3)
    seats = {s: SeatRecord(seat=s, user_id=5000 + s, name=f"p{s}") for s in range(6)}
    record = game_record(
        family="kqj", ruleset=fam.rules_to_json(rules), status=Status.PLAYING, seats=seats
    )
    log: tuple[Told, ...] = ()
    passers: list[int] = []
    for _ in range(6):
        (seat,) = fam.expected_actors(state)
        (action,) = [a for a in fam.legal_actions(state, seat) if isinstance(a, kqj.Pass)]
        deal = fam.deal_number(state)
        state, events = fam.apply(state, seat, action)
        record = replace(record, version=record.version + 1)
        log = told(fam, log, deal, record.version, seat, events)
        passers.append(seat)
    assert [type(e.event).__name__ for e in log[-2:]] == ["Redeal", "Dealt"]
    snap = Snapshot(record, rules, state, log)
    for locale in ("en", "ja"):
        panel = render_panel(snap, 5000 + passers[0], locale)
        since = next(f.value for f in panel.fields if f.name == t("log.since", locale))
        assert t("kqj.log.all_passed", locale) in since, since
        assert t("redeal.nobody_bid", locale) in since, since
    # fewer than everyone: one line naming them
    log = log[: -len(passers) - 2] + log[-len(passers) - 2 : -3] + log[-2:]
    snap = Snapshot(record, rules, state, log)
    panel = render_panel(snap, 5000 + passers[1], "en")
    since = next(f.value for f in panel.fields if f.name == t("log.since", "en"))
    names = t("log.name_separator", "en").join(_name(s) for s in passers[1:5])
    assert names + " pass." in since, since


@pytest.mark.parametrize(
    ("family_name", "rules"),
    [("allfours", allfours.preset("caribbean")), ("kqj", kqj.preset("kqj").replace(target=500))],
)
def test_the_table_tells_the_deals_last_lines_as_the_whole_story_ends(
    family_name: str, rules: Any
) -> None:
    """``recent_lines`` tells only the end of the deal's story (from the last won trick on,
    as it is drawn at every move); at every move of a whole game it equals the last lines of
    the deal's whole story."""
    fam = family(family_name)
    renderer = ALL_FOURS if family_name == "allfours" else KQJ
    players = fam.players(rules)
    seats = {s: SeatRecord(seat=s, user_id=5000 + s, name=f"p{s}") for s in range(players)}
    record = game_record(
        family=family_name, ruleset=fam.rules_to_json(rules), status=Status.PLAYING, seats=seats
    )
    state = fam.new_game(rules, 2)
    log: tuple[Told, ...] = ()
    rng = random.Random(2)
    for _ in range(3000):
        if fam.result(state) is not None:
            break
        seat = rng.choice(fam.expected_actors(state))
        action = rng.choice(fam.legal_actions(state, seat))
        deal = fam.deal_number(state)
        state, events = fam.apply(state, seat, action)
        record = replace(record, version=record.version + 1)
        log = told(fam, log, deal, record.version, seat, events)
        table = Snapshot(record, rules, state, log).public()
        entries = [e for e in table.log if e.deal == (table.deal or 0)]
        tell = current_teller(renderer, table, "en")
        whole = story(table, entries, tell, "en")
        newest = [e for e in entries if entries and e.version == entries[-1].version]
        count = max(RECENT_LINES, len(story(table, newest, tell, "en")))
        assert recent_lines(table, renderer, "en") == (whole[-count:] if entries else [])

"""The game-over message: the winner by name in the title, the final score as a club player
counts it, each player's rating change; and a closed table's panel says it is closed."""

from __future__ import annotations

import random
import re
from dataclasses import replace

from bot.families import family
from bot.models import SeatRecord, Status
from bot.service import GameService
from bot.service.model import RatingChange, Snapshot
from cogs.allfours.render import RENDERER as ALL_FOURS
from cogs.table.render import game_over_message, panel_message
from engine import allfours
from tests.bot.support import game_record

GAMES = 40


def _finished_english_games() -> list[Snapshot]:
    """Random two-player English games to 11, played out with their stored count."""
    fam = family("allfours")
    rules = allfours.preset("english")
    rng = random.Random(4)
    seats = {
        0: SeatRecord(seat=0, user_id=700, name="Ann"),
        1: SeatRecord(seat=1, user_id=701, name="Bob"),
    }
    finished = []
    for seed in range(GAMES):
        record = game_record(
            variant="english", ruleset=fam.rules_to_json(rules), status=Status.PLAYING, seats=seats
        )
        state = fam.new_game(rules, seed)
        while fam.result(state) is None:
            seat = rng.choice(fam.expected_actors(state))
            before = state
            state, events = fam.apply(state, seat, rng.choice(fam.legal_actions(state, seat)))
            summary = fam.deal_summary(before, events)
            record = replace(record, last_deal=summary or record.last_deal)
        record = replace(record, status=Status.FINISHED, end_reason="finished")
        finished.append(Snapshot(record, rules, state))
    return finished


def test_the_title_names_the_winner_and_the_score_stops_at_the_winning_point() -> None:
    """Every English game to 11 ends "<name> wins 11–n" with n at most 10 (every point is
    1 in English, so the winner reaches exactly 11 and nothing counted after it shows), the
    title never a raw mention; the raw totals sometimes differ (the count goes on)."""
    counted_on = 0
    for snap in _finished_english_games():
        table = snap.public()
        message = game_over_message(table, ALL_FOURS, "en")
        title = message.embed.title or ""
        assert "<@" not in title
        found = re.search(r"(Ann|Bob) wins 11–(\d+)$", title)
        assert found is not None, title
        assert int(found.group(2)) <= 10
        counted_on += max(snap.state.scores) > 11 or min(snap.state.scores) >= 11
    assert counted_on  # some games scored after the win: the test can tell


def test_the_game_over_message_shows_each_rating_change() -> None:
    """Before → after for every player, by mention, in the description."""
    snap = _finished_english_games()[0]
    changes = (RatingChange(700, 1000, 1032), RatingChange(701, 1000, 968))
    table = replace(snap.public(), ratings=changes)
    text = game_over_message(table, ALL_FOURS, "en").embed.description or ""
    assert "Ratings: <@700> 1000 → 1032 · <@701> 1000 → 968" in text
    ja = game_over_message(table, ALL_FOURS, "ja").embed.description or ""
    assert "レーティング: <@700> 1000 → 1032" in ja


def test_a_closed_tables_panel_says_it_no_longer_updates() -> None:
    """The footer of a finished table's panel no longer promises updates."""
    snap = _finished_english_games()[0]
    embed, _ = panel_message(GameService._panel(snap, 700), ALL_FOURS, "en")
    footer = embed.footer.text or ""
    assert "closed" in footer and "updates itself" not in footer

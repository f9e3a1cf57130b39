"""Review hints of a finished game: which decisions are weighed, what marks one, and how the
service computes a game's review once (deterministic budgets: play-outs, no clock)."""

from __future__ import annotations

import asyncio
import random

from bot import computers
from bot.families import family
from bot.models import Source, Status
from bot.service import GameService
from bot.service.history import replay_of, review_budget, review_decisions
from engine import allfours, kqj
from engine.search import Budget
from tests.bot.support import random_finished_game
from tests.bot.test_history import _games, old_service  # noqa: F401 (a fixture)

PLAY_OUTS = 60


def test_only_a_persons_choices_in_turn_are_reviewed() -> None:
    """The computer's decisions, a timeout's and forced moves (one legal action) are not
    weighed; every other decision a person took is, with what was open to them."""
    sources = (Source.PLAYER, Source.COMPUTER, Source.PLAYER, Source.TIMEOUT)
    for name, rules in (("allfours", allfours.preset("english")), ("kqj", kqj.preset("kqj"))):
        fam = family(name)
        record, log = random_finished_game(name, rules, 7, sources=sources)
        replay = replay_of(record, [(entry.seat, entry.code) for entry in log])
        decisions = review_decisions(replay, log)
        assert decisions
        by_step = {decision.step: decision for decision in decisions}
        for index, entry in enumerate(log, start=1):
            step = replay.steps[index]
            legal = fam.legal_actions(step.before, entry.seat)
            weighed = entry.source is Source.PLAYER and len(legal) > 1
            assert (index in by_step) is weighed, (name, index, entry)
            if weighed:
                assert by_step[index].played == step.action
                assert by_step[index].legal == tuple(legal)


def test_a_mark_is_hards_choice_with_a_reason_and_never_the_move_played() -> None:
    """Where the decision taken is ``hard``'s own, nothing is marked; where it differs, a
    mark names ``hard``'s choice (the same as its decision with that generator) and a reason
    of the family's; random play gets some marks, and the same review gives the same marks."""
    marked = 0
    for name, rules, reasons in (
        ("allfours", allfours.preset("caribbean"), allfours.players.REASONS),
        ("kqj", kqj.preset("kqj"), kqj.players.REASONS),
    ):
        fam = family(name)
        record, log = random_finished_game(name, rules, 3)
        replay = replay_of(record, [(entry.seat, entry.code) for entry in log])
        for decision in review_decisions(replay, log)[:24]:
            view = fam.observe(replay.steps[decision.step].before, decision.seat)
            legal = list(decision.legal)
            seed = f"{decision.step}:review"
            hards = fam.choose(
                "hard", view, legal, random.Random(seed), Budget(simulations=PLAY_OUTS)
            )
            assert (
                computers.review(name, view, legal, hards, random.Random(seed), PLAY_OUTS, None)
                is None
            )
            mark = computers.review(
                name, view, legal, decision.played, random.Random(seed), PLAY_OUTS, None
            )
            again = computers.review(
                name, view, legal, decision.played, random.Random(seed), PLAY_OUTS, None
            )
            assert mark == again
            if mark is None:
                continue
            marked += 1
            assert mark.action == hards != decision.played
            assert mark.reason in reasons
    assert marked > 0


def test_a_games_budget_is_split_over_its_decisions() -> None:
    """Worker seconds for the whole game, shared evenly: each decision's two searches (two
    and a half at most) fit its share; without seconds only play-outs bound a search."""
    assert review_budget(40, 8.0, 600) == (600, 8.0 / 40 / 2.5)
    assert review_budget(0, 8.0, 600) == (600, 8.0 / 2.5)
    assert review_budget(40, None, 50) == (50, None)


async def test_a_games_review_is_computed_once_and_kept(
    old_service: GameService,  # noqa: F811 (the fixture)
) -> None:
    """A finished game's review marks only decisions its people took; two asks at once share
    one computation, and a later ask gets the review kept in memory."""
    old_service.review_seconds = None
    old_service.review_simulations = 20
    finished = await _games(old_service, Status.FINISHED)
    game_id = finished[0]
    record = await old_service.storage.game(game_id)
    assert record is not None and old_service.reviewed(game_id) is None
    player = next(s.user_id for s in record.seats.values() if s.is_human)
    assert player is not None
    first, second = await asyncio.gather(
        old_service.review(game_id, player, record.guild_id),
        old_service.review(game_id, player, record.guild_id),
    )
    assert first is second is old_service.reviewed(game_id)
    assert await old_service.review(game_id, player, record.guild_id) is first
    log = await old_service.storage.actions(game_id)
    assert first.reviewed > 0 and first.missed == 0
    assert all(log[step - 1].source is Source.PLAYER for step in first.marks)

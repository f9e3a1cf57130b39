"""KQJ tables through the real service and engine: whole games, counters out of turn, clocks
only for the seat the game waits for, random partners rated individually."""

from __future__ import annotations

import random
from collections.abc import Sequence

from bot import ratings
from bot.clock import ManualClock
from bot.families.kqj import KQJ
from bot.models import GLOBAL, MatchPlayer, MatchRecord, Source, Status
from bot.service import GameService, Snapshot
from bot.storage import Storage
from engine import kqj
from tests.bot.support import advance, refused, seated_table

SIX = [201, 202, 203, 204, 205, 206]


def _choose(codes: Sequence[str], phase: kqj.Phase, rng: random.Random) -> str:
    """A plausible player: takes the Return now and then, bids low, passes often."""
    if phase is kqj.Phase.PLAY:
        return rng.choice(list(codes))
    if "T" in codes and rng.random() < 0.4:
        return "T"
    takes = [c for c in codes if c.startswith("T:")]
    if takes and rng.random() < 0.5:
        return rng.choice(takes)
    bids = [c for c in codes if c.startswith("B:")]
    if bids and rng.random() < 0.35:
        return bids[0]
    return "N" if "N" in codes else rng.choice(list(codes))


async def play_kqj(
    service: GameService,
    game_id: int,
    users: Sequence[int],
    *,
    seed: int = 0,
    counters: float = 0.05,
    limit: int = 20000,
) -> Snapshot:
    """Play to the end: the expected actor decides; others counter out of turn now and then."""
    rng = random.Random(seed)
    for _ in range(limit):
        snap = await service.snapshot(game_id)
        if snap.status is not Status.PLAYING:
            return snap
        acted = False
        for user in users:
            panel = await service.panel(game_id, user)
            if panel.codes and not panel.is_expected and rng.random() < counters:
                await service.act(game_id, user, panel.codes[0], panel.snapshot.record.version)
                acted = True
                break
        if not acted:
            for user in users:
                panel = await service.panel(game_id, user)
                if panel.is_expected:
                    assert snap.state is not None
                    code = _choose(panel.codes, snap.state.phase, rng)
                    await service.act(game_id, user, code, panel.snapshot.record.version)
                    acted = True
                    break
        await service.wait_idle()
        if not acted:
            return await service.snapshot(game_id)
    raise AssertionError("the game did not end")


async def test_a_3v3_game_to_500_with_six_people(service: GameService, storage: Storage) -> None:
    """Six people play a whole game; it is rated in the 3v3 pool with KQJ statistics."""
    snap = await seated_table(service, "kqj", SIX, options={"target": 500}, family="kqj")
    final = await play_kqj(service, snap.id, SIX, seed=1)
    assert final.status is Status.FINISHED and final.result is not None
    (match,) = await storage.matches("kqj-3v3")
    assert match.rated and match.deals >= 2
    assert {p.rank for p in match.players} <= {1, 2}
    assert {p.side for p in match.players if p.rank == 1} == set(final.result.winners)
    rows, total = await storage.leaderboard("kqj-3v3", GLOBAL, min_games=0, limit=10, offset=0)
    assert total == 6 and all(row.games == 1 for row in rows)
    assert sum(row.stats.get("declared", 0) for row in rows) >= match.deals - 1
    assert await storage.matches("allfours") == []


async def test_counters_out_of_turn_then_an_overcounter(service: GameService) -> None:
    """2v2v2 auction: a defender counters while another seat is to act, then a bidder who is
    not to act overcounters; the auction ends at ×4."""
    options = {"teams": "2v2v2", "auction": True, "target": 500}
    snap = await seated_table(service, "kqj", SIX, options=options, family="kqj")
    state = snap.state
    assert state is not None
    bidder_seat = state.to_act
    bidder = snap.seats[bidder_seat].user_id
    assert bidder is not None
    panel = await service.act(snap.id, bidder, "B:80:h", snap.record.version)
    state = panel.snapshot.state
    assert state is not None and state.to_act != bidder_seat
    counterer_seat = next(
        s for s in range(6) if state.team_of[s] != state.team_of[bidder_seat] and s != state.to_act
    )
    counterer = snap.seats[counterer_seat].user_id
    assert counterer is not None
    his = await service.panel(snap.id, counterer)
    assert his.codes == ("C",) and not his.is_expected
    after = await service.act(snap.id, counterer, "C", his.snapshot.record.version)
    state = after.snapshot.state
    assert state is not None and state.phase is kqj.Phase.OVERCOUNTER and state.multiplier == 2
    partner_seat = next(
        s for s in range(6) if s != bidder_seat and state.team_of[s] == state.team_of[bidder_seat]
    )
    helper = snap.seats[partner_seat].user_id
    assert helper is not None
    mine = await service.panel(snap.id, helper)
    assert "O" in mine.codes
    done = await service.act(snap.id, helper, "O", mine.snapshot.record.version)
    state = done.snapshot.state
    assert state is not None and state.phase is kqj.Phase.PLAY and state.multiplier == 4


async def test_a_counter_click_stays_good_while_others_pass(service: GameService) -> None:
    """A counter drawn before other players passed still counters the same bid; once the bid
    is raised, the old click is stale."""
    options = {"auction": True, "target": 500}
    snap = await seated_table(service, "kqj", SIX, options=options, family="kqj")
    assert snap.state is not None
    first = snap.state.to_act
    user = {s: r.user_id for s, r in snap.seats.items()}
    panel = await service.act(snap.id, user[first], "B:120:s", snap.record.version)
    state = panel.snapshot.state
    assert state is not None
    opponent = (first + 5) % 6  # the bidder's right: speaks last (3v3 teams alternate)
    assert state.team_of[opponent] != state.team_of[first]
    old = await service.panel(snap.id, user[opponent])
    version = old.snapshot.record.version
    for _ in range(2):
        now = await service.snapshot(snap.id)
        assert now.state is not None and now.state.to_act != opponent
        await service.act(snap.id, user[now.state.to_act], "N", now.record.version)
    countered = await service.act(snap.id, user[opponent], "C", version)
    assert countered.snapshot.state is not None
    assert countered.snapshot.state.multiplier == 2


async def test_a_raised_bid_makes_an_old_counter_stale(service: GameService) -> None:
    options = {"auction": True, "target": 500}
    snap = await seated_table(service, "kqj", SIX, options=options, family="kqj")
    assert snap.state is not None
    user = {s: r.user_id for s, r in snap.seats.items()}
    first = snap.state.to_act
    panel = await service.act(snap.id, user[first], "B:120:s", snap.record.version)
    state = panel.snapshot.state
    assert state is not None
    second = state.to_act
    assert second is not None and state.team_of[second] != state.team_of[first]
    third = next(s for s in range(6) if state.team_of[s] != state.team_of[first] and s != second)
    old = await service.panel(snap.id, user[third])
    await service.act(snap.id, user[second], "B:130:h", panel.snapshot.record.version)
    with refused("act.stale"):
        await service.act(snap.id, user[third], "C", old.snapshot.record.version)


async def test_only_the_seat_to_act_has_a_clock(
    service: GameService, clock: ManualClock, storage: Storage
) -> None:
    """While a bid stands every opponent may counter, but only the seat to act is timed; when
    its clock runs out the computer decides for it, and nobody else is played for."""
    options = {"auction": True, "target": 500}
    snap = await seated_table(service, "kqj", SIX, options=options, family="kqj", turn_seconds=30)
    assert snap.state is not None
    user = {s: r.user_id for s, r in snap.seats.items()}
    first = snap.state.to_act
    panel = await service.act(snap.id, user[first], "B:120:s", snap.record.version)
    state = panel.snapshot.state
    assert state is not None
    assert set(service.deadlines(snap.id)) == {state.to_act}
    waiting = state.to_act
    await advance(clock, service, 31)
    log = await storage.actions(snap.id)
    timed_out = [a for a in log if a.source is Source.TIMEOUT]
    assert [a.seat for a in timed_out][:1] == [waiting]
    assert all(a.code != "C" for a in timed_out)


async def test_computers_are_offered_counters_but_act_only_in_turn(
    service: GameService, storage: Storage
) -> None:
    """With five computers, every computer action is either the expected seat's own, or an
    optional counter/overcounter; the computers were asked once at each version."""
    options = {"auction": True, "target": 500}
    snap = await seated_table(service, "kqj", SIX[:1], options=options, family="kqj", computers=5)
    await play_kqj(service, snap.id, SIX[:1], seed=4, counters=0.0)
    final = await service.snapshot(snap.id)
    assert final.status is Status.FINISHED and not final.record.rated
    log = await storage.actions(snap.id)
    state = kqj.new_game(final.rules, final.record.seed)
    for action in log:
        decoded = kqj.decode_action(action.code)
        if action.source is Source.COMPUTER and state.to_act != action.seat:
            assert isinstance(decoded, (kqj.Counter, kqj.Overcounter)), action
        state = kqj.apply(state, action.seat, decoded).state
    assert kqj.dump(state) == final.record.snapshot


async def test_random_partners_draw_the_seats_and_rate_each_player(
    service: GameService, storage: Storage
) -> None:
    """Seats are drawn at the start (seed 002); each player is their own side, rated by final
    place in the random-partners pool."""
    options = {"random_partners": True, "target": 500}
    lobby = await seated_table(service, "kqj", SIX, options=options, family="kqj", start=False)
    lobby = await service.snapshot(lobby.id)
    assert [lobby.seats[s].user_id for s in range(6)] == SIX
    started = await service.start(lobby.id, SIX[0])
    drawn = [started.seats[s].user_id for s in range(6)]
    assert sorted(drawn) == SIX and drawn != SIX
    final = await play_kqj(service, lobby.id, SIX, seed=2)
    assert final.status is Status.FINISHED
    (match,) = await storage.matches("kqj-random")
    assert sorted(p.side for p in match.players) == list(range(6))
    assert all(p.side == p.seat for p in match.players)
    rows, total = await storage.leaderboard("kqj-random", GLOBAL, min_games=0, limit=10, offset=0)
    assert total == 6 and len({row.mu for row in rows}) > 2


def test_a_shared_win_rates_every_winner_first() -> None:
    """Two sides level on the highest total share first place (RULES.md §5.9)."""
    assert KQJ.rating_pool(kqj.preset("kqj").replace(teams="2v2v2")) == "kqj-2v2v2"
    players = tuple(
        MatchPlayer(seat, seat % 3, 300 + seat, False, (1, 1, 3)[seat % 3], 0, {})
        for seat in range(6)
    )
    match = MatchRecord(
        game_id=1,
        family="kqj",
        pool="kqj-2v2v2",
        variant="kqj",
        guild_id=5,
        outcome="finished",
        rated=True,
        deals=4,
        ended_at=1.0,
        players=players,
    )
    rows = {r.user_id: r for r in ratings.replay([match]) if r.guild_id == GLOBAL}
    assert rows[300].wins == rows[301].wins == 1 and rows[302].wins == 0
    assert rows[300].mu == rows[301].mu > rows[302].mu


async def test_hard_computers_bid_and_may_counter_through_the_workers(
    service: GameService, storage: Storage
) -> None:
    """Five ``hard`` computers and a person who always passes: the computers' bids, and any
    counter they make out of turn, come from the search on the table's time budget and
    replay exactly; the auction ends with a contract."""
    options = {"auction": True, "target": 500}
    snap = await seated_table(service, "kqj", SIX[:1], options=options, family="kqj", start=False)
    for _ in range(5):
        await service.add_computer(snap.id, SIX[0], "hard")
    await service.start(snap.id, SIX[0])
    for _ in range(40):
        await service.wait_idle()
        current = await service.snapshot(snap.id)
        assert current.state is not None
        if current.state.phase is not kqj.Phase.AUCTION:
            break
        panel = await service.panel(snap.id, SIX[0])
        if panel.is_expected:
            code = "P" if "P" in panel.codes else panel.codes[0]
            await service.act(snap.id, SIX[0], code, current.record.version)
    final = await service.snapshot(snap.id)
    assert final.state is not None and final.state.phase is not kqj.Phase.AUCTION
    log = await storage.actions(snap.id)
    bids = [a for a in log if isinstance(kqj.decode_action(a.code), kqj.Bid | kqj.Capot)]
    assert bids and all(a.source is Source.COMPUTER for a in bids)
    state = kqj.new_game(final.rules, final.record.seed)
    for action in log:
        state = kqj.apply(state, action.seat, kqj.decode_action(action.code)).state
    assert kqj.dump(state) == final.record.snapshot

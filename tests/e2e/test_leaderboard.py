"""Leaderboards and statistics after several games played through Discord."""

from __future__ import annotations

import simcord

from bot import ratings
from bot.models import GLOBAL, MatchPlayer, MatchRecord, Status
from tests.bot.discord_support import enabled, open_table, service_of, text_of
from tests.bot.support import game_record


async def test_leaderboard_and_stats_after_several_games(simcord_env: simcord.Env) -> None:
    """Five short rated games between two players put both on the board, ranked by the
    conservative rating; /stats shows the rating, the rank and the recent tables."""
    env = simcord_env
    guild = env.create_guild("Club")
    channel = guild.create_text_channel("cards")
    table = await open_table(
        env, names=("kim", "lee"), variant="seven-up", target=2, guild=guild, channel=channel
    )
    kim, lee = table.players
    for game in range(ratings.MIN_GAMES):
        if game:
            host = table.players[game % 2]
            other = table.players[1 - game % 2]
            started = await host.slash(channel, "allfours start", variant="seven-up", target=2)
            await other.click(started.response, label="Join")
            await host.click(started.response, label="Start")
            table.game_id += 1
            for player in table.players:
                opened = await player.click(channel.last_message, label="My hand")
                table.panels[player.id] = opened.response
        while service_of(env).cached(table.game_id) is not None:
            assert await table.play(1) == 1

    board = await kim.slash(channel, "allfours leaderboard")
    assert board.acknowledged and not board.ephemeral
    shown = text_of(board.response)
    assert "this server" in shown
    assert f"<@{kim.id}>" in shown and f"<@{lee.id}>" in shown
    assert "5 games" in shown
    rows, _ = await service_of(env).storage.leaderboard(
        "allfours", guild.id, min_games=ratings.MIN_GAMES, limit=2, offset=0
    )
    first = shown.index(f"**1.** <@{rows[0].user_id}>")
    second = shown.index(f"**2.** <@{rows[1].user_id}>")
    assert first < second and rows[0].ordinal >= rows[1].ordinal

    stats = await lee.slash(channel, "allfours stats")
    assert stats.ephemeral
    shown = text_of(stats.response)
    assert "Rating" in shown and "rank" in shown and "Seven Up" in shown
    assert shown.count("Seven Up") == 5  # the five recent tables on page 1

    other = await kim.slash(channel, "allfours stats", user=lee)
    assert f"<@{lee.id}>" in text_of(other.response)


async def test_leaderboard_pages(simcord_env: simcord.Env) -> None:
    """Twelve ranked players fill two pages; the buttons move between them."""
    env = simcord_env
    guild = env.create_guild("Big club")
    channel = guild.create_text_channel("cards")
    viewer = guild.add_member(env.create_user("viewer"))
    storage = service_of(env).storage
    async with storage.transaction() as tx:
        for index in range(36):  # three rounds of twelve: six games each
            pair = (1000 + (index % 12), 1000 + ((index + 5) % 12))
            match = MatchRecord(
                game_id=index,
                family="allfours",
                pool="allfours",
                variant="english",
                guild_id=guild.id,
                outcome="finished",
                rated=True,
                deals=2,
                ended_at=float(index),
                players=tuple(
                    MatchPlayer(seat, seat, user, False, seat + 1, 11 - 7 * seat, {})
                    for seat, user in enumerate(pair)
                ),
            )
            await ratings.record(tx, match)
    board = await viewer.slash(channel, "allfours leaderboard", scope="g")
    shown = text_of(board.response)
    assert "all servers" in shown and "page 1/2" in shown and "**10.**" in shown
    assert "◀ Previous" in [b["label"] for b in board.response.components[0]["components"]]
    assert [b["label"] for b in enabled(board.response)] == ["Next ▶"]
    await viewer.click(board.response, label="Next ▶")
    shown = text_of(board.response)
    assert "page 2/2" in shown and "**11.**" in shown and "**12.**" in shown
    rows, total = await storage.leaderboard("allfours", GLOBAL, min_games=5, limit=20, offset=0)
    assert total == 12 and len(rows) == 12


async def test_the_kqj_board_opens_on_the_players_latest_mode(simcord_env: simcord.Env) -> None:
    """After a rated 2v2v2 game, ``/kqj leaderboard`` without a mode opens the 2v2v2 board
    (not the empty 3v3 one), for its players and for a newcomer of that server alike; on a
    server where nobody has played, the first board."""
    env = simcord_env
    guild = env.create_guild("Three teams")
    channel = guild.create_text_channel("cards")
    people = [guild.add_member(env.create_user(f"two{n}")) for n in range(6)]
    storage = service_of(env).storage
    async with storage.transaction() as tx:
        game_id = await tx.insert_game(
            game_record(family="kqj", variant="kqj", guild_id=guild.id, status=Status.FINISHED)
        )
        match = MatchRecord(
            game_id=game_id,
            family="kqj",
            pool="kqj-2v2v2",
            variant="kqj",
            guild_id=guild.id,
            outcome="finished",
            rated=True,
            deals=4,
            ended_at=1.0,
            players=tuple(
                MatchPlayer(seat, seat % 3, p.id, False, 1 + seat % 3, 500 - 100 * (seat % 3), {})
                for seat, p in enumerate(people)
            ),
        )
        await tx.insert_match(match)
        await ratings.record(tx, match)
    board = await people[0].slash(channel, "kqj leaderboard")
    assert "three teams of two" in text_of(board.response)
    newcomer = guild.add_member(env.create_user("newcomer"))
    shown = await newcomer.slash(channel, "kqj leaderboard")
    assert "three teams of two" in text_of(shown.response)
    elsewhere = env.create_guild("Nobody played here")
    quiet = elsewhere.create_text_channel("cards")
    stranger = elsewhere.add_member(env.create_user("stranger"))
    first = await stranger.slash(quiet, "kqj leaderboard")
    assert "3 against 3" in text_of(first.response)

"""Many tables, many clicks at once: 100 clicks reach the bot together, spread over 20 tables —
the move of whoever may act at each table, the same click again (a double click), clicks of
the other players, a stale one — and every legitimate move is applied exactly once, every
click is answered, and nothing is lost (the real bot, click limit on)."""

from __future__ import annotations

import random

import simcord

from tests.bot.discord_support import BotFactory, emit_click, open_table, playable, service_of

TABLES = 20
CLICKS = 100


async def test_a_hundred_clicks_at_once_over_twenty_tables(
    simcord_env: simcord.Env, make_bot: BotFactory
) -> None:
    env = simcord_env
    await env.restart_bot(make_bot(clicks_per_second=5))
    service = service_of(env)
    guild = env.create_guild("Busy club")
    tables = []
    for index in range(TABLES):
        names = tuple(f"t{index}p{seat}" for seat in range(4))
        tables.append(await open_table(env, names=names, guild=guild))
    versions = {t.game_id: (await service.snapshot(t.game_id)).record.version for t in tables}
    rng = random.Random(8)
    sent = []
    legitimate: dict[int, str] = {}
    for table in tables:  # five clicks per table, at most two per person
        mover = table.mover()
        assert mover is not None
        custom_id = playable(table.panels[mover.id])[0]["custom_id"]
        legitimate[table.game_id] = custom_id
        others = [p for p in table.players if p is not mover]
        bystander = rng.choice(others)
        stale = custom_id.replace(
            f":{versions[table.game_id]}:", f":{versions[table.game_id] - 1}:"
        )
        clicks = [
            (mover, table.panels[mover.id], custom_id),
            (mover, table.panels[mover.id], custom_id),  # the double click
            (bystander, table.panels[bystander.id], custom_id),  # not theirs to make
            (others[0], table.message, f"af:h:{table.game_id}"),  # "My hand"
            (others[1], table.panels[others[1].id], stale),
        ]
        sent.extend(emit_click(env, actor, message, cid)[1] for actor, message, cid in clicks)
    assert len(sent) == CLICKS
    await env.settle(timeout=60)

    assert all(result.acknowledged for result in sent)  # every click answered
    for table in tables:
        snap = await service.snapshot(table.game_id)
        assert snap.record.version == versions[table.game_id] + 1  # applied exactly once
        log = await service.storage.actions(table.game_id)
        assert len(log) == 1  # nothing lost, nothing twice
        assert log[0].code == legitimate[table.game_id].split(":", 4)[4]

"""A two-player English game through Discord, with a run of the pack and discards."""

from __future__ import annotations

import simcord

from engine import allfours
from tests.bot.discord_support import (
    Table,
    discard,
    ended,
    open_table,
    playable,
    service_of,
    text_of,
)


async def test_english_game_with_discards(simcord_env: simcord.Env) -> None:
    """The elder begs, the dealer runs the pack, and both players then discard down to six
    at the same time: one player's discard never makes the other's panel stale. The game
    is then played out to eleven."""
    env = simcord_env
    service = service_of(env)
    table = await open_table(env, names=("eli", "fay"), variant="english")
    discarded_together = ran = False
    clicks = 0
    while service.cached(table.game_id) is not None:
        assert clicks < 3000
        snap = await service.snapshot(table.game_id)
        state = snap.state
        if state.phase is allfours.Phase.DISCARD and not discarded_together:
            discarded_together = await discard_side_by_side(env, table)
            continue
        mover = table.mover()
        assert mover is not None
        options = playable(table.panels[mover.id])
        wanted = [b for b in options if b["label"] in ("Beg", "Run the pack")]
        choice = wanted[0] if wanted and not ran else options[0]
        await mover.click(table.panels[mover.id], custom_id=choice["custom_id"])
        ran = ran or choice["label"] == "Run the pack"
        clicks += 1
    assert discarded_together
    shown = ended(table.channel)
    assert "wins the game" in shown
    assert max((await service.snapshot(table.game_id)).state.scores) >= 11


async def discard_side_by_side(env: simcord.Env, table: Table) -> bool:
    """Both players choose their discards in the menu; the second confirms from a panel
    drawn before the first one discarded: the discards do not make each other stale."""
    service = service_of(env)
    snap = await service.snapshot(table.game_id)
    players, panels = table.players, table.panels
    seats = {p.id: snap.seat_of(p.id) for p in players}
    pending = [p for p in players if allfours.legal_actions(snap.state, seats[p.id])]
    if len(pending) < 2:
        return False
    first, second = pending
    assert "Discard:" in text_of(panels[first.id]) and "Discard:" in text_of(panels[second.id])
    owed = len(snap.state.hand(seats[second.id])) - 6
    old = await discard(second, panels[second.id], confirm=False)  # chosen, not yet confirmed
    assert f":{snap.record.version}:D:" in old["custom_id"]
    assert old["custom_id"].rsplit(":", 1)[-1].count(".") == owed - 1  # one click for all
    await discard(first, panels[first.id])
    result = await second.click(panels[second.id], custom_id=old["custom_id"])
    assert result.acknowledged
    assert "out of date" not in text_of(result.response)
    after = await service.snapshot(snap.id)
    assert len(after.state.hand(seats[second.id])) == 6
    assert after.record.version == snap.record.version + 2
    return True

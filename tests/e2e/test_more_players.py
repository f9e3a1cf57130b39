"""English and Seven Up for three and four players: accept or refuse, then discards."""

from __future__ import annotations

import simcord

from tests.bot.discord_support import ended, open_table, playable, service_of, text_of


async def test_three_player_seven_up_to_the_end(simcord_env: simcord.Env) -> None:
    """Three players decide in turn to accept or refuse the turned suit and play it out."""
    env = simcord_env
    table = await open_table(env, names=("ida", "jon", "kat"), variant="seven-up", players=3)
    assert "3 players, each for themselves" in text_of(table.channel.history()[0])
    labels: set[str] = set()
    clicks = 0
    while service_of(env).cached(table.game_id) is not None:
        mover = table.mover()
        assert mover is not None and clicks < 3000
        choices = playable(table.panels[mover.id])
        labels.update(str(b["label"]) for b in choices)
        refuse = [b for b in choices if b["label"] == "Refuse"]
        pick = refuse[0] if refuse and clicks % 3 == 0 else choices[0]
        await mover.click(table.panels[mover.id], custom_id=pick["custom_id"])
        clicks += 1
    assert "Refuse" in labels and any(label.startswith("Accept ") for label in labels)
    assert "wins the game" in ended(table.channel)


async def test_four_player_english_in_partnerships_starts(simcord_env: simcord.Env) -> None:
    """Four players in two partnerships: the lobby seats them by team and the deal starts."""
    table = await open_table(simcord_env, variant="english", players=4, partnerships=True)
    lobby = table.channel.history()[0]
    assert "4 players in two partnerships" in text_of(lobby)
    assert "Team A" in text_of(table.message) and "Team B" in text_of(table.message)
    mover = table.mover()
    assert mover is not None
    assert [b["label"] for b in playable(table.panels[mover.id])][-2:][0].startswith("Accept ")

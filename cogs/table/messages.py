"""What a clicked message is: which custom_id the click carries, what the message carries, and
whether it is a hand panel or a page that the click may redraw. Only a message of the right
kind is ever edited by a click; anything else gets a fresh private answer."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import discord

from cogs.table.components import (
    PAGER_BUTTONS,
    PANEL_ITEMS,
    REPLAY_ITEMS,
    GameButton,
    HistoryButton,
    ReplayButton,
    route,
)


def clicked_id(interaction: discord.Interaction) -> str:
    """The custom_id the click carries."""
    data: dict[str, Any] = dict(interaction.data or {})
    return str(data.get("custom_id", ""))


def message_ids(interaction: discord.Interaction) -> list[str]:
    """The custom_ids of every component of the clicked message, as Discord sent it."""
    message = interaction.message
    if message is None:
        return []
    found = []
    for row in message.components:
        for component in getattr(row, "children", [row]):
            custom_id = getattr(component, "custom_id", None)
            if custom_id:
                found.append(str(custom_id))
    return found


def is_on_message(interaction: discord.Interaction) -> bool:
    """Whether the clicked custom_id is on the clicked message (discord.py ignores clicks
    whose id is not there; a forged or outdated client can send one)."""
    return clicked_id(interaction) in message_ids(interaction)


def is_page_of(
    interaction: discord.Interaction,
    item: type[GameButton],
    key: Callable[[re.Match[str]], object],
    *,
    private: bool,
) -> bool:
    """Whether the clicked message is a page of ``item``'s pager, so that the click may turn
    it: the id is on it, and the message carries exactly the pager's two buttons, both of
    that kind and of the same board (``key``), and is private or public as such pages are.
    Any other message (a table, a panel, another board's page) is never edited by a pager."""
    message = interaction.message
    if message is None or message.flags.ephemeral != private or not is_on_message(interaction):
        return False
    ids = message_ids(interaction)
    if len(ids) != PAGER_BUTTONS:
        return False
    template = item.__discord_ui_compiled_template__
    matches = [template.fullmatch(custom_id) for custom_id in ids]
    keys = {key(match) for match in matches if match is not None}
    return all(matches) and len(keys) == 1


def is_panel_of(interaction: discord.Interaction, game_id: int) -> bool:
    """Whether the clicked message looks like a hand panel of this table: private, the id on
    it, and every one of its (at least two) components a panel item of this table. (A table,
    a board, a stats page, a rules answer carry other items or fewer.)"""
    message = interaction.message
    if message is None or not message.flags.ephemeral or not is_on_message(interaction):
        return False
    ids = message_ids(interaction)
    if len(ids) < PAGER_BUTTONS:
        return False
    for custom_id in ids:
        found = route(custom_id)
        if found is None or found[0] not in PANEL_ITEMS or int(found[1]["game"]) != game_id:
            return False
    return True


def is_made_for_clicker(interaction: discord.Interaction) -> bool:
    """Whether the clicked message is a private answer made for the clicker (Discord shows a
    private message to no one else; this holds even for a forged click that says otherwise)."""
    message = interaction.message
    if message is None or not message.flags.ephemeral or not is_on_message(interaction):
        return False
    made = message.interaction_metadata
    return made is not None and made.user.id == interaction.user.id


def is_replay_of(interaction: discord.Interaction, game_id: int) -> bool:
    """Whether the clicked message is a replay of this game that the click may move: made
    for the clicker, the id on it, and every component a replay item of this game (a history
    page, a panel, a table or another game's replay carry other items)."""
    if not is_made_for_clicker(interaction):
        return False
    ids = message_ids(interaction)
    for custom_id in ids:
        found = route(custom_id)
        if found is None or found[0] not in REPLAY_ITEMS or int(found[1]["game"]) != game_id:
            return False
    return bool(ids)


def is_history_of(interaction: discord.Interaction, pages: tuple[str, str, str]) -> bool:
    """Whether the clicked message is a history page of these pages (family, player, scope)
    that a pager click may turn: made for the clicker, the id on it, its two page buttons of
    these pages and nothing else but the Replay buttons of its games."""
    if not is_made_for_clicker(interaction):
        return False
    pagers = 0
    for custom_id in message_ids(interaction):
        found = route(custom_id)
        if found is None:
            return False
        item, match = found
        if item is HistoryButton:
            if (match["family"], match["user"], match["scope"]) != pages:
                return False
            pagers += 1
        elif item is not ReplayButton:
            return False
    return pagers == PAGER_BUTTONS

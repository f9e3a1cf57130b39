"""What the bot may do in the channel of a click, and the clicker's language."""

from __future__ import annotations

import discord


def required_permissions(channel: object) -> tuple[str, ...]:
    """What the bot needs where a table is played: see the channel, post the table messages,
    embed them, and reach its own earlier messages there (each hand's table message, the turn
    nudges), which it edits and deletes. Attach Files (the table's picture) is wanted but not
    needed: without it the table is told in text alone (``can_attach``)."""
    send = "send_messages_in_threads" if isinstance(channel, discord.Thread) else "send_messages"
    return ("view_channel", send, "embed_links", "read_message_history")


def can_attach(interaction: discord.Interaction) -> bool:
    """Whether the bot may attach the table's picture to its messages in this channel."""
    return bool(interaction.app_permissions.attach_files)


def missing_permissions(interaction: discord.Interaction) -> list[str]:
    perms = interaction.app_permissions
    return [name for name in required_permissions(interaction.channel) if not getattr(perms, name)]


def locale_of(interaction: discord.Interaction) -> str:
    return interaction.locale.value

"""What the messages of every game table look like: the shared frame, one room per kind of
message.

- ``renderer``: what a family draws (``TableRenderer``) and the records it draws into;
- ``table``: the parts every table message shares, and the game-over message;
- ``lobby``: the lobby message and its buttons;
- ``story``: the move log in words (every event of a deal);
- ``panel``: a hand panel's frame, its button layout, the hint's answer;
- ``pages``: leaderboards, stats, settings and rules;
- ``replay``: a player's history page and a finished game's face-up replay (private only).

Public messages are drawn from a ``PublicTable`` (no hand within reach), a hand panel from its
owner's ``HandView`` and only ever sent ephemerally. Every text comes from the catalog.
"""

from __future__ import annotations

from cogs.table.render.lobby import (
    lobby_embed,
    lobby_view,
    table_lines,
)
from cogs.table.render.pages import (
    board_message,
    rules_embed,
    settings_embed,
    stats_message,
    stats_text,
)
from cogs.table.render.panel import (
    closed_panel,
    hint_text,
    layout,
    panel_message,
    panel_signature,
    paused_panel,
)
from cogs.table.render.renderer import (
    COLOUR,
    HINT,
    MAX_OPTIONS,
    PER_ROW,
    PICTURE,
    REFRESH,
    ROWS,
    ButtonSpec,
    PanelControls,
    SelectSpec,
    TableMessage,
    TableRenderer,
    buttons_view,
)
from cogs.table.render.story import (
    add_story_field,
    deal_story_text,
    recent_lines,
    since_last_move,
    teller,
    tells_deal_start,
)
from cogs.table.render.table import (
    add_seat_fields,
    deadline_text,
    game_over_message,
    hand_text,
    picture_embed,
    seat_names,
    short_variant_title,
    table_buttons,
    variant_title,
)

__all__ = [
    "COLOUR",
    "HINT",
    "MAX_OPTIONS",
    "PER_ROW",
    "PICTURE",
    "REFRESH",
    "ROWS",
    "ButtonSpec",
    "PanelControls",
    "SelectSpec",
    "TableMessage",
    "TableRenderer",
    "add_seat_fields",
    "add_story_field",
    "board_message",
    "buttons_view",
    "closed_panel",
    "deadline_text",
    "deal_story_text",
    "game_over_message",
    "hand_text",
    "hint_text",
    "layout",
    "lobby_embed",
    "lobby_view",
    "panel_message",
    "panel_signature",
    "paused_panel",
    "picture_embed",
    "recent_lines",
    "rules_embed",
    "seat_names",
    "settings_embed",
    "short_variant_title",
    "since_last_move",
    "stats_message",
    "stats_text",
    "table_buttons",
    "table_lines",
    "teller",
    "tells_deal_start",
    "variant_title",
]

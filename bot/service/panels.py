"""Hand panels: the handles that let the presenter edit a player's ephemeral panel, kept with
the game so that a restart changes nothing a player sees."""

from __future__ import annotations

from bot.models import PanelRecord
from bot.service.core import ServiceCore


class Panels(ServiceCore):
    """The stored handles of open hand panels."""

    async def open_panels(self, game_id: int) -> list[PanelRecord]:
        """The stored handles of a game's open hand panels (they outlive a restart)."""
        return await self.storage.panels(game_id)

    async def keep_panel(self, panel: PanelRecord) -> None:
        """Store the newest handle able to edit a player's panel (only while the game is open:
        a closed table forgets its panels)."""
        table = self._tables.get(panel.game_id)
        if table is None or not table.current.status.is_open:
            return
        async with self.storage.transaction() as tx:
            await tx.put_panel(panel)

    async def panel_drawn(self, game_id: int, user_id: int, signature: str) -> None:
        async with self.storage.transaction() as tx:
            await tx.set_panel_signature(game_id, user_id, signature)

    async def forget_panel(self, game_id: int, user_id: int) -> None:
        async with self.storage.transaction() as tx:
            await tx.delete_panels(game_id, user_id)

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
        """Keep the newest handle able to edit a player's panel (only while the game is open:
        a closed table forgets its panels). It is written with the table's next commit, or
        within ``PANEL_SAVE_SECONDS`` with every other handle waiting: opening a panel costs
        no write of its own. A bot killed in that window forgets the handles of the panels
        opened in it (their owners click "My hand" again); a stopped bot writes them first."""
        table = self._tables.get(panel.game_id)
        if table is None or not table.current.status.is_open:
            return
        table.unsaved_panels[panel.user_id] = panel
        self.scheduler.once("save-panels", self.save_panels, self.panel_save_seconds)

    async def save_panels(self) -> None:
        """Write every panel handle kept since the last write, in one transaction."""
        waiting = [table for table in self._tables.values() if table.unsaved_panels]
        if not waiting:
            return
        async with self.storage.transaction() as tx:
            for table in waiting:
                unsaved = list(table.unsaved_panels.values())
                table.unsaved_panels.clear()
                if table.current.status.is_open:  # a finished table deleted its panels
                    for panel in unsaved:
                        await tx.put_panel(panel)

    async def forget_panel(self, game_id: int, user_id: int) -> None:
        async with self.storage.transaction() as tx:
            await tx.delete_panels(game_id, user_id)

"""The application: settings, startup, the game service, storage, ratings and timers.

Layers (DESIGN.md): ``cogs -> bot -> engine``. Nothing here imports ``cogs``; the bot loads its
extensions by name in ``setup_hook`` and the cogs register a presenter with the service.
"""

"""Discord faces of the games: slash commands, buttons and rendering. Thin by design."""

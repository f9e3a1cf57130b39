"""``python -m bot``: read the settings, configure logging, run the bot.

A configuration problem (a missing or malformed ``DISCORD_TOKEN``, a bad ``DATABASE_URL``)
prints one line and exits with status 2, never a traceback; so does a token Discord refuses.
Discord being out of reach prints one line and exits with status 1.
"""

from __future__ import annotations

import logging
import sys

import aiohttp
import discord

from bot.app import AllFoursBot
from bot.settings import SettingsError, load_settings


def main() -> int:
    try:
        settings = load_settings()
    except SettingsError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    logging.basicConfig(
        level=settings.log_level,
        format="%(asctime)s %(levelname)-8s %(name)s: %(message)s",
        stream=sys.stderr,
    )
    bot = AllFoursBot(database=settings.database_path, dev_guild_id=settings.dev_guild_id)
    try:
        bot.run(settings.discord_token.get_secret_value(), log_handler=None)
    except discord.LoginFailure:
        print(
            "error: Discord refused DISCORD_TOKEN (reset it in the Developer Portal)",
            file=sys.stderr,
        )
        return 2
    except discord.PrivilegedIntentsRequired:
        print("error: Discord refused the requested intents", file=sys.stderr)
        return 2
    except (aiohttp.ClientError, OSError) as exc:
        # No network, DNS failure, Discord down: say so in one line; a supervisor (Docker's
        # restart policy, systemd) starts the bot again, and no game state is lost.
        print(f"error: cannot reach Discord: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())

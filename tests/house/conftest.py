# The cog's module names its commands in the game's own words at import, which exist only once
# the game is registered (the tests register it): doctest collection must not import it first.
collect_ignore = ["tiny/cog/cog.py"]

from tests.bot.discord_support import (  # noqa: E402, F401 - pytest fixtures
    db_path,
    fail_on_error_logs,
    make_bot,
    simcord_bot,
)

from tests.bot.discord_support import (  # noqa: F401 - pytest fixtures
    db_path,
    fail_on_error_logs,
    make_bot,
    simcord_bot,
)

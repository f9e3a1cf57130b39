"""Storage.open names the folder or file at fault when the database cannot be used, and
refuses a schema newer than this build.

(Permission problems need an unprivileged process: they are proven through ``python -m bot``
in test_main.py.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.storage import SchemaTooNewError, Storage, StorageOpenError


async def test_folder_that_cannot_be_created_is_named(tmp_path: Path) -> None:
    """A file where the data folder should be: the refusal names that folder."""
    (tmp_path / "data").write_text("not a folder")
    with pytest.raises(StorageOpenError) as info:
        await Storage.open(tmp_path / "data" / "cards" / "bot.db")
    message = str(info.value)
    assert message.startswith(f"cannot create the folder {tmp_path / 'data' / 'cards'}: ")
    assert "\n" not in message


async def test_database_path_that_is_a_folder_is_named(tmp_path: Path) -> None:
    """SQLite says only "unable to open database file" for a folder: the folder is named."""
    (tmp_path / "bot.db").mkdir()
    with pytest.raises(StorageOpenError) as info:
        await Storage.open(tmp_path / "bot.db")
    assert str(info.value) == (
        f"cannot open the database {tmp_path / 'bot.db'}: it is a folder, not a database file "
        f"(name a file in it, e.g. {tmp_path / 'bot.db' / 'allfours.db'})"
    )
    assert info.value.url_at_fault


async def test_file_that_is_not_a_database_is_named(tmp_path: Path) -> None:
    """Some other file at DATABASE_URL is refused before anything is written to it."""
    path = tmp_path / "notes.db"
    path.write_text("shopping list\n" * 200)
    with pytest.raises(StorageOpenError, match="not a database") as info:
        await Storage.open(path)
    assert str(path) in str(info.value)
    assert path.read_text() == "shopping list\n" * 200


async def test_a_good_database_opens_after_the_write_check(tmp_path: Path) -> None:
    """The write check leaves nothing behind: the schema version is the migrations' own."""
    path = tmp_path / "data" / "bot.db"
    first = await Storage.open(path)
    version = await first.schema_version()
    await first.close()
    again = await Storage.open(path)
    try:
        assert await again.schema_version() == version > 0
    finally:
        await again.close()


async def test_a_schema_newer_than_this_build_is_refused(database: Path | str) -> None:
    """On both databases: a version this build does not know is refused, unchanged, by the
    bot's start (migrate) and by every tool that opens the storage."""
    first = await Storage.open(database)
    known = await first.schema_version()
    async with first.transaction() as tx:
        conn = tx._conn  # the version as a newer bot would have left it
        if first.kind == "sqlite":
            await conn.execute("PRAGMA user_version = 99")
        else:
            await conn.execute("INSERT INTO schema_migrations (version, name) VALUES (99, 'x')")
    await first.close()
    with pytest.raises(SchemaTooNewError) as info:
        await Storage.open(database)
    assert f"has schema version 99, newer than this version of the bot knows ({known})" in str(
        info.value
    )
    again = await Storage.open(database, migrate=False)
    try:
        assert await again.schema_version() == 99
        with pytest.raises(SchemaTooNewError):
            await again.migrate()
    finally:
        await again.close()


async def test_ping_answers(storage: Storage) -> None:
    """What the health check asks: a query that reaches the database."""
    await storage.ping()

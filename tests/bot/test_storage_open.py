"""Storage.open names the folder or file at fault when the database cannot be used.

(Permission problems need an unprivileged process: they are proven through ``python -m bot``
in test_main.py.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.storage import Storage, StorageOpenError


async def test_folder_that_cannot_be_created_is_named(tmp_path: Path) -> None:
    """A file where the data folder should be: the refusal names that folder."""
    (tmp_path / "data").write_text("not a folder")
    with pytest.raises(StorageOpenError) as info:
        await Storage.open(tmp_path / "data" / "cards" / "bot.db")
    message = str(info.value)
    assert message.startswith(f"cannot create the folder {tmp_path / 'data' / 'cards'}: ")
    assert "\n" not in message


async def test_database_path_that_is_a_folder_is_named(tmp_path: Path) -> None:
    """SQLite cannot open a directory as a database."""
    (tmp_path / "bot.db").mkdir()
    with pytest.raises(StorageOpenError, match=f"database {tmp_path / 'bot.db'}: "):
        await Storage.open(tmp_path / "bot.db")


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

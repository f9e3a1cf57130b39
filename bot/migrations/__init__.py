"""The numbered schema migrations, ``NNNN_name.sql``: plain SQL files, applied in order at
start, each with its version bump in one transaction, never edited once released.

One source serves SQLite and PostgreSQL (``bot/storage/schema.py``): write a new file in the
portable subset — the types INTEGER (64-bit on both), REAL and TEXT, ``INTEGER PRIMARY KEY
AUTOINCREMENT`` for a numbered id, booleans as 0/1 integers, JSON as TEXT, names bare and
strings in single quotes, no PRAGMA, no ``INSERT OR``, no transaction control, no function
only SQLite has. ``tests/bot/test_schema.py`` refuses anything else by name, and the storage
tests apply every migration to both databases.
"""

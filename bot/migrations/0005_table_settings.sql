-- 0005: server settings as data, and the table options they set.
-- Why: a server sets more than a default timer now (language, default variant and options,
-- turn nudges, computer players, table pictures, allowed channels), so its settings become one
-- validated JSON document (bot/server_settings.py) instead of a column each; the timer moves
-- into it. A table keeps what it was opened with: its nudge delay, whether it draws pictures
-- and offers hints, and the level of each computer seat. The public message of a live turn
-- nudge is remembered so that a restart can still delete it.

ALTER TABLE guild_settings ADD COLUMN settings TEXT NOT NULL DEFAULT '{}';
UPDATE guild_settings SET settings = '{"turn_seconds":' || default_turn_seconds || '}'
    WHERE default_turn_seconds IS NOT NULL;
ALTER TABLE guild_settings DROP COLUMN default_turn_seconds;

ALTER TABLE games ADD COLUMN nudge_seconds INTEGER;          -- NULL: no nudges
ALTER TABLE games ADD COLUMN nudge_message_id INTEGER;       -- the live nudge, if any
ALTER TABLE games ADD COLUMN pictures INTEGER NOT NULL DEFAULT 1;
ALTER TABLE games ADD COLUMN hints INTEGER;                  -- NULL: on at unrated tables

ALTER TABLE seats ADD COLUMN level TEXT;                     -- computer level; NULL: a person

-- 0008: a card that plays itself is logged as such (``source = 'forced'``).
-- Why: a player whose turn comes with one card left has nothing to decide, so the bot plays
-- that card at once: the last trick of a hand takes no clicks and no waiting. Its row in the
-- move log says so; it was neither the player's click nor the computer's choice. SQLite cannot
-- change a CHECK constraint in place, so the table is rebuilt, the same way on both databases.

CREATE TABLE actions_forced (
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version   INTEGER NOT NULL,            -- the game version this action produced
    seat      INTEGER NOT NULL,
    code      TEXT    NOT NULL,            -- engine action code (encode_action)
    source    TEXT    NOT NULL CHECK (source IN ('player', 'computer', 'timeout', 'forced')),
    user_id   INTEGER,                     -- who clicked, for player actions
    at        REAL    NOT NULL,
    PRIMARY KEY (game_id, version)
);

INSERT INTO actions_forced (game_id, version, seat, code, source, user_id, at)
SELECT game_id, version, seat, code, source, user_id, at FROM actions;

DROP TABLE actions;
ALTER TABLE actions_forced RENAME TO actions;

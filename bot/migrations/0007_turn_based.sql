-- 0008: turn-based tables, a move every few hours, a game that lasts days.
-- Why: a live table's clocks live in memory and restart in full after a restart, which is
-- fair for a minute but not for a day: a turn-based table's deadlines are stored, so that a
-- restart or an upgrade neither forgives nor charges anyone. ``pace_seconds`` is the time per
-- move of a turn-based table (NULL: a live table). Its players hold no row of ``live_seats``
-- (one live seat per server stays the database's rule; turn-based seats are not counted).
-- ``turn_deadlines`` holds, for each person the table waits for, when their turn came and when
-- it runs out, and how many times they were mentioned for it (never more than twice a move).
-- ``turn_mail`` lists the players who asked for a direct message instead of a mention.

ALTER TABLE games ADD COLUMN pace_seconds INTEGER;

CREATE TABLE turn_deadlines (
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat      INTEGER NOT NULL,
    since     REAL NOT NULL,
    due       REAL NOT NULL,
    mentions  INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seat)
);

CREATE TABLE turn_mail (
    user_id   INTEGER NOT NULL PRIMARY KEY
);

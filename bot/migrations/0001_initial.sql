-- 0001: the first schema.
-- Why: every table of a game server in one place — a game's ruleset, seed and latest state
-- snapshot with its version (the optimistic lock that makes stale clicks harmless), the
-- append-only action log that can replay any game, the seats, the immutable record of each
-- finished match that ratings are computed from, the ratings themselves per family and scope,
-- and per-server settings.

CREATE TABLE games (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    family        TEXT    NOT NULL,                 -- 'allfours' (engine family)
    variant       TEXT    NOT NULL,                 -- preset name chosen at /start
    ruleset       TEXT    NOT NULL,                 -- the engine ruleset as JSON
    seed          INTEGER NOT NULL,
    status        TEXT    NOT NULL CHECK (status IN ('lobby', 'playing', 'finished', 'abandoned', 'cancelled')),
    snapshot      TEXT,                             -- engine state JSON; NULL while in the lobby
    version       INTEGER NOT NULL DEFAULT 0,       -- bumped by every change of the game
    guild_id      INTEGER NOT NULL,
    channel_id    INTEGER NOT NULL,
    message_id    INTEGER,                          -- the current lobby / table message
    message_hand  INTEGER,                          -- hand number that message shows
    host_id       INTEGER NOT NULL,
    turn_seconds  INTEGER,                          -- NULL: no turn timer
    rated         INTEGER NOT NULL DEFAULT 1,
    locale        TEXT    NOT NULL DEFAULT 'en',    -- language of the public messages
    last_hand     TEXT,                             -- JSON: the count of the last finished hand
    winner        INTEGER,                          -- winning side once finished
    end_reason    TEXT,                             -- why it closed: finished, ended, cancelled, idle
    ended_by      INTEGER,                          -- who ended or cancelled it
    created_at    REAL    NOT NULL,
    updated_at    REAL    NOT NULL
);

-- One unfinished table per channel, enforced by the database as well as by the service.
CREATE UNIQUE INDEX games_one_open_per_channel
    ON games (channel_id) WHERE status IN ('lobby', 'playing');
CREATE INDEX games_open ON games (status) WHERE status IN ('lobby', 'playing');

CREATE TABLE seats (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat         INTEGER NOT NULL,
    user_id      INTEGER,                  -- NULL: a computer from the start
    name         TEXT    NOT NULL,         -- display name when seated
    computer     INTEGER NOT NULL DEFAULT 0, -- 1: the computer plays this seat now
    timeouts     INTEGER NOT NULL DEFAULT 0, -- consecutive turn-timer expiries
    hang_jacks   INTEGER NOT NULL DEFAULT 0,
    kick_points  INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX seats_user ON seats (user_id) WHERE user_id IS NOT NULL;

CREATE TABLE actions (
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version   INTEGER NOT NULL,            -- the game version this action produced
    seat      INTEGER NOT NULL,
    code      TEXT    NOT NULL,            -- engine action code (encode_action)
    source    TEXT    NOT NULL CHECK (source IN ('player', 'computer', 'timeout')),
    user_id   INTEGER,                     -- who clicked, for player actions
    at        REAL    NOT NULL,
    PRIMARY KEY (game_id, version)
);

CREATE TABLE matches (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id     INTEGER NOT NULL UNIQUE REFERENCES games (id),
    family      TEXT    NOT NULL,
    variant     TEXT    NOT NULL,
    guild_id    INTEGER NOT NULL,
    outcome     TEXT    NOT NULL CHECK (outcome IN ('finished', 'abandoned')),
    rated       INTEGER NOT NULL,
    winner      INTEGER,                   -- winning side; NULL when abandoned
    hands       INTEGER NOT NULL,
    ended_at    REAL    NOT NULL
);
CREATE INDEX matches_family ON matches (family, rated, id);

CREATE TABLE match_players (
    match_id     INTEGER NOT NULL REFERENCES matches (id),
    seat         INTEGER NOT NULL,
    side         INTEGER NOT NULL,
    user_id      INTEGER,                  -- NULL: a computer player
    computer     INTEGER NOT NULL,         -- 1: the computer was playing the seat at the end
    rank         INTEGER,                  -- 1 for the winning side, 2 otherwise; NULL if abandoned
    score        INTEGER NOT NULL,
    hang_jacks   INTEGER NOT NULL,
    kick_points  INTEGER NOT NULL,
    PRIMARY KEY (match_id, seat)
);
CREATE INDEX match_players_user ON match_players (user_id, match_id);

CREATE TABLE ratings (
    family       TEXT    NOT NULL,
    guild_id     INTEGER NOT NULL,         -- 0: the global pool
    user_id      INTEGER NOT NULL,
    mu           REAL    NOT NULL,
    sigma        REAL    NOT NULL,
    ordinal      REAL    NOT NULL,         -- the conservative rating the boards rank by
    games        INTEGER NOT NULL,
    wins         INTEGER NOT NULL,
    hang_jacks   INTEGER NOT NULL,
    kick_points  INTEGER NOT NULL,
    PRIMARY KEY (family, guild_id, user_id)
);
CREATE INDEX ratings_board ON ratings (family, guild_id, ordinal DESC);

CREATE TABLE guild_settings (
    guild_id              INTEGER PRIMARY KEY,
    default_turn_seconds  INTEGER              -- used when /start names no timer; NULL: none
);

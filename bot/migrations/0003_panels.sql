-- 0003: open hand panels survive a restart.
-- Why: a hand panel is an ephemeral message that only the interaction which last drew it may
-- edit, for 15 minutes, through that interaction's token. Kept only in memory, the handles
-- were lost on a restart, and open panels stopped following the game ("this panel wakes up
-- when it is your turn" while the table pinged the player). The token is a short-lived secret:
-- it is stored with the game, removed when the table closes, and never logged.

CREATE TABLE panels (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id    INTEGER NOT NULL,
    message_id INTEGER NOT NULL,          -- the panel (an ephemeral message)
    token      TEXT    NOT NULL,          -- the interaction token that may edit the panel
    opened     REAL    NOT NULL,          -- when that interaction was created (epoch seconds)
    locale     TEXT    NOT NULL,          -- the owner's language
    signature  TEXT    NOT NULL,          -- fingerprint of what the panel shows now
    PRIMARY KEY (game_id, user_id)
);

-- 0006: one seat per player per server at live tables, as a rule of the database.
-- Why: the service checked that a player was free before seating them, but two Join clicks
-- at once in two channels both passed that check. A player's open seat in a server is now a
-- row whose primary key is (server, player): the second claim is refused by the database
-- itself, on SQLite and PostgreSQL alike, whichever bot process makes it. A row lives while
-- its player sits at an unfinished table and plays the seat (not handed to the computer).

CREATE TABLE live_seats (
    guild_id  INTEGER NOT NULL,
    user_id   INTEGER NOT NULL,
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    PRIMARY KEY (guild_id, user_id)
);
CREATE INDEX live_seats_game ON live_seats (game_id);

-- The seats taken before this rule; a player found at several open tables of one server
-- (which the old check could let through) keeps the oldest as their live seat.
INSERT INTO live_seats (guild_id, user_id, game_id)
SELECT g.guild_id, s.user_id, MIN(g.id)
FROM seats s JOIN games g ON g.id = s.game_id
WHERE g.status IN ('lobby', 'playing') AND s.user_id IS NOT NULL AND s.computer = 0
GROUP BY g.guild_id, s.user_id;

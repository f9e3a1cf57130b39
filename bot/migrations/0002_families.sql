-- 0002: one table machinery for every game family.
-- Why: KQJ joins All Fours. Statistics become family data ({name: count} as JSON text) instead
-- of All Fours columns (hang jacks, kick points); ratings are kept per rating pool (KQJ 3v3,
-- 2v2v2 and random partners are different games) instead of per family; a result is the place
-- of every side (KQJ wins can be shared), so the single-winner columns go: a finished game's
-- result is in its snapshot, and each player's place in match_players.rank, which already held
-- it. Hands and rounds are both "deals". Every game, rating and statistic is kept.

-- seats: hang jacks / kick points -> stats
ALTER TABLE seats ADD COLUMN stats TEXT NOT NULL DEFAULT '{}';
UPDATE seats SET stats = '{"hang_jacks":' || hang_jacks || ',"kick_points":' || kick_points || '}'
    WHERE hang_jacks <> 0 OR kick_points <> 0;
ALTER TABLE seats DROP COLUMN hang_jacks;
ALTER TABLE seats DROP COLUMN kick_points;

-- match_players: the same
ALTER TABLE match_players ADD COLUMN stats TEXT NOT NULL DEFAULT '{}';
UPDATE match_players SET stats = '{"hang_jacks":' || hang_jacks || ',"kick_points":' || kick_points || '}'
    WHERE hang_jacks <> 0 OR kick_points <> 0;
ALTER TABLE match_players DROP COLUMN hang_jacks;
ALTER TABLE match_players DROP COLUMN kick_points;

-- ratings: per pool, statistics as data
ALTER TABLE ratings RENAME COLUMN family TO pool;
ALTER TABLE ratings ADD COLUMN stats TEXT NOT NULL DEFAULT '{}';
UPDATE ratings SET stats = '{"hang_jacks":' || hang_jacks || ',"kick_points":' || kick_points || '}'
    WHERE hang_jacks <> 0 OR kick_points <> 0;
ALTER TABLE ratings DROP COLUMN hang_jacks;
ALTER TABLE ratings DROP COLUMN kick_points;

-- matches: the pool a match is rated in (All Fours had one pool, named like the family)
ALTER TABLE matches ADD COLUMN pool TEXT NOT NULL DEFAULT '';
UPDATE matches SET pool = family;
CREATE INDEX matches_pool ON matches (pool, rated, id);
ALTER TABLE matches DROP COLUMN winner;
ALTER TABLE matches RENAME COLUMN hands TO deals;

-- games: deals, and no single winner
ALTER TABLE games DROP COLUMN winner;
ALTER TABLE games RENAME COLUMN message_hand TO message_deal;
ALTER TABLE games RENAME COLUMN last_hand TO last_deal;

-- 0004: how long the computer players of a table wait before each move.
-- Why: a table of one person and five computers is a way to practise, but only if the person
-- can follow the trick: the pause before each computer move becomes a table option (NULL:
-- the bot's default, about a second).

ALTER TABLE games ADD COLUMN computer_pause REAL;

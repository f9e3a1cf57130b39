"""``python -m engine.records FILE``: read a game record, replay it through the engine and
say whether every fact it states holds (``-`` reads the record from standard input).

It prints one line: ``FILE: OK: ...`` on standard output when the record replays as it is
written (exit status 0); ``FILE:LINE: what is wrong`` on standard error when it is malformed
or the engine disagrees with it (exit status 1); a file that cannot be read exits with 2.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from engine import allfours
from engine.records.model import GameRecord, RecordError
from engine.records.replay import check

USAGE = "usage: python -m engine.records FILE   (a game record; - reads standard input)"


def describe(game: GameRecord) -> str:
    """A short description of a record that replayed as written.

    >>> from engine import kqj
    >>> from engine.records.replay import from_log
    >>> game = from_log(kqj.preset("kqj").replace(auction=True), 4, [])
    >>> print(describe(game))  # doctest: +ELLIPSIS
    KQJ (3v3, auction, to 1000), seed 4: 1 deal, 0 hands counted, ... the game goes on
    """
    rules = game.rules
    if isinstance(rules, allfours.Ruleset):
        seating = "partnerships" if rules.partnerships else "no partners"
        kind = f"All Fours ({rules.variant}, {rules.players} players, {seating}, to {rules.target})"
    else:
        modes: list[str] = [rules.teams]
        if rules.auction:
            modes.append("auction")
        if rules.random_partners:
            modes.append("random partners")
        kind = f"KQJ ({', '.join(modes)}, to {rules.target})"
    source = f"seed {game.seed}" if game.seed is not None else "no seed, each deal as written"
    deals = len(game.deals)
    counted = sum(1 for deal in game.deals if deal.game_points or deal.round_points or deal.outcome)
    actions = len(game.moves())
    score = " ".join(map(str, game.final_scores))
    if not game.winners:
        result = "the game goes on"
    elif len(game.winners) == 1:
        result = f"side {game.winners[0]} won"
    else:
        result = f"sides {' and '.join(map(str, game.winners))} share the win"
    return (
        f"{kind}, {source}: {deals} deal{'s' * (deals != 1)}, "
        f"{counted} hand{'s' * (counted != 1)} counted, "
        f"{actions} actions; score {score}, {result}"
    )


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1 or args[0] in ("-h", "--help"):
        print(USAGE, file=sys.stderr)
        return 2
    path = args[0]
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
    except (OSError, UnicodeDecodeError) as exc:
        print(f"{path}: cannot read it: {exc}", file=sys.stderr)
        return 2
    try:
        game, _ = check(text)
    except RecordError as exc:
        where = path if exc.line is None else f"{path}:{exc.line}"
        print(f"{where}: {exc.reason}", file=sys.stderr)
        return 1
    print(f"{path}: OK: {describe(game)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

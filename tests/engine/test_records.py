"""Game records (engine.records, docs/records.md): golden records of both families, the
documentation's examples, tables of malformed and inconsistent records with the line each
error names, the command line, and the hypothesis properties over random games of every
variant and KQJ mode: ``read(write(game)) == game``, replaying a record gives the game's
stored final state, and the same record without its seed replays deal by deal.

Regenerate the golden records deliberately with
``UPDATE_GOLDEN=1 python -m pytest tests/engine/test_records.py``. ``RECORDS_GAMES`` sets how
many random games the properties play: 1,000 by default, ``RECORDS_GAMES=10000`` for the
issue's 10,000."""

from __future__ import annotations

import dataclasses
import datetime
import os
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from engine import allfours, kqj, records
from engine.allfours.rules import VARIANTS as ALLFOURS_VARIANTS
from engine.records import GameRecord, RecordError
from engine.records.__main__ import main
from engine.records.text import DEAL_TAGS, GAME_TAGS, SECTIONS

GOLDEN = Path(__file__).parent / "golden_records"
DOCS = Path(__file__).parents[2] / "docs" / "records.md"
SEATS = ["Keisha", "Ravi", "Marlon", "Computer (normal)", "Aiko", 'Sam "the hand" O\'Neil']


def random_game(rules: records.Rules, seed: int, stop: int | None = None) -> tuple[Any, list[Any]]:
    """A game played by a seeded random player (a random seat among those with a decision,
    then a random legal action), never by a computer level, so that a change to the computer
    players leaves the golden records alone; ``stop`` cuts it after that many actions."""
    family: Any = allfours if isinstance(rules, allfours.Ruleset) else kqj
    rng = random.Random(seed)
    state = family.new_game(rules, seed)
    log: list[Any] = []
    while state.winner is None and (stop is None or len(log) < stop):
        seats = [seat for seat in range(rules.players) if family.legal_actions(state, seat)]
        seat = rng.choice(seats)
        action = rng.choice(family.legal_actions(state, seat))
        state = family.apply(state, seat, action).state
        log.append((seat, action))
    return state, log


def record_of(rules: records.Rules, seed: int, stop: int | None = None) -> GameRecord:
    _, log = random_game(rules, seed, stop)
    return records.from_log(
        rules,
        seed,
        log,
        event="Friday table",
        server="Port of Spain Cards",
        date=datetime.date(2025, 3, 14),
        names=SEATS[: rules.players],
        tags=[("Table", "42")],
    )


def one_deal(game: GameRecord, reason: str) -> GameRecord:
    """The first deal of ``game`` scoring for ``reason``, alone and without the seed: a hand
    as a bug report gives it."""
    deal = next(d for d in game.deals if any(a.reason == reason for a in d.awards))
    return dataclasses.replace(
        game,
        seed=None,
        deals=(deal,),
        final_scores=deal.scores_after(),
        winners=(),
        event="",
        date=None,
        tags=(("Report", f"the {reason} of hand {deal.hand}"),),
    )


CARIBBEAN = allfours.preset("caribbean")
KQJ_500 = kqj.preset("kqj").replace(target=500)
GOLDEN_CASES: dict[str, Callable[[], GameRecord]] = {
    # The documentation's examples (docs/records.md holds them verbatim).
    "allfours-caribbean": lambda: record_of(CARIBBEAN, 361),
    "kqj-3v3": lambda: record_of(KQJ_500, 127),
    "hang-jack-without-seed": lambda: one_deal(record_of(CARIBBEAN, 361), "hang_jack"),
    # One of each other seating and mode.
    "allfours-english-3": lambda: record_of(allfours.preset("english").replace(players=3), 88),
    "allfours-seven-up-4-partners": lambda: record_of(
        allfours.preset("seven-up").replace(players=4, partnerships=True), 139
    ),
    "allfours-caribbean-2p-unfinished": lambda: record_of(allfours.preset("caribbean-2p"), 2, 61),
    "kqj-2v2v2-auction-random": lambda: record_of(
        KQJ_500.replace(teams="2v2v2", auction=True, random_partners=True), 1
    ),
    "kqj-auction-2000": lambda: record_of(KQJ_500.replace(auction=True, target=2000), 5),
    "kqj-random-partners-unfinished": lambda: record_of(
        KQJ_500.replace(random_partners=True), 4, 150
    ),
}


def golden_text(name: str) -> str:
    return (GOLDEN / f"{name}.txt").read_text(encoding="utf-8")


# --- golden records and the documentation -------------------------------------------------------


@pytest.mark.parametrize("name", list(GOLDEN_CASES))
def test_golden_record(name: str) -> None:
    """Each golden record is what the module writes for its game, and replays as written."""
    game = GOLDEN_CASES[name]()
    text = records.write(game)
    path = GOLDEN / f"{name}.txt"
    if os.environ.get("UPDATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert text == golden_text(name), f"{name}.txt changed: review the diff, then UPDATE_GOLDEN=1"
    read, _ = records.check(text)
    assert read == game


def test_golden_records_cover_every_family_mode_and_ending() -> None:
    games = [records.read(golden_text(name)) for name in GOLDEN_CASES]
    rules = [game.rules for game in games]
    assert {r.variant for r in rules if isinstance(r, allfours.Ruleset)} == set(ALLFOURS_VARIANTS)
    kqj_rules = [r for r in rules if isinstance(r, kqj.Ruleset)]
    assert {(r.teams, r.auction, r.random_partners) for r in kqj_rules} >= {
        ("3v3", False, False),
        ("2v2v2", True, True),
        ("3v3", True, False),
        ("3v3", False, True),
    }
    assert any(game.seed is None for game in games)
    assert any(not game.winners for game in games), "an unfinished game"
    assert any(deal.redeal for game in games for deal in game.deals), "a deal thrown in"


def test_the_documentation_shows_the_golden_records_verbatim() -> None:
    """docs/records.md's examples are generated records, kept true by this test."""
    docs = DOCS.read_text(encoding="utf-8")
    for name in ("allfours-caribbean", "kqj-3v3", "hang-jack-without-seed"):
        assert f"```\n{golden_text(name)}```" in docs, f"docs/records.md lacks {name}.txt"


def test_a_record_replays_to_the_stored_state_and_knows_its_log() -> None:
    state, log = random_game(CARIBBEAN, 361)
    game = records.from_log(CARIBBEAN, 361, [(s, allfours.encode_action(a)) for s, a in log])
    assert game == records.from_log(CARIBBEAN, 361, log), "codes and actions alike"
    assert game.moves() == log
    assert records.replay(game) == state == allfours.replay(CARIBBEAN, 361, log)


def test_a_hand_without_its_seed_replays_from_its_written_deal() -> None:
    game = records.read(golden_text("hang-jack-without-seed"))
    assert game.seed is None and len(game.deals) == 1
    state = records.replay(game)
    assert game.deals[0].awards[-2].reason == "hang_jack"
    assert state.hand_number == 2, "the engine dealt on after the count"


def test_a_kqj_deal_thrown_in_uses_only_its_return() -> None:
    """Twelve passes throw a KQJ deal in (§5.3): the record shows the Return alone as the
    used stock, and the next deal is the same hand; with or without the seed it replays."""
    state = kqj.new_game(KQJ_500, 9)
    log = [((state.dealer + 1 + k) % 6, kqj.Pass()) for k in range(12)]
    game = records.from_log(KQJ_500, 9, log)
    thrown, again = game.deals
    assert thrown.redeal == "all six players passed twice" and thrown.stock == thrown.turned
    assert (again.number, again.hand, again.dealer) == (2, 1, thrown.dealer)
    assert records.read(records.write(game)) == game
    assert records.replay(game) == kqj.replay(KQJ_500, 9, log)
    records.replay(dataclasses.replace(game, seed=None))


def test_the_rules_tags_are_the_ruleset_options() -> None:
    text = golden_text("kqj-3v3")
    options = re.findall(r"^\[([a-z_]+) ", text, flags=re.MULTILINE)
    assert tuple(options) == tuple(kqj.Ruleset().to_dict())


# --- malformed and inconsistent records -----------------------------------------------------------

Mutation = tuple[str, str, str, str | None, str]
"""(golden record, pattern of the line to change (its first match), replacement (``None``
deletes the line), pattern of the line the error must name (``""``: the changed line), a
fragment of the message)."""

AF, KQ = "allfours-caribbean", "kqj-3v3"
TRICK_1 = "1. 3:Kd 0:6c 1:7h 2:Tc"
STOCK_1 = "Jd 4h 2s 3d Ks Qd Th 6h 7h 3h Kc 6s Qc"
# fmt: off
BAD_RECORDS: dict[str, Mutation] = {
    # -- the form (read) --
    "no game tag": (AF, r'\[Game "allfours"\]', None, r"% engine", "names its game"),
    "unknown game": (AF, r"\[Game ", '[Game "bridge"]', "", '"allfours" or "kqj"'),
    "format 2": (AF, r"% engine\.records 1", "% engine.records 2", "", "format 2"),
    "not a tag pair": (AF, r"\[Event ", "[Event Friday]", "", "not a tag pair"),
    "bad escape": (AF, r"\[Event ", r'[Event "a\n"]', "", "backslash"),
    "second tag": (AF, r"\[Server ", '[Event "again"]', "", "a second [Event]"),
    "option not a number": (AF, r"\[target ", '[target "x"]', "", "whole number"),
    "option out of range": (AF, r"\[target ", '[target "200"]', "", "between 1 and 99"),
    "option not a flag": (AF, r"\[gift_point ", '[gift_point "yes"]', "", "true or false"),
    "unknown option": (AF, r"\[target ", '[colour "red"]', "", "unknown All Fours option"),
    "rules that do not fit": (AF, r"\[players ", '[players "3"]', "", "2 or 4 players"),
    "seat beyond the table": (AF, r"\[Seat3 ", '[Seat7 "Zed"]', "", "seats 4 players"),
    "result of no side": (AF, r"\[Result ", '[Result "2"]', "", "from 0 to 1"),
    "final score of one side": (AF, r"\[FinalScore ", '[FinalScore "15"]', "", "not 1"),
    "no result": (AF, r"\[Result ", None, r"\[Game ", "no [Result]"),
    "bad date": (AF, r"\[Date ", '[Date "14/03/2025"]', "", "YYYY.MM.DD"),
    "deal tag before any deal": (AF, r"\[Table ", '[Dealer "0"]', "", "belongs to a deal"),
    "deal without dealer": (AF, r"\[Dealer ", None, r'\[Deal "1"\]', "no [Dealer]"),
    "unknown section": (AF, r"\[Decisions\]", "[Bidding]", "", "not a section"),
    "unknown deal tag": (AF, r"\[Stock ", '[Talon "Jd"]', "", "not a tag of a deal"),
    "kqj tag in all fours": (AF, r"\[Kick ", '[Return "Jd"]', "", "KQJ records"),
    "all fours tag in kqj": (KQ, r"\[Return ", '[Kick "Tc"]', "", "All Fours records"),
    "line outside a section": (AF, r"\[Dealer ", "Jd 4h", "", "neither a tag"),
    "hand missing": (AF, r"^3 ", None, r"\[Hands\]", "no line for seat 3"),
    "hand twice": (AF, r"^3 ", "2 5h 9h 5d Kd 8c Jc", "", "seat 2 twice"),
    "not a card": (AF, r"^3 ", "3 5h 9h 5d Kd 8c Zz", "", "'Zz' is not a card"),
    "a Hero in All Fours": (AF, r"^3 ", "3 5h 9h 5d Kd 8c Hc", "", "Hero"),
    "a two in KQJ": (KQ, r"^5 ", "5 9s Ks 5d 7d 2c", "", "no 2s or 3s"),
    "not an action code": (AF, r"^3 B$", "3 X", "", "not an All Fours action code"),
    "a play among decisions": (AF, r"^3 B$", "3 P:5h", "", "belong to [Tricks]"),
    "trick out of seat order": (AF, r"^1\. ", "1. 3:Kd 1:6c 0:7h 2:Tc -> 2 (13)", "", "seat order"),
    "trick misnumbered": (AF, r"^2\. ", "3. 2:Qc 3:Jc 0:6d 1:2c -> 2 (3)", "", "start with '2.'"),
    "full trick without winner": (AF, r"^1\. ", TRICK_1, "", "has a winner"),
    "unfinished trick mid-record": (AF, r"^9\. ", "9. 0:Ks 1:5s", "", "very last trick"),
    "award of no side": (AF, r"^0 \+1 game$", "2 +1 game", "", "no side 2"),
    "award malformed": (AF, r"^0 \+1 game$", "0 1 game", "", "<side> +<points>"),
    "contract malformed": (KQ, r"\[Contract ", '[Contract "c with 0"]', "", "[Contract] is"),
    # -- the facts (replay) --
    "wrong dealer": (AF, r"\[Dealer ", '[Dealer "1"]', "", "is '1' but the engine has '2'"),
    "wrong score": (AF, r'\[Score "7 2"\]', '[Score "7 3"]', "", "[Score] is '7 3'"),
    "wrong hand": (AF, r"^0 7s", "0 7s 9s 8h Ah 6d 7c", "", "seat 0's hand"),
    "wrong stock": (AF, r'\[Stock "Jd', f'[Stock "{STOCK_1} 5d"]', "", "engine's stock starts"),
    "stock too short": (AF, r'\[Stock "Jd', '[Stock "Jd 4h"]', "", "dealt 14 cards"),
    "wrong kick": (AF, r'\[Kick "Jd 5c"\]', '[Kick "Jd"]', "", "[Kick] is 'Jd'"),
    "illegal decision": (AF, r"^2 R$", "2 S", "", "decision 2 (2 S): seat 2 cannot"),
    "decision by the wrong seat": (AF, r"^3 B$", "1 B", "", "seat 3's turn"),
    "card not held": (AF, r"^1\. ", "1. 3:Kd 0:6c 1:7h 2:Ts -> 2 (13)", "", "(2 P:Ts): seat 2"),
    "wrong trick winner": (AF, r"^1\. ", f"{TRICK_1} -> 3 (13)", "", "gives it to seat 3"),
    "wrong trick points": (AF, r"^1\. ", f"{TRICK_1} -> 2 (12)", "", "(12 points)"),
    "wrong award": (AF, r"^0 \+3 hang_jack", "0 +1 jack Jc by 2", "", "award 4 is '0 +1 jack"),
    "missing award": (AF, r"^0 \+1 game$", None, r"^\[Awards\]", "one more award"),
    "wrong game points": (AF, r'\[GamePoints "37 17"\]', '[GamePoints "37 18"]', "", "37 18"),
    "wrong final score": (AF, r"\[FinalScore ", '[FinalScore "15 6"]', "", "ends at '15 5'"),
    "wrong result": (AF, r"\[Result ", '[Result "*"]', "", "the engine has '0'"),
    "a play after the count": (
        AF, r"^6\. 0:Ts", "6. 0:Ts 1:2d 2:6c 3:5h -> 3 (10)\n7. 3:Jc 0:7c 1:2s 2:9s -> 3 (1)",
        r"^7\. 3:Jc", "over before this",
    ),
    "a deal too soon": (AF, r"^9\. ", None, r'\[Deal "2"\]', "not over"),
    "wrong contract": (KQ, r'\[Contract "c by 0"\]', '[Contract "c by 1"]', "", "'c by 1'"),
    "wrong teams": (KQ, r"\[Teams ", '[Teams "0 1 2 / 3 4 5"]', "", "[Teams]"),
    "wrong pool": (KQ, r'\[Pool "0"\]', '[Pool "10"]', "", "[Pool] is '10'"),
    "wrong return": (KQ, r"\[Return ", '[Return "Kd"]', "", "[Return] is 'Kd'"),
    "wrong round points": (KQ, r"\[RoundPoints ", '[RoundPoints "84 162"]', "", "'84 162'"),
    "wrong outcome": (KQ, r'\[Outcome "won"\]', '[Outcome "litigation"]', "", "[Outcome]"),
    "wrong bonus": (KQ, r"^1 \+10 dix_de_der by 5", "0 +10 dix_de_der by 5", "", "bonus 1"),
    # -- without a seed: the engine's count must lead to the next written deal --
    "no seed, wrong score after the count": (AF, r'\[Score "7 2"\]', '[Score "8 2"]', "", "'8 2'"),
    "no seed, stock too short": (AF, r'\[Stock "Jd', '[Stock "Jd 4h 2s 3d"]', "", "lists 4"),
    "no seed, duplicated card": (AF, r"^0 7s", "0 7s 9s 8h Ah 6d Jc", r"\[Hands\]", "twice"),
}
# fmt: on
NO_SEED = re.compile(r'\[Seed "[0-9]+"\]\n')


def mutated(name: str, pattern: str, replacement: str | None) -> tuple[str, str]:
    """The record with the first line matching ``pattern`` replaced, and that line's text."""
    lines = golden_text(name).split("\n")
    at = next(i for i, line in enumerate(lines) if re.search(pattern, line))
    original = lines[at]
    if replacement is None:
        del lines[at]
    else:
        lines[at] = replacement
    return "\n".join(lines), original


@pytest.mark.parametrize("case", list(BAD_RECORDS))
def test_a_bad_record_is_refused_at_its_line(case: str) -> None:
    name, pattern, replacement, at, fragment = BAD_RECORDS[case]
    text, original = mutated(name, pattern, replacement)
    if case.startswith("no seed"):
        text = NO_SEED.sub("", text)
    lines = text.split("\n")
    if at:
        expected = next(i for i, line in enumerate(lines) if re.search(at, line)) + 1
    else:
        expected = lines.index(replacement.split("\n")[0]) + 1 if replacement else 0
    with pytest.raises(RecordError) as caught:
        records.check(text)
    assert caught.value.line == expected, (caught.value, original)
    assert fragment in caught.value.reason


def test_reading_alone_checks_the_form_not_the_facts() -> None:
    text, _ = mutated("allfours-caribbean", r"\[Dealer ", '[Dealer "1"]')
    game = records.read(text)
    assert game.deals[0].dealer == 1
    with pytest.raises(RecordError, match="Dealer") as caught:
        records.replay(game)
    assert caught.value.line is None, "a record without its text has no line numbers"


def test_reading_takes_comments_spacing_and_any_tag_order() -> None:
    text = golden_text("allfours-caribbean")
    lines = text.split("\n")
    head = lines[: lines.index('[Deal "1"]')]
    reordered = [head[0], "; a comment line", "%   another directive", *reversed(head[1:])]
    loose = [
        re.sub(r'^\[(\w+) "(.*)"\]$', r'  [ \1   "\2" ]   ; noted', line) for line in reordered
    ]
    body = [line + "   ; why" if line[:1].isdigit() else line for line in lines[len(head) :]]
    assert records.read("\n".join(loose + body).replace("\n", "\r\n")) == records.read(text)


def test_a_tag_value_keeps_quotes_backslashes_and_semicolons() -> None:
    game = dataclasses.replace(
        records.read(golden_text("allfours-caribbean")),
        event='Finals; "table 1" \\ part [2]',
        names=("  Ann  ", "", "Bo;", "\\"),
    )
    assert records.read(records.write(game)) == game


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"event": "two\nlines"}, "one line"),
        ({"names": ("a", "b")}, "one per seat"),
        ({"tags": (("Event", "x"),)}, "further tag"),
        ({"tags": (("lower", "x"),)}, "further tag"),
        ({"tags": (("Dealer", "x"),)}, "deal's tag"),
    ],
)
def test_a_record_that_cannot_be_written_is_refused(change: dict[str, Any], message: str) -> None:
    game = records.read(golden_text("allfours-caribbean"))
    with pytest.raises(RecordError, match=message):
        records.write(dataclasses.replace(game, **change))


def test_a_log_the_engine_refuses_is_a_record_error() -> None:
    with pytest.raises(RecordError, match="log entry 1"):
        records.from_log(CARIBBEAN, 361, [(0, "S")])
    with pytest.raises(RecordError, match="not an All Fours action code"):
        records.from_log(CARIBBEAN, 361, [(3, "T:h")])


# --- the command line -------------------------------------------------------------------------


def test_the_command_line_says_ok(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.txt"
    path.write_text(golden_text("kqj-3v3"), encoding="utf-8")
    assert main([str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{path}: OK: KQJ (3v3, to 500), seed 127: ")
    assert out.rstrip().endswith("score 770 290, side 0 won")


def test_the_command_line_names_the_line_at_fault(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text, _ = mutated("allfours-caribbean", r"^1\. ", "1. 3:Kd 0:6c 1:7h 2:Tc -> 3 (13)")
    path = tmp_path / "report.txt"
    path.write_text(text, encoding="utf-8")
    assert main([str(path)]) == 1
    line = text.split("\n").index("1. 3:Kd 0:6c 1:7h 2:Tc -> 3 (13)") + 1
    assert capsys.readouterr().err.startswith(f"{path}:{line}: deal 1, trick 1: ")


def test_the_command_line_reads_standard_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO(golden_text("hang-jack-without-seed")))
    assert main(["-"]) == 0
    assert "no seed, each deal as written: 1 deal, 1 hand counted" in capsys.readouterr().out


def test_the_command_line_module_examples_hold() -> None:
    """pytest's doctest collection skips ``__main__.py`` files; its examples run here."""
    import doctest

    import engine.records.__main__ as cli

    assert doctest.testmod(cli, optionflags=doctest.ELLIPSIS).attempted
    assert doctest.testmod(cli, optionflags=doctest.ELLIPSIS).failed == 0


def test_the_command_line_without_a_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert main(["/nonexistent/record.txt"]) == 2
    assert "cannot read it" in capsys.readouterr().err


# --- random games of every variant and mode -------------------------------------------------------

GAMES = int(os.environ.get("RECORDS_GAMES", "1000"))
TEXT = st.text(st.characters(exclude_characters="\r\n"), max_size=12)
TARGETS = st.one_of(st.sampled_from([7, 11, 14]), st.integers(1, 21), st.integers(1, 99))
TAG_NAMES = st.from_regex(r"\A[A-Z][A-Za-z0-9_]{0,8}\Z").filter(
    lambda name: name not in {*GAME_TAGS, *DEAL_TAGS, *SECTIONS} and not re.match(r"Seat\d", name)
)


@st.composite
def allfours_rules(draw: st.DrawFn) -> allfours.Ruleset:
    variant = draw(st.sampled_from(ALLFOURS_VARIANTS))
    caribbean = variant == "caribbean"
    players = draw(st.sampled_from([2, 4] if caribbean else [2, 3, 4]))
    return allfours.Ruleset(
        variant=variant,
        players=players,
        partnerships=players == 4 and (caribbean or draw(st.booleans())),
        target=draw(TARGETS),
        kick_two_rank=draw(st.sampled_from(["6", "2"])) if caribbean else "6",
        low_mode="held" if caribbean else draw(st.sampled_from(["held", "captured"])),
        game_tie=draw(st.sampled_from(["none", "non_dealer"])),
        gift_point=draw(st.booleans()),
        allow_take_one_to_win=draw(st.booleans()),
        forbid_undertrump=draw(st.booleans()),
        record_awards_after_win=draw(st.booleans()),
    )


KQJ_RULES = st.builds(
    kqj.Ruleset,
    teams=st.sampled_from(["3v3", "2v2v2"]),
    auction=st.booleans(),
    random_partners=st.booleans(),
    target=st.sampled_from([500, 500, 500, 1000, 2000]),
    all_trump_no_trump=st.booleans(),
    second_round_same_suit_allowed=st.booleans(),
    capot_contract_value=st.integers(1, 200).map(lambda tens: tens * 10),
    pool_on_failure=st.sampled_from(["each_defence", "best_defence"]),
    special_bonus_to=st.sampled_from(["other_teams", "scoring_teams"]),
    auction_failure_pays=st.sampled_from(["each_defence", "best_defence"]),
    countered_contract=st.sampled_from(["switch", "multiplier", "wager"]),
)


def mode(rules: records.Rules) -> str:
    if isinstance(rules, allfours.Ruleset):
        return f"{rules.variant} {rules.players}{'p' if rules.partnerships else ''}"
    return f"kqj {rules.teams}{' auction' if rules.auction else ''}" + (
        " random" if rules.random_partners else ""
    )


@st.composite
def games(draw: st.DrawFn) -> tuple[GameRecord, Any]:
    rules = draw(st.one_of(allfours_rules(), KQJ_RULES))
    seed = draw(st.integers(-(2**63), 2**63))
    stop = draw(st.one_of(st.none(), st.none(), st.integers(0, 400)))
    state, log = random_game(rules, seed, stop)
    names = draw(st.lists(TEXT, min_size=rules.players, max_size=rules.players))
    extra = draw(st.lists(st.tuples(TAG_NAMES, TEXT), max_size=2, unique_by=lambda tag: tag[0]))
    game = records.from_log(
        rules,
        seed,
        log,
        event=draw(TEXT),
        server=draw(TEXT),
        date=draw(st.none() | st.dates()),
        names=names,
        tags=extra,
    )
    return game, state


@settings(
    max_examples=GAMES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(games())
@pytest.mark.timeout(1800)
def test_random_games_round_trip_and_replay(case: tuple[GameRecord, Any]) -> None:
    """read(write(game)) == game; the text is canonical; the record replays to the game's
    final state; and without its seed it replays deal by deal from its written deals."""
    game, state = case
    event(mode(game.rules))
    text = records.write(game)
    again = records.read(text)
    assert again == game
    assert records.write(again) == text
    assert records.replay(game) == state
    records.replay(dataclasses.replace(game, seed=None))

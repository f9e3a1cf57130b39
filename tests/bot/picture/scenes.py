"""Hand-made scenes for the picture tests: fixed, so their pictures change only when the
renderer does (the engine's positions may evolve without touching the golden checksums)."""

from __future__ import annotations

from bot.picture.common import labels
from bot.picture.scene import Direction, Scene, ScoreLine, SeatScene
from engine.cards import Card


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(word) for word in text.split())


LABELS = labels("en")


def caribbean_mid_trick() -> Scene:
    """Four players, counter-clockwise, two kicks, the third card of a trick just played."""
    seats = (
        SeatScene("Alice", 0, is_dealer=True, cards_held=5, card=Card.parse("3s")),
        SeatScene("鈴木太郎", 1, is_to_act=True, cards_held=6),
        SeatScene("Bob the Builder", 0, cards_held=5, card=Card.parse("7s"), is_led=True),
        SeatScene(
            "Łukasz", 1, is_computer=True, cards_held=5, card=Card.parse("2h"), is_winning=True
        ),
    )
    return Scene(
        locale="en",
        title="Caribbean All Fours (Trinidad)",
        labels=LABELS,
        seats=seats,
        direction=Direction.COUNTER_CLOCKWISE,
        trump="h",
        trump_text="hearts",
        turned=cards("3d 9h"),
        turned_label="Kicks",
        scores=(ScoreLine("Team A", "9", 0), ScoreLine("Team B", "11", 1, is_leading=True)),
        target="to 14",
        progress="Hand 4 · trick 2 of 6",
        last_trick=cards("Kc Jh 2c 4c"),
        last_trick_winner="won by 鈴木太郎",
        turn="鈴木太郎: to play",
        clock="30 s",
    )


def english_between_tricks() -> Scene:
    """Two players, no direction, the table empty after a trick."""
    seats = (
        SeatScene("Alice", 0, is_dealer=True, is_to_act=True, cards_held=4),
        SeatScene("Bob", 1, cards_held=4),
    )
    return Scene(
        locale="en",
        title="English All Fours",
        labels=LABELS,
        seats=seats,
        direction=None,
        trump="s",
        trump_text="spades",
        turned=cards("Th Qh 5s"),
        turned_label="Kicks",
        scores=(ScoreLine("Alice", "3", 0), ScoreLine("Bob", "6", 1, is_leading=True)),
        target="to 11",
        progress="Hand 7 · trick 3 of 6",
        last_trick=cards("Tc Qc"),
        last_trick_winner="won by Bob",
        turn="Alice: to play",
        clock="60 s",
    )


def seven_up_three_declare() -> Scene:
    """Three players, clockwise, trumps not chosen yet."""
    seats = (
        SeatScene("Alice", 0, cards_held=6),
        SeatScene("Bob", 1, is_to_act=True, cards_held=6),
        SeatScene("Chen Wei 陈伟", 2, is_dealer=True, cards_held=6),
    )
    return Scene(
        locale="en",
        title="Seven Up",
        labels=LABELS,
        seats=seats,
        direction=Direction.CLOCKWISE,
        trump=None,
        trump_text="Not chosen yet",
        turned=cards("4c"),
        turned_label="Kick",
        scores=tuple(
            ScoreLine(name, "0", team)
            for team, name in enumerate(("Alice", "Bob", "Chen Wei 陈伟"))
        ),
        target="to 7",
        progress="Hand 1",
        turn="Bob: to choose trumps",
    )


SIX = ("Alice", "鈴木太郎", "Bob the Builder", "김민준", "Łukasz Ζωή", "Computer 6")


def kqj_mid_trick() -> Scene:
    """KQJ 3v3: the Return taken, round points, a Hero in the trick."""
    played = {1: "8s", 2: "Hd", 3: "Qs", 4: "5s"}
    seats = tuple(
        SeatScene(
            name,
            seat % 2,
            is_dealer=seat == 5,
            is_to_act=seat == 5,
            is_computer=seat == 5,
            cards_held=5 if seat in played else 6,
            card=Card.parse(played[seat]) if seat in played else None,
            is_led=seat == 1,
            is_winning=seat == 2,
            note="Declarer" if seat == 0 else None,
        )
        for seat, name in enumerate(SIX)
    )
    return Scene(
        locale="en",
        title="KQJ",
        labels=LABELS,
        seats=seats,
        direction=Direction.CLOCKWISE,
        trump="d",
        trump_text="diamonds",
        turned=cards("8d"),
        turned_label="Return",
        turned_note="Taken by Alice",
        scores=(ScoreLine("Team A", "430", 0, is_leading=True), ScoreLine("Team B", "380", 1)),
        target="to 1000",
        round_scores=(ScoreLine("Team A", "33", 0, is_leading=True), ScoreLine("Team B", "24", 1)),
        progress="Round 5 · trick 3 of 8",
        last_trick=cards("6d 4d Jd Qd Kd Ad"),
        last_trick_winner="won by 鈴木太郎",
        turn="Computer 6: to play",
        clock="45 s",
    )


def kqj_auction_over() -> Scene:
    """KQJ random partners 2v2v2, an overcountered contract, a pool, the game just won."""
    teams = (0, 2, 1, 1, 0, 2)
    seats = tuple(
        SeatScene(
            name,
            teams[seat],
            is_dealer=seat == 0,
            cards_held=0,
            note=f"{'Counter ×2 · ' if seat == 3 else ''}{1000 + 10 * seat} VP",
        )
        for seat, name in enumerate(SIX)
    )
    return Scene(
        locale="en",
        title="KQJ",
        labels=LABELS,
        seats=seats,
        direction=Direction.CLOCKWISE,
        trump="all",
        trump_text="All trumps",
        contract="Bid 160 All trumps ×4 by Team C",
        target="to 1000",
        round_scores=(
            ScoreLine("Team A", "120", 0),
            ScoreLine("Team B", "40", 1),
            ScoreLine("Team C", "86", 2),
        ),
        pool="Litigation pool: 120",
        progress="Round 12",
        last_trick=cards("9h 8h 7h Ah Th Hh"),
        last_trick_winner="won by Łukasz Ζωή",
        notes=("Computer 6 wins the game",),
    )


GOLDEN = {
    "caribbean-mid-trick": caribbean_mid_trick,
    "english-between-tricks": english_between_tricks,
    "seven-up-3-declare": seven_up_three_declare,
    "kqj-mid-trick": kqj_mid_trick,
    "kqj-auction-over": kqj_auction_over,
}

"""Inference in All Fours: the worlds of level hard's search weighed by what the players said
and discarded (``simulate.sample_likely``, the opponent model of
``engine/allfours/opponents.py``), exact on the hard facts, uniform where the model says
nothing (issue 21)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import allfours
from engine.allfours import GameState, Phase, PlayerView, Ruleset
from engine.allfours import opponents as model
from engine.allfours.deck import FULL_DECK_MASK
from engine.allfours.inference import knowledge
from engine.allfours.players import hard
from engine.allfours.simulate import sample, sample_likely
from engine.allfours.trumps import is_round_of_acceptance
from engine.cards import SUIT_MASKS, Card, mask_of, parse_cards

from ..distributions import fits
from .support import act, play_tricks, stacked
from .test_properties import RULESETS

CARIBBEAN = allfours.preset("caribbean")


@pytest.fixture(params=[False, True], ids=["model off", "model on"])
def inference(request: pytest.FixtureRequest) -> Iterator[bool]:
    """Level hard's world sampler with inference switched off, then on."""
    saved = hard.INFERENCE
    hard.INFERENCE = request.param
    yield request.param
    hard.INFERENCE = saved


def played_on(state: GameState, tricks: int) -> GameState:
    """``state`` played on by the first legal card of each seat until ``tricks`` are over."""
    while state.tricks_played < tricks:
        seat = state.to_act
        assert seat is not None
        state = allfours.apply(state, seat, allfours.legal_actions(state, seat)[0]).state
    return state


@pytest.mark.parametrize(("seed", "declaration"), [(4, "stand"), (13, "stand"), (5, "given")])
def test_the_elders_last_card_follows_the_model_exactly(
    inference: bool, seed: int, declaration: str
) -> None:
    """Caribbean, five tricks in: the elder stood (or begged and the dealer gave), and the
    elder's last card is one of the thirty-odd the dealer has not seen. With the model off
    each comes up as often as the deals that hold it (today's sampler); with it on, also in
    proportion to the model's chance of the declaration with the six cards it makes
    (chi-square, 0.1%)."""
    state = allfours.new_game(allfours.preset("caribbean"), seed)
    if declaration == "stand":
        state = act(state, allfours.Stand())
    else:
        state = act(state, allfours.Beg(), allfours.TakeOne())
    state = played_on(state, 5)
    viewer = state.dealer
    elder = state.elder
    view = allfours.observe(state, viewer)
    know = knowledge(view)
    record = model.history(view)
    assert [s.seat for s in record.statements] == [elder]  # the dealer's gift: the viewer's
    others = [s for s in range(4) if s != viewer]
    assert [view.hand_sizes[s] for s in others] == [1, 1, 1]
    played = record.played[elder]
    trump = SUIT_MASKS["shdc".index(view.trump or "s")]

    def weight(seat: int, card: int) -> float:
        """The model's weight of ``seat`` holding ``card`` as its last one: its declaration
        (the elder) and what it let go in the tricks (``History.withheld``)."""
        found = 1.0
        if inference and seat == elder:
            statement = record.statements[0]
            chance = model.chance(
                model.strength(played | 1 << card, statement.suit), statement.curve
            )
            found = chance if statement.above else 1.0 - chance
        for withheld_seat, tiers in record.withheld if inference else ():
            held = [w for cards, w in tiers if cards >> card & 1]
            if withheld_seat == seat and held:
                found *= held[0]
        return found

    # Every deal of the three last cards is as many deals of the stock, so a card's chance is
    # the sum of the weights of the deals that give it to the elder.
    allowed = [know.unseen & ~know.excluded[s] & FULL_DECK_MASK for s in others]
    choices = [[c for c in range(64) if mask >> c & 1] for mask in allowed]
    exact: dict[int, float] = Counter()
    for first in choices[0]:
        for second in choices[1]:
            if second == first:
                continue
            for third in choices[2]:
                if third in (first, second):
                    continue
                held = dict(zip(others, (first, second, third), strict=True))
                exact[held[elder]] += (
                    weight(others[0], first) * weight(others[1], second) * weight(others[2], third)
                )
    total = sum(exact.values())
    exact = {card: w / total for card, w in exact.items()}
    deal = hard.world_sampler(view)
    rng = random.Random(seed)
    seen = Counter(deal(rng).hands[elder].bit_length() - 1 for _ in range(80 * len(exact)))
    assert fits(seen, exact)
    trumps_seen = sum(n for card, n in seen.items() if trump >> card & 1) / seen.total()
    trumps_uniform = sum(1 for card in exact if trump >> card & 1) / len(exact)
    if inference and declaration == "stand":
        assert trumps_seen > trumps_uniform + 0.05  # the stand says: likely a trump
    if inference and declaration == "given":
        assert trumps_seen < trumps_uniform - 0.05  # the beg says: likely not a trump
    if not inference:
        assert abs(trumps_seen - trumps_uniform) < 0.05


def test_with_nothing_said_the_samples_are_todays() -> None:
    """The elder to stand or beg has heard nothing: inference draws exactly ``sample``'s
    worlds, the same numbers from the generator."""
    state = allfours.new_game(allfours.preset("caribbean"), 4)
    view = allfours.observe(state, state.to_act)
    assert model.history(view).says_nothing
    for seed in range(30):
        assert sample_likely(view, random.Random(seed)) == sample(view, random.Random(seed))


def test_a_player_who_threw_another_suit_never_gets_the_led_suit(inference: bool) -> None:
    """Hearts trumps, seat 0 leads a diamond and seat 1 throws a club: with the model on as
    off, no world gives seat 1 a diamond (the hard facts stay exact, §1.3)."""
    rules = allfours.preset("seven-up")
    state = stacked(rules, ["Ad Kd Qd 2h 3h 4s", "5c 6c 7c 8c 9s Ts"], "Jh", dealer=1)
    state = act(state, allfours.Stand())
    state, _ = play_tricks(state, ["Ad 5c"])
    view = allfours.observe(state, 0)
    diamonds = SUIT_MASKS[2]
    deal = hard.world_sampler(view)
    rng = random.Random(3)
    for _ in range(300):
        assert not deal(rng).hands[1] & diamonds


Sampler = Callable[[PlayerView, random.Random], GameState]


def mean_strength(draw: Sampler, view: PlayerView, seat: int, suit: int, seed: int) -> float:
    """The mean strength in ``suit`` of ``seat``'s hand over 300 worlds of ``draw``."""
    rng = random.Random(seed)
    return sum(model.strength(draw(view, rng).hands[seat], suit) for _ in range(300)) / 300


def beggar_and_stander(rules: Ruleset, seed: int) -> tuple[float, float]:
    """The mean strength in the kick's suit of the elder's hand in worlds of inference
    minus uniform worlds, after a stand and after a beg (seen by the dealer)."""
    gains = []
    for declaration in (allfours.Stand(), allfours.Beg()):
        state = act(allfours.new_game(rules, seed), declaration)
        view = allfours.observe(state, state.dealer)
        kick = view.kick
        assert kick is not None
        likely = mean_strength(sample_likely, view, state.elder, kick.suit_index, seed)
        plain = mean_strength(sample, view, state.elder, kick.suit_index, seed)
        gains.append(likely - plain)
    return gains[0], gains[1]


@pytest.mark.parametrize("name", ["caribbean", "english", "seven-up"])
def test_a_stand_says_strong_and_a_beg_says_weak(name: str) -> None:
    """Over a few deals, the elder who stood holds more strength in the kick's suit in the
    worlds of inference than in uniform ones, and the elder who begged less."""
    stood = begged = 0.0
    for seed in range(4):
        gain_stand, gain_beg = beggar_and_stander(allfours.preset(name), seed)
        stood += gain_stand
        begged += gain_beg
    assert stood > 0.5 * 4 and begged < -0.5 * 4


def test_discards_keep_trumps() -> None:
    """Seven Up after a run: both players discarded three; in the worlds of inference the
    opponent's discards hold far fewer trumps than in uniform ones (§3.4)."""
    rules = allfours.preset("seven-up")
    for seed in range(40):
        state = allfours.new_game(rules, seed)
        state = act(state, allfours.Beg(), allfours.RunPack())
        if state.phase is Phase.DISCARD:
            break
    else:
        pytest.fail("no run led to discards")
    while state.phase is Phase.DISCARD:
        seat = next(s for s in range(2) if allfours.legal_actions(state, s))
        state = allfours.apply(state, seat, allfours.legal_actions(state, seat)[0]).state
    viewer = state.elder
    other = 1 - viewer
    view = allfours.observe(state, viewer)
    trumps = SUIT_MASKS["shdc".index(view.trump or "s")]
    rng = random.Random(1)
    likely = sum(
        (sample_likely(view, rng).discards[other] & trumps).bit_count() for _ in range(300)
    )
    plain = sum((sample(view, rng).discards[other] & trumps).bit_count() for _ in range(300))
    assert likely < 0.5 * plain


@settings(max_examples=4, deadline=None, derandomize=True, database=None)
@given(seed=st.integers(min_value=0, max_value=2**40))
def test_likely_samples_agree_with_every_view_of_every_variant(seed: int) -> None:
    """At random positions of every ruleset, for the seat to act and another: a world of
    inference is one the seat cannot tell from the real state."""
    rng = random.Random(seed)
    for rules in RULESETS.values():
        state = allfours.new_game(rules, seed)
        for _ in range(150):
            if state.winner is not None:
                break
            if rng.random() < 0.2:
                to_act = state.to_act if state.to_act is not None else 0
                for seat in (
                    to_act,
                    (to_act + 1 + rng.randrange(rules.players - 1)) % rules.players,
                ):
                    view = allfours.observe(state, seat)
                    assert allfours.observe(sample_likely(view, rng), seat) == view
            seat = state.to_act
            assert seat is not None
            if state.phase is Phase.DISCARD:
                seat = rng.choice(
                    [s for s in range(rules.players) if allfours.legal_actions(state, s)]
                )
            state = allfours.apply(
                state, seat, rng.choice(allfours.legal_actions(state, seat))
            ).state


def test_a_ten_not_fed_to_the_partners_trick_is_rarely_still_held() -> None:
    """Caribbean, hearts trumps: seat 0 plays last to a trick its partner's king of diamonds
    holds and follows with a small diamond: the worlds of inference seldom leave it the ten of
    diamonds (a player feeds the ten to its side's trick), uniform ones often do."""
    hands = ["2d Td 7s 8s 9s Ts", "3d 3c 4c 5c 6c 7c", "Kd 8d 9c Tc Jc Qc", "4d 5d Qs Js 3h 2h"]
    state = act(stacked(CARIBBEAN, hands, "4h"), allfours.Stand(), "3d", "Kd", "4d", "2d")
    view = allfours.observe(state, 1)
    assert model.history(view).withheld == (
        (0, ((Card.parse("Td").bit, model.NOT_FED),)),
        (0, ((Card.parse("Jh").bit, model.NOT_SAVED),)),
    )
    ten = Card.parse("Td").bit
    rng = random.Random(6)
    likely = sum(bool(sample_likely(view, rng).hands[0] & ten) for _ in range(400))
    plain = sum(bool(sample(view, rng).hands[0] & ten) for _ in range(400))
    assert likely < 0.4 * plain


def test_a_ten_let_go_says_the_player_could_not_take_it() -> None:
    """English for two, hearts trumps: the elder leads the ten of diamonds and the dealer,
    last to the trick, lets it go with the two. Its worlds of inference seldom leave it a card
    that would have taken the ten (a higher diamond, ``NOT_TAKEN``, or a trump,
    ``NOT_TRUMPED``); uniform ones mostly do."""
    english = allfours.preset("english")
    hands = ["2d 3c 4c 5s 6s 7s", "Td 8c 9c Tc Jc Qc"]
    state = act(stacked(english, hands, "4h"), allfours.Stand(), "Td", "2d")
    view = allfours.observe(state, 1)
    higher = mask_of(parse_cards("Jd Qd Kd Ad"))
    trumps = SUIT_MASKS[1] & FULL_DECK_MASK
    assert model.history(view).withheld == (
        (0, ((higher, model.NOT_TAKEN), (trumps, model.NOT_TRUMPED[2]))),
    )
    rng = random.Random(8)
    beaters = higher | trumps
    likely = sum(bool(sample_likely(view, rng).hands[0] & beaters) for _ in range(400))
    plain = sum(bool(sample(view, rng).hands[0] & beaters) for _ in range(400))
    assert plain > 300  # five cards of forty-odd unseen: a beater most of the time
    assert likely < 0.6 * plain


@pytest.mark.parametrize(
    ("led", "followed", "stake"),
    [("8c", "3c", 0), ("Kc", "3c", 1), ("Tc", "3c", 2)],
)
def test_what_a_trick_let_go_says_depends_on_what_it_held(
    led: str, followed: str, stake: int
) -> None:
    """The same deal, the elder leading a club: letting a trick go says little when it held
    nothing of Game value, more for honours, most for a ten (``NOT_TRUMPED``)."""
    english = allfours.preset("english")
    hands = ["2d 3c 4c 5s 6s 7s", "Td 8c 9c Tc Kc Qc"]
    state = act(stacked(english, hands, "4h"), allfours.Stand(), led, followed)
    (seat, tiers) = model.history(allfours.observe(state, 1)).withheld[0]
    assert seat == 0
    assert [weight for _, weight in tiers] == [model.NOT_TAKEN, model.NOT_TRUMPED[stake]]
    assert model.NOT_TRUMPED[0] > model.NOT_TRUMPED[1] > model.NOT_TRUMPED[2]


def test_a_trick_taken_says_nothing() -> None:
    """The dealer takes the elder's ten of diamonds with the ace: nothing is weighed."""
    english = allfours.preset("english")
    hands = ["Ad 3c 4c 5s 6s 7s", "Td 8c 9c Tc Jc Qc"]
    state = act(stacked(english, hands, "4h"), allfours.Stand(), "Td", "Ad")
    assert model.history(allfours.observe(state, 1)).withheld == ()


def test_a_card_played_since_is_no_longer_a_question() -> None:
    """The dealer lets the elder's ten of diamonds go with the three although it held the ace,
    then throws the ace on the next trick: every world has it holding the ace then, so the
    first trick weighs no world; the second (a club it let go) still does."""
    english = allfours.preset("english")
    hands = ["3d Ad 5s 6s 7s 2d", "Td 8c 9c Tc Jc Qc"]
    state = act(stacked(english, hands, "4h"), allfours.Stand(), "Td", "3d", "8c", "Ad")
    withheld = model.history(allfours.observe(state, 1)).withheld
    higher_clubs = mask_of(parse_cards("9c Tc Jc Qc Kc Ac"))
    assert [(seat, tiers[0][0]) for seat, tiers in withheld] == [(0, higher_clubs)]


@pytest.mark.parametrize(
    ("rules", "hands"),
    [
        (allfours.preset("seven-up"), ["Ah Kh Jh Th 2c 3c", "4d 5d 6d 7s 8s 9c"]),
        (allfours.preset("english"), ["Ah Kh Jh Th 2c 3c", "4d 5d 6d 7s 8s 9c"]),
        (
            allfours.preset("english").replace(players=3),
            ["Ah Kh Jh Th 2c 3c", "4d 5d 6d 7s 8s 9c", "2d 3d 7d 4s 5s 6s"],
        ),
        (
            allfours.preset("caribbean"),
            ["Ah Kh Jh Th 2c 3c", "4d 5d 6d 7s 8s 9c", "2d 3d 7d 4s 5s 6s", "8d 9d Td 4c 5c 6c"],
        ),
    ],
    ids=["seven-up", "english", "english-3", "caribbean"],
)
def test_a_refusal_the_score_forced_says_nothing(rules: Ruleset, hands: list[str]) -> None:
    """Every seat refuses the kick's suit (hearts: the dealer holds its honours); with the
    elder's side one point short of the target, accepting would have handed it the game, so the
    refusals of the other sides say nothing about their hands, and the worlds of inference are
    today's uniform ones. A point earlier, the same refusals say the dealer is weak in hearts."""
    gains = []
    for short in (2, 1):
        scores = [0] * rules.sides
        elder = 1  # the dealer (seat 0) deals to its next seat first
        scores[elder % rules.sides] = rules.target - short
        state = stacked(rules, hands, "2h Qs", dealer=0, scores=scores)
        begs = rules.players if is_round_of_acceptance(rules) else 1
        state = act(state, *[allfours.Beg()] * begs)
        if state.phase is Phase.REPLY:
            state = act(state, allfours.RunPack())
        view = allfours.observe(state, elder)
        said = {s.seat for s in model.history(view).statements}
        assert (0 in said) == (short == 2)
        likely = mean_strength(sample_likely, view, 0, 1, seed=7)
        plain = mean_strength(sample, view, 0, 1, seed=7)
        gains.append(likely - plain)
    refused_freely, refused_forced = gains
    assert refused_freely < -0.3
    assert refused_forced == 0.0

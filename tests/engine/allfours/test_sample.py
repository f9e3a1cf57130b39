"""sample(view, rng): full states a seat cannot tell from the real one, with the hidden cards
dealt uniformly among the deals that agree with everything the seat has seen (RULES.md §1.3)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import allfours
from engine.allfours import GameState, Phase, PlayerView, Ruleset
from engine.allfours.deck import DECK, FULL_DECK_MASK
from engine.allfours.inference import knowledge
from engine.allfours.play import legal_play_mask, ruled_out_by_play
from engine.allfours.simulate import playout, sample
from engine.allfours.state import FIELDS, master_of
from engine.cards import SUIT_MASKS, Card, cards_in, mask_of, parse_cards
from engine.hidden import HiddenDeal

from .support import act, stacked
from .test_properties import RULESETS, conserved

HIDDEN_FIELDS = {"seed", "hands", "discards", "stock"}
"""What a sample deals again; every other field must equal the real state's."""

POSITIONS = settings(max_examples=10, deadline=None, derandomize=True, database=None)
"""About 8,000 sampled views over the twelve rulesets."""


def positions(rules: Ruleset, seed: int, every: float = 0.2) -> Iterator[GameState]:
    """Positions along a random game: each one reached with probability ``every``."""
    rng = random.Random(seed)
    state = allfours.new_game(rules, seed)
    for _ in range(300):
        if state.winner is not None:
            yield state
            return
        if rng.random() < every:
            yield state
        seat = state.to_act
        assert seat is not None
        if state.phase is Phase.DISCARD:
            seat = rng.choice([s for s in range(rules.players) if allfours.legal_actions(state, s)])
        state = allfours.apply(state, seat, rng.choice(allfours.legal_actions(state, seat))).state


def could_have_played(guess: GameState, real: GameState) -> None:
    """Every card of the real trick record was legal from the sampled hands: the hand of a
    player at each play is its sampled hand plus the cards it played from then on. Checked
    with ``legal_play_mask`` itself, not with the inference under test."""
    view = allfours.observe(real, None)
    n = real.players
    plays = view.plays
    for start in range(0, len(plays), n):
        trick = [card.index for _, card in plays[start : start + n]]
        for at, (seat, card) in enumerate(plays[start : start + n]):
            later = mask_of(c for s, c in plays[start + at :] if s == seat)
            probe = guess.clone()
            probe.hands[seat] = guess.hands[seat] | later
            probe.plays = tuple(c.index for _, c in plays[: start + at])
            probe.winners = view.trick_winners[: start // n]
            leader = plays[start][0]
            probe.led = trick[0] >> 4 if at else -1
            probe.master_seat, probe.master_card = master_of(
                tuple(trick[:at]), leader, real.trump, n
            )
            assert legal_play_mask(probe, seat) & card.bit, f"seat {seat} could not play {card}"


def check_sample(real: GameState, seat: int | None, rng: random.Random) -> GameState:
    view = allfours.observe(real, seat)
    guess = sample(view, rng)
    assert allfours.observe(guess, seat) == view
    conserved(guess)
    for name in FIELDS:
        if name not in HIDDEN_FIELDS:
            assert getattr(guess, name) == getattr(real, name), name
    assert len(guess.stock) == len(real.stock)
    assert guess.stock[: guess.stock_pos : max(1, guess.stock_pos)] == real.stock[:1]
    for other in range(real.players):
        assert guess.discards[other].bit_count() == real.discards[other].bit_count()
    if seat is not None:
        assert allfours.legal_actions(guess, seat) == allfours.legal_actions(real, seat)
        assert guess.discards[seat] == real.discards[seat]
    know = knowledge(view)
    for other in range(real.players):
        assert not guess.hands[other] & know.excluded[other]
    could_have_played(guess, real)
    if seat is None:
        assert allfours.load(allfours.dump(guess)) == guess
    return guess


def run_packets_belong_to_their_players(guess: GameState) -> None:
    """The used part of the stock: the turned cards in place, each packet of a run made of
    cards its player received."""
    n = guess.players
    pos = 1
    assert guess.stock[0] == guess.turned[0]
    for turn in guess.turned[1:]:
        for k in range(n):
            seat = (guess.elder + k) % n
            owned = guess.hands[seat] | guess.discards[seat] | guess.played[seat]
            assert all(owned >> card & 1 for card in guess.stock[pos : pos + 3])
            pos += 3
        assert guess.stock[pos] == turn
        pos += 1
    assert pos == guess.stock_pos


@POSITIONS
@given(seed=st.integers(min_value=0, max_value=2**40))
def test_samples_agree_with_every_view_of_every_variant(seed: int) -> None:
    """For the seat to act, another seat and a spectator, at random positions of every
    variant: the same view, the same public state, the deck conserved, no card where the
    play ruled it out, the real plays legal from the sampled hands, the same legal actions."""
    rng = random.Random(seed)
    for rules in RULESETS.values():
        for real in positions(rules, seed):
            to_act = real.to_act if real.to_act is not None else 0
            other = (to_act + 1 + rng.randrange(rules.players - 1)) % rules.players
            for seat in (to_act, other, None):
                guess = check_sample(real, seat, rng)
                run_packets_belong_to_their_players(guess)
                if guess.winner is None:
                    end = playout(guess, rng)
                    assert end.hand_number == real.hand_number


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(
    rules=st.sampled_from([allfours.preset("caribbean"), RULESETS["caribbean-house"]]),
    trick=st.lists(st.sampled_from(DECK), min_size=1, max_size=3, unique=True),
    trump=st.integers(0, 3),
    card=st.sampled_from(DECK),
    other=st.sampled_from(DECK),
)
def test_what_a_play_rules_out_is_legality_read_backwards(
    rules: Ruleset, trick: list[int], trump: int, card: int, other: int
) -> None:
    """``ruled_out_by_play`` names exactly the cards whose presence would have made the play
    illegal (probing ``legal_play_mask``), and one such card is enough: a hand holding none
    of them makes the play legal."""
    if card in trick or other in trick or other == card:
        return
    state = allfours.new_game(rules, 1).clone()
    state.trump = trump
    state.plays = tuple(trick)  # the first trick of the hand, in progress
    state.led = trick[0] >> 4
    state.master_seat, state.master_card = master_of(state.plays, state.leader, trump, 4)
    out = ruled_out_by_play(rules, trick, trump, card)
    state.hands[0] = (1 << card) | (1 << other)
    assert bool(legal_play_mask(state, 0) >> card & 1) != bool(out >> other & 1)
    rest = FULL_DECK_MASK & ~out & ~sum(1 << c for c in trick)
    state.hands[0] = rest | (1 << card)
    assert legal_play_mask(state, 0) >> card & 1


# --- stacked positions: what each play proves, every time --------------------------------------

CARIBBEAN = allfours.preset("caribbean")
# Dealer 0, so seat 1 stands and leads; the kick 3s makes spades trumps.
HEARTS_LED = [
    "8h 9h Th Jh Qh Kh",  # seat 0 (the viewer): follows
    "Ah 2c 3c 4c 5c 6c",  # seat 1: leads Ah
    "7c 8c 9c Tc Jc Qc",  # seat 2: no heart, throws a club -> void in hearts
    "2s 3h 4h 5h 6h 7h",  # seat 3: trumps with 2s -> proves nothing
]


def after_hearts_led() -> GameState:
    state = stacked(CARIBBEAN, HEARTS_LED, "3s")
    return act(state, allfours.Stand(), "Ah", "7c", "2s", "8h")


def test_a_player_who_threw_another_suit_never_gets_the_led_suit() -> None:
    state = after_hearts_led()
    view = allfours.observe(state, 0)
    hearts = SUIT_MASKS[1]
    trumper_had_hearts = 0
    for seed in range(300):
        guess = sample(view, random.Random(seed))
        assert not guess.hands[2] & hearts
        trumper_had_hearts += bool(guess.hands[3] & hearts)
    # Trumping instead of following is allowed (§1.3): it proves nothing.
    assert trumper_had_hearts > 100
    assert knowledge(view).voids(2) == "h" and knowledge(view).voids(3) == ""


def test_not_trumping_on_a_trump_lead_shows_no_trumps() -> None:
    hands = [
        "2h 3h 4h 5h 6h 7h",  # seat 0 (viewer)
        "As 2c 3c 4c 5c 6c",  # seat 1 leads As (trumps)
        "7c 8c 9c Tc Jc Qc",  # seat 2: no trump, throws a club
        "2s 8h 9h Th Jh Qh",  # seat 3: must trump, plays 2s
    ]
    state = act(stacked(CARIBBEAN, hands, "3s"), allfours.Stand(), "As", "7c", "2s", "2h")
    view = allfours.observe(state, 0)
    assert knowledge(view).voids(2) == "s"
    for seed in range(300):
        assert not sample(view, random.Random(seed)).hands[2] & SUIT_MASKS[0]


def test_an_undertrump_shows_a_hand_of_lower_trumps_only() -> None:
    """With forbid_undertrump, a lower trump on a trumped plain trick is allowed only when
    every legal card left is such a trump (§1.3, AMB-12)."""
    rules = RULESETS["caribbean-house"]
    hands = [
        "2h 3h 4h 5h 6h 7h",  # seat 0 (viewer)
        "Ac 2c 3c 4c 5c 6c",  # seat 1 leads Ac
        "Ks 8c 9c Tc Jc Qc",  # seat 2 trumps with Ks
        "2s 4s 5s 6s 7s 8s",  # seat 3: only lower spades -> undertrumps with 2s
    ]
    state = act(stacked(rules, hands, "3s"), allfours.Stand(), "Ac", "Ks", "2s", "2h")
    view = allfours.observe(state, 0)
    lower = mask_of(parse_cards("4s 5s 6s 7s 8s 9s Ts Js Qs"))
    assert knowledge(view).may_hold(3) == lower
    for seed in range(300):
        assert not sample(view, random.Random(seed)).hands[3] & ~lower


def test_many_voids_where_a_blind_shuffle_would_almost_never_fit() -> None:
    """An undertrump (only low trumps left) and a void in trumps: about one blind deal in
    four thousand fits, and every sample fits."""
    rules = RULESETS["caribbean-house"]
    hands = [
        "2h 3h Ac 3d 4d 5d",  # seat 0 (viewer)
        "Ah Kh Qh Ad Kd Qd",  # seat 1 leads Ah; no trump for the trump lead
        "Ks Qs 9c 8c 7c 6c",  # seat 2 trumps with Ks, then leads Qs
        "2s 4s 5s 6s 7s 8s",  # seat 3: only lower spades -> undertrumps with 2s
    ]
    state = stacked(rules, hands, "3s")
    state = act(state, allfours.Stand(), "Ah", "Ks", "2s", "2h", "Qs", "4s", "Ac", "Ad")
    view = allfours.observe(state, 0)
    know = knowledge(view)
    assert know.voids(1) == "s" and know.voids(3) == "hdc"
    sizes = [view.hand_sizes[s] for s in (1, 2, 3)] + [view.stock_left]
    blind = HiddenDeal(know.unseen, sizes, [FULL_DECK_MASK] * 4).count
    fitting = HiddenDeal(
        know.unseen,
        sizes,
        [FULL_DECK_MASK & ~know.excluded[s] for s in (1, 2, 3)] + [FULL_DECK_MASK],
    ).count
    assert fitting / blind < 1e-3
    for seed in range(200):
        guess = sample(view, random.Random(seed))
        for seat in (1, 2, 3):
            assert not guess.hands[seat] & know.excluded[seat]


# --- distribution, order, determinism ------------------------------------------------------------


def test_an_unconstrained_card_lands_in_proportion_to_the_room_left() -> None:
    """Before any play: the 45 unseen cards of four-player Caribbean are 3 hands of 6 and a
    stock of 27, so a given unseen card is in each hand 6/45 of the time, in the stock 27/45."""
    state = allfours.new_game(CARIBBEAN, seed=11)
    view = allfours.observe(state, 0)
    card = next(c for c in cards_in(knowledge(view).unseen))
    rng = random.Random(4)
    where = Counter()
    samples = 4500
    for _ in range(samples):
        guess = sample(view, rng)
        holder = next((s for s in (1, 2, 3) if guess.hands[s] & card.bit), "stock")
        where[holder] += 1
    for seat in (1, 2, 3):
        assert abs(where[seat] - samples * 6 / 45) < 0.12 * samples * 6 / 45
    assert abs(where["stock"] - samples * 27 / 45) < 0.05 * samples * 27 / 45


def test_constrained_frequencies_match_the_exact_count() -> None:
    """After a void is shown, where a free card lands is no longer in proportion to hand
    sizes; the frequencies match the exact share of deals counted with the card forced into
    each place."""
    view = allfours.observe(after_hearts_led(), 0)
    know = knowledge(view)
    card = Card.parse("Kc")
    sizes = [view.hand_sizes[s] for s in (1, 2, 3)] + [view.stock_left]
    allowed = [FULL_DECK_MASK & ~know.excluded[s] for s in (1, 2, 3)] + [FULL_DECK_MASK]
    total = HiddenDeal(know.unseen, sizes, allowed).count
    exact = []
    for k in range(4):
        forced = [a & ~card.bit if j != k else a for j, a in enumerate(allowed)]
        exact.append(HiddenDeal(know.unseen, sizes, forced).count / total)
    assert abs(sum(exact) - 1) < 1e-12
    rng = random.Random(8)
    seen = [0] * 4
    samples = 6000
    for _ in range(samples):
        guess = sample(view, rng)
        k = next((j for j, s in enumerate((1, 2, 3)) if guess.hands[s] & card.bit), 3)
        seen[k] += 1
    for k in range(4):
        assert abs(seen[k] / samples - exact[k]) < 0.02
    assert exact[1] > exact[0] * 1.1  # the void player holds a free card more often


def test_before_trumps_are_fixed_the_stock_order_is_random() -> None:
    """The next kick after a run comes from the unseen cards, any of them."""
    state = allfours.new_game(CARIBBEAN, seed=3)
    view = allfours.observe(state, state.to_act)
    unseen = knowledge(view).unseen
    rng = random.Random(6)
    kicks = Counter()
    for _ in range(3000):
        guess = sample(view, rng)
        nxt = guess.stock[guess.stock_pos + 3 * 4]
        assert unseen >> nxt & 1
        kicks[nxt] += 1
    assert len(kicks) > 40


def test_the_same_seed_gives_the_same_sample() -> None:
    state = after_hearts_led()
    view = allfours.observe(state, 0)
    again = allfours.observe(state, 0)  # equal, but another object
    first = sample(view, random.Random(9))
    assert sample(view, random.Random(9)) == first
    assert sample(again, random.Random(9)) == first
    assert sample(view, random.Random(10)) != first


def test_a_spectator_view_deals_every_hand() -> None:
    state = after_hearts_led()
    view: PlayerView = allfours.observe(state, None)
    hands = Counter()
    for seed in range(50):
        guess = sample(view, random.Random(seed))
        assert allfours.observe(guess, None) == view
        hands[tuple(guess.hands)] += 1
    assert len(hands) == 50

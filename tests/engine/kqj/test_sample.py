"""sample(view, rng): full KQJ states a seat cannot tell from the real one, with the hidden
cards dealt uniformly among the deals that agree with everything the seat has seen
(RULES.md §5.3, §5.4, §6.3)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import kqj
from engine.cards import Card, cards_in, mask_of
from engine.hidden import HiddenDeal
from engine.kqj import GameState, Ruleset
from engine.kqj.deck import CONTRACTS, DECK, FULL_MASK, PLAYERS, SUIT_CARDS
from engine.kqj.inference import knowledge
from engine.kqj.play import legal_play_mask, ruled_out_by_play
from engine.kqj.simulate import known_absent, playout, sample
from engine.kqj.state import FIELDS, master_of

from .support import AUCTION, BASE, VARIANTS, base_deal, card_count_ok, play_cards, random_step
from .test_play import SEED_HANDS

HIDDEN_FIELDS = {"seed", "hands", "stock"}
"""What a sample deals again; every other field must equal the real state's."""

POSITIONS = settings(max_examples=6, deadline=None, derandomize=True, database=None)
"""About 5,700 sampled views over the eleven variants."""


def positions(rules: Ruleset, seed: int, every: float = 0.15) -> Iterator[GameState]:
    """Positions along a random game (out-of-turn counters included)."""
    rng = random.Random(seed)
    state = kqj.new_game(rules, seed)
    for _ in range(250):
        if state.winner is not None:
            yield state
            return
        if rng.random() < every:
            yield state
        seat, action = random_step(state, rng)
        state = kqj.apply(state, seat, action).state


def could_have_played(guess: GameState, real: GameState) -> None:
    """Every card of the real record was legal from the sampled hands (a player's hand at a
    play is its sampled hand plus the cards it played from then on), checked with
    ``legal_play_mask`` itself rather than the inference under test."""
    plays = real.played
    opener = real.opener
    for start in range(0, len(plays), PLAYERS):
        number = start // PLAYERS
        leader = opener if number == 0 else real.winners[number - 1]
        trick = tuple(card.index for _, card in plays[start : start + PLAYERS])
        for at, (seat, card) in enumerate(plays[start : start + PLAYERS]):
            probe = guess.clone()
            probe.hands[seat] = guess.hands[seat] | mask_of(
                c for s, c in plays[start + at :] if s == seat
            )
            probe.trick = trick[:at]
            probe.leader = leader
            probe.master_seat, probe.master_card = master_of(probe.trick, leader, real.contract)
            assert legal_play_mask(probe, seat) & card.bit, f"seat {seat} could not play {card}"


def check_sample(real: GameState, seat: int | None, rng: random.Random) -> GameState:
    view = kqj.observe(real, seat)
    guess = sample(view, rng)
    assert kqj.observe(guess, seat) == view
    assert card_count_ok(guess)
    for name in FIELDS:
        if name not in HIDDEN_FIELDS:
            assert getattr(guess, name) == getattr(real, name), name
    assert len(guess.stock) == len(real.stock) and guess.stock[:1] == real.stock[:1]
    if seat is not None:
        assert guess.hands[seat] == real.hands[seat]
        assert kqj.legal_actions(guess, seat) == kqj.legal_actions(real, seat)
    returned = real.return_card
    if real.declarer >= 0 and returned >= 0 and real.hands[real.declarer] >> returned & 1:
        assert guess.hands[real.declarer] >> returned & 1, "the Return stays with the declarer"
    for other, absent in enumerate(known_absent(real)):
        assert not guess.hands[other] & absent
    could_have_played(guess, real)
    if seat is None:
        assert kqj.load(kqj.dump(guess)) == guess
    return guess


@POSITIONS
@given(seed=st.integers(min_value=0, max_value=2**40))
def test_samples_agree_with_every_view_of_every_variant(seed: int) -> None:
    """For the seat to act, another seat and a spectator, at random positions of every mode
    (3v3, 2v2v2, auction, random partners and their mixes): the same view, the same public
    state, the 48 cards conserved, the Return with its declarer, nothing the play ruled
    out, the real plays legal from the sampled hands, the same legal actions."""
    rng = random.Random(seed)
    for rules in VARIANTS.values():
        for real in positions(rules, seed):
            to_act = real.to_act if real.to_act is not None else 0
            other = (to_act + 1 + rng.randrange(PLAYERS - 1)) % PLAYERS
            for seat in (to_act, other, None):
                guess = check_sample(real, seat, rng)
                if guess.winner is None:
                    assert playout(guess, rng).hand_number == real.hand_number


@settings(max_examples=400, deadline=None, derandomize=True, database=None)
@given(
    contract=st.sampled_from(CONTRACTS),
    leader=st.integers(0, 5),
    trick=st.lists(st.sampled_from(DECK), min_size=1, max_size=5, unique=True),
    card=st.sampled_from(DECK),
    other=st.sampled_from(DECK),
    teams=st.sampled_from([None, [[0, 3], [1, 4], [2, 5]]]),
)
def test_what_a_play_rules_out_is_legality_read_backwards(
    contract: str,
    leader: int,
    trick: list[int],
    card: int,
    other: int,
    teams: list[list[int]] | None,
) -> None:
    """``ruled_out_by_play`` names exactly the cards whose presence would have made the play
    illegal (probing ``legal_play_mask``), and one such card is enough: a hand holding none
    of them makes the play legal."""
    if card in trick or other in trick or other == card:
        return
    rules = BASE.replace(auction=True) if teams is None else AUCTION.replace(teams="2v2v2")
    state = kqj.deal(
        rules, hands=[[str(Card.from_index(c)) for c in DECK[8 * s : 8 * s + 8]] for s in range(6)]
    ).clone()
    code = CONTRACTS.index(contract)
    state.contract = code
    state.trick = tuple(trick)
    state.leader = leader
    state.master_seat, state.master_card = master_of(state.trick, leader, code)
    seat = (leader + len(trick)) % PLAYERS
    opponent = state.team_of[state.master_seat] != state.team_of[seat]
    out = ruled_out_by_play(code, trick[0] >> 4, state.master_card, opponent, card)
    state.hands[seat] = (1 << card) | (1 << other)
    assert bool(legal_play_mask(state, seat) >> card & 1) != bool(out >> other & 1)
    state.hands[seat] = (FULL_MASK & ~out & ~mask_of_indices(trick)) | (1 << card)
    assert legal_play_mask(state, seat) >> card & 1


def mask_of_indices(indices: list[int]) -> int:
    mask = 0
    for index in indices:
        mask |= 1 << index
    return mask


# --- stacked positions ----------------------------------------------------------------------


def test_the_return_stays_with_the_declarer_until_played() -> None:
    """Taken in full view (§5.3): every sample puts it in the declarer's hand; once played,
    it is face up and nobody holds it."""
    state = base_deal(SEED_HANDS, dealer=5, declarer=1, return_card="9h")
    returned = Card.parse("9h")
    view = kqj.observe(state, 0)
    assert knowledge(view).held[1] == returned.bit
    for seed in range(200):
        assert sample(view, random.Random(seed)).hands[1] & returned.bit
    while not state.plays or state.plays[-1] != returned.index:
        seat = state.to_act
        assert seat is not None
        legal = kqj.legal_actions(state, seat)
        action = kqj.Play(returned) if kqj.Play(returned) in legal else legal[0]
        state = kqj.apply(state, seat, action).state
    view = kqj.observe(state, 0)
    assert not any(held & returned.bit for held in knowledge(view).held)
    assert not any(sample(view, random.Random(1)).hands[s] & returned.bit for s in range(6))


def test_the_seed_trick_proves_voids_and_refusals_to_beat_every_time() -> None:
    """After the seed's second trick: B, C, D, E are void in clubs; D, bound to beat the
    opponent's H♥, could not (none of 9 8 7 A T of hearts); E, whose partner was master,
    was free to discard, so E may still hold a heart that beats it (§5.4 3.)."""
    state = base_deal(SEED_HANDS, dealer=5, declarer=1, return_card="9h")
    state, _ = play_cards(state, "Ac 4c 5c 6c 7c 8c Tc 6h Hh 4s Ts Hc")
    view = kqj.observe(state, 0)
    clubs = SUIT_CARDS[3]
    beaters = mask_of(Card.parse(c) for c in ["9h", "8h", "7h", "Ah", "Th"])
    know = knowledge(view)
    assert know.excluded[3] == clubs | beaters and know.excluded[4] == clubs
    e_held_a_beater = 0
    for seed in range(300):
        guess = sample(view, random.Random(seed))
        for seat in (1, 2, 3, 4):
            assert not guess.hands[seat] & clubs
        assert not guess.hands[3] & beaters
        e_held_a_beater += bool(guess.hands[4] & beaters)
    assert e_held_a_beater > 50


MANY_VOIDS = [
    "Ac As Ad 9h 8h 7h Ah Th",  # seat 0 (viewer) bids a capot in hearts and leads
    "4c 5c 6c 7c 8c 9c Tc Hc",  # seat 1: clubs only
    "Jc Qc Kc 4d 5d 6d 7d 8d",  # seat 2: clubs and diamonds
    "9d Td Hd Jd Qd Kd 4s 5s",  # seat 3: diamonds and two spades
    "6s 7s 8s 9s Ts Hs Js Qs",  # seat 4: spades only
    "Ks 4h 5h 6h Hh Jh Qh Kh",  # seat 5: a spade and trumps
]


def test_many_voids_where_a_blind_shuffle_would_never_fit() -> None:
    """Four tricks show every other player out of two or three suits: about one blind deal
    in 400 million fits; every sample fits."""
    state = kqj.deal(AUCTION, dealer=5, hands=MANY_VOIDS)
    state = kqj.apply(state, 0, kqj.Capot("h")).state
    state, _ = play_cards(
        state, "As 4c 4d 4s 6s Ks Ad 5c 5d 9d 7s 4h 5h 9h 6c 6d Td 8s Ac 7c Jc Hd 9s 6h"
    )
    view = kqj.observe(state, 0)
    know = knowledge(view)
    assert [know.voids(s) for s in range(1, 6)] == ["shd", "sh", "hc", "hdc", "dc"]
    others = range(1, 6)
    sizes = [view.hand_sizes[s] for s in others]
    blind = HiddenDeal(know.unseen, sizes, [FULL_MASK] * 5).count
    fitting = HiddenDeal(know.unseen, sizes, [FULL_MASK & ~know.excluded[s] for s in others])
    assert fitting.count / blind < 1e-8
    deals = Counter()
    for seed in range(400):
        guess = sample(view, random.Random(seed))
        for seat in others:
            assert not guess.hands[seat] & know.excluded[seat]
        deals[tuple(guess.hands)] += 1
    assert len(deals) > 200  # 750 consistent deals, drawn all over


# --- distribution, order, determinism --------------------------------------------------------


def test_an_unconstrained_card_lands_in_proportion_to_the_room_left() -> None:
    """Before the Return is taken: five hidden hands of 5 and 17 cards under the Return, so a
    given unseen card is in each hand 5/42 of the time and in the stock 17/42."""
    state = kqj.new_game(BASE, seed=11)
    view = kqj.observe(state, 0)
    card = cards_in(knowledge(view).unseen)[0]
    rng = random.Random(4)
    where: Counter[int | str] = Counter()
    samples = 4200
    for _ in range(samples):
        guess = sample(view, rng)
        where[next((s for s in range(1, 6) if guess.hands[s] & card.bit), "stock")] += 1
    for seat in range(1, 6):
        assert abs(where[seat] - samples * 5 / 42) < 0.12 * samples * 5 / 42
    assert abs(where["stock"] - samples * 17 / 42) < 0.06 * samples * 17 / 42


def test_the_completion_comes_from_a_random_stock_order() -> None:
    """The stock under the Return is shuffled: whoever takes, the completion differs."""
    state = kqj.new_game(BASE, seed=5)
    view = kqj.observe(state, 0)
    firsts = Counter(sample(view, random.Random(seed)).stock[1] for seed in range(500))
    assert len(firsts) > 30 and all(knowledge(view).unseen >> c & 1 for c in firsts)


def test_constrained_frequencies_match_the_exact_count() -> None:
    """With voids known, a free card's chances follow the exact share of the deals, counted
    with the card forced into each hand."""
    state = kqj.deal(AUCTION, dealer=5, hands=MANY_VOIDS)
    state = kqj.apply(state, 0, kqj.Capot("h")).state
    state, _ = play_cards(state, "As 4c 4d 4s 6s Ks")
    view = kqj.observe(state, 0)
    know = knowledge(view)
    card = Card.parse("Qs")
    others = list(range(1, 6))
    sizes = [view.hand_sizes[s] for s in others]
    allowed = [FULL_MASK & ~know.excluded[s] for s in others]
    total = HiddenDeal(know.unseen, sizes, allowed).count
    exact = [
        HiddenDeal(
            know.unseen, sizes, [a if j == k else a & ~card.bit for j, a in enumerate(allowed)]
        ).count
        / total
        if allowed[k] & card.bit
        else 0.0
        for k in range(5)
    ]
    rng = random.Random(8)
    seen = [0] * 5
    samples = 5000
    for _ in range(samples):
        guess = sample(view, rng)
        seen[next(k for k, s in enumerate(others) if guess.hands[s] & card.bit)] += 1
    for k in range(5):
        assert abs(seen[k] / samples - exact[k]) < 0.025
    assert exact[0] == 0 and exact[1] == 0  # seats 1 and 2 showed out of spades


def test_the_same_seed_gives_the_same_sample() -> None:
    state = base_deal(SEED_HANDS, dealer=5, declarer=1, return_card="9h")
    state, _ = play_cards(state, "Ac 4c 5c 6c 7c 8c")
    view = kqj.observe(state, 2)
    first = sample(view, random.Random(9))
    assert sample(view, random.Random(9)) == first
    assert sample(kqj.observe(state, 2), random.Random(9)) == first
    assert sample(view, random.Random(10)) != first


def test_new_view_fields_are_public_and_read_back() -> None:
    """``declined`` and ``deal_count`` are public (the passes were made at the table, the
    redeals seen), and a sample carries them back into the state."""
    rules = AUCTION
    rng = random.Random(3)
    for seed in range(40):
        state = kqj.new_game(rules, seed)
        while state.winner is None and state.phase.value in ("auction", "overcounter"):
            seat, action = random_step(state, rng, out_of_turn=0.5)
            state = kqj.apply(state, seat, action).state
            view = kqj.observe(state, None)
            assert view.declined == tuple(s for s in range(6) if state.declined >> s & 1)
            assert view.deal_count == state.deal_count
            assert sample(view, rng).declined == state.declined

"""The KQJ ruleset: one frozen, keyword-only, validated record per table (RULES.md §5-§7).

>>> rules = preset("kqj")
>>> rules.teams, rules.auction, rules.random_partners, rules.target
('3v3', False, False, 1000)
>>> rules.replace(teams="2v2v2", auction=True).min_bid
80
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Final, Literal

from engine.core import RulesetError, check_option_types, options_from_dict, reject_unknown_options

TARGETS: Final = (500, 1000, 2000)
MAX_BID: Final = 390
"""Highest numeric bid; anything higher must be a capot (§6.3, AMB-K13)."""
BID_STEP: Final = 10


@dataclass(frozen=True, slots=True, kw_only=True)
class Ruleset:
    """Every option of a KQJ table (RULES.md §7 and the configurable points of RULES-NOTES).

    - ``teams``: ``"3v3"`` (two teams, seats 0 2 4 against 1 3 5, §5.2) or ``"2v2v2"`` (three
      teams of opposite seats, 0&3 1&4 2&5, §6.1).
    - ``auction``: all 48 cards dealt and an auction instead of the Return (§6.3).
    - ``random_partners``: an individual game; each round's teams are drawn at random (§6.2).
    - ``target``: victory points that end the game: 500, 1000 or 2000 (§5.2, §5.9).
    - ``all_trump_no_trump``: all-trump and no-trump contracts may be chosen (always on at
      BGA, §6.4; off keeps the four suits only).
    - ``second_round_same_suit_allowed``: in the second round of taking the Return's own suit
      may be named again (seed-faithful, AMB-K11).
    - ``capot_contract_value``: what a capot contract is worth in the auction (AMB-K13).
    - ``pool_on_failure``: three teams, a failed contract after a litigation: the pool goes to
      ``"each_defence"`` team that scores (AMB-K07), or to the ``"best_defence"`` team(s)
      only (the defence team(s) with the most round points).
    - ``special_bonus_to``: three teams, the ≤20-point and no-trick bonuses go to the
      ``"other_teams"`` whatever the round's outcome (literal seed text, AMB-K09), or only to
      the other teams that score victory points from the round (``"scoring_teams"``).
    - ``auction_failure_pays``: three-team auction, a failed contract pays ``bid × m`` to
      ``"each_defence"`` team (AMB-K17) or to the ``"best_defence"`` team(s) only.
    - ``countered_contract``: who scores a countered (×2) or overcountered (×4) auction
      contract (§6.3, AMB-K25; the three readings differ with three teams only):
      ``"switch"`` (seed 002: a counter makes the countering team the contract team — "the
      bidders cannot make N" — and an overcounter switches it back; so countered and made pays
      every team but the countering one, countered and not made the countering team alone);
      ``"multiplier"`` (a counter only multiplies: made pays the bidding team, not made each
      other team); ``"wager"`` (as ``"multiplier"``, but a countered or overcountered bid that
      is not made pays the countering team only). It replaces ``counter_failure_pays``: a
      stored ruleset with that option loads with its meaning (``"each_defence"`` is
      ``"multiplier"``, ``"countering_team"`` is ``"wager"``), so a game keeps its rules.
    """

    teams: Literal["3v3", "2v2v2"] = "3v3"
    auction: bool = False
    random_partners: bool = False
    target: int = 1000
    all_trump_no_trump: bool = True
    second_round_same_suit_allowed: bool = True
    capot_contract_value: int = 400
    pool_on_failure: Literal["each_defence", "best_defence"] = "each_defence"
    special_bonus_to: Literal["other_teams", "scoring_teams"] = "other_teams"
    auction_failure_pays: Literal["each_defence", "best_defence"] = "each_defence"
    countered_contract: Literal["switch", "multiplier", "wager"] = "switch"

    def __post_init__(self) -> None:
        _validate(self)

    # --- derived facts ------------------------------------------------------------------------

    @property
    def players(self) -> int:
        """Always six (§5.2; 3-5 player KQJ is out of scope, AMB-K21)."""
        return 6

    @property
    def team_count(self) -> int:
        """Teams in a round: two (3 + 3) or three (2 + 2 + 2)."""
        return 2 if self.teams == "3v3" else 3

    @property
    def sides(self) -> int:
        """Scoring sides: the teams, or with random partners every player (§6.2)."""
        return 6 if self.random_partners else self.team_count

    @property
    def min_bid(self) -> int:
        """Lowest opening bid of the auction: 120 with two teams, 80 with three (§6.3)."""
        return 120 if self.team_count == 2 else 80

    @property
    def contract_count(self) -> int:
        """Contracts that may be named: the four suits, then all-trump and no-trump."""
        return 6 if self.all_trump_no_trump else 4

    def fixed_teams(self) -> tuple[int, ...]:
        """Team of each seat without random partners: ``seat % 2`` or ``seat % 3`` (§5.2, §6.1)."""
        count = self.team_count
        return tuple(seat % count for seat in range(6))

    # --- changes and serialisation ------------------------------------------------------------

    def replace(self, **changes: Any) -> Ruleset:
        """A copy with some options changed; unknown names or bad values raise ``RulesetError``.

        >>> preset("kqj").replace(target=500, random_partners=True).sides
        6
        """
        reject_unknown_options(changes, OPTION_NAMES, "KQJ")
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON; ``Ruleset.from_dict`` reads it back."""
        return {name: getattr(self, name) for name in OPTION_NAMES}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Ruleset:
        """Read ``to_dict`` output; unknown keys or bad values raise ``RulesetError``.

        Options an earlier engine wrote are read with the meaning they had then:

        >>> Ruleset.from_dict({"counter_failure_pays": "countering_team"}).countered_contract
        'wager'
        """
        if isinstance(data, dict) and RETIRED_COUNTER_OPTION in data:
            data = dict(data)
            old = data.pop(RETIRED_COUNTER_OPTION)
            if "countered_contract" not in data:
                data["countered_contract"] = _RETIRED_COUNTER_VALUES.get(old, old)
        return cls(**options_from_dict(data, OPTION_NAMES, "KQJ"))


OPTION_NAMES: Final = tuple(f.name for f in dataclasses.fields(Ruleset))

RETIRED_COUNTER_OPTION: Final = "counter_failure_pays"
"""The option ``countered_contract`` replaced (AMB-K25), still read from stored rulesets."""
_RETIRED_COUNTER_VALUES: Final = {"each_defence": "multiplier", "countering_team": "wager"}

_CHOICES: Final[dict[str, tuple[object, ...]]] = {
    "teams": ("3v3", "2v2v2"),
    "pool_on_failure": ("each_defence", "best_defence"),
    "special_bonus_to": ("other_teams", "scoring_teams"),
    "auction_failure_pays": ("each_defence", "best_defence"),
    "countered_contract": ("switch", "multiplier", "wager"),
}
_BOOLEANS: Final = (
    "auction",
    "random_partners",
    "all_trump_no_trump",
    "second_round_same_suit_allowed",
)


def _validate(rules: Ruleset) -> None:
    check_option_types(
        rules, choices=_CHOICES, booleans=_BOOLEANS, numbers=("target", "capot_contract_value")
    )
    if rules.target not in TARGETS:
        raise RulesetError(f"a KQJ target must be 500, 1000 or 2000, not {rules.target}")
    value = rules.capot_contract_value
    if not 10 <= value <= 2000 or value % BID_STEP:
        raise RulesetError(
            f"capot_contract_value must be a multiple of 10 from 10 to 2000, not {value}"
        )


_PRESETS: Final[dict[str, Ruleset]] = {"kqj": Ruleset()}
PRESET_NAMES: Final = tuple(_PRESETS)


def preset(name: str) -> Ruleset:
    """The ruleset of a named table (``"kqj"``: 3v3, no auction, fixed partners, 1000);
    unknown names raise ``RulesetError``. Variants come from ``.replace(...)``.

    >>> preset("kqj") == Ruleset()
    True
    """
    found = _PRESETS.get(name) if isinstance(name, str) else None
    if found is None:
        raise RulesetError(f"unknown KQJ preset {name!r}; choose one of {', '.join(PRESET_NAMES)}")
    return found

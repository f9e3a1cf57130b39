"""The All Fours ruleset: one frozen, keyword-only, validated record per table (RULES.md §7).

>>> rules = preset("caribbean").replace(target=7)
>>> rules.players, rules.target, rules.kick_two_rank
(4, 7, '6')
>>> preset("english").replace(players=4, partnerships=True).sides
2
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Final, Literal

from engine.core import RulesetError, check_option_types, options_from_dict, reject_unknown_options

Variant = Literal["caribbean", "english", "sevenup"]
VARIANTS: Final = ("caribbean", "english", "sevenup")

MAX_TARGET: Final = 99


@dataclass(frozen=True, slots=True, kw_only=True)
class Ruleset:
    """Every option of an All Fours table.

    - ``variant``: ``caribbean`` (§2), ``english`` (§3) or ``sevenup`` (§4).
    - ``players``: 4 or 2 in Caribbean; 2, 3 or 4 in English and Seven Up (§4.2).
    - ``partnerships``: four players as two opposite partnerships (always in Caribbean).
    - ``target``: points that win, checked after every single award (§1.7).
    - ``kick_two_rank``: Caribbean kick worth 2: ``"6"`` (Trinidad) or ``"2"`` (Tobago) (§2.3).
    - ``low_mode``: Low to the holder (``"held"``) or to the capturer (``"captured"``) (§1.4);
      ``"captured"`` is an English / Seven Up option only: a new Caribbean ruleset with it is
      refused (§2.6, AMB-06). A stored ruleset that an earlier engine accepted (``from_dict``,
      so ``load``) still loads as it was, so a table started with it keeps its rules.
    - ``game_tie``: tied Game point to nobody (``"none"``) or to the first non-dealer side in
      playing order (``"non_dealer"``) (§1.4, AMB-08).
    - ``gift_point``: whether accepting a begged suit pays a point (take one / gift, AMB-20).
    - ``allow_take_one_to_win``: whether an acceptance whose point reaches the target is offered.
    - ``forbid_undertrump``: the Trinidad house rule of §1.3 (AMB-12).
    - ``record_awards_after_win``: after the winning award of a count, the rest of that count is
      still scored and reported (display only; never changes the winner, AMB-09).
    """

    variant: Variant = "caribbean"
    players: int = 4
    partnerships: bool = True
    target: int = 14
    kick_two_rank: Literal["6", "2"] = "6"
    low_mode: Literal["held", "captured"] = "held"
    game_tie: Literal["none", "non_dealer"] = "none"
    gift_point: bool = True
    allow_take_one_to_win: bool = True
    forbid_undertrump: bool = False
    record_awards_after_win: bool = True

    def __post_init__(self) -> None:
        _validate(self)
        _refuse_retired(self)

    # --- derived facts ------------------------------------------------------------------------

    @property
    def sides(self) -> int:
        """Number of scoring sides: two partnerships, or one side per player."""
        return 2 if self.partnerships else self.players

    @property
    def has_discards(self) -> bool:
        """English and Seven Up discard down to six after a run (§3.4); Caribbean never does."""
        return self.variant != "caribbean"

    def side_of(self, seat: int) -> int:
        """The side a seat scores for: ``seat % sides`` (partners sit opposite)."""
        return seat % self.sides

    # --- changes and serialisation ------------------------------------------------------------

    def replace(self, **changes: Any) -> Ruleset:
        """A copy with some options changed; unknown names or bad values raise ``RulesetError``.

        Changing ``players`` without naming ``partnerships`` picks the usual seating: two
        partnerships for four-player Caribbean, otherwise the current choice at four players
        and individual play below four.

        >>> preset("seven-up").replace(players=3).sides
        3
        """
        reject_unknown_options(changes, OPTION_NAMES, "All Fours")
        if "players" in changes and "partnerships" not in changes:
            players = changes["players"]
            variant = changes.get("variant", self.variant)
            if players != 4:
                changes["partnerships"] = False
            elif variant == "caribbean":
                changes["partnerships"] = True
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON; ``Ruleset.from_dict`` reads it back."""
        return {name: getattr(self, name) for name in OPTION_NAMES}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Ruleset:
        """Read ``to_dict`` output; unknown keys or bad values raise ``RulesetError``.

        A stored ruleset is read as the engine that wrote it accepted it: a combination that
        new rulesets may no longer use (Caribbean with ``low_mode="captured"``) still loads,
        so a game in progress keeps its rules.

        >>> stored = {"variant": "caribbean", "low_mode": "captured"}
        >>> Ruleset.from_dict(stored).low_mode
        'captured'
        >>> preset("caribbean").replace(low_mode="captured")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
          ...
        engine.core.RulesetError: low_mode="captured" is an English / Seven Up option: ...
        """
        options = options_from_dict(data, OPTION_NAMES, "All Fours")
        rules = object.__new__(cls)
        for field in dataclasses.fields(cls):
            object.__setattr__(rules, field.name, options.get(field.name, field.default))
        _validate(rules)
        return rules


OPTION_NAMES: Final = tuple(f.name for f in dataclasses.fields(Ruleset))

_CHOICES: Final[dict[str, tuple[object, ...]]] = {
    "variant": VARIANTS,
    "kick_two_rank": ("6", "2"),
    "low_mode": ("held", "captured"),
    "game_tie": ("none", "non_dealer"),
}
_BOOLEANS: Final = (
    "partnerships",
    "gift_point",
    "allow_take_one_to_win",
    "forbid_undertrump",
    "record_awards_after_win",
)


def _validate(rules: Ruleset) -> None:
    check_option_types(rules, choices=_CHOICES, booleans=_BOOLEANS, numbers=("players", "target"))
    if not 1 <= rules.target <= MAX_TARGET:
        raise RulesetError(
            f"target must be between 1 and {MAX_TARGET}, not {rules.target}", option="target"
        )
    if rules.variant == "caribbean":
        if rules.players not in (2, 4):
            raise RulesetError(
                f"Caribbean All Fours is for 2 or 4 players, not {rules.players}",
                option="players",
            )
        if rules.players == 4 and not rules.partnerships:
            raise RulesetError(
                "four-player Caribbean All Fours is always played in partnerships",
                option="partnerships",
            )
    else:
        if rules.players not in (2, 3, 4):
            raise RulesetError(
                f"{rules.variant} All Fours is for 2, 3 or 4 players, not {rules.players}",
                option="players",
            )
        if rules.kick_two_rank != "6":
            raise RulesetError(
                "kick_two_rank (Trinidad/Tobago kicks) applies only to caribbean",
                option="kick_two_rank",
            )
    if rules.partnerships and rules.players != 4:
        raise RulesetError(
            f"partnerships need four players, not {rules.players}", option="partnerships"
        )


def _refuse_retired(rules: Ruleset) -> None:
    """Combinations a new ruleset may not use, though stored ones that have them still load
    (``Ruleset.from_dict``)."""
    if rules.variant == "caribbean" and rules.low_mode == "captured":
        raise RulesetError(
            'low_mode="captured" is an English / Seven Up option: Caribbean Low always goes '
            "to the holder (RULES.md §2.6)",
            option="low_mode",
        )


_PRESETS: Final[dict[str, Ruleset]] = {
    "caribbean": Ruleset(),
    "caribbean-tobago": Ruleset(kick_two_rank="2"),
    "caribbean-2p": Ruleset(players=2, partnerships=False),
    "english": Ruleset(variant="english", players=2, partnerships=False, target=11),
    "english-7": Ruleset(variant="english", players=2, partnerships=False, target=7),
    "seven-up": Ruleset(variant="sevenup", players=2, partnerships=False, target=7),
}
PRESET_NAMES: Final = tuple(_PRESETS)
_ALIASES: Final = {"sevenup": "seven-up", "trinidad": "caribbean", "tobago": "caribbean-tobago"}


def preset(name: str) -> Ruleset:
    """The ruleset of a named variant (see ``PRESET_NAMES``); unknown names raise.

    >>> preset("caribbean-tobago").kick_two_rank
    '2'
    """
    key = _ALIASES.get(name, name) if isinstance(name, str) else name
    found = _PRESETS.get(key) if isinstance(key, str) else None
    if found is None:
        raise RulesetError(
            f"unknown All Fours preset {name!r}; choose one of {', '.join(PRESET_NAMES)}"
        )
    return found

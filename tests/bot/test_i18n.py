"""Every user-facing string comes from the catalog, and every key the code uses exists."""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest

from bot.families import ALL_FOURS, FAMILIES
from bot.i18n import catalog, lookup, t
from cogs.allfours.render import ENGLISH_WORDS
from engine.kqj import Phase

KQJ_PHASES = tuple(Phase)

ROOT = Path(__file__).resolve().parents[2]
KEY = re.compile(r"[a-z_]+(?:\.[a-z0-9_-]+)+")
# Keys built from a closed set of values.
DYNAMIC = [
    *(f"variant.{v}" for v in ALL_FOURS.variants),
    *(f"rules.{v}" for v in ALL_FOURS.variants),
    *(f"family.{name}" for name in FAMILIES),
    *(f"pool.{pool}" for fam in FAMILIES.values() for pool in fam.pools),
    *(f"stat.{stat}" for fam in FAMILIES.values() for stat in fam.stat_names),
    "variant.kqj",
    *(f"{key}.english" for key in ENGLISH_WORDS),
    *(f"award.mark.{mark}" for mark in ("won", "after")),
    *(f"level.{level}" for fam in FAMILIES.values() for level in fam.levels),
    "level.hard",
    "rules.kqj",
    *(f"kqj.opt.teams.{teams}" for teams in ("3v3", "2v2v2")),
    *(f"kqj.contract.{contract}" for contract in ("all", "none")),
    *(f"kqj.multiplier.{m}" for m in (2, 4)),
    *(f"kqj.announce.{kind}" for kind in ("kq", "kqj")),
    *(f"kqj.bonus.{kind}" for kind in ("dix_de_der", "capot", "kq", "kqj")),
    *(f"kqj.outcome.{outcome}" for outcome in ("won", "made", "failed", "litigation")),
    *(
        f"kqj.award.{reason}"
        for reason in ("round", "contract", "pool", "special_20", "special_60")
    ),
    *(f"kqj.turn.{phase.value}" for phase in KQJ_PHASES),
    *(f"kqj.panel.your_turn.{phase.value}" for phase in KQJ_PHASES),
    *(f"illegal.{reason}" for reason in ("follow_suit", "beat_trump", "beat_master")),
    *(f"suit.{s}" for s in "shdc"),
    *(f"opt.kicks.{rank}" for rank in "62"),
    *(f"opt.low.{mode}" for mode in ("held", "captured")),
    *(f"lobby.closed.{reason}" for reason in ("cancelled", "idle")),
    *(f"turn.{phase}" for phase in ("declare", "reply", "discard", "play")),
    *(f"panel.your_turn.{phase}" for phase in ("declare", "reply", "discard", "play")),
    *(
        f"award.{r}"
        for r in ("kick", "take_one", "gift", "high", "low", "jack", "hang_jack", "game")
    ),
    *(
        f"perm.{p}"
        for p in ("view_channel", "send_messages", "send_messages_in_threads", "embed_links")
    ),
    *(f"board.scope.{s}" for s in ("server", "global")),
]


def _keys_in_code() -> set[str]:
    """Every string literal of bot/ and cogs/ shaped like a catalog key."""
    prefixes = {key.split(".")[0] for key in catalog("en")}
    found: set[str] = set()
    for folder in ("bot", "cogs"):
        for path in (ROOT / folder).rglob("*.py"):
            if path.parent.name == "locales":
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if (
                    isinstance(node, ast.Constant)
                    and isinstance(node.value, str)
                    and KEY.fullmatch(node.value)
                    and node.value.split(".")[0] in prefixes
                ):
                    found.add(node.value)
    return found


def test_every_key_the_code_uses_is_in_the_english_catalog() -> None:
    """A message key missing from the catalog would be a KeyError in front of a user."""
    used = _keys_in_code() | set(DYNAMIC)
    assert len(used) > 150
    assert sorted(key for key in used if key not in catalog("en")) == []


def test_every_catalog_entry_is_used() -> None:
    """No dead texts: each entry of the catalog is reachable from the code."""
    used = _keys_in_code() | set(DYNAMIC)
    assert sorted(key for key in catalog("en") if key not in used) == []


def test_catalog_placeholders_are_well_formed() -> None:
    """Every catalog text parses as a format string."""
    for key, text in catalog("en").items():
        fields = [name for _, name, _, _ in string.Formatter().parse(text) if name]
        assert all(re.fullmatch(r"[a-z_]+", f) for f in fields), key


def test_other_locales_fall_back_to_english() -> None:
    """A language without a catalog still gets English, formatted."""
    assert t("opt.target", "pt-BR", target=11) == "First to 11 points wins"
    assert t("opt.target", None, target=7) == "First to 7 points wins"
    assert lookup("opt.target", "pt-BR") is None


def test_unknown_key_is_a_programming_error() -> None:
    with pytest.raises(KeyError):
        t("no.such.key", "en")

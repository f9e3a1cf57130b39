"""Tiny Tricks' English words."""

from __future__ import annotations

from typing import Final

MESSAGES: Final = {
    "cmdname.tiny": "tiny",
    "family.tiny": "Tiny Tricks",
    "cmd.tiny.group": "Play Tiny Tricks, two players, in this channel",
    "cmd.tiny.start": "Open a table of Tiny Tricks in this channel",
    "cmd.tiny.start.target": "Tricks that win the game",
    "cmd.tiny.rules": "The rules of Tiny Tricks",
    "variant.tiny": "Tiny Tricks",
    "rules.tiny": "Two players, three cards each; follow suit; the higher card of the suit led "
    "wins the trick. The first to the target number of tricks (3 unless the table says "
    "otherwise) wins.",
    "pool.tiny": "Tiny Tricks",
    "stat.tricks": "tricks {count}",
    "tiny.options": "First to {target} tricks",
    "tiny.title": "Tiny Tricks · deal {deal}",
    "tiny.trick": "Trick: {cards}",
    "tiny.trick_empty": "Trick: nothing played yet",
    "tiny.last_trick": "Last trick, won by {player}: {cards}",
    "tiny.scores": "Tricks won (first to {target})",
    "tiny.your_turn": "**Your turn:** play a card.",
    "tiny.log.dealt": "Deal {deal}, dealt by {dealer}",
    "tiny.log.won": "{player} wins the game",
    "tiny.turn": "to play a card",
}

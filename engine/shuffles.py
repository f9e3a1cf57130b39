"""The engine's two shuffles: the seeded deal of every game (``seeded_shuffle``, the
permutation stored games were dealt with) and the quick partial shuffle of the simulation
path (``shuffle_prefix``). A module of their own so that the compiled build
(``scripts/compile_engine.py``) compiles them with the modules that call them.
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random


def seeded_shuffle(items: list[int], seed: str) -> None:
    """Shuffle ``items`` in place exactly as ``random.Random(seed).shuffle(items)`` does (the
    permutation every stored game's deals were made with), only with the draw loop written
    out: a new game's and a new hand's deal are drawn this way.

    >>> import random
    >>> a, b = list(range(52)), list(range(52))
    >>> seeded_shuffle(a, "allfours:7:1"); random.Random("allfours:7:1").shuffle(b)
    >>> a == b
    True
    """
    getrandbits = Random(seed).getrandbits
    for i in range(len(items) - 1, 0, -1):
        # Random._randbelow(i + 1): the smallest number of bits, rejecting values above i.
        size = i + 1
        bits = size.bit_length()
        j = getrandbits(bits)
        while j >= size:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]


def shuffle_prefix(items: list[int], random: Callable[[], float], count: int | None = None) -> None:
    """Shuffle ``items`` in place so that its first ``count`` positions (all by default) are a
    uniform random draw: a partial Fisher-Yates driven by ``random()`` directly.

    For simulations: several times faster than ``Random.shuffle`` (which draws exact bits for
    every swap); the bias of ``int(random() * n)`` is far below anything a play-out can see.
    """
    size = len(items)
    stop = size - 1 if count is None else min(count, size - 1)
    for i in range(stop):
        j = i + int(random() * (size - i))
        items[i], items[j] = items[j], items[i]

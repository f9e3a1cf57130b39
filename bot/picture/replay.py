"""Scenes of a finished game looked back at: the only scenes with hands face up.

The live table's builders (``bot.families.*.picture``) take the spectator's view, which holds
no hand, and can never fill ``Scene.hands``; these functions add to such a scene what only
the end of the game makes public. Callers pass them cards of finished games only
(``bot.service.history``, which replays nothing else).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from bot.picture.scene import Scene
from engine.cards import Card


def face_up(scene: Scene, hands: Sequence[Sequence[Card]]) -> Scene:
    """``scene`` with every seat's hand shown (``hands[s]`` is seat ``s``'s, in seat order;
    each seat's count of cards held follows its hand).

    >>> from bot.picture.scene import Labels, SeatScene
    >>> labels = Labels("D", "CPU", "led", "wins", "Trumps", "Score", "Round", "Last trick")
    >>> scene = Scene("en", "All Fours", labels, (SeatScene("Ann", 0), SeatScene("Bo", 1)), None)
    >>> [len(hand) for hand in face_up(scene, [[Card.parse("Jd")], []]).hands]
    [1, 0]
    """
    if len(hands) != len(scene.seats):
        raise ValueError(f"{len(scene.seats)} seats need {len(scene.seats)} hands")
    seats = tuple(
        replace(seat, cards_held=len(hand)) for seat, hand in zip(scene.seats, hands, strict=True)
    )
    return replace(scene, seats=seats, hands=tuple(tuple(hand) for hand in hands))


def trick_shown(scene: Scene, plays: Sequence[tuple[int, Card]], winner: int) -> Scene:
    """``scene`` with a trick just won still on the felt: each seat's card of ``plays`` (in
    playing order, so the first was led) in front of it, the winner's marked."""
    cards = dict(plays)
    led = plays[0][0] if plays else None
    seats = tuple(
        replace(
            seat,
            card=cards.get(index),
            is_led=index == led,
            is_winning=index == winner and index in cards,
            is_to_act=False,
        )
        for index, seat in enumerate(scene.seats)
    )
    return replace(scene, seats=seats, turn=None, clock=None)

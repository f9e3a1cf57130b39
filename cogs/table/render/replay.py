"""Finished games looked back at: a player's history page, and one step of a face-up replay
(every hand shown: only ever sent privately, and only for a finished game).

The replay's words for each step ("Ann: J♦", "trick to Bo") are written here from the
shared words (a card as the panels write it, a seat's name): the panel's own label of each
decision, found by ``TableRenderer.action_text`` in the seat's view of that moment.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

import discord

from bot.i18n import t
from bot.notation import card_text
from bot.picture.replay import face_up
from bot.picture.scene import Scene
from bot.service.history import GameReplay, GameReview, HistoryPage, PastGame, ReplayStep
from bot.service.model import HandView, Snapshot, Told
from cogs.table.components import (
    HistoryButton,
    RecordButton,
    ReplayButton,
    ReplaySelect,
    ShareButton,
)
from cogs.table.render.panel import hint_reason
from cogs.table.render.renderer import COLOUR, MAX_OPTIONS, PICTURE, TableRenderer, buttons_view
from cogs.table.render.story import redeal_text
from cogs.table.render.table import seat_names, variant_title
from cogs.table.words import seat_label, team_label
from engine.core import CardPlayed, Redeal, TrickWon

STEP_TEXT: Final = 3500
"""Room for a deal's steps in the description (Discord allows 4096): a longer deal shows
its latest steps."""


def history_message(
    found: HistoryPage, renderer: TableRenderer[Any, Any, Any, Any], locale: str
) -> tuple[discord.Embed, discord.ui.View]:
    """A page of a player's finished games: when, what was played, who sat on which side,
    the final score, the player's rating change, and a Replay button for each."""
    fam = renderer.family
    scope = "g" if found.everywhere else "s"
    embed = discord.Embed(
        title=t("history.title", locale, family=t(f"family.{fam.name}", locale)),
        description=t(
            "history.player",
            locale,
            player=f"<@{found.user_id}>",
            scope=t("board.scope.global" if found.everywhere else "board.scope.server", locale),
        ),
        colour=COLOUR,
    )
    view = buttons_view()
    for game in found.games:
        name, value = _past_game(game, renderer, found.user_id, locale)
        embed.add_field(name=name, value=value, inline=False)
        view.add_item(
            ReplayButton.make(
                fam.prefix,
                game.snapshot.id,
                0,
                "o",
                label=t("history.replay", locale, game=game.snapshot.id),
                row=0,
            )
        )
    if not found.games:
        embed.add_field(name="\u200b", value=t("history.none", locale), inline=False)
    embed.set_footer(text=t("stats.footer", locale, page=found.page + 1, pages=max(found.pages, 1)))
    for page, key, off in (
        (max(found.page - 1, 0), "page.previous", found.page <= 0),
        (found.page + 1, "page.next", found.page >= found.pages - 1),
    ):
        view.add_item(
            HistoryButton.make(
                fam.prefix,
                fam.name,
                found.user_id,
                scope,
                page,
                label=t(key, locale),
                disabled=off,
                row=1,
            )
        )
    return embed, view


def _past_game(
    game: PastGame, renderer: TableRenderer[Any, Any, Any, Any], user_id: int, locale: str
) -> tuple[str, str]:
    snap = game.snapshot
    table = snap.public()
    record = snap.record
    name = t(
        "history.game",
        locale,
        when=f"<t:{int(record.updated_at)}:d>",
        variant=variant_title(record.variant, locale),
        game=record.id,
    )
    lines = [" · ".join(renderer.options_lines(table, locale))]
    if snap.state is not None:  # a stored finished game always has its state
        lines.extend(_side_lines(snap, lambda seat: seat_label(table, seat, locale), locale))
    if game.rating is not None:
        before, after = game.rating
        lines.append(
            t("history.rating", locale, before=before, after=after, change=f"{after - before:+d}")
        )
    elif not record.rated:
        lines.append(t("history.unrated", locale))
    return name, "\n".join(lines)


def _side_lines(snap: Snapshot[Any, Any], name_of: Callable[[int], str], locale: str) -> list[str]:
    """One line per side: its seats, its points and, for the winners, a trophy."""
    fam = snap.family
    state = snap.state
    scores = fam.scores(state)
    result = fam.result(state)
    lines = []
    for side in range(fam.sides(snap.rules)):
        seats = [s for s in range(fam.players(snap.rules)) if fam.side_of(state, s) == side]
        who = ", ".join(name_of(seat) for seat in seats)
        label = f"{team_label(side, locale)} ({who})" if len(seats) > 1 else who
        won = result is not None and result.places[side] == 1
        key = "history.side_won" if won else "history.side"
        lines.append(t(key, locale, side=label, points=scores[side]))
    return lines


def replay_message(
    replay: GameReplay,
    stop: int,
    renderer: TableRenderer[Any, Any, Any, Any],
    locale: str,
    *,
    pictures: bool,
    review: GameReview | None = None,
) -> tuple[discord.Embed, discord.ui.View, Scene | None]:
    """One stop of a finished game's replay: the deal's steps so far in words, every hand
    face up, the score, and (with ``pictures``, when the bot and the table draw them) the
    picture of that moment;
    ◀ ▶ move a stop, ⏮ ⏭ a deal, the menu jumps to a deal. With a ``review`` (the 💡
    Review toggle on), each step it marks says what level ``hard`` would have chosen and
    why, and the buttons keep it on."""
    fam = renderer.family
    snap = replay.snapshot(stop)
    table = snap.public()
    record = replay.record
    names = seat_names(table, locale)
    step = replay.steps[replay.stops[stop]]
    embed = discord.Embed(
        title=t(
            "replay.title",
            locale,
            variant=variant_title(record.variant, locale),
            game=record.id,
        ),
        description=_steps_text(replay, stop, renderer, names, locale, review),
        colour=COLOUR,
    )
    embed.add_field(
        name=t("replay.hands", locale),
        value="\n".join(
            f"**{names[seat]}**: "
            + (" ".join(card_text(c) for c in cards) if cards else t("hand.empty", locale))
            for seat in range(fam.players(replay.rules))
            for cards in (fam.hand_of(step.state, seat),)
        ),
        inline=False,
    )
    embed.add_field(
        name=t("replay.score", locale),
        value="\n".join(_side_lines(snap, lambda seat: names[seat], locale)),
        inline=False,
    )
    if review is not None:
        summary = t(
            "replay.review_summary", locale, marks=len(review.marks), reviewed=review.reviewed
        )
        embed.add_field(name=t("replay.review_title", locale), value=summary, inline=False)
    embed.set_footer(
        text=t(
            "replay.footer",
            locale,
            deal=step.deal,
            stop=stop + 1,
            stops=len(replay.stops),
        )
    )
    scene = None
    if pictures:  # the game is over: the picture shows every hand too
        hands = [fam.hand_of(step.state, seat) for seat in range(fam.players(replay.rules))]
        scene = face_up(renderer.scene(table, locale), hands)
        embed.set_image(url=f"attachment://{PICTURE}")
    return embed, _replay_view(replay, stop, renderer, locale, review is not None), scene


def _steps_text(
    replay: GameReplay,
    stop: int,
    renderer: TableRenderer[Any, Any, Any, Any],
    names: Sequence[str],
    locale: str,
    review: GameReview | None,
) -> str:
    lines: list[str] = []
    steps = replay.deal_steps(stop)
    first = replay.stops[stop] - len(steps) + 1
    for index, step in enumerate(steps, start=first):
        if step.seat is None or step.action is None:
            lines.append(t("replay.dealt", locale, deal=step.deal))
            continue
        lines.append(
            t(
                "replay.step",
                locale,
                player=names[step.seat],
                action=_action_text(replay, step, step.action, renderer, locale),
            )
        )
        mark = review.marks.get(index) if review is not None else None
        if mark is not None:
            lines.append(
                t(
                    "replay.review_mark",
                    locale,
                    action=_action_text(replay, step, mark.action, renderer, locale),
                    reason=hint_reason(mark, renderer.family.card_played(mark.action), locale),
                )
            )
        lines.extend(_event_lines(replay, step, renderer, names, locale))
        if step.dealt:
            lines.append(t("replay.dealt", locale, deal=step.deal))
    text = "\n".join(lines)
    while len(text) > STEP_TEXT and len(lines) > 1:
        lines = lines[1:]
        text = "…\n" + "\n".join(lines)
    return text


def _event_lines(
    replay: GameReplay,
    step: ReplayStep,
    renderer: TableRenderer[Any, Any, Any, Any],
    names: Sequence[str],
    locale: str,
) -> list[str]:
    """What a step's events told, in the words of the table's move log (``tell``: a kick's
    points, the cards of a run, an award, trumps, a redeal), and its trick's winner. The
    decision itself is the step's own line (face up: a discard names its card), so the event
    that only repeats it (the engines tell the decision first, by its seat) is left out."""
    table = Snapshot(replay.record, replay.rules, step.state).public()
    lines = []
    events = step.events
    if events and step.seat is not None and getattr(events[0], "seat", None) == step.seat:
        events = events[1:]
    for event in events:
        if isinstance(event, TrickWon):
            lines.append(t("replay.trick_won", locale, player=names[event.seat]))
        elif isinstance(event, Redeal):
            lines.append(redeal_text(event, locale))
        elif not isinstance(event, CardPlayed):
            line = renderer.tell(table, Told(0, step.seat, step.deal, event), locale)
            if line:
                lines.append(f"↳ {line}")
    return lines


def _action_text(
    replay: GameReplay,
    step: ReplayStep,
    action: Any,
    renderer: TableRenderer[Any, Any, Any, Any],
    locale: str,
) -> str:
    """A decision open to the seat at a step (the one taken, or another) as its button
    said it in the seat's panel at that moment."""
    fam = renderer.family
    before = step.before
    card = fam.card_played(action)
    if card is not None:
        return card_text(card)
    assert step.seat is not None and before is not None
    legal = tuple(fam.legal_actions(before, step.seat))
    hand = HandView(
        table=Snapshot(replay.record, replay.rules, before).public(),
        seat=step.seat,
        view=fam.observe(before, step.seat),
        legal=legal,
        codes=tuple(fam.encode(action) for action in legal),
        handed_over=False,
    )
    return renderer.action_text(hand, action, locale)


def _replay_view(
    replay: GameReplay,
    stop: int,
    renderer: TableRenderer[Any, Any, Any, Any],
    locale: str,
    review: bool,
) -> discord.ui.View:
    """The replay's buttons: with ``review``, each keeps the review hints on (its ``how`` in
    capitals, the menu's ``:r``), and the toggle turns them off."""
    prefix = renderer.family.prefix
    game = replay.record.id
    last = len(replay.stops) - 1
    deal = replay.steps[replay.stops[stop]].deal
    starts = sorted(replay.deals.items())
    deal_start = replay.deals[deal]
    back = deal_start if stop > deal_start else replay.deals.get(deal - 1, 0)
    onward = replay.deals.get(deal + 1, last)
    view = buttons_view()
    for target, how, label, off in (
        (back, "f", "⏮", stop == 0),
        (max(stop - 1, 0), "p", "◀", stop == 0),
        (min(stop + 1, last), "n", "▶", stop == last),
        (onward, "l", "⏭", stop == last),
    ):
        how = how.upper() if review else how
        view.add_item(
            ReplayButton.make(prefix, game, target, how, label=label, disabled=off, row=0)
        )
    view.add_item(RecordButton.make(prefix, game, label=t("replay.download", locale), row=0))
    here = next(i for i, (number, _) in enumerate(starts) if number == deal)
    first = max(0, min(here - MAX_OPTIONS // 2, len(starts) - MAX_OPTIONS))
    options = [
        discord.SelectOption(
            label=t("replay.deal", locale, deal=number), value=str(start), default=number == deal
        )
        for number, start in starts[first : first + MAX_OPTIONS]
    ]
    view.add_item(
        ReplaySelect.make(
            prefix, game, review, options=options, placeholder=t("replay.jump", locale), row=1
        )
    )
    view.add_item(
        ShareButton.make(prefix, game, deal, label=f"📤 {t('replay.share', locale)}", row=2)
    )
    view.add_item(
        ReplayButton.make(
            prefix,
            game,
            stop,
            "h" if review else "H",
            label=t("replay.review_on" if review else "replay.review", locale),
            style=discord.ButtonStyle.success if review else discord.ButtonStyle.secondary,
            row=2,
        )
    )
    return view

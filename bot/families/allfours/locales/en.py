"""The English words of All Fours (Caribbean, English, Seven Up): its rules, options, decisions,
awards and counts (``bot.i18n`` merges them with the shared catalog).
"""

from __future__ import annotations

from typing import Final

_TRICKS: Final = (
    "**Play:** {leader} leads to the first trick; each winner leads the next. If trumps are "
    "led you must play a trump if you have one. If a plain suit is led you may follow suit "
    "**or** trump, as you like; only without a card of that suit may you play anything. "
    "The highest trump wins the trick, else the highest card of the suit led."
)
_GAME_POINT: Final = (
    "**Game** 1: most card points in the tricks won (ace 4, king 3, queen 2, jack 1, "
    "ten 10); a tie scores nothing."
)
_CARIBBEAN: Final = (
    "**Players:** 4 in two partnerships, partners opposite; play goes to the right. First "
    "team to **14** wins — checked after every single point, even in the middle of a deal.\n"
    "**Deal:** 6 cards each, then the next card is turned up: the **kick**. The dealer's team "
    "scores it at once: {kicks}.\n"
    "**Stand or beg:** the player on the dealer's right **stands** (the kick's suit is trumps) "
    "or **begs**. The dealer then either **takes one** (the beggars score 1, the kick's suit "
    "stays trumps) or **runs the pack**: 3 more cards to everyone and a new kick, which scores "
    "too. A new suit becomes trumps; the same suit again means another run; a third kick of "
    "the same suit throws the deal in (same dealer, points kept). Nobody discards: hands hold "
    "6, 9 or 12 cards.\n" + _TRICKS.format(leader="The dealer's right") + "\n"
    "**Each hand scores, in this order:** **High** 1 (highest trump in play, to its holder's "
    "team), **Low** 1 (lowest trump in play, to its holder's team), **Jack** of trumps 1 to "
    "the team that held it if that team wins it — if the other team captures it, they score "
    "**hang jack**, 3. " + _GAME_POINT
)
_ENGLISH: Final = (
    "**Players:** 2. First to **{target}** wins, the moment the point is scored.\n"
    "**Deal:** 6 cards each; the next card is turned up as the trump candidate. A turned jack "
    "scores 1 for the dealer.\n"
    "**Stand or beg:** the non-dealer (the elder) **stands** (that suit is trumps) or "
    "**begs**. The dealer either **gives one** (the elder scores 1 and the suit stays) or "
    "**runs the pack**: 3 more cards each and a new card is turned. A suit already turned "
    "this deal is set aside and the pack is run again; a new suit (a jack scores 1 for the "
    "dealer) {after_run} If all four suits are refused or the pack runs short, the same "
    "dealer deals again, points kept.\n"
    "**Discard:** once trumps are fixed, each player holding more than 6 cards discards down "
    "to 6.\n" + _TRICKS.format(leader="The elder") + "\n"
    "**Each hand scores, in this order:** **High** 1 (holder of the highest trump in play), "
    "**Low** 1 (holder of the lowest), **Jack** of trumps 1 to whoever captures it. "
    + _GAME_POINT
    + "\n**Three or four players** (option players): play goes to the left; from the "
    "dealer's left each player in turn accepts or refuses the turned suit. If anyone but the "
    "elder (or the elder's partner) accepts, the elder's side scores 1. If everyone refuses, "
    "the pack is run for every player."
)

MESSAGES: Final[dict[str, str]] = {
    "cmd.group": "Play All Fours at a table in this channel",
    "cmd.start": "Open a table of All Fours in this channel",
    "cmd.start.variant": "Which All Fours",
    "cmd.start.players": "Number of players (Caribbean: 2 or 4; English and Seven Up: 2 to 4)",
    "cmd.start.partnerships": "Four players in two partnerships (English and Seven Up)",
    "cmd.start.target": "Points that win the game",
    "cmd.start.kicks": "Caribbean kicks: Trinidad (six scores 2) or Tobago (two scores 2)",
    "cmd.start.low": "Low point to the player who held it or to who captured it",
    "cmd.start.gift": "Whether accepting a begged suit gives a point",
    "cmd.start.game_tie": "Who gets the Game point on a tie",
    "cmd.start.undertrump": "Whether a player may undertrump",
    "cmd.start.take_one_to_win": "Whether the dealer may take one when that point wins",
    "cmd.rules": "The rules of an All Fours variant, in short",
    "cmd.rules.variant": "Which All Fours",
    "cmd.settings.variant": "The variant a table opens with when its host names none",
    "cmdname.allfours": "allfours",
    "optname.variant": "variant",
    "optname.players": "players",
    "optname.partnerships": "partnerships",
    "optname.kicks": "kicks",
    "optname.low": "low",
    "optname.gift": "gift",
    "optname.game_tie": "game_tie",
    "optname.undertrump": "undertrump",
    "optname.take_one_to_win": "take_one_to_win",
    "choice.kicks.trinidad": "Trinidad (ace 1, six 2, jack 3)",
    "choice.kicks.tobago": "Tobago (ace 1, two 2, jack 3)",
    "choice.low.held": "To the holder",
    "choice.low.captured": "To the captor",
    "choice.game_tie.none": "Nobody",
    "choice.game_tie.non_dealer": "The first non-dealer side",
    "family.allfours": "All Fours",
    "pool.allfours": "All Fours",
    "stat.hang_jacks": "hang jacks {count}",
    "stat.kick_points": "kick points {count}",
    "variant.caribbean": "Caribbean All Fours (Trinidad)",
    "variant.caribbean-tobago": "Caribbean All Fours (Tobago)",
    "variant.caribbean-2p": "Trinidad All Fours for two",
    "variant.english": "English All Fours",
    "variant.english-7": "English All Fours to 7",
    "variant.seven-up": "Seven Up",
    "variant.short.caribbean": "Caribbean",
    "variant.short.caribbean-tobago": "Tobago",
    "variant.short.caribbean-2p": "Trinidad for two",
    "variant.short.english": "English",
    "variant.short.english-7": "English to 7",
    "variant.short.seven-up": "Seven Up",
    "opt.partners": "4 players in two partnerships, partners opposite",
    "opt.individual": "{players} players, each for themselves",
    "opt.target": "First to {target} points wins",
    "opt.kicks.6": "Trinidad kicks: ace 1, six 2, jack 3",
    "opt.kicks.2": "Tobago kicks: ace 1, two 2, jack 3",
    "opt.low.held": "Low to the player who held it",
    "opt.low.captured": "Low to the player who captured it",
    "opt.no_gift": "Accepting a begged suit gives no point",
    "opt.game_tie_non_dealer": "A tied Game point goes to the first side after the dealer's",
    "opt.no_undertrump": "No undertrumping",
    "opt.no_take_one_to_win": "The dealer may not take one when that point wins the game",
    "rules.caribbean": _CARIBBEAN.format(kicks="ace 1, six 2, jack 3 (Trinidad)"),
    "rules.caribbean-tobago": _CARIBBEAN.format(kicks="ace 1, two 2, jack 3 (Tobago)"),
    "rules.caribbean-2p": (
        "**Players:** 2, each for themselves. First to **14** wins — checked after every "
        "single point.\n"
        "**Deal:** 6 cards each, then the **kick** is turned up and scores for the dealer: "
        "ace 1, six 2, jack 3.\n"
        "**Stand or beg:** the non-dealer **stands** (the kick's suit is trumps) or **begs**. "
        "The dealer either **takes one** (the beggar scores 1, the kick's suit stays trumps) "
        "or **runs the pack**: 3 more cards each and a new kick, which scores too. Runs go on "
        "until a new suit is kicked, which becomes trumps; if the pack runs out first, the "
        "same dealer deals again, points kept. Nobody discards.\n"
        + _TRICKS.format(leader="The non-dealer")
        + "\n**Each hand scores, in this order:** **High** 1 and **Low** 1 to the holders of "
        "the highest and lowest trumps in play, **Jack** of trumps 1 to its holder if they "
        "win it — if the opponent captures it, they score **hang jack**, 3. " + _GAME_POINT
    ),
    "rules.english": (
        _ENGLISH.format(
            target=11,
            after_run="becomes the new candidate and the elder stands or begs again.",
        )
    ),
    "rules.english-7": (
        _ENGLISH.format(
            target=7,
            after_run="becomes the new candidate and the elder stands or begs again.",
        )
    ),
    "rules.seven-up": (
        _ENGLISH.format(
            target=7,
            after_run="becomes trumps at once, with no second stand or beg and no point to give.",
        )
    ),
    "options.players": "This variant can't be played with {players} players.",
    "options.partnerships_need_four": "Partnerships need four players.",
    "options.caribbean_partners": "Four-player Caribbean All Fours is always played in teams.",
    "options.target": "The target must be between 1 and {max} points.",
    "options.kicks_caribbean_only": "Trinidad or Tobago kicks only apply to Caribbean All Fours.",
    "options.low_caribbean": (
        "In Caribbean All Fours Low always goes to the player who held it; "
        '"to the captor" is an English and Seven Up option.'
    ),
    "table.title": "{variant} · hand {hand} · table #{game}",
    "table.score": "**Score** {scores} (to {target})",
    "table.trump": "{symbol} trumps",
    "table.kick": "kick {cards}",
    "table.kicks": "kicks {cards}",
    "table.kick.english": "turned up {cards}",
    "table.kicks.english": "turned up {cards}",
    "table.trick": "On the table: {trick}",
    "table.hand_over": "{variant} — hand {hand} is over",
    "table.hand_done": "This hand is over.",
    "table.winner": "🏆 **{side} wins the game** — {scores}",
    "turn.declare": "to stand or beg",
    "turn.accept": "to accept or refuse the turned suit",
    "turn.reply": "to take one or run the pack",
    "turn.reply.english": "to give one or run the pack",
    "turn.discard": "to discard down to six cards",
    "turn.play": "to play",
    "award.kick": "Kick {card}: {side} +{points}",
    "award.kick.english": "Turned up {card}: {side} +{points}",
    "award.mark.won": "🏁 **wins the game**",
    "award.mark.after": "(counted after the win: it changes nothing)",
    "award.take_one": "Took one: {side} +{points}",
    "award.gift": "Gift: {side} +{points}",
    "award.high": "**High** {card}, held by {player}: {side} +{points}",
    "award.low": "**Low** {card}, {player}: {side} +{points}",
    "award.jack": "**Jack** {card}, {player}: {side} +{points}",
    "award.hang_jack": "**Hang jack!** {card} captured by {player}: {side} +{points}",
    "award.game": "**Game**: {side} +{points}",
    "count.no_trump": "No trump was in play: no High, Low or Jack.",
    "count.game_tied": "**Game**: tied ({totals}), nobody scores.",
    "count.game_totals": "Card points for Game: {totals}",
    "count.jack_not_out": "**Jack**: not out (nobody held the jack of trumps).",
    "count.ended_at_deal": "The game ended during the deal: the hand was not played.",
    "panel.kick": "Kick",
    "panel.kick.english": "Turned up",
    "panel.choose_discards": "Choose {count} cards to discard",
    "panel.choose_discards.one": "Choose the card to discard",
    "panel.discard_these": "Discard {cards}",
    "panel.discarded": "Your discards",
    "panel.stand": "Stand",
    "panel.beg": "Beg",
    "panel.take_one": "Take one",
    "panel.take_one.english": "Give one",
    "panel.run_pack": "Run the pack",
    "panel.accept": "Accept {suit}",
    "panel.refuse": "Refuse",
    "hint.reason.wins_game_point": "it wins the Game point",
    "hint.reason.saves_jack": "it saves your jack",
    "hint.reason.hangs_jack": "it hangs the opponents' jack",
    "hint.reason.takes_jack": "it captures the opponents' jack",
    "hint.reason.takes_high": "it takes High",
    "hint.reason.keeps_low": "it keeps Low",
    "panel.your_turn.declare": "**Your turn:** stand or beg.",
    "panel.your_turn.reply": "**Your turn:** take one or run the pack.",
    "panel.your_turn.reply.english": "**Your turn:** give one or run the pack.",
    "panel.your_turn.accept": "**Your turn:** accept or refuse the turned suit.",
    "panel.your_turn.play": "**Your turn:** play a card.",
    "panel.your_turn.discard": "**Discard:** choose {count} cards in the menu to keep six.",
    "panel.your_turn.discard.one": "**Discard:** choose 1 card in the menu to keep six.",
    "picture.kick": "Kick",
    "picture.kicks": "Kicks",
    "picture.kick.english": "Turned up",
    "picture.kicks.english": "Turned up",
    "picture.progress.hand": "Hand {hand}",
    "picture.progress.hand_trick": "Hand {hand} · trick {trick} of {tricks}",
    "log.dealt": "Hand {hand}: {dealer} deals.",
    "log.turned": "Kick: {card}",
    "log.turned.english": "Turned up: {card}",
    "log.turned_aside": "Turned up {card}: a suit already refused, set aside",
    "log.trump": "Trumps: {suit}",
    "log.stood": "{player} stands.",
    "log.begged": "{player} begs.",
    "log.accepted": "{player} accepts the turned suit.",
    "log.refused": "{player} refuses the turned suit.",
    "log.took_one": "{player} takes one.",
    "log.took_one.english": "{player} gives one.",
    "log.ran_pack": "{player} runs the pack: three more cards each.",
    "log.discarded": "{player} discards {count} cards.",
    "log.discarded.one": "{player} discards {count} card.",
    "log.hand_ended": "Hand {hand} is over: {scores}",
}

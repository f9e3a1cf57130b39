"""The English catalog: every user-facing text of the bot (``bot.i18n.t``).

Placeholders are ``str.format`` fields. Discord markup (``<@id>``, ``<#id>``, ``<t:…:R>``) is
built by the callers and passed in as parameters.
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

_KQJ: Final = (
    "**Players:** 6, seats A–F clockwise; deal and play go clockwise. Two teams of three "
    "(A C E against B D F), or with **teams 2v2v2** three teams of opposite seats; with "
    "**random partners** each round's teams are drawn and every player scores for themselves. "
    "First to the **target** (500, 1000 or 2000 victory points) wins.\n"
    "**Cards:** 48 — A K Q J 10 9 8 7 6 5 4 and the **Hero** (H) between the 10 and the king. "
    "Trumps rank 9 8 7 A 10 H K Q J 6 5 4 (27 22 14 12 10 7 5 4 3 points); other suits "
    "A 10 H K Q J 9 8 7 6 5 4 (12 10 7 5 4 3 2 1). All trumps and no trumps have their own "
    "values; every deal holds 236 card points.\n"
    "**The Return:** 5 cards each, then a card is turned up. From the dealer's left each "
    "player takes it (its suit is trumps) or passes; if all pass, a second round lets the "
    "taker name any suit, **all trumps** or **no trumps**. The taker's team plays the "
    "contract; everyone is then dealt up to 8 cards.\n"
    "**Auction** (option): all 48 cards are dealt and players bid a contract and a value "
    "(from 120, or 80 with three teams); an opponent may **counter** (×2) the standing bid, "
    "even out of turn, and the bidders may then **overcounter** (×4). A counter says the "
    "bidders cannot make it: the countering team becomes the contract team, and an "
    "overcounter gives the contract back to the bidders. A **capot** bid "
    "promises all eight tricks.\n"
    "**Play:** follow suit; on a trump lead beat the master card if you can (even a "
    "partner's); without the suit led, beat an opponent's master card if you can, else play "
    "anything. **Bonuses:** 10 for the last trick (dix de der), 154 for all eight (capot), "
    "KQ 20 and KQJ 50 for king, queen (and jack) of trumps played by one player in "
    "consecutive tricks.\n"
    "**Scoring:** the team with more round points wins the round and scores them rounded "
    "to the ten; a tie scores nothing and the rounded points go to a **pool** that the next "
    "round's winner takes. In the auction the bid (×2, ×4) is scored instead.\n"
    "**Three teams:** the contract team must beat both other teams; if either defence team "
    "takes more, the contract fails and each defence team scores its own rounded points; a "
    "team that takes no trick gives each other team 60, one that takes 20 points or fewer "
    "gives each other team 20."
)

MESSAGES: Final[dict[str, str]] = {
    # --- commands -------------------------------------------------------------------------
    "cmd.group": "Play All Fours at a table in this channel",
    "cmd.start": "Open a table of All Fours in this channel",
    "cmd.start.variant": "Which All Fours",
    "cmd.start.players": "Number of players (Caribbean: 2 or 4; English and Seven Up: 2 to 4)",
    "cmd.start.partnerships": "Four players in two partnerships (English and Seven Up)",
    "cmd.start.target": "Points that win the game",
    "cmd.start.timer": "Seconds each player has per decision (leave empty for no timer)",
    "cmd.start.pause": "Seconds the computer waits before each of its moves (default: about 1)",
    "cmd.start.kicks": "Caribbean kicks: Trinidad (six scores 2) or Tobago (two scores 2)",
    "cmd.start.low": "Low point to the player who held it or to who captured it",
    "cmd.start.gift": "Whether accepting a begged suit gives a point",
    "cmd.start.game_tie": "Who gets the Game point on a tie",
    "cmd.start.undertrump": "Whether a player may undertrump",
    "cmd.start.take_one_to_win": "Whether the dealer may take one when that point wins",
    "cmd.hand": "Open your hand at your table",
    "cmd.leave": "Leave your table (the computer takes your seat in a game)",
    "cmd.end": "End the table in this channel (host or Manage Server)",
    "cmd.rules": "The rules of an All Fours variant, in short",
    "cmd.rules.variant": "Which All Fours",
    "cmd.leaderboard": "Best rated players",
    "cmd.leaderboard.scope": "This server or everywhere",
    "cmd.stats": "Ratings and recent games of a player",
    "cmd.stats.user": "Whose statistics (default: yours)",
    "cmd.settings": "This server's settings for its tables (Manage Server)",
    "cmd.settings.timer": "Default seconds per decision for new tables (0: no timer)",
    "cmd.settings.language": "Language of the public table messages",
    "cmd.settings.nudge": "Seconds before a player who has not acted is reminded (0: never)",
    "cmd.settings.computers": "Whether tables may seat computer players",
    "cmd.settings.pictures": "Whether table messages carry a picture of the table",
    "cmd.settings.allow_channel": "Allow tables in this channel (once any is allowed, only those)",
    "cmd.settings.forbid_channel": "Take a channel off the allowed ones",
    "cmd.settings.reset": "Back to the bot's defaults first",
    "cmd.settings.variant": "The variant a table opens with when its host names none",
    # Command, group and option names: the English ones are what Discord shows by default
    # and what players type, so they never change; other languages get localized names.
    "cmdname.allfours": "allfours",
    "cmdname.kqj": "kqj",
    "cmdname.start": "start",
    "cmdname.hand": "hand",
    "cmdname.leave": "leave",
    "cmdname.end": "end",
    "cmdname.rules": "rules",
    "cmdname.leaderboard": "leaderboard",
    "cmdname.stats": "stats",
    "cmdname.settings": "settings",
    "optname.variant": "variant",
    "optname.players": "players",
    "optname.partnerships": "partnerships",
    "optname.target": "target",
    "optname.timer": "timer",
    "optname.pause": "pause",
    "optname.kicks": "kicks",
    "optname.low": "low",
    "optname.gift": "gift",
    "optname.game_tie": "game_tie",
    "optname.undertrump": "undertrump",
    "optname.take_one_to_win": "take_one_to_win",
    "optname.scope": "scope",
    "optname.user": "user",
    "optname.mode": "mode",
    "optname.teams": "teams",
    "optname.random_partners": "random_partners",
    "optname.auction": "auction",
    "optname.language": "language",
    "optname.nudge": "nudge",
    "optname.computers": "computers",
    "optname.pictures": "pictures",
    "optname.allow_channel": "allow_channel",
    "optname.forbid_channel": "forbid_channel",
    "optname.reset": "reset",
    "choice.kicks.trinidad": "Trinidad (ace 1, six 2, jack 3)",
    "choice.kicks.tobago": "Tobago (ace 1, two 2, jack 3)",
    "choice.low.held": "To the holder",
    "choice.low.captured": "To the captor",
    "choice.game_tie.none": "Nobody",
    "choice.game_tie.non_dealer": "The first non-dealer side",
    # --- games and variants ---------------------------------------------------------------
    "family.allfours": "All Fours",
    "family.kqj": "KQJ",
    "pool.allfours": "All Fours",
    "stat.hang_jacks": "hang jacks {count}",
    "stat.kick_points": "kick points {count}",
    "variant.caribbean": "Caribbean All Fours (Trinidad)",
    "variant.caribbean-tobago": "Caribbean All Fours (Tobago)",
    "variant.caribbean-2p": "Trinidad All Fours for two",
    "variant.english": "English All Fours",
    "variant.english-7": "English All Fours to 7",
    "variant.seven-up": "Seven Up",
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
    "opt.timer": "{seconds} seconds per decision",
    "opt.no_timer": "No turn timer",
    "opt.pause": "The computer waits {seconds} s before each move",
    "opt.pause_default": "The computer waits about a second before each move",
    "opt.rated": "Rated",
    "opt.unrated": "Unrated (a computer plays)",
    "suit.s": "spades",
    "suit.h": "hearts",
    "suit.d": "diamonds",
    "suit.c": "clubs",
    "rules.title": "{variant}: the rules in short",
    "rules.here_title": "How to play here",
    "rules.start": "/{command} start",
    "rules.here": (
        "**{command}** opens a table in the channel; take a seat with the buttons. "
        "Your cards are in **My hand** on the table message: only you see them, and every "
        "decision is a button there. The table message says whose turn it is; a player who "
        "waits too long gets a reminder."
    ),
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
    "rules.english": _ENGLISH.format(
        target=11,
        after_run="becomes the new candidate and the elder stands or begs again.",
    ),
    "rules.english-7": _ENGLISH.format(
        target=7,
        after_run="becomes the new candidate and the elder stands or begs again.",
    ),
    "rules.seven-up": _ENGLISH.format(
        target=7,
        after_run="becomes trumps at once, with no second stand or beg and no point to give.",
    ),
    # --- lobby ----------------------------------------------------------------------------
    "lobby.title": "New table: {variant}",
    "lobby.help": (
        "Take a seat with the buttons. The host starts when every seat is taken and may fill "
        "seats with the computer (the table is then unrated). A lobby nobody touches for 15 "
        "minutes closes itself."
    ),
    "lobby.started": "The game has started: the table is below.",
    "lobby.closed.cancelled": "The host cancelled this table.",
    "lobby.closed.idle": "This table closed after 15 minutes without activity.",
    "lobby.join": "Join",
    "lobby.join_team": "Join {team}",
    "lobby.leave": "Leave",
    "lobby.add_computer": "Add computer",
    "lobby.computer_at": "A computer player: {level}",
    "lobby.hints_on": "Hints: on",
    "lobby.hints_off": "Hints: off",
    "lobby.rules": "Rules",
    "lobby.no_computers": "This server does not allow computer players.",
    "lobby.unknown_level": "There is no such computer level.",
    "lobby.channel_not_allowed": (
        "Tables can't be opened in this channel. Try one of these: {channels}"
    ),
    "level.easy": "easy",
    "level.normal": "normal",
    "level.hard": "hard",
    "settings.invalid": "That value is not possible for this setting.",
    "lobby.start": "Start",
    "lobby.cancel": "Cancel",
    "lobby.updated": "Done: the table has been updated.",
    "lobby.channel_busy": "There is already an unfinished table in <#{channel_id}>: {link}",
    "lobby.user_busy": (
        "You already sit at an unfinished table in <#{channel_id}>: {link} — finish it or use "
        "/{command} leave first."
    ),
    "lobby.already_seated": "You already have a seat at this table.",
    "lobby.not_seated": "You don't have a seat at this table.",
    "lobby.host_cannot_leave": "The host can't leave the lobby: cancel the table instead.",
    "lobby.host_only": "Only the host can do that.",
    "lobby.not_full": "Every seat must be taken before the game can start.",
    "lobby.full": "Every seat is taken.",
    "lobby.team_full": "That team is full: join another one.",
    "lobby.no_such_team": "This table has no such team.",
    "lobby.already_started": "This game has already started.",
    "options.unknown_variant": "{variant} is not an All Fours variant I know.",
    "options.players": "This variant can't be played with {players} players.",
    "options.partnerships_need_four": "Partnerships need four players.",
    "options.caribbean_partners": "Four-player Caribbean All Fours is always played in teams.",
    "options.target": "The target must be between 1 and {max} points.",
    "options.kicks_caribbean_only": "Trinidad or Tobago kicks only apply to Caribbean All Fours.",
    "options.low_caribbean": "In Caribbean All Fours Low always goes to the player who held it; "
    '"to the captor" is an English and Seven Up option.',
    "options.timer": "The turn timer must be between {min} and {max} seconds.",
    "options.pause": "The computer's pause must be between 0 and {max} seconds.",
    "options.invalid": "Those options don't fit together.",
    # --- seats and teams ------------------------------------------------------------------
    "seat.empty": "— empty —",
    "seat.computer": "Computer {number}",
    "seat.computer_level": "Computer {number} ({level})",
    "seat.handed_over": "{player} (the computer plays)",
    "seat.dealer": "dealer",
    "seat.host": "host",
    "seat.number": "Seat {number}",
    "team.name": "Team {letter}",
    # --- the table ------------------------------------------------------------------------
    "table.title": "{variant} — hand {hand}",
    "table.footer": "Table #{game}",
    "table.side_score": "{side}: {points}",
    "table.trump": "Trumps: {suit}",
    "table.kick": "Kick: {cards}",
    "table.kicks": "Kicks: {cards}",
    "table.kick.english": "Turned up: {cards}",
    "table.kicks.english": "Turned up: {cards}",
    "table.target": "Score (first to {target})",
    "table.trick": "On the table: {trick}",
    "table.no_card": "no card yet",
    "table.last_trick": "Last trick: {trick} — won by {winner}",
    "table.turn_title": "Turn",
    "table.turn": "{players} {what}",
    "table.deadline": "(time runs out {when})",
    "table.previous_hand": "After hand {hand}",
    "table.my_hand": "My hand",
    "table.ping": "{players} — your turn.",
    "table.nudge": "{players} — it's your turn at table #{game}: {link}",
    "table.hand_over": "{variant} — hand {hand} is over",
    "table.hand_done": "This hand is over.",
    "table.winner": "🏆 **{side} wins the game** — {scores}",
    "table.rated": "The result counts for the ratings.",
    "over.title": "Game over — {headline}",
    "over.wins": "{side} wins {score}",
    "over.share": "{side} share the win with {score}",
    "over.play_again": "Play again",
    "rematch.not_finished": "This game is not over: there is nothing to play again yet.",
    "table.unrated": "This table was unrated.",
    "table.abandoned": "Ended by {player} — abandoned and unrated. Score: {scores}",
    "table.unknown": "I know no such table.",
    "table.none_here": "You have no table here: start one with /{command} start.",
    "table.none_in_channel": "There is no unfinished table in this channel.",
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
    "count.scores": "Score: {scores}",
    "count.jack_not_out": "**Jack**: not out (nobody held the jack of trumps).",
    "count.ended_at_deal": "The game ended during the deal: the hand was not played.",
    # --- the hand panel -------------------------------------------------------------------
    "panel.title": "Your hand — table #{game}",
    "panel.footer": "Only you can see this. It updates itself when it is your turn.",
    "panel.your_cards": "Your cards",
    "panel.trump": "Trumps",
    "panel.kick": "Kick",
    "panel.kick.english": "Turned up",
    "panel.last_trick": "Last trick",
    "panel.won_by": "{trick} — won by {winner}",
    "panel.moved": "This panel moved below: use your newest one.",
    "panel.deal_over": "Hand {deal} is over — see the summary in the channel.",
    "panel.choose_discards": "Choose {count} cards to discard",
    "panel.choose_discards.one": "Choose the card to discard",
    "panel.discard_these": "Discard {cards}",
    "panel.discarded": "Your discards",
    "panel.trick": "On the table",
    "panel.stand": "Stand",
    "panel.beg": "Beg",
    "panel.take_one": "Take one",
    "panel.take_one.english": "Give one",
    "panel.run_pack": "Run the pack",
    "panel.accept": "Accept {suit}",
    "panel.refuse": "Refuse",
    "panel.refresh": "Refresh",
    "panel.hint": "Hint",
    "hint.do": "💡 **Hint:** {action}",
    "hint.silent": "💡 **Hint:** stay silent (no counter)",
    "hint.because": "{hint} — {reason}.",
    "hint.with_cards": "{reason} ({cards})",
    "hint.off": "Hints are off at this table: only unrated tables offer them, if the host allows.",
    "hint.busy": "Your hint is still being worked out — one moment.",
    "hint.unavailable": "No hint right now: try again in a moment.",
    "hint.reason.wins_game": "it gives you the best chance to win the game",
    "hint.reason.wins_game_point": "it wins the Game point",
    "hint.reason.saves_jack": "it saves your jack",
    "hint.reason.hangs_jack": "it hangs the opponents' jack",
    "hint.reason.takes_jack": "it captures the opponents' jack",
    "hint.reason.takes_high": "it takes High",
    "hint.reason.keeps_low": "it keeps Low",
    "hint.reason.makes_contract": "your team makes its contract",
    "hint.reason.breaks_contract": "it breaks the bidders' contract",
    "hint.reason.counter_breaks_bid": "the bid is likely to fail",
    "hint.reason.kq": "it scores a KQ bonus",
    "hint.reason.dix_de_der": "it takes the last trick (dix de der)",
    "hint.reason.capot": "it goes for every trick (capot)",
    "hint.reason.takes_points": "your team takes more points",
    "panel.your_turn.declare": "**Your turn:** stand or beg.",
    "panel.your_turn.reply": "**Your turn:** take one or run the pack.",
    "panel.your_turn.reply.english": "**Your turn:** give one or run the pack.",
    "panel.your_turn.accept": "**Your turn:** accept or refuse the turned suit.",
    "panel.your_turn.play": "**Your turn:** play a card.",
    "panel.your_turn.discard": "**Discard:** choose {count} cards in the menu to keep six.",
    "panel.your_turn.discard.one": "**Discard:** choose 1 card in the menu to keep six.",
    "panel.not_your_turn": "Not your turn: this panel wakes up when it is.",
    "panel.spectator": "You are watching: you have no seat at this table.",
    "panel.spectator_reply": (
        "You are not playing at this table: only its players have a hand. Start your own "
        "with /{command} start."
    ),
    "panel.handed_over": "The computer plays your seat now.",
    "panel.not_started": "The game has not started yet.",
    "panel.closed": "This table is over.",
    "hand.empty": "no cards",
    # --- clicks and refusals --------------------------------------------------------------
    "act.stale": "This panel was out of date — here is your hand now.",
    "act.not_your_turn": "It is not your turn.",
    "act.illegal": "You can't do that now.",
    "act.not_seated": "You have no seat at this table.",
    "act.handed_over": "The computer plays your seat now.",
    "act.not_started": "The game has not started yet.",
    "act.table_closed": "This table is over.",
    "act.unknown_action": "I don't understand that button.",
    "act.busy": "The table is busy: please try again.",
    "leave.no_table": "You have no unfinished table in this server.",
    "leave.lobby": "You left the table in <#{channel_id}>.",
    "leave.game": "The computer now plays your seat at the table in <#{channel_id}>.",
    "end.not_allowed": (
        "Only the host ({host}) or a member with the Manage Server permission can end this table."
    ),
    "end.done": "Table #{game} has been ended. It is recorded as abandoned and unrated.",
    "settings.not_allowed": (
        "Only members with the Manage Server permission can change this server's settings."
    ),
    "settings.title": "This server's table settings",
    "settings.language": "Language of the tables: {language}",
    "settings.language.auto": "the server's own (Japanese for a Japanese server, else English)",
    "settings.language.en": "English",
    "settings.language.ja": "日本語",
    "settings.timer": "Turn timer: {seconds} s per decision",
    "settings.no_timer": "Turn timer: none",
    "settings.nudges": "Reminder after {seconds} s without a move",
    "settings.no_nudges": "No reminders",
    "settings.computers": "Computer players: {value}",
    "settings.pictures": "Table pictures: {value}",
    "settings.on": "on",
    "settings.off": "off",
    "settings.channels": "Channels for tables: {channels}",
    "settings.all_channels": "all",
    "settings.defaults": "New {family} tables",
    "settings.defaults_value": "{variant}; {options}",
    "settings.no_options": "the variant's own options",
    "error.permissions": "I need these permissions in this channel: {permissions}.",
    "error.unexpected": "Sorry, something went wrong. Nothing was changed; please try again.",
    "error.unavailable": "The game is restarting: please try again in a moment.",
    "error.unknown_button": "This button is not one of mine, or it is out of date.",
    "error.slow_down": "Slow down: clicks this fast are not handled. Wait a moment, then retry.",
    "perm.view_channel": "View Channel",
    "perm.send_messages": "Send Messages",
    "perm.send_messages_in_threads": "Send Messages in Threads",
    "perm.embed_links": "Embed Links",
    "perm.read_message_history": "Read Message History",
    "perm.no_pictures": (
        "I may not attach files in this channel, so its tables have no picture: everything "
        "is in their text. Give me **Attach Files** here to see the table drawn."
    ),
    # --- leaderboards and stats -----------------------------------------------------------
    "board.title": "{family} leaderboard — {scope}",
    "board.scope.server": "this server",
    "board.scope.global": "all servers",
    "board.line": ("**{rank}.** {player} — **{rating}** · {games}, {wins} ({rate}) · {stats}"),
    "board.empty": "Nobody has played {min} rated games yet.",
    "board.provisional": "Provisional (fewer than {min} rated games)",
    "board.provisional_line": "{player} — {rating} · {games}",
    "board.footer": "Conservative rating, at least {min} rated games · page {page}/{pages}",
    "board.unknown_family": "I know no such game.",
    "page.previous": "◀ Previous",
    "page.next": "Next ▶",
    "stats.title": "{family} statistics",
    "stats.player": "{player}",
    "stats.unrated": "No rated games yet.",
    "stats.rank": "rank {rank}",
    "stats.provisional": "unranked until {min} rated games",
    "stats.block": "Rating **{rating}** ({place})\n{games} · {wins} ({rate})\n{stats}",
    "stats.recent": "Recent tables",
    "stats.none": "No finished tables yet.",
    "stats.match": "{when} {variant}: {result} {score}–{other}{rated}",
    "stats.won": "won",
    "stats.lost": "lost",
    "stats.abandoned": "abandoned",
    "stats.unrated_mark": " (unrated)",
    "stats.footer": "Page {page}/{pages}",
    # --- KQJ ------------------------------------------------------------------------------
    "cmd.kqj.group": "Play KQJ at a table of six in this channel",
    "cmd.kqj.start": "Open a table of KQJ in this channel",
    "cmd.kqj.start.teams": "Two teams of three, or three teams of two",
    "cmd.kqj.start.random_partners": "Draw new partners every round (each player scores alone)",
    "cmd.kqj.start.auction": "Deal all the cards and bid for the contract instead of the Return",
    "cmd.kqj.start.target": "Victory points that win the game",
    "cmd.kqj.rules": "The rules of KQJ, in short",
    "cmd.kqj.leaderboard.mode": "Which kind of KQJ",
    "choice.kqj.teams.3v3": "3 against 3",
    "choice.kqj.teams.2v2v2": "2 against 2 against 2",
    "variant.kqj": "KQJ",
    "rules.kqj": _KQJ,
    "pool.kqj-3v3": "KQJ, 3 against 3",
    "pool.kqj-2v2v2": "KQJ, three teams of two",
    "pool.kqj-random": "KQJ, random partners",
    "stat.declared": "contracts {count}",
    "stat.made": "made {count}",
    "stat.kq": "KQ {count}",
    "stat.kqj": "KQJ {count}",
    "stat.capots": "capots {count}",
    "options.kqj_target": "The target must be 500, 1000 or 2000 victory points.",
    "kqj.opt.teams.3v3": "6 players: two teams of three (A C E against B D F)",
    "kqj.opt.teams.2v2v2": "6 players: three teams of two, partners opposite",
    "kqj.opt.fixed": "Partners fixed for the game",
    "kqj.opt.random_partners": "Random partners: seats drawn at the start, teams every round",
    "kqj.opt.return": "The Return decides the contract",
    "kqj.opt.auction": "Auction: all cards dealt, bids, counter ×2 and overcounter ×4",
    "kqj.opt.target": "First to {target} victory points wins",
    "kqj.opt.no_all_none": "No all-trumps or no-trumps contracts",
    "kqj.seats_drawn": "Seats (drawn at the start)",
    "kqj.contract.all": "all trumps",
    "kqj.contract.none": "no trumps",
    "kqj.title": "{variant} — round {round}",
    "kqj.turn.first_round": "to take the Return or pass",
    "kqj.turn.second_round": "to take the Return naming a contract, or pass",
    "kqj.turn.auction": "to bid or pass",
    "kqj.turn.overcounter": "to overcounter or pass",
    "kqj.turn.play": "to play",
    "kqj.turn.over": "nothing: the game is over",
    "kqj.may_counter": "The other teams may counter the bid at any moment.",
    "kqj.victory_points": "Victory points (target {target})",
    "kqj.previous_round": "Round {round}",
    "kqj.return": "The Return: **{card}** — {passes} passed",
    "kqj.return_second": "The Return: **{card}** — second round, any contract — {passes} passed",
    "kqj.return_taken": "The Return **{card}** was taken by {player}",
    "kqj.no_bid": "No bid yet.",
    "kqj.standing_bid": "{bid} by {player} ({team})",
    "kqj.bid_value": "{value} {contract}",
    "kqj.capot_bid": "Capot {contract}",
    "kqj.countered": "**Countered ×2** by {player}",
    "kqj.overcountered": "**Overcountered ×4** — countered by {player}",
    "kqj.contract_taken": "**Contract:** {contract} — {player} ({team})",
    "kqj.contract_bid": "**Contract:** {bid} — {player} ({team})",
    "kqj.multiplier.2": "countered ×2",
    "kqj.multiplier.4": "overcountered ×4",
    "kqj.trick_empty": "Trick {number}: no card yet",
    "kqj.trick": "Trick {number}: {cards} (★ master card)",
    "kqj.round_points": "Round points: {points}",
    "kqj.team_points": "{team} {points} ({tricks})",
    "kqj.announce.kq": "**KQ** announced: {player}, {suit} (20)",
    "kqj.announce.kqj": "**KQJ** announced: {player}, {suit} (50)",
    "kqj.pool": "Litigation pool: {pool}",
    "kqj.pool_carried": "The pool now holds {pool}: the next round's winner takes it.",
    "kqj.round_over": "{variant} — round {round} is over",
    "kqj.round_done": "This round is over.",
    "kqj.count_contract": "Contract {contract}, taken by {player}",
    "kqj.count_contract_bid": "Contract {bid}, bid by {player}",
    "kqj.count_team": (
        "{team} ({players}): cards {cards} in {tricks} + {bonuses} = **{total}** "
        "(rounded {rounded})"
    ),
    "kqj.no_bonus": "no bonus",
    "kqj.bonus.dix_de_der": "dix de der {points}",
    "kqj.bonus.capot": "capot {points}",
    "kqj.bonus.kq": "KQ {points}",
    "kqj.bonus.kqj": "KQJ {points}",
    "kqj.outcome.won": "**Round won**",
    "kqj.outcome.made": "**Contract made**",
    "kqj.outcome.failed": "**Contract failed**",
    "kqj.outcome.litigation": "**Litigation**: a tie, nobody scores",
    "kqj.award.round": "{side} +{points}",
    "kqj.award.contract": "{side} +{points}",
    "kqj.award.pool": "{side} +{points} from the pool",
    "kqj.award.special_20": "{side} +{points} (a team made 20 or less)",
    "kqj.award.special_60": "{side} +{points} (a team took no trick)",
    "kqj.winner": "🏆 **{sides} wins the game** — {scores}",
    "kqj.shared_win": "🏆 **{sides} share the win** — {scores}",
    "kqj.panel.your_turn.first_round": "**Your turn:** take the Return or pass.",
    "kqj.panel.your_turn.second_round": (
        "**Your turn:** take the Return naming a contract, or pass."
    ),
    "kqj.panel.your_turn.auction": "**Your turn:** bid (choose a contract, then a value) or pass.",
    "kqj.panel.your_turn.overcounter": "**Your turn:** overcounter (×4) or pass.",
    "kqj.panel.your_turn.play": "**Your turn:** play a card.",
    "kqj.panel.your_turn.over": "The game is over.",
    "kqj.panel.may_interrupt": "**You may act out of turn:** the button below is yours to use.",
    "kqj.panel.contract": "Contract",
    "kqj.panel.return": "The Return",
    "kqj.panel.bid": "Standing bid",
    "kqj.panel.partners": "Your partners",
    "kqj.panel.take": "Take {card}",
    "kqj.panel.take_as": "Take: {contract}",
    "kqj.panel.pass": "Pass",
    "kqj.panel.counter": "Counter ×2",
    "kqj.panel.overcounter": "Overcounter ×4",
    "kqj.panel.choose_contract": "Bid: choose a contract and a range",
    "kqj.panel.choose_bid": "Bid with {contract}: choose the value",
    "kqj.panel.range": "{contract}: {low}–{high}",
    "kqj.panel.capot_only": "{contract}: capot",
    "illegal.follow_suit": "{suit} were led and you have some: follow suit.",
    "illegal.follow_suit_or_trump": (
        "{suit} were led and you have some: follow suit, or play a trump ({trump})."
    ),
    "illegal.play_trump": "Trumps ({trump}) were led and you have one: play a trump.",
    "illegal.no_undertrump": (
        "No undertrumping at this table: play a trump higher than {card}, or another card."
    ),
    "illegal.beat_trump": (
        "Trumps were led and you can beat {player}'s {card}: play {cards} (even over a partner)."
    ),
    "illegal.beat_master": (
        "{suit} were led and you have none: beat {player}'s {card} with {cards}."
    ),
    "list.separator": ", ",
    "list.or": "{items} or {last}",
    "count.games": "{count} games",
    "count.games.one": "{count} game",
    "count.wins": "{count} wins",
    "count.wins.one": "{count} win",
    "count.tricks": "{count} tricks",
    "count.tricks.one": "{count} trick",
    # --- the table picture (bot/picture) --------------------------------------------------
    "picture.dealer": "D",
    "picture.computer": "CPU",
    "picture.led": "led",
    "picture.winning": "winning",
    "picture.trumps": "Trumps",
    "picture.scores": "Score",
    "picture.round_points": "Card points this round",
    "picture.last_trick": "Last trick",
    "picture.won_by": "won by {player}",
    "picture.target": "to {target}",
    "picture.clock": "{seconds} s",
    "picture.not_chosen": "Not chosen yet",
    "picture.all_trumps": "All trumps",
    "picture.no_trumps": "No trumps",
    "picture.kick": "Kick",
    "picture.kicks": "Kicks",
    "picture.return": "Return",
    "picture.taken_by": "Taken by {player}",
    "picture.turn": "{players}: {what}",
    "picture.turn.declare": "to choose trumps",
    "picture.turn.reply": "to take one or run the pack",
    "picture.turn.discard": "to discard",
    "picture.turn.play": "to play",
    "picture.turn.first_round": "to take the Return or pass",
    "picture.turn.second_round": "to name trumps or pass",
    "picture.turn.auction": "to bid or pass",
    "picture.turn.overcounter": "to overcounter or pass",
    "picture.progress.hand": "Hand {hand}",
    "picture.progress.hand_trick": "Hand {hand} · trick {trick} of {tricks}",
    "picture.progress.round": "Round {round}",
    "picture.progress.round_trick": "Round {round} · trick {trick} of {tricks}",
    "picture.winner": "{side} wins the game",
    "picture.shared_win": "{sides} share the win",
    "picture.title.kqj": "KQJ",
    "picture.declarer": "Declarer",
    "picture.bid": "Bid {value} {contract}",
    "picture.capot": "Capot {contract}",
    "picture.countered": "Counter ×2",
    "picture.overcountered": "Overcounter ×4",
    "picture.no_bid": "No bid yet",
    "picture.contract": "{contract} by {team}",
    "picture.contract_doubled": "{contract} ×{multiplier} by {team}",
    "picture.victory_points": "{points} VP",
    "picture.pool": "Litigation pool: {points}",
    "picture.alt.seats": "Seats in order of play: {seats}",
    "picture.alt.played": "{player} played {card}",
}

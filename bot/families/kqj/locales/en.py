"""The English words of KQJ: its rules, options, bids, contracts, announcements and counts
(``bot.i18n`` merges them with the shared catalog).
"""

from __future__ import annotations

from typing import Final

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
    "**Play:** follow suit; on a trump lead beat the master card (★ at the table) if you "
    "can (even a partner's); without the suit led, beat an opponent's master card if you "
    "can, else play anything. **Bonuses:** 10 for the last trick (dix de der), 154 for all "
    "eight (capot), KQ 20 and KQJ 50 for king, queen (and jack) of trumps played by one player in "
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
    "cmdname.kqj": "kqj",
    "optname.mode": "mode",
    "optname.teams": "teams",
    "optname.random_partners": "random_partners",
    "optname.auction": "auction",
    "family.kqj": "KQJ",
    "over.share": "{side} share the win with {score}",
    "hint.reason.makes_contract": "your team makes its contract",
    "hint.reason.breaks_contract": "it breaks the bidders' contract",
    "hint.reason.counter_breaks_bid": "the bid is likely to fail",
    "hint.reason.kq": "it scores a KQ bonus",
    "hint.reason.dix_de_der": "it takes the last trick (dix de der)",
    "hint.reason.capot": "it goes for every trick (capot)",
    "hint.reason.takes_points": "your team takes more points",
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
    "variant.short.kqj": "KQJ",
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
    "kqj.title": "{variant} · round {round} · table #{game}",
    "kqj.turn.first_round": "to take the Return or pass",
    "kqj.turn.second_round": "to take the Return naming a contract, or pass",
    "kqj.turn.auction": "to bid or pass",
    "kqj.turn.overcounter": "to overcounter or pass",
    "kqj.turn.play": "to play",
    "kqj.turn.over": "nothing: the game is over",
    "kqj.may_counter": "The other teams may counter the bid at any moment.",
    "kqj.score": "**Score** {scores} (to {target})",
    "kqj.return": "The Return: **{card}** — {passes} passed",
    "kqj.return_second": "The Return: **{card}** — second round, any contract — {passes} passed",
    "kqj.no_bid": "No bid yet.",
    "kqj.standing_bid": "{bid} by {player} ({team})",
    "kqj.bid_value": "{value} {contract}",
    "kqj.capot_bid": "Capot {contract}",
    "kqj.countered": "**Countered ×2** by {player}",
    "kqj.overcountered": "**Overcountered ×4** — countered by {player}",
    "kqj.contract_taken": "**{contract}** · {player} ({team}) took {card}",
    "kqj.contract_bid": "**{bid}** · {player} ({team})",
    "kqj.multiplier.2": "countered ×2",
    "kqj.multiplier.4": "overcountered ×4",
    "kqj.trick_empty": "Trick {number}: no card yet",
    "kqj.trick": "Trick {number}: {cards}",
    "kqj.round_points": "round {points}",
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
    "kqj.panel.your_turn.auction": "**Your turn:** bid or pass.",
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
    "kqj.panel.capot": "{contract}: capot",
    "kqj.panel.bid_capot": "Bid capot {contract}: all eight tricks",
    "count.tricks": "{count} tricks",
    "count.tricks.one": "{count} trick",
    "picture.all_trumps": "All trumps",
    "picture.no_trumps": "No trumps",
    "picture.return": "Return",
    "picture.taken_by": "Taken by {player}",
    "picture.turn.first_round": "to take the Return or pass",
    "picture.turn.second_round": "to name trumps or pass",
    "picture.turn.auction": "to bid or pass",
    "picture.turn.overcounter": "to overcounter or pass",
    "picture.progress.round": "Round {round}",
    "picture.progress.round_trick": "Round {round} · trick {trick} of {tricks}",
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
    "kqj.log.dealt": "Round {round}: {dealer} deals.",
    "kqj.log.return": "The Return: {card}",
    "kqj.log.passed": "{player} passes.",
    "kqj.log.passed_many": "{players} pass.",
    "kqj.log.all_passed": "Everyone passes.",
    "kqj.log.took": "{player} takes the Return: {contract}.",
    "kqj.log.bid": "{player} bids {bid}.",
    "kqj.log.countered": "{player} **counters** (×2).",
    "kqj.log.overcountered": "{player} **overcounters** (×4).",
    "kqj.log.auction_ended": "Contract: {bid} by {player}",
    "kqj.log.contract": "Trumps: {contract}",
    "kqj.log.of_team": "{player} ({team})",
    "kqj.log.bonus": "Bonus {bonus}: {who}",
    "kqj.log.round_ended": "Round {round} is over: {outcome}. {scores}",
}

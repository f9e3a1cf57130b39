"""The Japanese words of KQJ: its rules, options, bids, contracts, announcements and counts
(``bot.i18n`` merges them with the shared catalog).
"""

from __future__ import annotations

from typing import Final

_KQJ: Final = (
    "**人数:** 6人。席A〜Fが時計回りに並び、ディールもプレイも時計回りです。3人ずつの"
    "2チーム(A C E 対 B D F)、または**チーム 2対2対2**では向かい合う2人ずつの3チーム"
    "で戦います。**ランダムパートナー**ではラウンドごとにチームを抽選し、各プレイヤーが"
    "個人で得点します。先に**目標点**(500、1000、2000勝利点のいずれか)に達した側の"
    "勝ちです。\n"
    "**カード:** 48枚。A K Q J 10 9 8 7 6 5 4 に、10とKの間の**ヒーロー**(H)を加えます。"
    "切り札の強さは 9 8 7 A 10 H K Q J 6 5 4(点数 27 22 14 12 10 7 5 4 3)、それ以外の"
    "スートは A 10 H K Q J 9 8 7 6 5 4(点数 12 10 7 5 4 3 2 1)。オールトランプと"
    "ノートランプには別の点数があり、どの場合もカードの点数の合計は236点です。\n"
    "**リターン:** 各自に5枚ずつ配り、1枚を表向きにします。ディーラーの左隣から順に、"
    "それを取る(そのスートが切り札)かパスします。全員がパスしたら2巡目に入り、取る人は"
    "好きなスート、**オールトランプ**、**ノートランプ**のどれかを指定できます。取った人の"
    "チームがコントラクトを担い、その後全員の手札が8枚になるまで配ります。\n"
    "**オークション**(オプション): 48枚すべてを配り、コントラクトと点数をビッドします"
    "(120点から。3チーム戦では80点から)。相手チームは現在のビッドに手番外でも"
    "**カウンター**(×2)でき、ビッドした側はさらに**オーバーカウンター**(×4)できます。"
    "カウンターは「ビッドした側は達成できない」という宣言で、カウンターしたチームが"
    "コントラクトのチームになり、オーバーカウンターでコントラクトはビッドした側に戻ります。"
    "**カポ**のビッドは8トリックすべてを取る約束です。\n"
    "**プレイ:** リードと同じスートを出します。切り札がリードされたら、"
    "場の最強のカード(テーブルの★)に"
    "勝てるカードがあればそれを出します(最強がパートナーのカードでも)。リードのスートが"
    "なければ、相手の最強のカードに勝てるカードがあればそれを出し、なければ何を出しても"
    "構いません。**ボーナス:** 最後のトリックに10点(ディス・ド・デール)、8トリック"
    "すべてに154点(カポ)、1人のプレイヤーが切り札のK、Q(、J)を連続するトリックで"
    "出すとKQ 20点、KQJ 50点。\n"
    "**得点:** ラウンドの得点が多いチームがラウンドに勝ち、その得点の一の位を四捨五入"
    "した勝利点を得ます。同点(**訴訟**)なら誰も得点せず、四捨五入した点数は"
    "**持ち越し**となって次のラウンドの勝者が受け取ります。オークションでは、代わりに"
    "ビッドの点数(×2、×4)が入ります。\n"
    "**3チーム戦:** コントラクトのチームは他の2チームの両方を上回らなければなりません。"
    "どちらかの守備チームが上回ればコントラクトは失敗し、守備チームはそれぞれ自分の得点を"
    "四捨五入して得ます。1トリックも取れなかったチームがあれば他の各チームに60点、"
    "得点が20点以下のチームがあれば他の各チームに20点が入ります。"
)

MESSAGES: Final[dict[str, str]] = {
    "cmdname.kqj": "kqj",
    "optname.mode": "種類",
    "optname.teams": "チーム",
    "optname.random_partners": "ランダムパートナー",
    "optname.auction": "オークション",
    "family.kqj": "KQJ",
    "over.share": "{side}が同点で勝利({score})",
    "hint.reason.makes_contract": "自チームがコントラクトを達成できます",
    "hint.reason.breaks_contract": "相手のコントラクトを失敗させられます",
    "hint.reason.counter_breaks_bid": "そのビッドは失敗しそうです",
    "hint.reason.kq": "KQのボーナスが取れます",
    "hint.reason.dix_de_der": "最後のトリック(ディス・ド・デール)が取れます",
    "hint.reason.capot": "全トリック(カポ)を狙えます",
    "hint.reason.takes_points": "自チームがより多く点を取れます",
    "cmd.kqj.group": "このチャンネルの6人テーブルでKQJを遊ぶ",
    "cmd.kqj.start": "このチャンネルにKQJのテーブルを開く",
    "cmd.kqj.start.teams": "3人ずつの2チームか、2人ずつの3チームか",
    "cmd.kqj.start.random_partners": "ラウンドごとにパートナーを抽選する(得点は個人ごと)",
    "cmd.kqj.start.auction": "リターンの代わりに、全カードを配ってコントラクトをビッドする",
    "cmd.kqj.start.target": "勝利に必要な勝利点",
    "cmd.kqj.rules": "KQJのルールの要約",
    "cmd.kqj.leaderboard.mode": "KQJの種類",
    "choice.kqj.teams.3v3": "3対3",
    "choice.kqj.teams.2v2v2": "2対2対2",
    "variant.kqj": "KQJ",
    "variant.short.kqj": "KQJ",
    "rules.kqj": _KQJ,
    "pool.kqj-3v3": "KQJ、3対3",
    "pool.kqj-2v2v2": "KQJ、2人ずつの3チーム",
    "pool.kqj-random": "KQJ、ランダムパートナー",
    "stat.declared": "コントラクト {count}",
    "stat.made": "成功 {count}",
    "stat.kq": "KQ {count}",
    "stat.kqj": "KQJ {count}",
    "stat.capots": "カポ {count}",
    "options.kqj_target": "目標点は500、1000、2000勝利点のいずれかにしてください。",
    "kqj.opt.teams.3v3": "6人: 3人ずつの2チーム(A C E 対 B D F)",
    "kqj.opt.teams.2v2v2": "6人: 2人ずつの3チーム(向かい合う2人がパートナー)",
    "kqj.opt.fixed": "パートナーはゲーム中固定",
    "kqj.opt.random_partners": "ランダムパートナー: 席は開始時に、チームはラウンドごとに抽選",
    "kqj.opt.return": "リターンでコントラクトを決める",
    "kqj.opt.auction": "オークション: 全カードを配ってビッド、カウンター×2、オーバーカウンター×4",
    "kqj.opt.target": "先に{target}勝利点で勝利",
    "kqj.opt.no_all_none": "オールトランプ・ノートランプのコントラクトなし",
    "kqj.seats_drawn": "席(開始時に抽選)",
    "kqj.contract.all": "オールトランプ",
    "kqj.contract.none": "ノートランプ",
    "kqj.title": "{variant} · 第{round}ラウンド · #{game}",
    "kqj.turn.first_round": "リターンを取るかパスする番です",
    "kqj.turn.second_round": "コントラクトを指定してリターンを取るか、パスする番です",
    "kqj.turn.auction": "ビッドするかパスする番です",
    "kqj.turn.overcounter": "オーバーカウンターするかパスする番です",
    "kqj.turn.play": "カードを出す番です",
    "kqj.turn.over": "何もしません。ゲームは終了しました",
    "kqj.may_counter": "他のチームはいつでもこのビッドにカウンターできます。",
    "kqj.score": "**勝利点** {scores}(目標 {target})",
    "kqj.return": "リターン: **{card}** — {passes}人がパス",
    "kqj.return_second": "リターン: **{card}** — 2巡目、コントラクトは自由 — {passes}人がパス",
    "kqj.no_bid": "まだビッドはありません。",
    "kqj.standing_bid": "{player}({team})の{bid}",
    "kqj.bid_value": "{contract}で{value}点",
    "kqj.capot_bid": "{contract}でカポ",
    "kqj.countered": "{player}が**カウンター ×2**",
    "kqj.overcountered": "**オーバーカウンター ×4** — カウンターは{player}",
    "kqj.contract_taken": "**{contract}** · {player}({team})が {card} を取った",
    "kqj.contract_bid": "**{bid}** · {player}({team})",
    "kqj.multiplier.2": "カウンター ×2",
    "kqj.multiplier.4": "オーバーカウンター ×4",
    "kqj.trick_empty": "第{number}トリック: まだカードはありません",
    "kqj.trick": "第{number}トリック: {cards}",
    "kqj.round_points": "ラウンド {points}",
    "kqj.announce.kq": "**KQ** 宣言: {player}、{suit}(20点)",
    "kqj.announce.kqj": "**KQJ** 宣言: {player}、{suit}(50点)",
    "kqj.pool": "持ち越し(訴訟): {pool}点",
    "kqj.pool_carried": "持ち越しは{pool}点になりました。次のラウンドの勝者が受け取ります。",
    "kqj.round_over": "{variant} — 第{round}ラウンド終了",
    "kqj.round_done": "このラウンドは終了しました。",
    "kqj.count_contract": "コントラクト {contract}({player}が取りました)",
    "kqj.count_contract_bid": "コントラクト {bid}({player}のビッド)",
    "kqj.count_team": (
        "{team}({players}): {tricks}でカード{cards}点 + {bonuses} = **{total}**(四捨五入 {rounded})"
    ),
    "kqj.no_bonus": "ボーナスなし",
    "kqj.bonus.dix_de_der": "ディス・ド・デール {points}",
    "kqj.bonus.capot": "カポ {points}",
    "kqj.bonus.kq": "KQ {points}",
    "kqj.bonus.kqj": "KQJ {points}",
    "kqj.outcome.won": "**ラウンド勝利**",
    "kqj.outcome.made": "**コントラクト成功**",
    "kqj.outcome.failed": "**コントラクト失敗**",
    "kqj.outcome.litigation": "**訴訟**: 同点のため誰も得点しません",
    "kqj.award.round": "{side} +{points}",
    "kqj.award.contract": "{side} +{points}",
    "kqj.award.pool": "{side} +{points}(持ち越し分)",
    "kqj.award.special_20": "{side} +{points}(20点以下のチームがあったため)",
    "kqj.award.special_60": "{side} +{points}(トリックを取れなかったチームがあったため)",
    "kqj.winner": "🏆 **{sides}の勝利** — {scores}",
    "kqj.shared_win": "🏆 **{sides}の同点勝利** — {scores}",
    "kqj.panel.your_turn.first_round": "**あなたの番:** リターンを取るか、パスしてください。",
    "kqj.panel.your_turn.second_round": (
        "**あなたの番:** コントラクトを指定してリターンを取るか、パスしてください。"
    ),
    "kqj.panel.your_turn.auction": "**あなたの番:** ビッドかパスを選んでください。",
    "kqj.panel.your_turn.overcounter": (
        "**あなたの番:** オーバーカウンター(×4)するか、パスしてください。"
    ),
    "kqj.panel.your_turn.play": "**あなたの番:** カードを1枚出してください。",
    "kqj.panel.your_turn.over": "ゲームは終了しました。",
    "kqj.panel.may_interrupt": "**手番外でも宣言できます:** 下のボタンを使えます。",
    "kqj.panel.contract": "コントラクト",
    "kqj.panel.return": "リターン",
    "kqj.panel.bid": "現在のビッド",
    "kqj.panel.partners": "あなたのパートナー",
    "kqj.panel.take": "{card}を取る",
    "kqj.panel.take_as": "取る: {contract}",
    "kqj.panel.pass": "パス",
    "kqj.panel.counter": "カウンター ×2",
    "kqj.panel.overcounter": "オーバーカウンター ×4",
    "kqj.panel.choose_contract": "ビッド: コントラクトと点数の範囲を選択",
    "kqj.panel.choose_bid": "{contract}でビッド: 点数を選択",
    "kqj.panel.range": "{contract}: {low}〜{high}点",
    "kqj.panel.capot": "{contract}: カポ",
    "kqj.panel.bid_capot": "{contract}でカポをビッド(全8トリック)",
    "count.tricks": "{count}トリック",
    "picture.all_trumps": "オールトランプ",
    "picture.no_trumps": "ノートランプ",
    "picture.return": "リターン",
    "picture.taken_by": "{player}が取得",
    "picture.turn.first_round": "リターンを取るかパス",
    "picture.turn.second_round": "切り札を指定するかパス",
    "picture.turn.auction": "ビッドかパス",
    "picture.turn.overcounter": "オーバーカウンターかパス",
    "picture.progress.round": "第{round}ラウンド",
    "picture.progress.round_trick": "第{round}ラウンド · トリック {trick}/{tricks}",
    "picture.shared_win": "{sides}の同点勝利",
    "picture.title.kqj": "KQJ",
    "picture.declarer": "ディクレアラー",
    "picture.bid": "ビッド {value} {contract}",
    "picture.capot": "カポ {contract}",
    "picture.countered": "カウンター ×2",
    "picture.overcountered": "オーバー ×4",
    "picture.no_bid": "ビッドなし",
    "picture.contract": "{team}: {contract}",
    "picture.contract_doubled": "{team}: {contract} ×{multiplier}",
    "picture.victory_points": "{points}勝利点",
    "picture.pool": "持ち越し(訴訟): {points}",
    "kqj.log.dealt": "ラウンド{round}: {dealer}が配ります。",
    "kqj.log.return": "リターン: {card}",
    "kqj.log.passed": "{player}がパスしました。",
    "kqj.log.passed_many": "{players}がパスしました。",
    "kqj.log.all_passed": "全員がパスしました。",
    "kqj.log.took": "{player}がリターンを取りました: {contract}。",
    "kqj.log.bid": "{player}が{bid}をビッドしました。",
    "kqj.log.countered": "{player}が**カウンター**しました(×2)。",
    "kqj.log.overcountered": "{player}が**オーバーカウンター**しました(×4)。",
    "kqj.log.auction_ended": "コントラクト: {player}の{bid}",
    "kqj.log.contract": "切り札: {contract}",
    "kqj.log.of_team": "{player}({team})",
    "kqj.log.bonus": "ボーナス {bonus}: {who}",
    "kqj.log.round_ended": "ラウンド{round}終了: {outcome}。{scores}",
}

"""The Japanese words of All Fours (Caribbean, English, Seven Up): its rules, options, decisions,
awards and counts (``bot.i18n`` merges them with the shared catalog).
"""

from __future__ import annotations

from typing import Final

_TRICKS: Final = (
    "**プレイ:** 最初のトリックは{leader}がリードし、以後はトリックを取った人が次の"
    "トリックをリードします。切り札がリードされたら、切り札を持っていれば必ず切り札を"
    "出します。切り札以外のスートがリードされたら、リードと同じスート**か**切り札の"
    "どちらでも好きな方を出せます。リードと同じスートを持っていないときに限り、どの"
    "カードでも出せます。トリックは一番強い切り札を出した人が取り、切り札が出ていなければ"
    "リードされたスートの一番強いカードを出した人が取ります。"
)
_GAME_POINT: Final = (
    "**ゲーム** 1点: 取ったトリックのカードの点数(A 4点、K 3点、Q 2点、J 1点、"
    "10 10点)の合計が一番多い側に。同点なら誰も得点しません。"
)
_CARIBBEAN: Final = (
    "**人数:** 4人。向かい合う2人がパートナーの2チーム戦で、プレイは右回り(反時計回り)"
    "に進みます。先に**14点**に達したチームの勝ちです。1点入るごとに判定するので、"
    "ディールの途中でも決着します。\n"
    "**ディール:** 各自に6枚ずつ配り、次の1枚を表向きにします。これが**キック**"
    "(ターンアップカード)です。ディーラーのチームはキックの点を即座に得ます: {kicks}。\n"
    "**スタンドかベッグ:** ディーラーの右隣のプレイヤーが**スタンド**(キックのスートが"
    "切り札)か**ベッグ**を宣言します。ベッグされたら、ディーラーは**テイクワン**(ベッグ"
    "した側に1点が入り、キックのスートが切り札のまま)か**ランザパック**(トランプの変更)"
    "を選びます。ランザパックでは全員に3枚ずつ追加で配って新しいキックをめくり、このキック"
    "も得点になります。最初と違うスートならそれが切り札になり、同じスートならもう一度"
    "3枚ずつ配ってめくります。3枚目のキックも同じスートなら、そのディールは無効になり"
    "配り直します(ディーラーは同じ、得点はそのまま)。捨て札はしないので、手札は6枚、"
    "9枚、12枚のいずれかです。\n" + _TRICKS.format(leader="ディーラーの右隣のプレイヤー") + "\n"
    "**ラウンドの得点(この順に数えます):** **ハイ** 1点(手札にあった一番強い切り札の"
    "持ち主のチームに)、**ロー** 1点(手札にあった一番弱い切り札の持ち主のチームに)、"
    "切り札の**ジャック** 1点(持っていたチームがそのトリックを取れば、そのチームに)。"
    "相手チームに取られたら、取ったチームが**ハングジャック**で3点。" + _GAME_POINT
)
_ENGLISH: Final = (
    "**人数:** 2人。先に**{target}点**に達したプレイヤーが、その時点で勝ちです。\n"
    "**ディール:** 各自に6枚ずつ配り、次の1枚を表向きにして切り札候補とします。"
    "めくれたのがジャックなら、ディーラーが1点を得ます。\n"
    "**スタンドかベッグ:** ディーラーでない方のプレイヤー(エルダー)が**スタンド**(その"
    "スートが切り札)か**ベッグ**を宣言します。ベッグされたら、ディーラーは**テイクワン**"
    "(**ギフト**としてエルダーに1点が入り、そのスートが切り札のまま)か**ランザパック**"
    "(各自に3枚ずつ追加で配り、新しいカードをめくる)を選びます。このディールで既に出た"
    "スートならそのカードを脇に置き、もう一度ランザパックします。新しいスート(ジャックなら"
    "ディーラーに1点)は{after_run}4つのスートがすべて断られるか山札が足りなくなったら、"
    "同じディーラーが配り直します(得点はそのまま)。\n"
    "**捨て札:** 切り札が決まったら、手札が6枚より多いプレイヤーは6枚になるまで"
    "捨て札します。\n" + _TRICKS.format(leader="エルダー") + "\n"
    "**ラウンドの得点(この順に数えます):** **ハイ** 1点(手札にあった一番強い切り札の"
    "持ち主に)、**ロー** 1点(一番弱い切り札の持ち主に)、切り札の**ジャック** 1点(それを"
    "取った人に)。" + _GAME_POINT + "\n**3人・4人**(オプション「人数」): プレイは左回り"
    "です。ディーラーの左隣から順に、各プレイヤーがめくられたスートを受けるか断ります。"
    "エルダー(またはそのパートナー)以外が受けた場合は、エルダーの側に1点が入ります。"
    "全員が断ったら、全員にランザパックします。"
)

MESSAGES: Final[dict[str, str]] = {
    "cmd.group": "このチャンネルのテーブルでオールフォーを遊ぶ",
    "cmd.start": "このチャンネルにオールフォーのテーブルを開く",
    "cmd.start.variant": "遊ぶオールフォーの種類",
    "cmd.start.players": "人数(カリビアン: 2人か4人、イギリス式とセブンアップ: 2〜4人)",
    "cmd.start.partnerships": "4人を2組のパートナーに分ける(イギリス式とセブンアップ)",
    "cmd.start.target": "勝利に必要な点数",
    "cmd.start.kicks": "カリビアンのキック: トリニダード方式(6で2点)かトバゴ方式(2で2点)",
    "cmd.start.low": "ローの1点を、持っていた人と取った人のどちらに与えるか",
    "cmd.start.gift": "ベッグされたスートを受けたときに1点(ギフト)を与えるか",
    "cmd.start.game_tie": "ゲームの点が同点のとき、誰が1点を得るか",
    "cmd.start.undertrump": "アンダートランプ(場の切り札より弱い切り札を出すこと)を認めるか",
    "cmd.start.take_one_to_win": "その1点で相手が勝つときも、ディーラーがテイクワンできるか",
    "cmd.rules": "オールフォーの各ルールの要約",
    "cmd.rules.variant": "どのオールフォーか",
    "cmd.settings.variant": "ホストが指定しないときに開く種類",
    "cmdname.allfours": "オールフォー",
    "optname.variant": "種類",
    "optname.players": "人数",
    "optname.partnerships": "パートナー戦",
    "optname.kicks": "キック",
    "optname.low": "ロー",
    "optname.gift": "ギフト",
    "optname.game_tie": "ゲーム同点",
    "optname.undertrump": "アンダートランプ",
    "optname.take_one_to_win": "勝ちのテイクワン",
    "choice.kicks.trinidad": "トリニダード方式(A 1点、6 2点、J 3点)",
    "choice.kicks.tobago": "トバゴ方式(A 1点、2 2点、J 3点)",
    "choice.low.held": "持っていた人に",
    "choice.low.captured": "取った人に",
    "choice.game_tie.none": "誰にも与えない",
    "choice.game_tie.non_dealer": "ディーラーの次の側に",
    "family.allfours": "オールフォー",
    "pool.allfours": "オールフォー",
    "stat.hang_jacks": "ハングジャック {count}",
    "stat.kick_points": "キック点 {count}",
    "variant.caribbean": "カリビアンオールフォー(トリニダード)",
    "variant.caribbean-tobago": "カリビアンオールフォー(トバゴ)",
    "variant.caribbean-2p": "2人用トリニダード・オールフォー",
    "variant.english": "イギリス式オールフォー",
    "variant.english-7": "イギリス式オールフォー(7点)",
    "variant.seven-up": "セブンアップ",
    "variant.short.caribbean": "カリビアン",
    "variant.short.caribbean-tobago": "トバゴ",
    "variant.short.caribbean-2p": "トリニダード2人",
    "variant.short.english": "イギリス式",
    "variant.short.english-7": "イギリス式7点",
    "variant.short.seven-up": "セブンアップ",
    "opt.partners": "4人・2チーム戦(向かい合う2人がパートナー)",
    "opt.individual": "{players}人の個人戦",
    "opt.target": "先に{target}点で勝利",
    "opt.kicks.6": "トリニダード方式のキック: A 1点、6 2点、J 3点",
    "opt.kicks.2": "トバゴ方式のキック: A 1点、2 2点、J 3点",
    "opt.low.held": "ローは持っていた人に",
    "opt.low.captured": "ローは取った人に",
    "opt.no_gift": "ベッグされたスートを受けても点は入らない(ギフトなし)",
    "opt.game_tie_non_dealer": "ゲームが同点なら、ディーラーの次の側に1点",
    "opt.no_undertrump": "アンダートランプ禁止",
    "opt.no_take_one_to_win": "その1点で相手が勝つときはテイクワンできない",
    "rules.caribbean": _CARIBBEAN.format(kicks="A 1点、6 2点、J 3点(トリニダード方式)"),
    "rules.caribbean-tobago": _CARIBBEAN.format(kicks="A 1点、2 2点、J 3点(トバゴ方式)"),
    "rules.caribbean-2p": (
        "**人数:** 2人の個人戦。先に**14点**に達したプレイヤーの勝ちです。1点入るごとに"
        "判定します。\n"
        "**ディール:** 各自に6枚ずつ配り、**キック**をめくります。キックはディーラーの"
        "得点になります: A 1点、6 2点、J 3点。\n"
        "**スタンドかベッグ:** ディーラーでない方のプレイヤーが**スタンド**(キックのスートが"
        "切り札)か**ベッグ**を宣言します。ベッグされたら、ディーラーは**テイクワン**(ベッグ"
        "した人に1点が入り、キックのスートが切り札のまま)か**ランザパック**(各自に3枚ずつ"
        "追加で配って新しいキックをめくり、このキックも得点になる)を選びます。新しいスートの"
        "キックが出るまでランザパックを続け、出たスートが切り札になります。その前に山札が"
        "なくなったら、同じディーラーが配り直します(得点はそのまま)。捨て札はしません。\n"
        + _TRICKS.format(leader="ディーラーでない方のプレイヤー")
        + "\n**ラウンドの得点(この順に数えます):** **ハイ** 1点と**ロー** 1点は、手札に"
        "あった一番強い切り札と一番弱い切り札の持ち主に。切り札の**ジャック** 1点は、持ち主"
        "がそのトリックを取ればその人に。相手に取られたら、相手が**ハングジャック**で3点。"
        + _GAME_POINT
    ),
    "rules.english": (
        _ENGLISH.format(
            target=11,
            after_run="新しい切り札候補となり、エルダーが再びスタンドかベッグを宣言します。",
        )
    ),
    "rules.english-7": (
        _ENGLISH.format(
            target=7,
            after_run="新しい切り札候補となり、エルダーが再びスタンドかベッグを宣言します。",
        )
    ),
    "rules.seven-up": (
        _ENGLISH.format(
            target=7,
            after_run="すぐに切り札になります。2度目のスタンド/ベッグも、与える1点もありません。",
        )
    ),
    "options.players": "このルールは{players}人では遊べません。",
    "options.partnerships_need_four": "パートナー戦には4人が必要です。",
    "options.caribbean_partners": "4人のカリビアンオールフォーは常にチーム戦です。",
    "options.target": "目標点は1〜{max}点にしてください。",
    "options.kicks_caribbean_only": (
        "トリニダード方式・トバゴ方式のキックは、カリビアンオールフォーだけのものです。"
    ),
    "options.low_caribbean": (
        "カリビアンオールフォーのローは常に持っていた人のものです。「取った人に」は"
        "イギリス式とセブンアップのオプションです。"
    ),
    "table.title": "{variant} · 第{hand}ラウンド · #{game}",
    "table.score": "**得点** {scores}({target}点先取)",
    "table.trump": "切り札 {symbol}",
    "table.kick": "キック {cards}",
    "table.kicks": "キック {cards}",
    "table.trick": "場: {trick}",
    "table.hand_over": "{variant} — 第{hand}ラウンド終了",
    "table.hand_done": "このラウンドは終了しました。",
    "table.winner": "🏆 **{side}の勝利** — {scores}",
    "turn.declare": "スタンドかベッグを選ぶ番です",
    "turn.accept": "めくられたスートを受けるか断る番です",
    "turn.reply": "テイクワンかランザパックを選ぶ番です",
    "turn.discard": "6枚になるよう捨て札する番です",
    "turn.play": "カードを出す番です",
    "award.kick": "キック {card}: {side} +{points}",
    "award.take_one": "テイクワン: {side} +{points}",
    "award.gift": "ギフト: {side} +{points}",
    "award.high": "**ハイ** {card}({player}の手札): {side} +{points}",
    "award.low": "**ロー** {card}({player}): {side} +{points}",
    "award.jack": "**ジャック** {card}({player}): {side} +{points}",
    "award.hang_jack": "**ハングジャック!** {card}を{player}が取りました: {side} +{points}",
    "award.game": "**ゲーム**: {side} +{points}",
    "count.no_trump": "手札に切り札がなかったため、ハイ・ロー・ジャックはありません。",
    "count.game_tied": "**ゲーム**: 同点({totals})のため、誰も得点しません。",
    "count.game_totals": "ゲームのカード点: {totals}",
    "panel.kick": "キック",
    "panel.discarded": "あなたの捨て札",
    "panel.stand": "スタンド",
    "panel.beg": "ベッグ",
    "panel.take_one": "テイクワン",
    "panel.run_pack": "ランザパック",
    "panel.accept": "{suit}を受ける",
    "panel.refuse": "断る",
    "hint.reason.wins_game_point": "ゲームの1点が取れます",
    "hint.reason.saves_jack": "自分のジャックを守れます",
    "hint.reason.hangs_jack": "相手のジャックをハングできます",
    "hint.reason.takes_jack": "相手のジャックを取れます",
    "hint.reason.takes_high": "ハイが取れます",
    "hint.reason.keeps_low": "ローを守れます",
    "panel.your_turn.declare": "**あなたの番:** スタンドかベッグを選んでください。",
    "panel.your_turn.reply": "**あなたの番:** テイクワンかランザパックを選んでください。",
    "panel.your_turn.play": "**あなたの番:** カードを1枚出してください。",
    "panel.your_turn.discard": "**捨て札:** 6枚残るように、メニューで{count}枚選んでください。",
    "picture.kick": "キック",
    "picture.kicks": "キック",
    "picture.kick.english": "ターンアップ",
    "picture.kicks.english": "ターンアップ",
    "picture.progress.hand": "第{hand}ラウンド",
    "picture.progress.hand_trick": "第{hand}ラウンド · トリック {trick}/{tricks}",
    "turn.reply.english": "ギフトを渡すかランザパックを選ぶ番です",
    "award.kick.english": "ターンアップ {card}: {side} +{points}",
    "award.mark.won": "🏁 **この点で勝利**",
    "award.mark.after": "(勝利の後に数えた点: 結果は変わりません)",
    "count.jack_not_out": (
        "**ジャック**: 出ていません(切り札のジャックは誰の手にもありませんでした)。"
    ),
    "count.ended_at_deal": (
        "配りの途中でゲームが終わったため、このラウンドはプレイされませんでした。"
    ),
    "table.kick.english": "ターンアップ {cards}",
    "table.kicks.english": "ターンアップ {cards}",
    "panel.kick.english": "ターンアップ",
    "panel.take_one.english": "ギフトを渡す",
    "panel.your_turn.reply.english": "**あなたの番:** ギフトを渡すかランザパックを選んでください。",
    "panel.your_turn.accept": "**あなたの番:** めくられたスートを受けるか断ってください。",
    "panel.choose_discards": "捨てるカードを{count}枚選んでください",
    "panel.discard_these": "{cards}を捨てる",
    "log.dealt": "ハンド{hand}: {dealer}が配ります。",
    "log.turned": "キック: {card}",
    "log.turned.english": "ターンアップ: {card}",
    "log.turned_aside": "ターンアップ {card}: 断られたスートなので脇に置きます",
    "log.trump": "切り札: {suit}",
    "log.stood": "{player}がスタンドしました。",
    "log.begged": "{player}がベッグしました。",
    "log.accepted": "{player}がめくられたスートを受けました。",
    "log.refused": "{player}がめくられたスートを断りました。",
    "log.took_one": "{player}がテイクワンしました。",
    "log.took_one.english": "{player}がギフトを渡しました。",
    "log.ran_pack": "{player}がランザパック: 全員に3枚ずつ追加で配ります。",
    "log.discarded": "{player}が{count}枚捨てました。",
    "log.hand_ended": "ハンド{hand}終了: {scores}",
}

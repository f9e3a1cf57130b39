"""The Japanese catalog (日本語): every key of ``bot/locales/en.py``, with the same placeholders.

Game terms are those Japanese players know from Board Game Arena and the rule texts this
project started from; ``docs/glossary-ja.md`` names the source of each one (スタンド, ベッグ,
テイクワン, ランザパック, キック, ハイ, ロー, ジャック, ハングジャック, ゲーム, リターン,
オールトランプ, ノートランプ, ディス・ド・デール, カポ, カウンター, オーバーカウンター,
訴訟/持ち越し, 勝利点). Command and option names follow Discord's rules for localized names:
letters and digits only (no spaces, no ・), at most 32 characters.
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
    "**プレイ:** リードと同じスートを出します。切り札がリードされたら、場の最強のカードに"
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
    # --- commands -------------------------------------------------------------------------
    "cmd.group": "このチャンネルのテーブルでオールフォーを遊ぶ",
    "cmd.start": "このチャンネルにオールフォーのテーブルを開く",
    "cmd.start.variant": "遊ぶオールフォーの種類",
    "cmd.start.players": "人数(カリビアン: 2人か4人、イギリス式とセブンアップ: 2〜4人)",
    "cmd.start.partnerships": "4人を2組のパートナーに分ける(イギリス式とセブンアップ)",
    "cmd.start.target": "勝利に必要な点数",
    "cmd.start.timer": "1回の判断ごとの持ち時間(秒)。空欄ならタイマーなし",
    "cmd.start.pause": "コンピューターが各手の前に待つ秒数(既定: 約1秒)",
    "cmd.start.kicks": "カリビアンのキック: トリニダード方式(6で2点)かトバゴ方式(2で2点)",
    "cmd.start.low": "ローの1点を、持っていた人と取った人のどちらに与えるか",
    "cmd.start.gift": "ベッグされたスートを受けたときに1点(ギフト)を与えるか",
    "cmd.start.game_tie": "ゲームの点が同点のとき、誰が1点を得るか",
    "cmd.start.undertrump": "アンダートランプ(場の切り札より弱い切り札を出すこと)を認めるか",
    "cmd.start.take_one_to_win": "その1点で相手が勝つときも、ディーラーがテイクワンできるか",
    "cmd.hand": "自分のテーブルで手札を開く",
    "cmd.leave": "テーブルを離れる(ゲーム中ならコンピューターが代わりに打ちます)",
    "cmd.end": "このチャンネルのテーブルを終了する(ホストまたはサーバー管理権限)",
    "cmd.rules": "オールフォーの各ルールの要約",
    "cmd.rules.variant": "どのオールフォーか",
    "cmd.leaderboard": "レーティング上位のプレイヤー",
    "cmd.leaderboard.scope": "このサーバーか、全サーバーか",
    "cmd.stats": "プレイヤーのレーティングと最近の対戦",
    "cmd.stats.user": "誰の成績か(既定: 自分)",
    "cmd.settings": "このサーバーのテーブルの設定(サーバー管理権限)",
    "cmd.settings.language": "テーブルの公開メッセージの言語",
    "cmd.settings.nudge": "手番のプレイヤーにお知らせするまでの秒数(0: お知らせしない)",
    "cmd.settings.computers": "コンピューターのプレイヤーを座らせてよいか",
    "cmd.settings.pictures": "テーブルのメッセージに卓の画像を付けるか",
    "cmd.settings.allow_channel": "テーブルを許可するチャンネル(許可すると、そこだけに限定)",
    "cmd.settings.forbid_channel": "許可したチャンネルから外す",
    "cmd.settings.reset": "先にボットの既定値に戻す",
    "cmd.settings.variant": "ホストが指定しないときに開く種類",
    "cmd.settings.timer": "新しいテーブルの判断ごとの持ち時間の既定値(秒。0でタイマーなし)",
    "cmdname.allfours": "オールフォー",
    "cmdname.kqj": "kqj",
    "cmdname.start": "開始",
    "cmdname.hand": "手札",
    "cmdname.leave": "退席",
    "cmdname.end": "終了",
    "cmdname.rules": "ルール",
    "cmdname.leaderboard": "ランキング",
    "cmdname.stats": "成績",
    "cmdname.settings": "設定",
    "optname.variant": "種類",
    "optname.players": "人数",
    "optname.partnerships": "パートナー戦",
    "optname.target": "目標点",
    "optname.timer": "持ち時間",
    "optname.pause": "待ち時間",
    "optname.kicks": "キック",
    "optname.low": "ロー",
    "optname.gift": "ギフト",
    "optname.game_tie": "ゲーム同点",
    "optname.undertrump": "アンダートランプ",
    "optname.take_one_to_win": "勝ちのテイクワン",
    "optname.scope": "範囲",
    "optname.user": "ユーザー",
    "optname.mode": "種類",
    "optname.teams": "チーム",
    "optname.random_partners": "ランダムパートナー",
    "optname.language": "言語",
    "optname.nudge": "お知らせ",
    "optname.computers": "コンピューター",
    "optname.pictures": "画像",
    "optname.allow_channel": "許可チャンネル",
    "optname.forbid_channel": "除外チャンネル",
    "optname.reset": "リセット",
    "optname.auction": "オークション",
    "choice.kicks.trinidad": "トリニダード方式(A 1点、6 2点、J 3点)",
    "choice.kicks.tobago": "トバゴ方式(A 1点、2 2点、J 3点)",
    "choice.low.held": "持っていた人に",
    "choice.low.captured": "取った人に",
    "choice.game_tie.none": "誰にも与えない",
    "choice.game_tie.non_dealer": "ディーラーの次の側に",
    # --- games and variants ---------------------------------------------------------------
    "family.allfours": "オールフォー",
    "family.kqj": "KQJ",
    "pool.allfours": "オールフォー",
    "stat.hang_jacks": "ハングジャック {count}",
    "stat.kick_points": "キック点 {count}",
    "variant.caribbean": "カリビアンオールフォー(トリニダード)",
    "variant.caribbean-tobago": "カリビアンオールフォー(トバゴ)",
    "variant.caribbean-2p": "2人用トリニダード・オールフォー",
    "variant.english": "イギリス式オールフォー",
    "variant.english-7": "イギリス式オールフォー(7点)",
    "variant.seven-up": "セブンアップ",
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
    "opt.timer": "持ち時間: 1回{seconds}秒",
    "opt.no_timer": "持ち時間なし",
    "opt.pause": "コンピューターは各手の前に{seconds}秒待つ",
    "opt.pause_default": "コンピューターは各手の前に約1秒待つ",
    "opt.rated": "レーティング対象",
    "opt.unrated": "レーティング対象外(コンピューター参加)",
    "suit.s": "スペード",
    "suit.h": "ハート",
    "suit.d": "ダイヤ",
    "suit.c": "クラブ",
    "rules.here_title": "ここでの遊び方",
    "rules.start": "/{command} 開始",
    "rules.here": (
        "**{command}** でチャンネルにテーブルを開き、ボタンで席に着きます。"
        "手札はテーブルのメッセージの **自分の手札** にあり、あなただけに見えます。"
        "どの判断もそこにあるボタンで行います。誰の番かはテーブルのメッセージに出ます。"
        "長く待たせているプレイヤーにはお知らせが届きます。"
    ),
    "rules.title": "{variant}: ルールの要約",
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
    "rules.english": _ENGLISH.format(
        target=11,
        after_run="新しい切り札候補となり、エルダーが再びスタンドかベッグを宣言します。",
    ),
    "rules.english-7": _ENGLISH.format(
        target=7,
        after_run="新しい切り札候補となり、エルダーが再びスタンドかベッグを宣言します。",
    ),
    "rules.seven-up": _ENGLISH.format(
        target=7,
        after_run="すぐに切り札になります。2度目のスタンド/ベッグも、与える1点もありません。",
    ),
    # --- lobby ----------------------------------------------------------------------------
    "lobby.title": "新しいテーブル: {variant}",
    "lobby.help": (
        "ボタンで席に着いてください。全席が埋まるとホストが開始できます。ホストは空席に"
        "コンピューターを入れることもできます(その場合はレーティング対象外)。15分間"
        "誰も操作しないロビーは自動的に閉じます。"
    ),
    "lobby.started": "ゲームが始まりました。テーブルは下にあります。",
    "lobby.closed.cancelled": "ホストがこのテーブルをキャンセルしました。",
    "lobby.closed.idle": "15分間操作がなかったため、このテーブルは閉じられました。",
    "lobby.join": "参加",
    "lobby.join_team": "{team}に参加",
    "lobby.leave": "退出",
    "lobby.add_computer": "コンピューターを追加",
    "lobby.computer_at": "コンピューター: {level}",
    "lobby.hints_on": "ヒント: オン",
    "lobby.hints_off": "ヒント: オフ",
    "lobby.rules": "ルール",
    "lobby.no_computers": "このサーバーではコンピューターを使えません。",
    "lobby.unknown_level": "そのようなコンピューターのレベルはありません。",
    "lobby.channel_not_allowed": (
        "このチャンネルではテーブルを開けません。次のチャンネルを使ってください: {channels}"
    ),
    "level.easy": "やさしい",
    "level.normal": "ふつう",
    "level.hard": "むずかしい",
    "settings.invalid": "この設定にその値は使えません。",
    "lobby.start": "開始",
    "lobby.cancel": "キャンセル",
    "lobby.updated": "テーブルを更新しました。",
    "lobby.channel_busy": "<#{channel_id}> には終わっていないテーブルがあります: {link}",
    "lobby.user_busy": (
        "あなたは <#{channel_id}> の終わっていないテーブルに着席しています: {link} — "
        "先にそのゲームを終えるか、/{command} 退席 を使ってください。"
    ),
    "lobby.already_seated": "あなたは既にこのテーブルに着席しています。",
    "lobby.not_seated": "あなたはこのテーブルに着席していません。",
    "lobby.host_cannot_leave": (
        "ホストはロビーから退出できません。テーブルをキャンセルしてください。"
    ),
    "lobby.host_only": "それができるのはホストだけです。",
    "lobby.not_full": "ゲームを始めるには、全席が埋まっている必要があります。",
    "lobby.full": "満席です。",
    "lobby.team_full": "そのチームは満員です。別のチームに参加してください。",
    "lobby.no_such_team": "このテーブルにそのチームはありません。",
    "lobby.already_started": "このゲームは既に始まっています。",
    "options.unknown_variant": "{variant} というオールフォーのルールは知りません。",
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
    "options.timer": "持ち時間は{min}〜{max}秒にしてください。",
    "options.pause": "コンピューターの待ち時間は0〜{max}秒にしてください。",
    "options.invalid": "そのオプションの組み合わせは使えません。",
    # --- seats and teams ------------------------------------------------------------------
    "seat.empty": "— 空席 —",
    "seat.computer": "コンピューター {number}",
    "seat.computer_level": "コンピューター {number}({level})",
    "seat.handed_over": "{player}(コンピューターが代打ち)",
    "seat.dealer": "ディーラー",
    "seat.host": "ホスト",
    "seat.number": "席 {number}",
    "team.name": "チーム{letter}",
    # --- the table ------------------------------------------------------------------------
    "table.title": "{variant} — 第{hand}ラウンド",
    "table.footer": "テーブル #{game}",
    "table.side_score": "{side}: {points}点",
    "table.trump": "切り札: {suit}",
    "table.kick": "キック: {cards}",
    "table.kicks": "キック: {cards}",
    "table.trick": "場: {trick}",
    "table.no_card": "まだカードはありません",
    "table.last_trick": "前のトリック: {trick} — {winner}が取りました",
    "table.turn_title": "手番",
    "table.turn": "{players}が{what}",
    "table.deadline": "(期限: {when})",
    "table.previous_hand": "第{hand}ラウンド終了時",
    "table.my_hand": "自分の手札",
    "table.nudge": "{players} — テーブル #{game} であなたの番です: {link}",
    "table.ping": "{players} — あなたの番です。",
    "table.hand_over": "{variant} — 第{hand}ラウンド終了",
    "table.hand_done": "このラウンドは終了しました。",
    "table.winner": "🏆 **{side}の勝利** — {scores}",
    "over.title": "ゲーム終了 — {headline}",
    "over.wins": "{side}の勝利 {score}",
    "over.share": "{side}が同点で勝利({score})",
    "over.play_again": "もう一度遊ぶ",
    "rematch.not_finished": "このゲームはまだ終わっていません。",
    "table.rated": "この結果はレーティングに反映されます。",
    "table.unrated": "このテーブルはレーティング対象外でした。",
    "table.abandoned": "{player}が終了しました — 放棄扱い、レーティング対象外。得点: {scores}",
    "table.unknown": "そのテーブルは見つかりません。",
    "table.none_here": "ここにはあなたのテーブルがありません。/{command} 開始 で始めてください。",
    "table.none_in_channel": "このチャンネルに終わっていないテーブルはありません。",
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
    "count.scores": "得点: {scores}",
    # --- the hand panel -------------------------------------------------------------------
    "panel.title": "あなたの手札 — テーブル #{game}",
    "panel.footer": "これはあなただけに見えています。あなたの番になると自動で更新されます。",
    "panel.your_cards": "あなたのカード",
    "panel.trump": "切り札",
    "panel.kick": "キック",
    "panel.discarded": "あなたの捨て札",
    "panel.trick": "場",
    "panel.stand": "スタンド",
    "panel.beg": "ベッグ",
    "panel.take_one": "テイクワン",
    "panel.run_pack": "ランザパック",
    "panel.accept": "{suit}を受ける",
    "panel.refuse": "断る",
    "panel.refresh": "更新",
    "panel.hint": "ヒント",
    "hint.do": "💡 **ヒント:** {action}",
    "hint.silent": "💡 **ヒント:** 黙っておく(カウンターしない)",
    "hint.because": "{hint} — {reason}。",
    "hint.with_cards": "{reason}({cards})",
    "hint.off": (
        "このテーブルではヒントはオフです。ヒントはレートなしのテーブルで、"
        "ホストが許可したときだけ使えます。"
    ),
    "hint.busy": "ヒントを考え中です。少しお待ちください。",
    "hint.unavailable": "いまはヒントを出せません。少ししてからもう一度どうぞ。",
    "hint.reason.wins_game": "ゲームに勝つ見込みが一番高くなります",
    "hint.reason.wins_game_point": "ゲームの1点が取れます",
    "hint.reason.saves_jack": "自分のジャックを守れます",
    "hint.reason.hangs_jack": "相手のジャックをハングできます",
    "hint.reason.takes_jack": "相手のジャックを取れます",
    "hint.reason.takes_high": "ハイが取れます",
    "hint.reason.keeps_low": "ローを守れます",
    "hint.reason.makes_contract": "自チームがコントラクトを達成できます",
    "hint.reason.breaks_contract": "相手のコントラクトを失敗させられます",
    "hint.reason.counter_breaks_bid": "そのビッドは失敗しそうです",
    "hint.reason.kq": "KQのボーナスが取れます",
    "hint.reason.dix_de_der": "最後のトリック(ディス・ド・デール)が取れます",
    "hint.reason.capot": "全トリック(カポ)を狙えます",
    "hint.reason.takes_points": "自チームがより多く点を取れます",
    "panel.your_turn.declare": "**あなたの番:** スタンドかベッグを選んでください。",
    "panel.your_turn.reply": "**あなたの番:** テイクワンかランザパックを選んでください。",
    "panel.your_turn.play": "**あなたの番:** カードを1枚出してください。",
    "panel.your_turn.discard": "**捨て札:** 6枚残るように、メニューで{count}枚選んでください。",
    "panel.not_your_turn": "まだあなたの番ではありません。番になるとこのパネルが動きます。",
    "panel.spectator": "観戦中です。このテーブルにあなたの席はありません。",
    "panel.spectator_reply": (
        "あなたはこのテーブルのプレイヤーではありません。手札があるのはプレイヤーだけです。"
        "/{command} 開始 で自分のテーブルを始められます。"
    ),
    "panel.handed_over": "今はコンピューターがあなたの席を打っています。",
    "panel.not_started": "ゲームはまだ始まっていません。",
    "panel.closed": "このテーブルは終了しました。",
    "hand.empty": "カードなし",
    # --- clicks and refusals --------------------------------------------------------------
    "act.stale": "このパネルは古くなっていました — 今の手札はこちらです。",
    "act.not_your_turn": "あなたの番ではありません。",
    "act.illegal": "今はそれはできません。",
    "act.not_seated": "あなたはこのテーブルに席がありません。",
    "act.handed_over": "今はコンピューターがあなたの席を打っています。",
    "act.not_started": "ゲームはまだ始まっていません。",
    "act.table_closed": "このテーブルは終了しました。",
    "act.unknown_action": "そのボタンはわかりません。",
    "act.busy": "テーブルが処理中です。もう一度お試しください。",
    "leave.no_table": "このサーバーに、あなたの終わっていないテーブルはありません。",
    "leave.lobby": "<#{channel_id}> のテーブルから退出しました。",
    "leave.game": "<#{channel_id}> のテーブルでは、これからコンピューターがあなたの席を打ちます。",
    "end.not_allowed": (
        "このテーブルを終了できるのは、ホスト({host})かサーバー管理権限を持つメンバーだけです。"
    ),
    "end.done": "テーブル #{game} を終了しました。放棄扱い、レーティング対象外として記録されます。",
    "settings.title": "このサーバーのテーブル設定",
    "settings.language": "テーブルの言語: {language}",
    "settings.language.auto": "サーバーの言語(日本語のサーバーなら日本語、それ以外は英語)",
    "settings.language.en": "英語",
    "settings.language.ja": "日本語",
    "settings.timer": "持ち時間: 判断ごとに{seconds}秒",
    "settings.no_timer": "持ち時間: なし",
    "settings.nudges": "{seconds}秒動きがなければお知らせ",
    "settings.no_nudges": "お知らせなし",
    "settings.computers": "コンピューターのプレイヤー: {value}",
    "settings.pictures": "卓の画像: {value}",
    "settings.on": "あり",
    "settings.off": "なし",
    "settings.channels": "テーブルを開けるチャンネル: {channels}",
    "settings.all_channels": "すべて",
    "settings.defaults": "新しい{family}のテーブル",
    "settings.defaults_value": "{variant}; {options}",
    "settings.no_options": "その種類の既定のオプション",
    "settings.not_allowed": (
        "このサーバーの設定を変えられるのは、サーバー管理権限を持つメンバーだけです。"
    ),
    "error.permissions": "このチャンネルで次の権限が必要です: {permissions}。",
    "error.unexpected": (
        "申し訳ありません、問題が発生しました。何も変更されていません。もう一度お試しください。"
    ),
    "error.unavailable": "ゲームを再起動しています。少ししてからもう一度お試しください。",
    "error.unknown_button": "このボタンは私のものではないか、古くなっています。",
    "error.slow_down": "クリックが速すぎます。少し待ってからもう一度どうぞ。",
    "perm.view_channel": "チャンネルを見る",
    "perm.send_messages": "メッセージを送信",
    "perm.send_messages_in_threads": "スレッドでメッセージを送信",
    "perm.embed_links": "埋め込みリンク",
    "perm.read_message_history": "メッセージ履歴を読む",
    "perm.no_pictures": (
        "このチャンネルではファイルを添付できないので、テーブルの絵は出ません(内容はすべて文章で"
        "表示されます)。絵を見るには、ここで **ファイルを添付** の権限を与えてください。"
    ),
    # --- leaderboards and stats -----------------------------------------------------------
    "board.title": "{family} ランキング — {scope}",
    "board.scope.server": "このサーバー",
    "board.scope.global": "全サーバー",
    "board.line": "**{rank}.** {player} — **{rating}** · {games}{wins}({rate}) · {stats}",
    "board.provisional": "暫定({min}レート戦未満)",
    "board.provisional_line": "{player} — {rating} · {games}",
    "board.empty": "レーティング対象の対戦を{min}回以上したプレイヤーはまだいません。",
    "board.footer": "控えめなレーティング(レーティング対象{min}戦以上) · {page}/{pages}ページ",
    "board.unknown_family": "そのゲームは知りません。",
    "page.previous": "◀ 前へ",
    "page.next": "次へ ▶",
    "stats.title": "{family} の成績",
    "stats.player": "{player}",
    "stats.unrated": "レーティング対象の対戦はまだありません。",
    "stats.rank": "{rank}位",
    "stats.provisional": "レーティング対象{min}戦までは順位なし",
    "stats.block": "レーティング **{rating}**({place})\n{games} · {wins}({rate})\n{stats}",
    "stats.recent": "最近のテーブル",
    "stats.none": "終了したテーブルはまだありません。",
    "stats.match": "{when} {variant}: {result} {score}–{other}{rated}",
    "stats.won": "勝ち",
    "stats.lost": "負け",
    "stats.abandoned": "放棄",
    "stats.unrated_mark": "(レーティング対象外)",
    "stats.footer": "{page}/{pages}ページ",
    # --- KQJ ------------------------------------------------------------------------------
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
    "kqj.title": "{variant} — 第{round}ラウンド",
    "kqj.turn.first_round": "リターンを取るかパスする番です",
    "kqj.turn.second_round": "コントラクトを指定してリターンを取るか、パスする番です",
    "kqj.turn.auction": "ビッドするかパスする番です",
    "kqj.turn.overcounter": "オーバーカウンターするかパスする番です",
    "kqj.turn.play": "カードを出す番です",
    "kqj.turn.over": "何もしません。ゲームは終了しました",
    "kqj.may_counter": "他のチームはいつでもこのビッドにカウンターできます。",
    "kqj.victory_points": "勝利点(目標 {target})",
    "kqj.previous_round": "第{round}ラウンド",
    "kqj.return": "リターン: **{card}** — {passes}人がパス",
    "kqj.return_second": "リターン: **{card}** — 2巡目、コントラクトは自由 — {passes}人がパス",
    "kqj.return_taken": "リターン **{card}** を{player}が取りました",
    "kqj.no_bid": "まだビッドはありません。",
    "kqj.standing_bid": "{player}({team})の{bid}",
    "kqj.bid_value": "{contract}で{value}点",
    "kqj.capot_bid": "{contract}でカポ",
    "kqj.countered": "{player}が**カウンター ×2**",
    "kqj.overcountered": "**オーバーカウンター ×4** — カウンターは{player}",
    "kqj.contract_taken": "**コントラクト:** {contract} — {player}({team})",
    "kqj.contract_bid": "**コントラクト:** {bid} — {player}({team})",
    "kqj.multiplier.2": "カウンター ×2",
    "kqj.multiplier.4": "オーバーカウンター ×4",
    "kqj.trick_empty": "第{number}トリック: まだカードはありません",
    "kqj.trick": "第{number}トリック: {cards}(★ 最強のカード)",
    "kqj.round_points": "ラウンドの得点: {points}",
    "kqj.team_points": "{team} {points}点({tricks})",
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
    "kqj.panel.your_turn.auction": (
        "**あなたの番:** ビッド(コントラクト、次に点数を選択)するか、パスしてください。"
    ),
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
    "kqj.panel.capot_only": "{contract}: カポ",
    "illegal.follow_suit": (
        "{suit}がリードされ、あなたは{suit}を持っています: {suit}を出してください。"
    ),
    "illegal.follow_suit_or_trump": (
        "{suit}がリードされ、あなたは{suit}を持っています: "
        "{suit}か切り札({trump})を出してください。"
    ),
    "illegal.play_trump": (
        "切り札({trump})がリードされ、あなたは切り札を持っています: 切り札を出してください。"
    ),
    "illegal.no_undertrump": (
        "このテーブルではアンダートランプできません: "
        "{card}より強い切り札か、ほかのカードを出してください。"
    ),
    "illegal.beat_trump": (
        "切り札がリードされ、あなたは{player}の{card}に勝てます: {cards}を出してください"
        "(パートナーのカードに対しても)。"
    ),
    "illegal.beat_master": (
        "{suit}がリードされ、あなたは{suit}を持っていません: "
        "{player}の{card}に{cards}で勝ってください。"
    ),
    "list.separator": "、",
    "list.or": "{items}か{last}",
    "count.games": "{count}戦",
    "count.wins": "{count}勝",
    "count.tricks": "{count}トリック",
    # --- the table picture (bot/picture) --------------------------------------------------
    "picture.dealer": "親",
    "picture.computer": "CPU",
    "picture.led": "リード",
    "picture.winning": "最強",
    "picture.trumps": "切り札",
    "picture.scores": "得点",
    "picture.round_points": "このラウンドのカード点",
    "picture.last_trick": "前のトリック",
    "picture.won_by": "{player}が獲得",
    "picture.target": "{target}点先取",
    "picture.clock": "{seconds}秒",
    "picture.not_chosen": "未決定",
    "picture.all_trumps": "オールトランプ",
    "picture.no_trumps": "ノートランプ",
    "picture.kick": "キック",
    "picture.kicks": "キック",
    "picture.return": "リターン",
    "picture.taken_by": "{player}が取得",
    "picture.turn": "{players}: {what}",
    "picture.turn.declare": "切り札の選択",
    "picture.turn.reply": "テイクワンかランザパック",
    "picture.turn.discard": "捨て札",
    "picture.turn.play": "カードを出す",
    "picture.turn.first_round": "リターンを取るかパス",
    "picture.turn.second_round": "切り札を指定するかパス",
    "picture.turn.auction": "ビッドかパス",
    "picture.turn.overcounter": "オーバーカウンターかパス",
    "picture.progress.hand": "第{hand}ラウンド",
    "picture.progress.hand_trick": "R{hand} · トリック {trick}/{tricks}",
    "picture.progress.round": "第{round}ラウンド",
    "picture.progress.round_trick": "R{round} · トリック {trick}/{tricks}",
    "picture.winner": "{side}の勝利",
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
    "picture.alt.seats": "プレイ順の席: {seats}",
    "picture.alt.played": "{player}が{card}を出しました",
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
    "table.kick.english": "ターンアップ: {cards}",
    "table.kicks.english": "ターンアップ: {cards}",
    "table.target": "得点({target}点先取)",
    "panel.kick.english": "ターンアップ",
    "panel.take_one.english": "ギフトを渡す",
    "panel.your_turn.reply.english": "**あなたの番:** ギフトを渡すかランザパックを選んでください。",
    "panel.your_turn.accept": "**あなたの番:** めくられたスートを受けるか断ってください。",
    "panel.last_trick": "前のトリック",
    "panel.won_by": "{trick} — {winner}が取りました",
    "panel.moved": "このパネルは下に移りました。いちばん新しいパネルを使ってください。",
    "panel.deal_over": "ラウンド{deal}は終わりました — チャンネルの結果をご覧ください。",
    "panel.choose_discards": "捨てるカードを{count}枚選んでください",
    "panel.discard_these": "{cards}を捨てる",
}

"""The Japanese catalog of what every game shares: commands, lobbies, tables, panels,
boards, refusals (``bot.i18n.t``). Each game's own words are beside it
(``bot/families/<game>/locales``).

Placeholders are ``str.format`` fields. Discord markup (``<@id>``, ``<#id>``, ``<t:…:R>``) is
built by the callers and passed in as parameters.
"""

from __future__ import annotations

from typing import Final

MESSAGES: Final[dict[str, str]] = {
    "cmd.start.timer": "1回の判断ごとの持ち時間(秒)。空欄ならタイマーなし",
    "cmd.start.pause": "コンピューターが各手の前に待つ秒数(既定: 約1秒)",
    "cmd.hand": "自分のテーブルで手札を開く",
    "cmd.leave": "テーブルを離れる(ゲーム中ならコンピューターが代わりに打ちます)",
    "cmd.end": "このチャンネルのテーブルを終了する(ホストまたはサーバー管理権限)",
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
    "cmd.settings.timer": "新しいテーブルの判断ごとの持ち時間の既定値(秒。0でタイマーなし)",
    "cmdname.start": "開始",
    "cmdname.hand": "手札",
    "cmdname.leave": "退席",
    "cmdname.end": "終了",
    "cmdname.rules": "ルール",
    "cmdname.leaderboard": "ランキング",
    "cmdname.stats": "成績",
    "cmdname.settings": "設定",
    "optname.target": "目標点",
    "optname.timer": "持ち時間",
    "optname.pause": "待ち時間",
    "optname.scope": "範囲",
    "optname.user": "ユーザー",
    "optname.language": "言語",
    "optname.nudge": "お知らせ",
    "optname.computers": "コンピューター",
    "optname.pictures": "画像",
    "optname.allow_channel": "許可チャンネル",
    "optname.forbid_channel": "除外チャンネル",
    "optname.reset": "リセット",
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
    "options.timer": "持ち時間は{min}〜{max}秒にしてください。",
    "options.pause": "コンピューターの待ち時間は0〜{max}秒にしてください。",
    "options.invalid": "そのオプションの組み合わせは使えません。",
    "seat.empty": "— 空席 —",
    "seat.computer": "コンピューター {number}",
    "seat.computer_level": "コンピューター {number}({level})",
    "seat.handed_over": "{player}(コンピューターが代打ち)",
    "seat.dealer": "ディーラー",
    "seat.host": "ホスト",
    "seat.number": "席 {number}",
    "team.name": "チーム{letter}",
    "team.short": "{letter}",
    "table.footer": "テーブル #{game}",
    "table.turn": "{players}が{what}",
    "table.deadline": "(期限: {when})",
    "table.my_hand": "自分の手札",
    "table.nudge": "{players} — テーブル #{game} であなたの番です: {link}",
    "over.title": "ゲーム終了 — {headline}",
    "over.wins": "{side}の勝利 {score}",
    "over.play_again": "もう一度遊ぶ",
    "rematch.not_finished": "このゲームはまだ終わっていません。",
    "table.rated": "この結果はレーティングに反映されます。",
    "table.unrated": "このテーブルはレーティング対象外でした。",
    "table.abandoned": "{player}が終了しました — 放棄扱い、レーティング対象外。得点: {scores}",
    "table.unknown": "そのテーブルは見つかりません。",
    "table.none_here": "ここにはあなたのテーブルがありません。/{command} 開始 で始めてください。",
    "table.none_in_channel": "このチャンネルに終わっていないテーブルはありません。",
    "count.scores": "得点: {scores}",
    "panel.title": "あなたの手札 — テーブル #{game}",
    "panel.footer": "あなたの番になると自動で更新されます。",
    "panel.your_cards": "あなたのカード",
    "panel.fact": "**{name}** {value}",
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
    "panel.not_your_turn": "まだあなたの番ではありません。",
    "panel.spectator": "観戦中です。このテーブルにあなたの席はありません。",
    "panel.spectator_reply": (
        "あなたはこのテーブルのプレイヤーではありません。手札があるのはプレイヤーだけです。"
        "/{command} 開始 で自分のテーブルを始められます。"
    ),
    "panel.handed_over": "今はコンピューターがあなたの席を打っています。",
    "panel.not_started": "ゲームはまだ始まっていません。",
    "panel.closed": "このテーブルは終了しました。",
    "hand.empty": "カードなし",
    "act.stale": "このパネルは古くなっていました — 今の手札はこちらです。",
    "act.not_your_turn": "あなたの番ではありません。",
    "act.illegal": "今はそれはできません。",
    "act.card_later": "カードを出すのは、この選択のあとです。",
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
    "picture.not_chosen": "切り札は未決定",
    "picture.turn": "{players}: {what}",
    "picture.turn.play": "カードを出す",
    "picture.winner": "{side}の勝利",
    "picture.alt.seats": "プレイ順の席: {seats}",
    "picture.alt.holds": "{player}の手札: {cards}",
    "picture.alt.played": "{player}が{card}を出しました",
    "panel.moved": "このパネルは下に移りました。いちばん新しいパネルを使ってください。",
    "panel.deal_over": "ラウンド{deal}は終わりました — チャンネルの結果をご覧ください。",
    "cmd.history": "終わったゲームの一覧とリプレイ",
    "cmd.history.user": "誰のゲームか(既定:自分)",
    "cmd.history.scope": "このサーバーか、全サーバーか",
    "cmd.replay": "終わったゲームを全員の手札を表にして再生",
    "cmd.replay.table": "卓の番号(卓 #…)",
    "cmdname.history": "履歴",
    "cmdname.replay": "リプレイ",
    "optname.table": "卓",
    "stats.history": "終わったゲームとそのリプレイ:{command}",
    "history.title": "{family}:終わったゲーム",
    "history.player": "{player}の記録 · {scope}",
    "history.game": "{when} · {variant} · 卓 #{game}",
    "history.side": "{side}:{points}",
    "history.side_won": "🏆 {side}:{points}",
    "history.rating": "レーティング {before} → {after}({change})",
    "history.unrated": "レーティング対象外",
    "history.none": "ここで終わったゲームはまだありません。",
    "history.replay": "リプレイ #{game}",
    "replay.title": "リプレイ · {variant} · 卓 #{game}",
    "replay.hands": "手札(ゲームは終わったので表向き)",
    "replay.score": "得点",
    "replay.footer": "第{deal}ディール · {stop}/{stops}手目",
    "replay.dealt": "— 第{deal}ディールを配る —",
    "replay.step": "**{player}**:{action}",
    "replay.trick_won": "↳ {player}がトリックを取る",
    "replay.download": "棋譜をダウンロード",
    "replay.deal": "第{deal}ディール",
    "replay.share": "このディールを共有",
    "replay.shared": (
        "{player}が卓 #{game}({variant})の第{deal}ディールを共有しました。"
        "全員の手札を表向きに、トリックごとに。"
    ),
    "replay.shared_alt": "卓 #{game}の第{deal}ディール、全員の手札を表向きに、トリックごとに",
    "replay.share_done": "卓 #{game}の第{deal}ディールはここで共有済みです:{link}",
    "replay.share_busy": "このディールはいま共有しているところです。少々お待ちください。",
    "replay.share_failed": (
        "このディールの画像を作れないか、ここに投稿できませんでした。あとでもう一度どうぞ。"
    ),
    "replay.review": "💡 検討",
    "replay.review_on": "💡 検討:オン",
    "replay.review_mark": "💡 *hard*ならここで{action}:{reason}",
    "replay.review_title": "💡 検討",
    "replay.review_summary": (
        "プレイヤーの判断のうち、レベルhardなら別の手を選び、損をしたと見られるもの:"
        "{reviewed}件中{marks}件。"
    ),
    "replay.jump": "ディールへ移動",
    "replay.unfinished": "卓 #{game}はまだ終わっていません。終わるまで手札は伏せたままです。",
    "replay.elsewhere": (
        "卓 #{game}は別のサーバーで遊ばれました。ここで再生できるのはその参加者だけです。"
    ),
    "cmd.start.pace": "ライブか、ターン制(1手ごとの持ち時間を時間単位で。数日続くゲーム)か",
    "cmd.settings.pace": (
        "新しいテーブルの進行の既定値: ライブか、1手ごとの持ち時間のあるターン制か"
    ),
    "cmd.tables": "このゲームで参加中のテーブル: 誰の番か、期限、手札",
    "cmd.notify": "ターン制テーブルの手番をメンションの代わりにダイレクトメッセージで知らせる",
    "cmd.notify.dm": "True: ダイレクトメッセージ、False: テーブルのチャンネルでのメンション",
    "cmdname.tables": "テーブル一覧",
    "cmdname.notify": "通知",
    "optname.pace": "進行",
    "optname.dm": "ダイレクトメッセージ",
    "choice.pace.live": "ライブ(全員が今打つ)",
    "choice.pace.4": "ターン制: 1手4時間",
    "choice.pace.12": "ターン制: 1手12時間",
    "choice.pace.24": "ターン制: 1手24時間(1日1手)",
    "choice.pace.72": "ターン制: 1手72時間",
    "opt.pace": "ターン制: 1手{hours}時間",
    "options.pace": "ターン制テーブルの持ち時間は1手{hours}時間のどれかです。",
    "settings.pace": "進行: ターン制、1手{hours}時間",
    "settings.live": "進行: ライブ",
    "picture.clock_hours": "{hours}時間",
    "turn.mail": "<#{channel_id}> のテーブル #{game} であなたの番です: 期限 {deadline}。",
    "turn.timed_out": (
        "{player} はテーブル #{game} で時間切れになりました: コンピューターが代わりに打ちました。"
    ),
    "turn.handed_over": (
        "{player} はテーブル #{game} で2手続けて時間切れになりました: "
        "/{command} 手札 で戻るまでコンピューターが席を打ちます。"
    ),
    "tables.title": "参加中のテーブル",
    "tables.none": "参加中のテーブルはありません: /{command} 開始 で始められます。",
    "tables.live": "ライブ",
    "tables.line": "**#{game}** <#{channel_id}> ({pace}): {whose}、{since}から",
    "tables.deadline": "期限: {deadline}",
    "tables.your_turn": "あなたの番",
    "tables.turn_of": "{player} の番",
    "tables.nobody": "誰の番でもありません",
    "tables.open": "#{game} の手札",
    "tables.option": "テーブル #{game}: {whose}",
    "tables.pick": "テーブルを選ぶ",
    "tables.which": "複数のテーブルに参加しています: どの手札を開きますか?",
    "notify.dm": (
        "ターン制テーブルの手番はこれからダイレクトメッセージで届きます(手札を開くボタン付き)。"
    ),
    "notify.channel": "ターン制テーブルの手番はこれからテーブルのチャンネルでメンションされます。",
    "table.turn_due": "{players} — テーブル #{game} であなたの番です: 期限 {deadline}",
    "log.title": "これまでの流れ",
    "log.since": "あなたの前の手番から",
    "log.trick": "{cards} → {winner}({points})",
    "log.trick.forced": "{cards} → {winner}({points})・最後の札は自動で出ました",
    "log.name_separator": "、",
    "log.redeal": "**配り直し**: {reason}。",
    "redeal.nobody_bid": "誰もビッドしませんでした",
    "redeal.all_passed": "6人全員が2回パスしました",
    "redeal.pack_out": "新しいスートが出る前に山札がなくなりました",
    "redeal.all_refused": "4つのスートすべてが断られました",
    "log.game_over": "🏁 {side}の勝利",
    "over.ratings": "レーティング: {changes}",
    "over.rating": "{player} {before} → {after}",
    "panel.footer.closed": (
        "あなただけに表示されています。テーブルは終了しました: このパネルはもう更新されません。"
    ),
    "panel.paused": (
        "⏸ **一時停止** — Discordではパネルを更新できるのは15分間だけです。"
        "続けるには、テーブル(またはお知らせ)の**自分の手札**を押してください。"
    ),
    "panel.why_not": "出せないカード: {reason}",
}

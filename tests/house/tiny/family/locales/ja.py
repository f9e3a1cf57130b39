"""Tiny Tricks' Japanese words."""

from __future__ import annotations

from typing import Final

MESSAGES: Final = {
    "cmdname.tiny": "tiny",
    "family.tiny": "タイニートリック",
    "cmd.tiny.group": "このチャンネルで2人用のタイニートリックを遊ぶ",
    "cmd.tiny.start": "このチャンネルにタイニートリックのテーブルを開く",
    "cmd.tiny.start.target": "勝利に必要なトリック数",
    "cmd.tiny.rules": "タイニートリックのルール",
    "variant.tiny": "タイニートリック",
    "rules.tiny": "2人、手札3枚。マストフォロー。台札のスートの高いカードがトリックを取る。"
    "先に目標のトリック数（表示がなければ3）を取った人の勝ち。",
    "pool.tiny": "タイニートリック",
    "stat.tricks": "トリック {count}",
    "tiny.options": "先に{target}トリック",
    "tiny.title": "タイニートリック・第{deal}ディール",
    "tiny.trick": "トリック：{cards}",
    "tiny.trick_empty": "トリック：まだ誰も出していません",
    "tiny.last_trick": "前のトリック（{player}が獲得）：{cards}",
    "tiny.scores": "獲得トリック（先に{target}）",
    "tiny.your_turn": "**あなたの番:** カードを1枚出してください。",
    "tiny.log.dealt": "第{deal}ディール（ディーラー：{dealer}）",
    "tiny.log.won": "{player}の勝ち",
    "tiny.turn": "がカードを出す番です",
}

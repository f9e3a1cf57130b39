"""How tall the table message and a hand panel are on a phone, and how small the picture's
text gets there: every shape (Caribbean, English, Seven Up, KQJ 3v3, a KQJ auction) played
through the real bot on SimCord with pictures on, its messages redrawn as Discord-like HTML
at a phone's width and screenshotted with headless Chromium.

    python benchmarks/phone_pages.py [--out /tmp/phone-shots] [--width 400] [--limit 450]

Needs a ``chromium`` on the PATH (Debian's ``chromium`` package; not a project dependency).
For each shape it prints the table message's and the panel's height in CSS pixels, the width
the picture is shown at, the smallest text of the picture as shown (its font size in
picture pixels × shown width / picture width) and a verdict: ``fits`` when the page is at most
``--limit`` pixels tall (450: one screen of a phone, issue 19), else ``TOO TALL``; it writes
``<shape>-table.png`` and ``<shape>-panel.png`` to ``--out``.

The page is a model of Discord's mobile client in its dark theme, not Discord itself: a
message indented by the avatar's gutter (68 px on the left, 16 on the right), an embed with
its 4-px colour bar and its padding (8 12 16 16), title 16 px, description and fields 14/18 px,
inline fields stacked one per row (the phone client does not put them side by side), the image
at the embed's full inner width, footer 12 px, buttons 32 px high wrapping in rows, selects
40 px, and an ephemeral message's "Only you can see this" line.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import html
import io
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from importlib import import_module
from pathlib import Path
from typing import Any, Final

import discord
import simcord
from PIL import Image
from simcord.components import walk_components

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout's bot, first

from bot.app import GameBot
from bot.picture import cards, draw, fonts
from tests.bot.discord_support import Table, open_table, service_of

PHONE_SCREEN: Final = 450
"""The most a table message or a panel may be tall at 400 px wide (issue 19: one screen)."""
SIX: Final = ("Alexandra", "Benedict", "Catalina", "Dominic", "Evangeline", "Florian")
FOUR: Final = SIX[:4]


@dataclass(frozen=True)
class Shape:
    name: str
    game: str
    names: tuple[str, ...]
    decisions: int
    options: tuple[tuple[str, Any], ...] = ()


SHAPES: Final = (
    Shape("caribbean", "allfours", FOUR, 6, (("variant", "caribbean"),)),
    Shape("english", "allfours", FOUR, 6, (("variant", "english"), ("players", 4))),
    Shape("sevenup", "allfours", FOUR, 6, (("variant", "seven-up"), ("players", 4))),
    Shape("kqj-3v3", "kqj", SIX, 9, (("target", 500),)),
    Shape("kqj-auction", "kqj", SIX, 9, (("teams", "2v2v2"), ("auction", True))),
)
"""Each shape is played ``decisions`` moves in (past the first trick, into the second)."""


# --- the Discord-like page ---------------------------------------------------------------------

STYLE: Final = """
body { margin: 0; background: #313338; color: #dbdee1; width: %(width)spx;
  font-family: 'Noto Sans CJK JP', 'Noto Sans', 'DejaVu Sans', sans-serif; }
.msg { position: relative; padding: 8px 16px 8px 68px; }
.avatar { position: absolute; left: 16px; top: 8px; width: 40px; height: 40px;
  border-radius: 50%%; background: #5865f2; }
.author { font-weight: 600; font-size: 16px; line-height: 22px; color: #f2f3f5; }
.content { font-size: 16px; line-height: 22px; white-space: pre-wrap; }
.embed { background: #2b2d31; border-left: 4px solid #1f8b4c; border-radius: 4px;
  padding: 8px 16px 16px 12px; margin-top: 4px; }
.title { font-weight: 600; font-size: 16px; line-height: 22px; margin-top: 8px;
  color: #f2f3f5; }
.desc { font-size: 14px; line-height: 18px; margin-top: 8px; white-space: pre-wrap; }
.field { margin-top: 8px; font-size: 14px; line-height: 18px; }
.fname { font-weight: 600; color: #f2f3f5; margin-bottom: 2px; }
.fvalue { white-space: pre-wrap; }
.picture { display: block; margin-top: 16px; width: 100%%; height: auto; border-radius: 4px; }
.footer { font-size: 12px; line-height: 16px; margin-top: 8px; }
.row { display: flex; flex-wrap: wrap; gap: 8px; margin-top: 8px; }
.button { box-sizing: border-box; height: 32px; padding: 2px 16px; border-radius: 3px;
  font-size: 14px; line-height: 28px; color: #fff; background: #4e5058; white-space: nowrap; }
.button.s1 { background: #5865f2; } .button.s3 { background: #248046; }
.button.s4 { background: #da373c; } .button.off { opacity: 0.5; }
.select { box-sizing: border-box; width: 100%%; height: 40px; padding: 8px; border-radius: 4px;
  background: #1e1f22; font-size: 14px; line-height: 24px; }
.ephemeral { font-size: 12px; line-height: 16px; margin-top: 4px; color: #949ba4; }
"""

MENTION: Final = re.compile(r"<@!?(\d+)>")
TIMESTAMP: Final = re.compile(r"<t:\d+(?::\w)?>")
CUSTOM_EMOJI: Final = re.compile(r"<a?:(\w+):\d+>")
BOLD: Final = re.compile(r"\*\*(.+?)\*\*")
ITALIC: Final = re.compile(r"(?<![*\w])[*_](.+?)[*_](?![*\w])")


def markdown(text: str, names: dict[int, str]) -> str:
    """The little Markdown the bot writes, as HTML: mentions by name, timestamps as Discord
    shows them ("in 30 seconds"), bold and italics."""
    text = html.escape(text, quote=False)
    text = MENTION.sub(lambda m: f"@{names.get(int(m.group(1)), 'someone')}", text)
    text = re.sub(r"&lt;@!?(\d+)&gt;", lambda m: f"@{names.get(int(m.group(1)), 'someone')}", text)
    text = re.sub(r"&lt;t:\d+(?::\w)?&gt;", "in 30 seconds", text)
    text = re.sub(r"&lt;a?:(\w+):\d+&gt;", r":\1:", text)
    text = BOLD.sub(r"<b>\1</b>", text)
    return ITALIC.sub(r"<i>\1</i>", text)


def embed_html(embed: discord.Embed, picture: bytes | None, names: dict[int, str]) -> str:
    data = embed.to_dict()
    parts = ['<div class="embed">']
    if data.get("title"):
        parts.append(f'<div class="title">{markdown(str(data["title"]), names)}</div>')
    if data.get("description"):
        parts.append(f'<div class="desc">{markdown(str(data["description"]), names)}</div>')
    for field in data.get("fields", []):  # inline or not: one per row on a phone
        parts.append(
            f'<div class="field"><div class="fname">{markdown(field["name"], names)}</div>'
            f'<div class="fvalue">{markdown(field["value"], names)}</div></div>'
        )
    if picture is not None and "image" in data:
        with Image.open(io.BytesIO(picture)) as image:
            size = image.size
        encoded = base64.b64encode(picture).decode()
        parts.append(
            f'<img class="picture" width="{size[0]}" height="{size[1]}" '
            f'src="data:image/png;base64,{encoded}">'
        )
    if data.get("footer", {}).get("text"):
        parts.append(f'<div class="footer">{html.escape(data["footer"]["text"])}</div>')
    parts.append("</div>")
    return "".join(parts)


def components_html(rows: list[Any]) -> str:
    raw = [row.to_dict() if hasattr(row, "to_dict") else row for row in rows]
    parts = []
    for row in raw:
        items = []
        for component in walk_components(row.get("components", [])):
            label = html.escape(str(component.get("label") or ""))
            emoji = component.get("emoji") or {}
            if emoji.get("name") and not emoji.get("id"):
                label = f"{html.escape(emoji['name'])} {label}".strip()
            if component.get("type") == 2:
                off = " off" if component.get("disabled") else ""
                items.append(f'<div class="button s{component.get("style", 2)}{off}">{label}</div>')
            elif component.get("type") == 3:
                placeholder = html.escape(str(component.get("placeholder") or ""))
                items.append(f'<div class="select">{placeholder}</div>')
        parts.append(f'<div class="row">{"".join(items)}</div>')
    return "".join(parts)


def page_html(
    message: discord.Message | simcord.ResponseMessage,
    picture: bytes | None,
    names: dict[int, str],
    width: int,
    *,
    ephemeral: bool,
) -> str:
    body = ['<div class="msg" id="page"><div class="avatar"></div><div class="author">Cards</div>']
    if message.content:
        body.append(f'<div class="content">{markdown(message.content, names)}</div>')
    for embed in message.embeds:
        body.append(embed_html(embed, picture, names))
    body.append(components_html(list(message.components)))
    if ephemeral:
        body.append('<div class="ephemeral">Only you can see this · Dismiss message</div>')
    body.append("</div>")
    measure = (
        "<script>const p = document.getElementById('page');"
        "const i = document.querySelector('.picture');"
        "document.title = 'H' + p.offsetHeight + 'W' + (i ? i.offsetWidth : 0);</script>"
    )
    return (
        f"<!doctype html><html><head><meta charset='utf-8'><style>{STYLE % {'width': width}}"
        f"</style></head><body>{''.join(body)}{measure}</body></html>"
    )


def chromium() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    raise SystemExit("no chromium on the PATH: apt-get install chromium (Debian)")


BROWSER_FLAGS: Final = ("--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars")


def measure(page: Path, width: int) -> tuple[int, int]:
    """The page's height and the picture's shown width, in CSS pixels, as Chromium lays it
    out (the page's script writes them into its title)."""
    dom = subprocess.run(
        [chromium(), *BROWSER_FLAGS, f"--window-size={width},2000", "--dump-dom", page.as_uri()],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    found = re.search(r"<title>H(\d+)W(\d+)</title>", dom)
    if found is None:
        raise RuntimeError(f"no measure in the page {page}")
    return int(found.group(1)), int(found.group(2))


def screenshot(page: Path, width: int, height: int, out: Path) -> None:
    subprocess.run(
        [
            chromium(),
            *BROWSER_FLAGS,
            f"--window-size={width},{height}",
            f"--screenshot={out}",
            page.as_uri(),
        ],
        capture_output=True,
        check=True,
    )


# --- the picture's smallest text ----------------------------------------------------------------


@contextmanager
def recorded_text_sizes() -> Iterator[list[int]]:
    """Every font size the picture code writes text in while this is open (card faces are
    redrawn, not taken from their cache, so their ranks count too)."""
    sizes: list[int] = []
    original = fonts.text_mask

    def recording(text: str, size: int, bold: bool = False) -> Image.Image:
        if text.strip():
            sizes.append(size)
        return original(text, size, bold)

    cards.card_image.cache_clear()
    fonts.text_mask = recording  # type: ignore[assignment]
    try:
        yield sizes
    finally:
        fonts.text_mask = original
        cards.card_image.cache_clear()


async def picture_sizes(env: simcord.Env, table: Table) -> tuple[int, int]:
    """The smallest font size of the table's picture and the picture's width, in picture
    pixels (the scene drawn again, as the bot draws it, with its texts recorded)."""
    service = service_of(env)
    snap = await service.snapshot(table.game_id)
    module = import_module(f"cogs.{snap.record.family}.render")
    scene = module.RENDERER.scene(snap.public(), "en")
    with recorded_text_sizes() as sizes:
        image = draw.picture(scene)
    return min(sizes), image.width


# --- driving the bot ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Page:
    shape: str
    kind: str
    height: int
    picture_width: int
    smallest_text: float | None
    path: Path


async def shape_pages(shape: Shape, out: Path, width: int, folder: Path) -> list[Page]:
    client = GameBot(
        database=folder / f"{shape.name}.sqlite3",
        shard_count=2,
        computer_delay=0,
        pictures=True,
        seeds=lambda: 7001,
        clicks_per_second=None,
    )
    env = simcord.Env(client)
    await env.start()
    pages = []
    try:
        with env.time_context():
            guild = env.create_guild("Phone")
            table = await open_table(
                env, names=shape.names, game=shape.game, guild=guild, **dict(shape.options)
            )
            await table.play(shape.decisions)
            await env.settle()
            names = {player.id: player.name for player in table.players}
            message = table.message
            mover = table.mover() or table.players[0]
            panel = await mover.click(message, label="My hand")
            assert panel.response is not None
            smallest, picture_width = await picture_sizes(env, table)
            shown: list[tuple[str, Any, bool]] = [
                ("table", message, False),
                ("panel", panel.response, True),
            ]
            for kind, shown_message, ephemeral in shown:
                picture = None
                if shown_message.attachments:
                    picture = env.backend.cdn.get(shown_message.attachments[0].url)
                source = folder / f"{shape.name}-{kind}.html"
                source.write_text(
                    page_html(shown_message, picture, names, width, ephemeral=ephemeral),
                    encoding="utf-8",
                )
                height, shown_width = measure(source, width)
                shot = out / f"{shape.name}-{kind}.png"
                screenshot(source, width, height, shot)
                text = smallest * shown_width / picture_width if shown_width else None
                pages.append(Page(shape.name, kind, height, shown_width, text, shot))
    finally:
        await env.shutdown()
        await client.release()
    return pages


async def run(out: Path, width: int) -> list[Page]:
    pages = []
    with tempfile.TemporaryDirectory() as name:
        for shape in SHAPES:
            pages += await shape_pages(shape, out, width, Path(name))
    return pages


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path(tempfile.gettempdir()) / "phone-shots")
    parser.add_argument("--width", type=int, default=400)
    parser.add_argument("--limit", type=int, default=PHONE_SCREEN)
    options = parser.parse_args()
    options.out.mkdir(parents=True, exist_ok=True)
    pages = asyncio.run(run(options.out, options.width))
    print(f"page width {options.width} px (CSS); screenshots in {options.out}")
    print(
        f"{'shape':<12} {'page':<6} {'height':>6} {'picture':>8} {'smallest text':>14}"
        f"  verdict (at most {options.limit} px)"
    )
    for page in pages:
        text = f"{page.smallest_text:.1f} px" if page.smallest_text is not None else "-"
        shown = f"{page.picture_width} px" if page.picture_width else "-"
        verdict = "fits" if page.height <= options.limit else "TOO TALL"
        print(
            f"{page.shape:<12} {page.kind:<6} {page.height:>4} px {shown:>8} {text:>14}  {verdict}"
        )
    tall = sum(1 for page in pages if page.height > options.limit)
    print(f"{len(pages) - tall} of {len(pages)} pages fit in {options.limit} px")


if __name__ == "__main__":
    main()

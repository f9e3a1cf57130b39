"""No user-facing text bypasses the translation functions: an AST check over cogs/ and bot/.

What is user-facing (what Discord shows a person), precisely:

- the keyword values ``content``, ``label``, ``placeholder``, ``description``, ``title``,
  ``text``, ``name`` (and a field's ``value``) of a call to one of ``SINKS`` (embeds and their
  fields and footers, buttons, selects and their options, modals, slash commands and their
  choices, sends and edits, and our own ``ButtonSpec`` / ``SelectSpec`` / ``TableMessage`` /
  ``make`` factories / ``answer``);
- the positional arguments of those calls listed in ``POSITIONAL`` (``send("…")``,
  ``answer(interaction, "…")``, ``ButtonSpec(code, "…", …)``…);
- every keyword value of ``app_commands.describe(…)`` and ``app_commands.rename(…)``;
- the class keywords ``group_name`` and ``group_description`` of a cog;
- a value assigned to an attribute ``content``, ``description``, ``title``, ``label`` or
  ``placeholder`` (``embed.description = …``).

Such a value must not be a string literal (or an f-string) with a letter in its literal part:
words come from ``t()`` / ``T()``. Literals without letters are markup (separators, bullets,
mentions ``<@{id}>``, channel links ``<#{id}>``, ``""``) and pass; Discord markup that has
letters is allowed only through ``MARKUP``, an explicit list. Log messages, exceptions and the
command-line interface (operators' texts, not players') are not user-facing.
"""

from __future__ import annotations

import ast
import re
import unicodedata
from pathlib import Path
from typing import Final

import pytest

ROOT = Path(__file__).resolve().parents[2]

SINKS: Final = frozenset(
    {
        "Embed",
        "add_field",
        "insert_field_at",
        "set_field_at",
        "set_footer",
        "set_author",
        "Button",
        "Select",
        "SelectOption",
        "TextInput",
        "Modal",
        "Choice",
        "command",
        "Group",
        "ContextMenu",
        "send",
        "send_message",
        "edit_message",
        "edit",
        "edit_original_response",
        "answer",
        "ButtonSpec",
        "SelectSpec",
        "TableMessage",
        "make",
    }
)
"""Callees (the last name of ``a.b.c(...)``) whose texts Discord shows."""

KEYWORDS: Final = frozenset(
    {"content", "label", "placeholder", "description", "title", "text", "name"}
)
FIELDS: Final = frozenset({"add_field", "insert_field_at", "set_field_at"})
"""Sinks whose ``value`` is shown too (elsewhere ``value`` is what a choice or option sends)."""
POSITIONAL: Final = {
    "send": (0,),
    "send_message": (0,),
    "answer": (1,),
    "ButtonSpec": (1,),
    "SelectSpec": (0,),
    "TableMessage": (0,),
    "Embed": (),
}
"""Positions of user-facing arguments, for the sinks that take them positionally."""
EVERY_KEYWORD: Final = frozenset({"describe", "rename"})
CLASS_KEYWORDS: Final = frozenset({"group_name", "group_description"})
ATTRIBUTES: Final = frozenset({"content", "description", "title", "label", "placeholder"})

MARKUP: Final = (
    re.compile(r"<t:"),  # a Discord timestamp, <t:1700000000:R>
    re.compile(r":[tTdDfFR]>"),
)
"""Discord markup that contains letters: removed before looking for words."""


def _callee(call: ast.Call) -> str:
    func = call.func
    if isinstance(func, ast.Attribute):
        return func.attr
    if isinstance(func, ast.Name):
        return func.id
    return ""


def _literal_words(node: ast.expr) -> str | None:
    """The literal text of a string literal or f-string if it has a letter, else None."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        text = node.value
    elif isinstance(node, ast.JoinedStr):
        text = "".join(
            part.value
            for part in node.values
            if isinstance(part, ast.Constant) and isinstance(part.value, str)
        )
    else:
        return None
    for pattern in MARKUP:
        text = pattern.sub("", text)
    if any(unicodedata.category(char).startswith("L") for char in text):
        return text
    return None


def _user_facing(tree: ast.AST) -> list[ast.expr]:
    """Every expression of ``tree`` in a user-facing position (see the module docstring)."""
    found: list[ast.expr] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            callee = _callee(node)
            if callee in EVERY_KEYWORD:
                found.extend(keyword.value for keyword in node.keywords)
            elif callee in SINKS:
                shown = KEYWORDS | {"value"} if callee in FIELDS else KEYWORDS
                found.extend(k.value for k in node.keywords if k.arg in shown)
                for index in POSITIONAL.get(callee, ()):
                    if index < len(node.args):
                        found.append(node.args[index])
        elif isinstance(node, ast.ClassDef):
            found.extend(k.value for k in node.keywords if k.arg in CLASS_KEYWORDS)
        elif isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if node.value is not None and any(
                isinstance(target, ast.Attribute) and target.attr in ATTRIBUTES
                for target in targets
            ):
                found.append(node.value)
    return found


def _outside_calls(node: ast.AST) -> list[ast.AST]:
    """``node`` and what it is made of, without looking into calls: whatever a call returns is
    the call's business (``t(...)``, ``T(...)``, ``str(value)``, ``" · ".join(...)``)."""
    if isinstance(node, ast.Call):
        return []
    found = [node]
    for child in ast.iter_child_nodes(node):
        found.extend(_outside_calls(child))
    return found


def bypasses(source: str) -> list[tuple[int, str]]:
    """(line, text) of every user-facing literal with words in ``source``.

    Sub-expressions count too: ``label="Hi " + name`` and ``a if c else "Hi"`` are found.
    """
    found = []
    for expression in _user_facing(ast.parse(source)):
        for node in _outside_calls(expression):
            if isinstance(node, ast.expr):
                words = _literal_words(node)
                if words is not None:
                    found.append((node.lineno, words))
    return found


def _sources() -> list[Path]:
    return sorted(
        path
        for folder in ("bot", "cogs")
        for path in (ROOT / folder).rglob("*.py")
        if path.parent.name != "locales"
    )


def test_no_user_facing_literal_bypasses_the_catalog() -> None:
    """Every text Discord shows comes from ``t()`` / ``T()`` (reported all at once)."""
    found = [
        f"{path.relative_to(ROOT)}:{line}: {text!r}"
        for path in _sources()
        for line, text in bypasses(path.read_text(encoding="utf-8"))
    ]
    assert found == []


def test_the_check_reads_every_module_of_the_bot_and_the_cogs() -> None:
    """The scan covers the renderers, the components and the commands."""
    names = {path.relative_to(ROOT).as_posix() for path in _sources()}
    assert {"cogs/table/render/panel.py", "cogs/allfours/cog.py", "bot/service/play.py"} <= names
    assert not any(name.startswith("bot/locales/") for name in names)


@pytest.mark.parametrize(
    "source",
    [
        'embed = discord.Embed(title="Scores")',
        'embed.add_field(name="Trumps", value=x)',
        'embed.add_field(name=t("a.b", locale), value="none")',
        'embed.set_footer(text=f"Table #{game}")',
        'await interaction.response.send_message("Done.", ephemeral=True)',
        'await interaction.followup.send(f"Sorry {name}")',
        'await answer(interaction, "Not your turn")',
        'await channel.send(content="Your turn")',
        'discord.SelectOption(label="Easy", value="easy")',
        'ButtonSpec("S", "Stand", style, True)',
        'ButtonSpec(code="S", label="Stand " + suit, style=style, enabled=True)',
        'LobbyButton.make(prefix, game, "s", label="Start")',
        'select = Select(placeholder="Choose")',
        'app_commands.command(name="start", description=T("cmd.start"))',
        'app_commands.describe(variant="Which game")',
        'app_commands.rename(variant="variante")',
        'Choice(name="Nobody", value="none")',
        'class C(TableCog, group_name="cards", group_description=T("cmd.group")): pass',
        'embed.description = "No bid yet"',
        'embed.title = "Bid" if x else t("a.b", locale)',
        'await message.edit(content="スタンド")',
    ],
)
def test_the_check_finds_words_that_bypass_the_catalog(source: str) -> None:
    """Each of these shows a person words that no catalog holds."""
    assert bypasses(source) != []


@pytest.mark.parametrize(
    "source",
    [
        'embed = discord.Embed(title=t("rules.title", locale, variant=name))',
        'embed.add_field(name=t("panel.trump", locale), value=" · ".join(parts))',
        'embed.set_footer(text=t("table.footer", locale, game=game))',
        'await answer(interaction, t("act.done", locale))',
        'app_commands.command(name=T("cmdname.start"), description=T("cmd.start"))',
        "Choice(name=str(value), value=value)",
        'lines.append(f"• {line}")',
        "embed.description = f\"{lines}\\n\\n{t('lobby.help', locale)}\"",
        'TableMessage(content="", embed=embed, view=None)',
        'deadline = t("table.deadline", locale, when=f"<t:{int(deadline)}:R>")',
        'embed.description = f"<t:{when}:R> <@{user}>"',
        'log.info("panel of user %s not refreshed", user)',
        'raise ValueError("bad option")',
        'parser = argparse.ArgumentParser(description="Run the bot")',
        'asyncio.create_task(run(), name="discord-gateway")',
        'class AllFoursCog(TableCog, name="AllFours", group_name=T("cmdname.allfours")): pass',
    ],
)
def test_the_check_lets_catalog_texts_and_markup_through(source: str) -> None:
    """Catalog calls, markup without words, logs, exceptions and internal names pass."""
    assert bypasses(source) == []

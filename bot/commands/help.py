"""/help and the menus built from verb declarations: shared verbs plus the table's game's own."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from bot.i18n import say
from games.base import Engine, Verb
from games.i18n import N_, _, said
from games.registry import all_engines

DESCRIPTION_LIMIT = 100


USAGE_WORDS = frozenset(
    (
        N_("GAME"),
        N_("NAME"),
        N_("VERB"),
        N_("TOPIC"),
        N_("PLAYER"),
        N_("KEY"),
        N_("VALUE"),
        N_("EXPR"),
        N_("FILE"),
        N_("ARGS"),
        N_("CARD"),
        N_("OTHER"),
        N_("UNIT"),
        N_("ROW"),
        N_("BUILDING"),
        N_("LEVEL"),
        N_("option"),
        N_("value"),
        N_("discard"),
        N_("from"),
        N_("floor"),
    )
)
"""The placeholders and literal words of usage lines (`/draft CARD [discard OTHER]`), said in
the reader's language; the command's own name and its --flags stay as typed."""
_WORD = re.compile(r"(?<![-/\w])\w+")


def placeholders(text: str, lang: str) -> str:
    """The usage words of a usage line in the reader's language."""
    return _WORD.sub(lambda m: say(said(m[0]), lang) if m[0] in USAGE_WORDS else m[0], text)


def usage(verb: Verb[Any], lang: str = "en") -> str:
    """`/verb ARGS`, its placeholders in the reader's language."""
    return f"/{verb.name} {placeholders(verb.usage, lang)}".rstrip()


def fit(text: str, limit: int = DESCRIPTION_LIMIT) -> str:
    """Cut at a word boundary with an ellipsis, for platforms with length limits."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 1].rsplit(" ", 1)[0].rstrip(" ,;:")
    return cut + "…"


def every_verb(shared: Sequence[Verb[Any]]) -> list[Verb[Any]]:
    """Shared verbs first, then each game verb name once, for menus that span every game.
    A name several games use is described as theirs jointly, never as the first game's."""
    titles: dict[str, list[str]] = {}
    first: dict[str, Verb[Any]] = {}
    names = {verb.name for verb in shared}
    for engine in all_engines():
        for verb in engine.verbs:
            if verb.name in names:
                continue
            titles.setdefault(verb.name, []).append(engine.title)
            first.setdefault(verb.name, verb)
    verbs: list[Verb[Any]] = list(shared)
    for name, verb in first.items():
        games = titles[name]
        if len(games) > 1:
            joined = ", ".join(games)
            verb = replace(
                verb,
                help=_(
                    "A move in {games}; /help {verb} at a table explains it.",
                    games=joined,
                    verb=name,
                ),
                args=(),
                flags=(),
                grammar="[ARGS]",
            )
        verbs.append(verb)
    return verbs


def _explain(verb: Verb[Any], lang: str, owner: str = "") -> list[str]:
    lines = [f"{usage(verb, lang)}: {say(verb.help, lang)}{owner}"]
    lines.extend(
        f"  {placeholders(arg.name, lang) or '|'.join(arg.choices)}: {say(arg.help, lang)}"
        for arg in verb.args
        if arg.help
    )
    lines.extend(f"  --{flag.name}: {say(flag.help, lang)}" for flag in verb.flags)
    lines.extend(say(_("  e.g. {example}", example=example), lang) for example in verb.examples)
    return lines


def help_text(
    shared: Sequence[Verb[Any]], engine: Engine[Any] | None, topic: str | None, lang: str = "en"
) -> str:
    """`/help` lists the verbs (the table's game verbs too); `/help VERB` explains one: the
    table's game's own declaration, or every game's when no table is open. In `lang`."""
    verbs: list[Verb[Any]] = list(shared) + (list(engine.verbs) if engine else [])
    if topic:
        name = topic.lstrip("/").lower()
        found = [(v, "") for v in verbs if v.name == name]
        if not found and engine is None:
            found = [(v, f" ({e.title})") for e in all_engines() for v in e.verbs if v.name == name]
        if not found:
            return say(
                _("There is no command /{verb} here; /help lists them all.", verb=name), lang
            )
        return "\n".join(line for verb, owner in found for line in _explain(verb, lang, owner))
    lines = [say(_("Table commands:"), lang)]
    lines.extend(f"  {usage(v, lang)}: {say(v.help, lang)}" for v in shared)
    if engine is not None:
        lines.append(say(_("{game} commands:", game=engine.title), lang))
        lines.extend(f"  {usage(v, lang)}: {say(v.help, lang)}" for v in engine.verbs)
    else:
        lines.append(
            say(_("Open a table with /new GAME to see its commands; /games lists the games."), lang)
        )
    return "\n".join(lines)

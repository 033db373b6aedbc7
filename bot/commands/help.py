"""/help and the menus built from verb declarations: shared verbs plus the table's game's own."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from bot.i18n import say
from games.base import Engine, Verb
from games.i18n import N_, _, said
from games.registry import all_engines, engine_for

DESCRIPTION_LIMIT = 100


USAGE_WORDS: dict[str, str] = {
    word: word
    for word in (
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
        N_("CELL"),
        N_("ATTACKER"),
        N_("TARGET"),
        N_("WEAPON"),
        N_("ABILITY"),
        N_("FACING"),
        N_("INCHES"),
        N_("STAT BLOCK"),
        N_("TRACK"),
        N_("TYPE"),
        N_("PAGE"),
        N_("option"),
        N_("value"),
        N_("discard"),
        N_("from"),
        N_("floor"),
        N_("at"),
        N_("to"),
        N_("add"),
        N_("list"),
        N_("remove"),
        N_("show"),
        N_("row"),
        N_("deck"),
        N_("over"),
        N_("gap"),
        N_("pay"),
        N_("under"),
        N_("where"),
        N_("position"),
        N_("source"),
        N_("slot"),
    )
} | {
    # a word a game's catalogue has in another sense (Papercraft's board edges) gets a msgid
    # of its own, so the catalogues never disagree on one msgid
    "left": N_("left (a side to build on)"),
    "right": N_("right (a side to build on)"),
}
"""The placeholders and literal words of usage lines (`/draft CARD [discard OTHER]`), each with
its msgid, said in the reader's language; the command's own name and its --flags stay as typed.
A game's NAME names a thing (`/power NAME CELL`, `/achieve NAME`: NAZWA in Polish).
Every word of a verb's declaration (`Arg` names, literals and choices, `grammar`, `Flag` values)
that is a word of English belongs here: tests/core/test_help_polish.py renders /help of every
verb in Polish and fails on one left in English. A word given in the notation a player types
(`N`, `X,Y`, `xN`, `a,b,...`) stays as it is."""
TABLE_WORDS: dict[str, str] = USAGE_WORDS | {"NAME": N_("NAME (of a person)")}
"""The usage words of the table's own commands (the shared verbs), whose NAME is a person's
(`/kick NAME`, `/addbot [NAME]`: IMIĘ in Polish)."""
_PHRASES = sorted((w for w in USAGE_WORDS if " " in w), key=len, reverse=True)
_WORD = re.compile(
    r"(?<![-/\w])(?:" + "".join(rf"{re.escape(p)}(?!\w)|" for p in _PHRASES) + r"\w+)"
)
"""A usage word, or a placeholder of several words (`STAT BLOCK`), never a --flag or /command."""


def placeholders(text: str, lang: str, words: Mapping[str, str] = USAGE_WORDS) -> str:
    """The usage words of a usage line in the reader's language (`words`: TABLE_WORDS for a
    shared verb's, USAGE_WORDS for a game's)."""

    def word(match: re.Match[str]) -> str:
        msgid = words.get(match[0])
        if msgid is None:
            return match[0]
        said_so = say(said(msgid), lang)
        return match[0] if said_so == msgid else said_so

    return _WORD.sub(word, text)


def usage(verb: Verb[Any], lang: str = "en", words: Mapping[str, str] = USAGE_WORDS) -> str:
    """`/verb ARGS`, its placeholders in the reader's language."""
    return f"/{verb.name} {placeholders(verb.usage, lang, words)}".rstrip()


def fit(text: str, limit: int = DESCRIPTION_LIMIT) -> str:
    """Cut at a word boundary with an ellipsis, for platforms with length limits."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 1].rsplit(" ", 1)[0].rstrip(" ,;:")
    return cut + "…"


def menu_verbs(shared: Sequence[Verb[Any]], game: str | None) -> list[Verb[Any]]:
    """A command menu: with a game, the shared verbs and that game's own; else every verb."""
    if game is None:
        return every_verb(shared)
    names = {verb.name for verb in shared}
    own = [verb for verb in engine_for(game).verbs if verb.name not in names]
    return [*shared, *own]


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


def _words(verb: Verb[Any], shared: Sequence[Verb[Any]]) -> Mapping[str, str]:
    return TABLE_WORDS if any(verb is s for s in shared) else USAGE_WORDS


def _explain(verb: Verb[Any], lang: str, words: Mapping[str, str], owner: str = "") -> list[str]:
    lines = [f"{usage(verb, lang, words)}: {say(verb.help, lang)}{owner}"]
    lines.extend(
        f"  {placeholders(arg.name or '|'.join(arg.choices), lang, words)}: {say(arg.help, lang)}"
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
        return "\n".join(
            line
            for verb, owner in found
            for line in _explain(verb, lang, _words(verb, shared), owner)
        )
    lines = [say(_("Table commands:"), lang)]
    lines.extend(f"  {usage(v, lang, TABLE_WORDS)}: {say(v.help, lang)}" for v in shared)
    if engine is not None:
        lines.append(say(_("{game} commands:", game=engine.title), lang))
        lines.extend(f"  {usage(v, lang)}: {say(v.help, lang)}" for v in engine.verbs)
    else:
        lines.append(
            say(_("Open a table with /new GAME to see its commands; /games lists the games."), lang)
        )
        for each in all_engines():
            anywhere = [v for v in each.verbs if v.chat or v.anywhere]
            if anywhere:
                lines.append(say(_("{game} in any chat:", game=each.title), lang))
                lines.extend(f"  {usage(v, lang)}: {say(v.help, lang)}" for v in anywhere)
    return "\n".join(lines)

"""/help and the menus built from verb declarations: shared verbs plus the table's game's own."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from games.base import Engine, Verb
from games.registry import all_engines

DESCRIPTION_LIMIT = 100


def usage(verb: Verb[Any]) -> str:
    return f"/{verb.name} {verb.usage}".rstrip()


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
                help=fit(f"A move in {joined}; /help {name} at a table explains it."),
                args=(),
                flags=(),
                grammar="[ARGS]",
            )
        verbs.append(verb)
    return verbs


def _explain(verb: Verb[Any], owner: str = "") -> list[str]:
    lines = [f"{usage(verb)}: {verb.help}{owner}"]
    lines.extend(
        f"  {arg.name or '|'.join(arg.choices)}: {arg.help}" for arg in verb.args if arg.help
    )
    lines.extend(f"  --{flag.name}: {flag.help}" for flag in verb.flags)
    lines.extend(f"  e.g. {example}" for example in verb.examples)
    return lines


def help_text(shared: Sequence[Verb[Any]], engine: Engine[Any] | None, topic: str | None) -> str:
    """`/help` lists the verbs (the table's game verbs too); `/help VERB` explains one: the
    table's game's own declaration, or every game's when no table is open."""
    verbs: list[Verb[Any]] = list(shared) + (list(engine.verbs) if engine else [])
    if topic:
        name = topic.lstrip("/").lower()
        found = [(v, "") for v in verbs if v.name == name]
        if not found and engine is None:
            found = [(v, f" ({e.title})") for e in all_engines() for v in e.verbs if v.name == name]
        if not found:
            return f"There is no command /{name} here; /help lists them all."
        return "\n".join(line for verb, owner in found for line in _explain(verb, owner))
    lines = ["Table commands:"]
    lines.extend(f"  {usage(v)}: {v.help}" for v in shared)
    if engine is not None:
        lines.append(f"{engine.title} commands:")
        lines.extend(f"  {usage(v)}: {v.help}" for v in engine.verbs)
    else:
        lines.append("Open a table with /new GAME to see its commands; /games lists the games.")
    return "\n".join(lines)

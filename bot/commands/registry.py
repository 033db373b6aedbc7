"""The shared verbs every table understands, and /help built from them and the games' own verbs."""

from __future__ import annotations

from collections.abc import Sequence

from games.base import Engine, Verb
from games.registry import all_engines

SHARED: tuple[Verb, ...] = (
    Verb(
        "new",
        "GAME [--option value]",
        "Open a table for a game in this chat and sit at it.",
        ("/new gotown", "/new gotown --short", "/new papercraft --points 400"),
    ),
    Verb("join", "", "Sit at the table that is waiting for players.", ("/join",)),
    Verb(
        "leave", "", "Leave the table; in a running game a bot takes over your seat.", ("/leave",)
    ),
    Verb(
        "addbot", "[NAME]", "Seat a bot player before the game starts.", ("/addbot", "/addbot Robo")
    ),
    Verb("start", "", "Start the game; the channel sees the commitment sha256(seed).", ("/start",)),
    Verb("status", "", "Who sits where, whose turn it is, and the public state.", ("/status",)),
    Verb(
        "board",
        "[--image FILE]",
        "Show the board (the console can write it as a PNG).",
        ("/board", "/board --image board.png"),
    ),
    Verb("hand", "", "Show your own cards and choices, privately.", ("/hand",)),
    Verb(
        "undo",
        "",
        "Take back your last action if it revealed nothing hidden or random.",
        ("/undo",),
    ),
    Verb(
        "end", "", "End the game: the creator at once, or every seated human agreeing.", ("/end",)
    ),
    Verb("history", "", "Recent moves and rolls in this chat.", ("/history",)),
    Verb(
        "export", "", "The finished game as one JSON document for `paperref verify`.", ("/export",)
    ),
    Verb("help", "[VERB]", "List the commands, or explain one.", ("/help", "/help roll")),
    Verb(
        "rules",
        "[GAME] [TOPIC]",
        "Rules summary and the referee's defaults.",
        ("/rules gotown", "/rules papertown defaults"),
    ),
    Verb("games", "", "The games this referee runs.", ("/games",)),
    Verb(
        "roll",
        "EXPR",
        "Roll dice in d20 notation; a bare /roll makes the game's own roll.",
        ("/roll 2d6+1", "/roll 4d6kh3", "/roll 1d20+5 attack", "/roll 3d6e6"),
    ),
)
SHARED_NAMES = frozenset(verb.name for verb in SHARED)


def every_verb() -> list[Verb]:
    """Shared verbs first, then each game verb name once (for slash-command menus)."""
    seen = dict.fromkeys(SHARED_NAMES)
    verbs = list(SHARED)
    for engine in all_engines():
        for verb in engine.verbs:
            if verb.name not in seen:
                seen[verb.name] = None
                verbs.append(verb)
    return verbs


def usage(verb: Verb) -> str:
    return f"/{verb.name} {verb.usage}".rstrip()


def help_text(engine: Engine | None, topic: str | None) -> str:
    """`/help` lists the verbs (the table's game verbs too); `/help VERB` explains one with examples."""
    verbs: Sequence[Verb] = list(SHARED) + (list(engine.verbs) if engine else [])
    if topic:
        name = topic.lstrip("/").lower()
        found = [v for v in verbs if v.name == name]
        if not found:
            found = [v for e in all_engines() for v in e.verbs if v.name == name]
        if not found:
            return f"There is no command /{name}; /help lists them all."
        lines = []
        for verb in found:
            lines.append(f"{usage(verb)}: {verb.help}")
            lines.extend(f"  e.g. {example}" for example in verb.examples)
        return "\n".join(lines)
    lines = ["Table commands:"]
    lines.extend(f"  {usage(v)}: {v.help}" for v in SHARED)
    if engine is not None:
        lines.append(f"{engine.title} commands:")
        lines.extend(f"  {usage(v)}: {v.help}" for v in engine.verbs)
    else:
        lines.append("Open a table with /new GAME to see its commands; /games lists the games.")
    return "\n".join(lines)

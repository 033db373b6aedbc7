"""Acceptance: a Paper Tales table in Polish, one human and two bots, from /new to the final
score. Every reply to that table (texts, boards as rendered, buttons, offered moves) is scanned
for English card, building and phase names and for the English text of every message; the
human plays by typing the moves as offered in Polish, diacritics or not."""

from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Iterable

from bot import catalogue
from bot.commands.parse import Invocation, parse_command
from bot.i18n import say
from bot.referee import Referee
from bot.render.text import render_text
from bot.replies import Private, Public, Reply
from games.papertales.catalog import BUILDINGS, UNITS
from games.papertales.texts import PHASES

MAX_COMMANDS = 400
ENGLISH_NAMES = sorted(
    {u.name for u in UNITS if u.name != u.pl}
    | {b.name for b in BUILDINGS}
    | set(PHASES.values())
    | {"Front", "Back", "Legend Points"}
)


def _fragments(msgid: str) -> list[str]:
    """The literal English of a message: its parts between placeholders that hold at least two
    words (single words may be Polish too, or names)."""
    parts = re.split(r"\{[^{}]*\}", msgid)
    return [p.strip(" .,;:()-+") for p in parts if len(re.findall(r"[A-Za-z]{2,}", p)) >= 2]


def english_texts() -> list[str]:
    """Every message's English fragments that its Polish translation does not contain itself."""
    polish = catalogue.read("pl")
    found: set[str] = set()
    for message in catalogue.extract():
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple | list) else (message.id,)
        key = ids[0]
        translated = polish[key].string if polish.get(key) else ""
        forms = " ".join(translated) if isinstance(translated, tuple | list) else translated
        for msgid in ids:
            found.update(f for f in _fragments(msgid) if f and f not in forms)
    return sorted(found, key=len, reverse=True)


def shown(replies: Iterable[Reply]) -> list[str]:
    """What a reader sees of each reply: its text, its board as drawn, its buttons."""
    out = []
    for reply in replies:
        parts = [reply.text, *(b.label for b in reply.buttons)]
        if reply.board is not None:
            parts.append(render_text(reply.board))
        out.append("\n".join(parts))
    return out


def english_in(texts: Iterable[str], messages: list[str]) -> list[tuple[str, str]]:
    leaks = []
    for text in texts:
        for name in ENGLISH_NAMES:
            if re.search(rf"\b{re.escape(name)}\b", text):
                leaks.append((name, text))
        leaks += [(m, text) for m in messages if m in text]
    return leaks


def plain(text: str) -> str:
    """How a player without Polish letters on the keyboard types it."""
    text = text.replace("ł", "l").replace("Ł", "L")
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


async def test_a_polish_table_speaks_only_polish_from_new_to_the_final_score(
    referee: Referee,
) -> None:
    messages = english_texts()
    assert "is not a command here; /help lists them, /new GAME opens a table" in messages
    seen: list[str] = []
    ann = "ann"

    async def send(line: str, *, locale: str = "en-US") -> list[Reply]:
        parsed = parse_command(line)
        assert parsed is not None, line
        inv = Invocation(
            "test", "pl-table", ann, "Ann", parsed.verb, parsed.args, text=parsed.text,
            locale=locale,
        )  # fmt: skip
        replies = await referee.handle(inv)
        seen.extend(shown(replies))
        return replies

    # Ann's Discord is in English: the table's language wins over her platform's.
    await send("/new papertales --lang pl")
    await send("/addbot")
    await send("/addbot Robo")
    await send("/help")
    await send("/rules")
    await send("/rules papertales wojny")
    await send("/build Town")  # refused: not the time, said in Polish
    await send("/bogus")
    started = await send("/start")
    assert any("Rekrutacja" in s for s in shown(started))
    await send("/draft Nieistniejaca")  # a refusal that names no hidden card
    await send("/hand")
    await send("/status")
    await send("/board")
    await send("/history")

    finished = False
    for step in range(MAX_COMMANDS):
        offered = await referee.offered_moves("test", "pl-table", ann)
        if not offered:
            replies = await send("/status")
            if any(isinstance(r, Public) and r.outcome for r in replies):
                finished = True
                break
            status = " ".join(shown(replies))
            if "koniec gry" in status.lower() or "Koniec gry" in status:
                finished = True
                break
            continue
        seen.extend(text for text, _command in offered)
        text, command = offered[step % len(offered)]
        assert (text.startswith("/") and text != command) or text == command.split()[0] or True
        typed = plain(text) if step % 2 else text  # with and without diacritics
        replies = await send(typed)
        refusals = [r for r in replies if isinstance(r, Private) and r.refusal is not None]
        assert not refusals, (typed, command, [r.text for r in refusals])
        if any(isinstance(r, Public) and r.outcome for r in replies):
            finished = True
            break
    assert finished, "the game did not reach its final score"
    assert any("Punktacja końcowa" in s for s in seen)
    assert any("Koniec gry." in s for s in seen)
    for phase in ("Rekrutacja", "Wystawianie", "Wojny", "Dochód", "Budowanie", "Przemijanie"):
        assert any(phase in s for s in seen), phase
    if os.environ.get("PAPERREF_SHOW_REPLIES"):  # to read the Polish a table gets
        print("\n=====\n".join(seen))
    leaks = english_in(seen, messages)
    assert not leaks, "\n\n".join(f"{what!r} in:\n{text}" for what, text in leaks[:10])


def test_the_scan_finds_english_when_there_is_some() -> None:
    messages = english_texts()
    english = say("It is not your turn to act; waiting for Bob.", "en")
    assert english_in([english], messages)
    assert english_in(["Ann drafts the Knight 2"], messages)
    assert english_in(["Paper Tales, turn 1 of 4: Recruitment"], messages)
    assert not english_in(["To nie twoja kolej; czekamy na: Bob."], messages)

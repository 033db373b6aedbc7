"""A table in Polish from /new to the final score, and the scan of every reply for English: what
the acceptance tests of each translated game share."""

from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Iterable

from bot import catalogue
from bot.commands.parse import Invocation, parse_command
from bot.referee import Referee
from bot.render.text import render_text
from bot.replies import Private, Public, Reply

MAX_COMMANDS = 600


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


def english_in(
    texts: Iterable[str], messages: list[str], names: Iterable[str]
) -> list[tuple[str, str]]:
    """(the English found, the text it is in) for English names and message texts."""
    names = sorted(set(names))
    leaks = []
    for text in texts:
        for name in names:
            if re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text):
                leaks.append((name, text))
        leaks += [(m, text) for m in messages if m in text]
    return leaks


def plain(text: str) -> str:
    """How a player without Polish letters on the keyboard types it."""
    text = text.replace("ł", "l").replace("Ł", "L")
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


class PolishTable:
    """Ann (an admin of the chat, her app in English unless `locale` says otherwise) plays a
    table against bots, typing each move as it is offered to her in Polish (every other one
    without diacritics)."""

    def __init__(self, referee: Referee, chat: str, locale: str = "en-US") -> None:
        self.referee, self.chat, self.locale = referee, chat, locale
        self.seen: list[str] = []

    async def send(self, line: str) -> list[Reply]:
        parsed = parse_command(line)
        assert parsed is not None, line
        inv = Invocation(
            "test", self.chat, "ann", "Ann", parsed.verb, parsed.args, text=parsed.text,
            locale=self.locale, admin=True,
        )  # fmt: skip
        replies = await self.referee.handle(inv)
        self.seen.extend(shown(replies))
        return replies

    async def play_to_the_end(self) -> None:
        for step in range(MAX_COMMANDS):
            offered = await self.referee.offered_moves("test", self.chat, "ann")
            if not offered:
                replies = await self.send("/status")
                assert not any(isinstance(r, Private) and r.refusal for r in replies), replies
                if any("Koniec gry" in s or "koniec gry" in s for s in shown(replies)):
                    return
                continue
            self.seen.extend(text for text, _command in offered)
            text, command = offered[step % len(offered)]
            typed = text if text.startswith("/") else command  # a label is not a command
            typed = plain(typed) if step % 2 else typed
            replies = await self.send(typed)
            refusals = [r for r in replies if isinstance(r, Private) and r.refusal is not None]
            assert not refusals, (typed, command, [r.text for r in refusals])
            if any(isinstance(r, Public) and r.outcome for r in replies):
                return
        raise AssertionError("the game did not reach its final score")

    def assert_no_english(self, names: Iterable[str], messages: list[str]) -> None:
        """No English name or message text in anything the table showed (PAPERREF_SHOW_REPLIES
        prints it all, to read the Polish a table gets)."""
        if os.environ.get("PAPERREF_SHOW_REPLIES"):
            print("\n=====\n".join(self.seen))
        leaks = english_in(self.seen, messages, names)
        assert not leaks, "\n\n".join(f"{what!r} in:\n{text}" for what, text in leaks[:10])


_NOTATION = re.compile(
    r"`[^`\n]*`|'[^'\n]*'|„[^”\n]*”|\{[^{}\n]*\}"  # quoted: file keys, typed words
    r"|--[\w-]+(?:[ =][\w,.:|x-]+)?|/[\w-]+|https?://\S+"  # an option as typed, a command
    r"|\b\d*[dD]\d+\w*"  # dice notation (2d6, d20, 4d6kh3)
)
_WORD = re.compile(r"[^\W\d_]{3,}")


def words(text: str) -> set[str]:
    """The words of a text (three letters or more, lower case) outside notation: commands and
    options as typed, dice, quoted words and file keys."""
    return {w.casefold() for w in _WORD.findall(_NOTATION.sub(" ", text))}


def english_words(allowed: Iterable[str] = ()) -> set[str]:
    """Every word of the English catalogue that Polish never uses: the words of each msgid,
    less the words some Polish translation has where its own msgid does not, less `allowed`."""
    polish = catalogue.read("pl")
    english: set[str] = set()
    spoken: set[str] = set()
    for message in catalogue.extract():
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple | list) else (message.id,)
        own = set().union(*(words(msgid) for msgid in ids))
        english |= own
        found = polish.get(ids[0])
        string = found.string if found is not None else ""
        forms = string if isinstance(string, tuple | list) else (string,)
        spoken |= set().union(*(words(form or "") for form in forms)) - own
    return english - spoken - {w.casefold() for w in allowed}


def english_words_in(texts: Iterable[str], english: set[str]) -> dict[str, str]:
    """Each English word found, with the first line it is in."""
    found: dict[str, str] = {}
    for text in texts:
        for line in text.splitlines():
            for word in sorted(words(line) & english):
                found.setdefault(word, line)
    return found

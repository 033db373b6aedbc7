"""Dice in Polish: in a chat whose /settings language is pl (and at a table opened with --lang pl),
every answer of /roll, /gmroll, saved rolls, their refusals, /help roll and /history is Polish,
on every platform's rendering; numbers and dice notation stay as typed."""

from __future__ import annotations

import re

import pytest

from bot.commands.parse import Invocation
from bot.referee import Referee
from bot.replies import Private, Public, Reply
from tests.polish import english_in, english_texts, shown

ENGLISH_WORDS = (
    "rolls",
    "rolled",
    "success",
    "successes",
    "failure",
    "failures",
    "rounded",
    "privately",
    "private",
    "saved",
    "expected",
    "cannot",
    "position",
    "attack",
    "Roll",
    "Dice",
    "Only",
    "the",
    "or",
    "and",
    "at",
    "most",
    "sides",
    "end",
    "limit",
    "Say",
    "You",
    "has",
    "no",
)
"""Single English words of the dice's messages (the scan of message texts needs two words)."""


class Chat:
    """Ann, whose own client is in English, in a chat of one platform set to Polish."""

    def __init__(self, referee: Referee, platform: str, chat: str) -> None:
        self.referee, self.platform, self.chat = referee, platform, chat
        self.seen: list[str] = []

    async def send(self, line: str, user: str = "Ann", *, admin: bool = False) -> list[Reply]:
        verb, *args = line.lstrip("/").split()
        inv = Invocation(
            self.platform, self.chat, user.lower(), user, verb, args, text=" ".join(args),
            locale="en-US", admin=admin,
        )  # fmt: skip
        replies = await self.referee.handle(inv)
        self.seen.extend(shown(replies))
        return replies

    async def text(self, line: str, user: str = "Ann") -> str:
        """The one answer of a command."""
        [reply] = await self.send(line, user)
        return reply.text

    async def refusal(self, line: str) -> str:
        [reply] = await self.send(line)
        assert isinstance(reply, Private) and reply.refusal is not None, reply
        return reply.text


def no_english(texts: list[str]) -> None:
    leaks = english_in(texts, english_texts(), ENGLISH_WORDS)
    assert not leaks, leaks


async def test_rolls_saved_rolls_refusals_help_and_history_in_a_polish_chat(
    referee: Referee,
) -> None:
    chat = Chat(referee, "test", "pl-dice")
    await chat.send("/settings language pl", admin=True)

    assert re.fullmatch(r"Ann rzuca: 2d6 \(\d, \d\) \+ 1 = \d+", await chat.text("/roll 2d6+1"))
    kept = await chat.text("/roll 4d6kh3")
    assert re.fullmatch(r"Ann rzuca: 4d6kh3 \((~?\d~?, ){3}~?\d~?\) = \d+", kept), kept
    assert kept.count("~") == 2
    counted = await chat.text("/roll 10d6>3")
    assert re.fullmatch(r"Ann rzuca: 10d6>3 \(.*\) = \d+ sukces(y|ów)?", counted), counted
    tested = await chat.text("/roll 1d20+5 >= 15")
    assert re.search(r"= \d+, >=15: (sukces|porażka)$", tested), tested
    sets = (await chat.text("/roll 6 4d6kh3 staty")).splitlines()
    assert sets[0] == "Ann rzuca 6 × 4d6kh3 (staty):" and len(sets) == 7
    rounded = await chat.text("/roll 1d6/4")
    assert "zaokrąglone w dół do" in rounded or rounded.endswith(("= 1", "= 0")), rounded

    assert await chat.refusal("/roll 1d20 advv") == (
        "Nie mogę odczytać '1d20 advv' na pozycji 6 ('advv'); oczekiwane: adv lub dis. "
        "Czy chodziło o adv?"
    )
    assert await chat.refusal("/roll hello") == (
        "Nie mogę odczytać 'hello' na pozycji 1 ('hello'); oczekiwane: (, liczba, znak lub "
        "kości (d20)."
    )
    assert await chat.refusal("/roll 1d20+") == (
        "Nie mogę odczytać '1d20+' na końcu; oczekiwane: (, liczba, znak lub kości (d20)."
    )
    assert await chat.refusal("/roll 1d6/0") == (
        "Nie mogę rzucić '1d6/0' na pozycji 4 ('/0'): tu jest dzielenie przez zero."
    )
    assert await chat.refusal("/roll 1001d6") == (
        "Najwyżej 1,000 kości na rzut, a '1001d6' wymaga 1,001; spróbuj z mniejszą liczbą kości."
    )
    assert "najwyżej 1,000,000 ścian. Spróbuj 1d100." in await chat.refusal("/roll 1d1000001")
    too_long = await chat.refusal("/roll " + "1" + "+1" * 150)
    assert too_long == "Wyrażenie z kośćmi może mieć najwyżej 200 znaków."
    assert (await chat.refusal("/roll")).startswith("Powiedz, czym rzucić, np. /roll 2d6+1")

    assert await chat.text("/roll zapisz atak 1d20+5") == "Ann zapisuje /roll atak: 1d20+5"
    assert (await chat.text("/roll atak")).startswith("Ann rzuca (atak): 1d20 (")
    assert await chat.text("/roll list") == "Zapisane rzuty gracza Ann (1 z 50):\n  atak: 1d20+5"
    assert await chat.text("/roll zapomnij atak") == "Ann usuwa zapisany rzut /roll atak."
    assert await chat.text("/roll lista") == (
        "Ann nie ma zapisanych rzutów; /roll zapisz atak 1d20+5 zapisuje jeden."
    )
    assert await chat.refusal("/roll save") == "Podaj nazwę i kości: /roll zapisz atak 1d20+5."
    assert await chat.refusal("/roll save list 1d6") == (
        "/roll sam używa słowa list; wybierz inną nazwę."
    )
    assert await chat.refusal("/roll forget atak") == (
        "Nie masz zapisanego rzutu o nazwie atak; /roll lista pokazuje twoje."
    )
    assert (await chat.refusal("/roll list --private")).startswith("--private dodaje się do")

    note, private = await chat.send("/gmroll 1d20")
    assert isinstance(note, Public) and note.text == "Ann wykonuje prywatny rzut kośćmi."
    assert isinstance(private, Private) and private.text.startswith("Ann rzuca: 1d20 (")

    help_roll = await chat.text("/help roll")
    assert help_roll.startswith("/roll [KOŚCI] [--private]: Rzut kośćmi w notacji d20")
    assert "  KOŚCI: Kości, np. 2d6+1 albo 4d6kh3, albo nazwa zapisanego rzutu." in help_roll
    assert "  np. /roll zapisz atak 1d20+5" in help_roll
    assert (await chat.text("/help gmroll")).startswith("/gmroll KOŚCI: Rzut kośćmi widoczny")

    history = await chat.text("/history")
    assert "Ann rzuca: 2d6 (" in history and "Ann wykonuje prywatny rzut kośćmi." in history
    [later] = await chat.send("/settings turn-time later", admin=True)
    assert later.text == "'later' to nie jest czas trwania; napisz np. 90s, 10m, 2h, 1d albo off."
    no_english(chat.seen)


async def test_a_polish_table_rolls_and_logs_in_polish(referee: Referee) -> None:
    chat = Chat(referee, "test", "pl-dice-table")
    await chat.send("/new race --lang pl")
    await chat.send("/join", "Bob")
    await chat.send("/start")
    assert (await chat.text("/roll 35d4")).startswith("Ann rzuca: 35d4 (")
    replies = await chat.send("/roll 1d20 tajne --private", "Bob")
    [note] = [r.text for r in replies if isinstance(r, Public) and r.text]
    [private] = [r.text for r in replies if isinstance(r, Private)]
    assert "Bob wykonuje prywatny rzut kośćmi." in note
    assert private.startswith("Bob rzuca (tajne): 1d20 (")
    history = await chat.text("/history")
    assert "[race #1] Ann rzuca: 35d4 (" in history
    assert "[race #2] Bob wykonuje prywatny rzut kośćmi." in history
    no_english(chat.seen)


@pytest.mark.parametrize(
    ("platform", "bold"),
    [("discord", r"= \*\*\d+\*\*$"), ("telegram", r"= <b>\d+</b>$"), ("console", r"= \d+$")],
)
async def test_every_platforms_rendering_speaks_polish(
    referee: Referee, platform: str, bold: str
) -> None:
    chat = Chat(referee, platform, "pl-style")
    await chat.send("/settings language pl", admin=True)
    text = await chat.text("/roll 4d6kh3 ogień & lód")
    assert text.startswith("Ann rzuca (ogień &amp; lód): 4d6kh3 (" if platform == "telegram"
                           else "Ann rzuca (ogień & lód): 4d6kh3 (")  # fmt: skip
    assert re.search(bold, text), text
    counted = await chat.text("/roll 6d10 t7 f1")
    assert re.search(r"sukces|porażk", counted), counted
    note, private = await chat.send("/gmroll 2d6")
    assert note.text == "Ann wykonuje prywatny rzut kośćmi."
    assert private.text.startswith("Ann rzuca: 2d6 (") and re.search(bold, private.text)
    no_english(chat.seen)

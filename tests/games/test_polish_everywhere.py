"""Acceptance: every game played to its final score in Polish, chosen each of the three ways (the
chat's `/settings language pl`, the table's `/new GAME --lang pl`, and the players' apps alone,
their Telegram language_code or Discord locale `pl`), one human and bots, seeded.

Everything the table shows Ann (replies, boards as drawn, buttons, offered moves, /help, /rules,
/card, /settings, /history, /undo, the final score) is scanned word by word for English. The
English words are those of every msgid of the catalogues that no Polish translation uses where
its own msgid does not (so 'Start' or 'Golem', Polish too, are not English), and the English
names of the games' data; a word counts from three letters, outside notation (commands and
options as typed, dice, quoted file keys). Allowed besides: proper names (players, games,
programs) and the few English words Polish spells alike, listed below."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

import pytest

from bot.referee import Referee
from games.gotown.catalog import NAMES as GOTOWN_NAMES
from games.gotown.catalog import WORDS as GOTOWN_WORDS
from games.i18n import Name
from games.papercraft.catalog import data as papercraft_data
from games.papertales.catalog import BUILDINGS, UNITS
from games.papertown.catalog import COLOURS, OBJECTIVES, POWERS
from games.papertown.participants import VIRTUAL_NAMES
from games.skylines.cards import TRACK_TITLES
from games.skylines.catalog import load
from tests.polish import PolishTable, english_words, english_words_in, words

PROPER = {"ann", "robo", "paperref", "papertown", "paper", "tales", "gotown", "skylines"}
PROPER |= {"papercraft", "openskill", "json", "png", "sha", "wiki", "otoro", "creative", "commons"}
"""Names: the players, the games, programs and formats, a unit's own name."""
SPELT_ALIKE = {"bot", "start", "solo", "plus", "minus", "bank", "legion", "park", "hotel"}
SPELT_ALIKE |= {"magenta", "demon", "golem", "kraken", "status", "format"}
"""English words that are Polish words too, spelt the same."""


def _forms(names: Iterable[object]) -> list[tuple[str, str]]:
    return [(str(n), n.forms["pl"]) for n in names if isinstance(n, Name)]


def data_names() -> list[tuple[str, str]]:
    """(English, Polish) of every name in the five games' data."""
    pairs = [(u.name, u.pl) for u in UNITS] + [(b.name, b.pl) for b in BUILDINGS]
    pairs += _forms([*GOTOWN_NAMES.values(), *GOTOWN_WORDS.values()])
    sample = load(None)
    pairs += _forms([*sample.names.values(), *TRACK_TITLES.values()])
    papertown = [n for c in COLOURS.values() for n in (c.name, c.short)]
    papertown += [n for p in POWERS.values() for n in (p.title, p.label, p.effect)]
    papertown += [n for o in OBJECTIVES.values() for n in (o.title, o.pays)]
    pairs += _forms([*papertown, *VIRTUAL_NAMES.values()])
    polish = papercraft_data()["pl"]
    for table in ("units", "attacks", "nations", "templates", "primary_types", "attack_types"):
        pairs += list(polish[table].items())
    pairs += [(english, entry["name"]) for english, entry in polish["abilities"].items()]
    return pairs


@cache
def english() -> set[str]:
    pairs = data_names()
    polish = set().union(*(words(pl) for _en, pl in pairs))
    named = set().union(*(words(en) for en, _pl in pairs))
    return (english_words(PROPER | SPELT_ALIKE) | named) - polish - PROPER - SPELT_ALIKE


GAMES = {
    "papertown": ("", ["/addbot"], "/rules papertown łapówka"),
    "gotown": (" --short", ["/addbot", "/addbot Robo"], "/rules gotown pies"),
    "papertales": ("", ["/addbot", "/addbot Robo"], "/card Rycerz"),
    "skylines": ("", ["/addbot", "/addbot Robo"], "/card skylines Piekarnia"),
    "papercraft": (" --points 150 --rounds 3", ["/addbot"], "/card Łucznicy"),
}
WAYS = ("settings", "new", "app")


async def play_in_polish(referee: Referee, game: str, way: str) -> PolishTable:
    options, seats, card = GAMES[game]
    table = PolishTable(referee, f"pl-{game}-{way}", locale="pl" if way == "app" else "en-US")
    if way == "settings":
        await table.send("/settings jezyk pl")
    await table.send(f"/new {game}{options}" + (" --lang pl" if way == "new" else ""))
    for line in [*seats, "/help", "/rules", card, "/settings", "/start", "/hand", "/status"]:
        await table.send(line)
    for _text, command in (await referee.offered_moves("test", table.chat, "ann"))[:1]:
        await table.send(command)
        await table.send("/undo")
    await table.send("/history")
    await table.play_to_the_end()
    if way != "new":  # a table's --lang ends with it: Ann's English app reads the chat after
        await table.send("/history 2")
    return table


@pytest.mark.parametrize("way", WAYS)
@pytest.mark.parametrize("game", list(GAMES))
async def test_a_game_played_in_polish_shows_no_english_word(
    referee: Referee, game: str, way: str
) -> None:
    table = await play_in_polish(referee, game, way)
    assert any("Koniec gry" in s or "koniec gry" in s for s in table.seen)
    found = english_words_in(table.seen, english())
    assert not found, "\n".join(f"{word!r} in: {line}" for word, line in found.items())


def test_the_word_check_finds_english_and_passes_polish() -> None:
    check = english()
    assert {"the", "turn", "winner", "build", "knight", "longbowmen"} <= check
    assert not check & {"tura", "zwycięzca", "rycerz", "bot", "golem", "start"}
    assert english_words_in(["Ann ends the turn."], check) == {
        "ends": "Ann ends the turn.",
        "the": "Ann ends the turn.",
        "turn": "Ann ends the turn.",
    }
    assert english_words_in(["Ann kończy turę: /done, --points 150, 2d6, 'row'."], check) == {}

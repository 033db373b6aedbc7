"""/help in Polish: at a table opened with `--lang pl`, every usage line and argument name of every
verb (shared and each registered game's own) is said in Polish; none keeps an English usage word."""

from __future__ import annotations

import re
from collections.abc import Iterable

import pytest

from bot.commands import help as help_module
from bot.commands.help import help_text
from bot.commands.parse import Invocation
from bot.referee import Referee
from bot.replies import Reply
from bot.verbs import SHARED
from games.base import Verb
from games.registry import GAMES, engine_for

REAL_GAMES = [key for key, module in GAMES.items() if module.startswith("games.")]
NOTATION = {"xN"}
"""Usage words a player types as they are, in any language (`/army add Archers x3`)."""
_FLAG_OR_COMMAND = re.compile(r"(?:--|/)[\w-]+")
_WORD = re.compile(r"[^\W\d_]{2,}")


def usage_parts(text: str) -> list[str]:
    """The usage of each line of /help (before its first ': '), and the argument names of
    /help VERB (`  CARD: ...`), with the command names and --flags left out."""
    parts = []
    for line in text.splitlines():
        head, colon, _rest = line.partition(": ")
        head = head.strip()
        usage = line.startswith("  ") or head.startswith("/")
        if colon and usage and not head.startswith(("--", "np.", "e.g.")):
            parts.append(_FLAG_OR_COMMAND.sub(" ", head))
    return parts


def words_of(texts: Iterable[str]) -> set[str]:
    return {word for text in texts for part in usage_parts(text) for word in _WORD.findall(part)}


def english_words() -> set[str]:
    """Every word of every verb's usage and argument names as /help says them in English."""
    verbs: list[Verb[object]] = [*SHARED]
    for key in REAL_GAMES:
        verbs.extend(engine_for(key).verbs)
    texts = [help_text(SHARED, None, None, "en")]
    texts += [help_text(SHARED, None, verb.name, "en") for verb in verbs]
    return words_of(texts) - NOTATION


def leaks(polish: Iterable[str], english: set[str]) -> list[tuple[str, str]]:
    """(the English usage word, the line it is in) in Polish /help texts."""
    found = []
    for text in polish:
        for part in usage_parts(text):
            found += [(word, part) for word in _WORD.findall(part) if word in english]
    return found


async def _help_at_a_polish_table(referee: Referee, game: str) -> list[str]:
    chat = f"help-pl-{game}"
    engine = engine_for(game)
    texts = []
    lines = [f"/new {game} --lang pl", "/help"]
    lines += [f"/help {verb.name}" for verb in (*SHARED, *engine.verbs)]
    for line in lines:
        verb, *args = line[1:].split()
        replies: list[Reply] = await referee.handle(
            Invocation("test", chat, "ann", "Ann", verb, args, locale="en-US")
        )
        assert replies, line
        if verb == "help":
            texts.extend(reply.text for reply in replies)
    return texts


@pytest.mark.parametrize("game", REAL_GAMES)
async def test_help_at_a_polish_table_has_no_english_usage_word(
    referee: Referee, game: str
) -> None:
    texts = await _help_at_a_polish_table(referee, game)
    english = english_words()
    assert len(texts) > len(engine_for(game).verbs)
    assert {word for word in english if word.isupper()} >= {"CARD", "PLAYER", "GAME"}
    assert leaks(texts, english) == []


def test_help_without_a_table_lists_every_game_verb_in_polish() -> None:
    verbs = {verb.name for key in REAL_GAMES for verb in engine_for(key).verbs}
    texts = [help_text(SHARED, None, None, "pl")]
    texts += [help_text(SHARED, None, name, "pl") for name in sorted(verbs)]
    assert leaks(texts, english_words()) == []


def test_a_usage_word_missing_from_the_list_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    words = {k: v for k, v in help_module.USAGE_WORDS.items() if k not in ("CELL", "at")}
    monkeypatch.setattr(help_module, "USAGE_WORDS", words)
    papertown, papercraft = engine_for("papertown"), engine_for("papercraft")
    texts = [
        help_text(SHARED, papertown, "mark", "pl"),
        help_text(SHARED, papercraft, "place", "pl"),
    ]
    assert {word for word, _part in leaks(texts, english_words())} == {"CELL", "at"}


def test_a_name_is_a_person_in_shared_verbs_and_a_thing_in_the_games() -> None:
    """IMIĘ for the table's own /kick NAME and /addbot [NAME]; NAZWA for a power, a unit, an
    achievement; English keeps NAME for both."""
    papertown = engine_for("papertown")
    assert help_text(SHARED, None, "kick", "pl").startswith("/kick IMIĘ:")
    assert "\n  IMIĘ: Imię bota." in help_text(SHARED, None, "addbot", "pl")
    assert help_text(SHARED, papertown, "power", "pl").startswith("/power NAZWA POLE [POLE ...]:")
    assert "\n  NAZWA: moc, której chcesz użyć" in help_text(SHARED, papertown, "power", "pl")
    listing = help_text(SHARED, papertown, None, "pl")
    assert "  /kick IMIĘ: " in listing and "  /addbot [IMIĘ]: " in listing
    assert "  /mark POLE [POLE ...] [--power NAZWA]: " in listing
    achieve = help_text(SHARED, engine_for("skylines"), "achieve", "pl")
    assert achieve.startswith("/achieve NAZWA:")
    unit = help_text(SHARED, engine_for("papercraft"), "unit", "pl")
    assert unit.startswith("/unit dodaj BLOK STATYSTYK | lista | pokaż NAZWA | usuń NAZWA:")
    assert help_text(SHARED, papertown, "power", "en").startswith("/power NAME CELL [CELL ...]:")
    assert help_text(SHARED, None, "kick", "en").startswith("/kick NAME:")
    build = help_text(SHARED, engine_for("skylines"), "build", "en")
    assert build.startswith("/build CARD|row N [over N | left | right | gap N] [pay CARD ...]:")

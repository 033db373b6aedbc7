"""Polish where the full games do not reach: /settings read and written with Polish keys and
values, /rules VERB with Polish placeholders, the help examples' card names, the console's note
on a board that moved, and /history in the players' app language."""

from __future__ import annotations

import pytest

from bot.adapters.console import Console
from bot.commands.help import help_text
from bot.commands.parse import Invocation
from bot.i18n import say
from bot.referee import Referee
from bot.verbs import SHARED
from games.registry import engine_for
from tests.core.transcript import channel, run_lines, to


async def test_settings_take_polish_keys_and_values(console: Console) -> None:
    records = await run_lines(
        console,
        "Ann: /settings jezyk pl\nAnn: /settings plansza obraz\nAnn: /settings czas-tury wył\n"
        "Ann: /settings gry wszystkie\nAnn: /settings plansza tęcza\nAnn: /settings kolor zielony\n"
        "Ann: /settings",
    )
    said = channel(records)
    assert said[:4] == [
        "Ann ustawia język na pl dla tego czatu.",
        "Ann ustawia plansza na obraz dla tego czatu.",
        "Ann ustawia czas-tury na wył. dla tego czatu.",
        "Ann ustawia gry na domyślną wartość dla tego czatu.",  # all games is the default
    ]
    assert said[4].splitlines()[1:5] == [
        "  plansza: obraz",
        "  język: pl",
        "  czas-tury: wył.",
        "  gry: wszystkie",
    ]
    assert "np. /settings plansza obraz." in said[4]
    assert to(records, "Ann") == [
        "plansza musi mieć jedną z wartości: automatyczna, tekst, obraz.",
        "Nie ma ustawienia kolor; ustawienia to plansza, język, czas-tury, gry.",
    ]
    records = await run_lines(console, "Ann: /settings board text\nAnn: /settings language en")
    assert channel(records)[-1] == "Ann set language to en for this chat."


async def test_rules_of_a_verb_say_its_placeholders_as_help_does(referee: Referee) -> None:
    for game, verb, usage in (
        ("papercraft", "attack", "/attack ATAKUJĄCY CEL [BROŃ]"),
        ("skylines", "draw", "/draw talia | rząd N"),
    ):
        answer = await referee.handle(
            Invocation("test", "rules", "u1", "Ann", "rules", [game, verb], locale="pl")
        )
        assert answer[0].text.startswith(usage), answer[0].text
        english = await referee.handle(
            Invocation("test", "rules", "u1", "Ann", "rules", [game, verb], locale="en")
        )
        assert not english[0].text.startswith(usage)


def test_help_examples_name_cards_and_words_in_polish() -> None:
    papertales, gotown = engine_for("papertales"), engine_for("gotown")
    assert "  np. /draft Demon odrzuć Rolnik 2" in help_text(SHARED, papertales, "draft", "pl")
    assert "  e.g. /draft Demon discard Farmer 2" in help_text(SHARED, papertales, "draft", "en")
    assert "  np. /deploy Demon przód" in help_text(SHARED, papertales, "deploy", "pl")
    assert "  np. /steal 3 od Bob piętro 2" in help_text(SHARED, gotown, "steal", "pl")
    assert "  np. /play kość Bob piętro 2" in help_text(SHARED, gotown, "play", "pl")
    assert "  np. /settings czas-tury 1h" in help_text(SHARED, None, "settings", "pl")
    assert "  np. /card skylines Poczta" in help_text(SHARED, None, "card", "pl")
    assert "  np. /rules papertown domyślne" in help_text(SHARED, None, "rules", "pl")


async def test_the_console_says_where_the_board_moved_in_the_chats_language(
    console: Console,
) -> None:
    await run_lines(console, "Ann: /settings jezyk pl\nAnn: /new race\nBob: /join\nAnn: /start")
    records = await run_lines(console, "Ann: /board")
    edits = [r["text"] for r in records if r.get("edit")]
    assert "(plansza przeniosła się do wiadomości " in " ".join(edits), records


async def test_a_table_of_polish_apps_logs_its_history_in_polish(referee: Referee) -> None:
    """No table or chat language: the log is written in the one language of the players' apps,
    so Bob's English app reads /history's own words in English and the moves in Polish."""

    async def send(user: str, verb: str, *args: str, locale: str = "pl") -> str:
        inv = Invocation("test", "apps", user, user.title(), verb, list(args), locale=locale)
        return "\n".join(reply.text for reply in await referee.handle(inv))

    await send("ann", "new", "gotown")
    await send("bob", "join")
    await send("ann", "start")
    for user in ("ann", "bob", "ann", "bob"):
        moves = await referee.offered_moves("test", "apps", user)
        if moves:
            await send(user, *moves[0][1][1:].split())
    said = await send("bob", "history", locale="en")
    assert said.startswith("Recent moves and rolls:\n[gotown #1] "), said
    assert "kończy turę" in said or "buduje" in said, said
    assert " the " not in said, said


@pytest.mark.parametrize(
    ("game", "topic", "starts", "listed"),
    [
        ("papertown", "łapówka", "Moce: ", "arkusz, rzut, zaznaczanie, moc"),
        ("gotown", "domyślne", "- ", "domyślne, /build, /steal, ?, /play, pies"),
        ("papertales", "wojny", "Wojny: ", "domyślne, /draft, /deploy"),
        ("skylines", "karty", "Własne karty: ", "domyślne, zasady, efekty, karty, komendy, /city"),
        ("papercraft", "zdolności", "", "domyślne, pancerz, jednostki, zdolności, licencja"),
    ],
)
def test_rules_topics_are_listed_and_read_in_polish(
    game: str, topic: str, starts: str, listed: str
) -> None:
    """A Polish reader types a topic's Polish name; an unknown topic lists them in Polish (a
    command's topic as the command)."""
    engine = engine_for(game)
    found = say(engine.rules(topic), "pl")
    assert found.startswith(starts) and not found.startswith("Nieznany"), found[:80]
    assert f"spróbuj: {listed}" in say(engine.rules("bogus"), "pl")

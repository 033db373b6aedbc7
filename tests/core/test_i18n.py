"""Translation: the catalogue is complete, marked texts say themselves in each reader's language,
and the referee picks that language (table > chat > the reader's platform locale > English)."""

from __future__ import annotations

import copy
import json
import shutil
from collections.abc import Iterable
from pathlib import Path

import pytest
from babel.messages.pofile import read_po, write_po

from bot import catalogue
from bot.commands.parse import Invocation
from bot.i18n import Audience, localise_replies, localise_view, say, supported, translator
from bot.referee import Referee
from bot.render.text import render_text
from bot.replies import Button, Private, Public
from games.base import Move, RuleError, TableBlock, View
from games.i18n import Name, _, _n, from_json, joined, to_json

KNIGHT = Name({"en": "Knight 2", "pl": "Rycerz 2"})


def test_every_marked_text_has_a_complete_polish_translation() -> None:
    assert list(catalogue.missing("pl")) == []


def test_a_catalogue_that_lacks_a_message_or_breaks_a_placeholder_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = dict(catalogue.catalogue_files("pl"))
    path = tmp_path / "paperref.po"
    shutil.copy(files["paperref"], path)
    with path.open("rb") as handle:
        po = read_po(handle, locale="pl")
    del po["It is {name}'s turn, not yours."]
    po["The game is waiting for you."].string = ""
    po["{name} joins ({n} seated)."].string = "{imie} dołącza."
    with path.open("wb") as handle:
        write_po(handle, po)
    files["paperref"] = path
    monkeypatch.setattr(catalogue, "catalogue_files", lambda lang: list(files.items()))
    problems = list(catalogue.missing("pl"))
    assert any("no translation of \"It is {name}'s turn" in p for p in problems), problems
    assert any("empty translation of 'The game is waiting for you.'" in p for p in problems)
    assert any("placeholders of '{imie} dołącza.'" in p for p in problems)
    assert len(problems) == 3


def disagreements(files: Iterable[tuple[str, Path]], lang: str = "pl") -> list[str]:
    """One line per msgid that two catalogues translate differently: at run time the first one
    read would win (bot.i18n.load_catalogue), silently overriding the other domain's meaning."""
    said: dict[str, dict[str, object]] = {}
    for domain, path in files:
        if not path.exists():
            continue
        with path.open("rb") as handle:
            po = read_po(handle, locale=lang)
        for message in po:
            if not message.id or message.fuzzy:
                continue
            key = str(message.id[0] if isinstance(message.id, tuple | list) else message.id)
            string = message.string
            said.setdefault(key, {})[domain] = (
                tuple(string) if isinstance(string, tuple | list) else string
            )
    return [
        f"{key!r}: " + "; ".join(f"{domain} {text!r}" for domain, text in by.items())
        for key, by in said.items()
        if len(set(by.values())) > 1
    ]


def test_no_two_catalogues_translate_one_msgid_differently() -> None:
    files = catalogue.catalogue_files("pl")
    assert len(files) >= 6  # the core and every game
    assert disagreements(files) == []


def test_two_catalogues_that_disagree_are_caught(tmp_path: Path) -> None:
    files = dict(catalogue.catalogue_files("pl"))
    for domain, text in (("papertales", "koniec gry"), ("papercraft", "końca gry")):
        with files[domain].open("rb") as handle:
            po = read_po(handle, locale="pl")
        po["game over"].string = text
        files[domain] = tmp_path / f"{domain}.po"
        with files[domain].open("wb") as handle:
            write_po(handle, po)
    found = disagreements(files.items())
    assert found == ["'game over': papertales 'koniec gry'; papercraft 'końca gry'"]


def test_marked_texts_are_english_strings_that_say_themselves_in_polish() -> None:
    text = _("{name} takes back: {summary}", name="Ann", summary=KNIGHT)
    assert text == "Ann takes back: Knight 2" and isinstance(text, str)
    assert say(text, "pl") == "Ann cofa: Rycerz 2"
    assert say(text, "en") == "Ann takes back: Knight 2"
    assert say("a plain name", "pl") == "a plain name"
    assert say(joined([KNIGHT, _("nobody")], "; "), "pl") == "Rycerz 2; nikogo"
    assert copy.deepcopy(text) is text  # states and events are deep-copied freely


def test_polish_plurals_take_all_three_forms() -> None:
    said = {n: say(_n("{n} game", "{n} games", n), "pl") for n in (1, 2, 5, 12, 22, 25)}
    assert said == {
        1: "1 gra",
        2: "2 gry",
        5: "5 gier",
        12: "12 gier",
        22: "22 gry",
        25: "25 gier",
    }
    assert say(_n("{n} game", "{n} games", 1), "en") == "1 game"


def test_messages_survive_json_in_any_language() -> None:
    text = _("{name} takes back: {summary}", name="Ann", summary=joined([KNIGHT, "x"]))
    again = from_json(json.loads(json.dumps(to_json(text))))
    assert again == text and say(again, "pl") == "Ann cofa: Rycerz 2, x"


def test_refusals_and_moves_carry_marked_text() -> None:
    error = RuleError(_("It is {name}'s turn, not yours.", name="Bob"))
    assert str(error) == "It is Bob's turn, not yours."
    assert say(error.message, "pl") == "Teraz kolej gracza Bob, nie twoja."
    move = Move("draft", (KNIGHT,))
    assert move.text == "/draft Knight 2"  # what a press sends and the log keeps
    assert say(move.shown, "pl") == "/draft Rycerz 2"  # what the reader sees


def test_platform_locales_and_the_order_of_choice() -> None:
    assert [supported(c) for c in ("pl", "pl-PL", "en-US", "en_GB", "de", "", None)] == [
        "pl",
        "pl",
        "en",
        "en",
        None,
        None,
        None,
    ]
    users = {"ann": "pl", "bob": "en"}
    alone = Audience(users=users)
    assert (alone.of("ann"), alone.of("bob"), alone.of("cid"), alone.public()) == (
        "pl",
        "en",
        "en",
        "en",
    )
    chat = Audience(chat="pl", users=users, sender_id="bob", sender="en")
    assert (chat.of("bob"), chat.public()) == ("pl", "pl")
    table = Audience(table="en", chat="pl", users=users)
    assert (table.of("ann"), table.public()) == ("en", "en")
    sender = Audience(sender_id="cid", sender="pl")
    assert (sender.of("cid"), sender.public(), sender.of("dan")) == ("pl", "pl", "en")
    old = Audience.of_chat({}, {"lang": "pl"}, {})  # a Paper Tales table from before --lang
    assert old.public() == "pl"


def test_one_command_reaches_ann_in_polish_and_bob_in_english() -> None:
    text = _("It is not your turn to act; waiting for {who}.", who=_("nobody"))
    board = View(_("Games:"), tables=[TableBlock(_("Games:"), [_("Board")], [[KNIGHT]])], hand=[])
    replies = [
        Private("ann", "Ann", text, board, (Button(_("Join"), "/join"),)),
        Private("bob", "Bob", text, board, (Button(_("Join"), "/join"),)),
        Public(_("Game over. Nobody wins."), buttons=(Button(_("Rematch"), "/rematch"),)),
    ]
    readers = Audience(users={"bob": "en"}, sender_id="ann", sender="pl")  # Ann sent it
    ann, bob, channel = localise_replies(replies, readers)
    assert ann.text == "To nie twoja kolej; czekamy na: nikogo."
    assert bob.text == "It is not your turn to act; waiting for nobody."
    assert [b.label for b in ann.buttons] == ["Dołącz"] and bob.buttons[0].label == "Join"
    assert ann.board is not None and bob.board is not None
    assert render_text(ann.board).splitlines() == [
        "Gry:",
        "Gry::",
        "  Plansza",
        "  --------",
        "  Rycerz 2",
        "Twoja ręka: (pusta)",
    ]
    assert "Your hand: (empty)" in render_text(bob.board)
    assert channel.text == "Koniec gry. Nikt nie wygrywa." and channel.buttons[0].label == "Rewanż"
    assert localise_view(board, "pl").lang == "pl"


def test_one_row_of_buttons_is_said_in_each_readers_language_at_every_move() -> None:
    """A game's control row is one tuple, said at every move (remembered by language): Ann and
    Bob each read it in their own, however often and in whatever order it is said."""
    row = (Button(_("Show my hand"), "/hand"), Button(_("Board"), "/board"))
    readers = Audience(users={"bob": "en"}, sender_id="ann", sender="pl")
    for _move in range(3):
        ann, bob = localise_replies(
            [Private("ann", "Ann", "", buttons=row), Private("bob", "Bob", "", buttons=row)],
            readers,
        )
        assert [b.label for b in ann.buttons] == ["Pokaż moją rękę", "Plansza"]
        assert [b.label for b in bob.buttons] == ["Show my hand", "Board"]
        assert [b.command for b in ann.buttons] == ["/hand", "/board"]
    other = (Button(_("Join"), "/join"),)  # another row: never answered with the first's labels
    assert [
        b.label
        for b in localise_replies([Private("ann", "Ann", "", buttons=other)], readers)[0].buttons
    ] == ["Dołącz"]


def test_english_needs_no_catalogue() -> None:
    assert translator("en").gettext("anything at all") == "anything at all"
    assert translator("de").lang == "en"


async def test_the_referee_answers_each_sender_in_their_platform_language(
    referee: Referee,
) -> None:
    def inv(user: str, verb: str, *args: str, locale: str | None = None) -> Invocation:
        return Invocation("test", "c1", user.lower(), user, verb, list(args), locale=locale)

    new = await referee.handle(inv("Ann", "new", "race", locale="pl-PL"))
    assert new[0].text.startswith("Ann otwiera stół Race (2-4 graczy; --goal 10).")
    join = await referee.handle(inv("Bob", "join", locale="en-GB"))
    assert join[0].text == "Bob joins (2 seated)."
    refused = await referee.handle(inv("Bob", "new", "race", locale="en-US"))
    assert refused[0].text.startswith("This chat already has a Race table (waiting for players)")
    refused = await referee.handle(inv("Ann", "new", "race", locale="pl"))
    assert refused[0].text.startswith("Ten czat ma już stół Race (czeka na graczy)")
    await referee.handle(inv("Ann", "start", locale="pl"))
    turn = await referee.handle(inv("Bob", "step", "1", locale="en"))
    assert turn[0].text == "It is Ann's turn, not yours."
    # the chat's language wins over the platform's
    await referee.handle(
        Invocation("test", "c1", "ann", "Ann", "settings", ["language", "pl"], admin=True)
    )
    turn = await referee.handle(inv("Bob", "step", "1", locale="en"))
    assert turn[0].text == "Teraz kolej gracza Ann, nie twoja."


async def test_a_table_language_wins_and_is_a_table_setting_of_every_game(
    referee: Referee,
) -> None:
    def inv(user: str, verb: str, *args: str) -> Invocation:
        return Invocation("test", "c2", user.lower(), user, verb, list(args), locale="en")

    new = await referee.handle(inv("Ann", "new", "race", "--lang", "pl"))
    assert new[0].text.startswith("Ann otwiera stół Race (2-4 graczy; --goal 10; język: pl).")
    refused = await referee.handle(inv("Ann", "new", "race", "--lang", "de"))
    assert (
        refused[0].text
        == "Ten czat ma już stół Race (czeka na graczy); najpierw go dokończ albo zakończ przez /end."
    )
    refused = await referee.handle(
        Invocation("test", "c3", "ann", "Ann", "new", ["race", "--lang", "de"])
    )
    assert refused[0].text == "--lang must be one of: en, pl."

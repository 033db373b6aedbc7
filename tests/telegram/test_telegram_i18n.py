"""Telegram in Polish: the command menu in Polish for Polish apps (setMyCommands with
language_code), and each user answered in their app's language unless the table has its own."""

from __future__ import annotations

from bot.i18n import say
from bot.verbs import SHARED
from tests.telegram.fake_botapi import FakeBotApi, User
from tests.telegram.test_telegram import ANN, GROUP, Harness, texts

PIA = User(55, "Pia", "pl-PL")


async def test_the_command_menu_is_also_set_in_polish(tg: Harness, fake: FakeBotApi) -> None:
    default, polish = fake.of("setMyCommands")[:2]
    assert "language_code" not in default.params
    assert polish.params["language_code"] == "pl"
    described = {c["command"]: c["description"] for c in polish.params["commands"]}
    join = next(v for v in SHARED if v.name == "join")
    assert described["join"] == say(join.help, "pl") == "Usiądź przy stole, który czeka na graczy."
    assert set(described) == {c["command"] for c in default.params["commands"]}


async def test_each_user_is_answered_in_the_language_of_their_app(tg: Harness) -> None:
    opened = await tg.say(PIA, "/new race")
    assert "Pia otwiera stół Race" in texts(opened, GROUP)
    joined = await tg.say(ANN, "/join")
    assert "Ann joins (2 seated)." in texts(joined, GROUP)
    listed = await tg.say(PIA, "/games")
    assert texts(listed, GROUP).startswith("Gry:\n")
    listed = await tg.say(ANN, "/games")
    assert texts(listed, GROUP).startswith("Games:\n")


async def test_the_adapters_own_notes_follow_the_reply_language(tg: Harness) -> None:
    await tg.say(PIA, "/new race")
    refused = await tg.say(PIA, "/new race")  # a refusal in a group, Pia never started the bot
    [note] = [c for c in refused if c.method == "sendMessage"]
    assert note.text.startswith("Pia, to zostało odrzucone; powód może zdradzać twoje karty")
    assert [key["text"] for key in note.buttons()] == ["Uruchom bota prywatnie"]

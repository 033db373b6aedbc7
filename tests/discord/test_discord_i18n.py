"""Discord in Polish: command descriptions localised at sync, a Polish client's replies and
autocomplete in Polish (card names shown in Polish, the command sent in English)."""

from __future__ import annotations

from bot.adapters.discord_commands import PLAY_HELP
from bot.commands.help import fit
from bot.i18n import say
from bot.referee import Referee
from bot.verbs import SHARED
from games.papertales.catalog import UNITS
from tests.discord.fake_discord import FakeDiscord
from tests.discord.test_discord import (
    ANN,
    BOB,
    Handled,
    Players,
    autocomplete_answer,
    fake,
    handled,
    public,
    running,
    settings,
    text,
)

__all__ = ["fake", "handled"]  # the fixtures, shared with test_discord


async def test_descriptions_are_synced_with_polish_localisations(
    fake: FakeDiscord, referee: Referee, handled: Handled
) -> None:
    async with running(fake, referee, settings()):
        pass
    synced = {c["name"]: c for c in fake.commands["global"]}
    join = next(v for v in SHARED if v.name == "join")
    assert synced["join"]["description"] == join.help
    assert synced["join"]["description_localizations"]["pl"] == say(join.help, "pl")
    assert synced["join"]["description_localizations"]["pl"].startswith("Usiądź przy stole")
    play = synced["play"]
    assert play["description_localizations"]["pl"] == fit(say(PLAY_HELP, "pl"))
    assert play["description_localizations"]["pl"] != play["description"]
    addbot = next(v for v in SHARED if v.name == "addbot")
    [name] = synced["addbot"]["options"]
    assert name["description_localizations"]["pl"] == say(addbot.args[0].help, "pl")
    assert synced["new"]["options"][0]["description_localizations"]["pl"] == "Gra, w którą gracie."


async def test_a_polish_client_reads_polish_and_autocompletes_polish_names(
    fake: FakeDiscord, referee: Referee, handled: Handled
) -> None:
    fake.locales[ANN.id] = "pl"
    players = Players(fake, handled)
    async with running(fake, referee, settings()):
        opened = await players.slash(ANN, "new", game="papertales")
        assert "otwiera stół Paper Tales" in text(public(opened))
        joined = await players.slash(BOB, "join")  # Bob's client is in English
        assert "Bob joins (2 seated)." in text(public(joined))
        await players.slash(ANN, "start")
        asked = await fake.autocomplete(ANN, "play", "move", move="draft")
        answer = await autocomplete_answer(fake, asked)
    choices = answer["data"]["choices"]
    assert choices, answer
    english = {u.name for u in UNITS if u.name != u.pl}
    polish = {u.pl for u in UNITS}
    for choice in choices:
        shown, sent = (
            choice["name"].removeprefix("Wybierz: "),
            choice["value"].removeprefix("/draft "),
        )
        assert any(shown.startswith(name) for name in polish), shown
        assert "(koszt " in shown and ", siła " in shown, shown  # the card's short form
        assert not any(shown.startswith(name) for name in english), shown
        assert any(sent.startswith(name) for name in {u.name for u in UNITS}), sent
    assert any(c["name"] != c["value"] for c in choices)

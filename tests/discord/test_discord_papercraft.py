"""Papercraft's /attack in a channel with no table, through the fake Discord: a typed command
whose unit options autocomplete every unit the channel knows, in the reader's language."""

from __future__ import annotations

from bot.referee import Referee
from tests.discord.fake_discord import FakeDiscord
from tests.discord.test_discord import (
    ANN,
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


async def test_attack_anywhere_with_autocompleted_units(
    fake: FakeDiscord, referee: Referee, handled: Handled
) -> None:
    players = Players(fake, handled)
    async with running(fake, referee, settings()):
        synced = {c["name"]: c for c in fake.commands["global"]}
        options = {o["name"]: o for o in synced["attack"]["options"]}
        assert options["attacker"]["autocomplete"] and options["target"]["autocomplete"]
        assert {"range", "dice", "hp", "moved", "private"} <= set(options)
        asked = await fake.autocomplete(
            ANN, "attack", "target", attacker="Longbowmen", target="banner"
        )
        answer = await autocomplete_answer(fake, asked)
        assert answer["data"]["choices"] == [{"name": "Banner Captain", "value": "Banner Captain"}]
        fake.locales[ANN.id] = "pl"
        asked = await fake.autocomplete(ANN, "attack", "attacker", attacker="kapitan")
        answer = await autocomplete_answer(fake, asked)
        assert answer["data"]["choices"] == [
            {
                "name": "Kapitan Chorągwi",
                "value": "Banner Captain",
            }  # read in Polish, sent in English
        ]
        fake.locales[ANN.id] = "en-US"
        shown = await players.slash(
            ANN,
            "attack",
            attacker="Longbowmen",
            target="Banner Captain",
            range="12",
            dice="4,2,5,3",
        )
    assert text(public(shown)) == (
        "Ann: Longbowmen 4+2=6 vs Banner Captain 2+1=3: hit. 2d6 [5,3]=8, Pierce vs Heavy -3: "
        "5 damage. Banner Captain 22 -> 17 HP."
    )

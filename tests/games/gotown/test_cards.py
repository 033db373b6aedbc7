"""GoTown's special cards and the joker can be read in full, named in English or Polish: `/card`
at a table, `/rules gotown CARD` anywhere; number cards and unknown names are refused."""

from __future__ import annotations

from bot.referee import Referee
from bot.replies import Private
from tests.polish import PolishTable


async def test_card_shows_a_special_card_in_the_readers_language(referee: Referee) -> None:
    table = PolishTable(referee, "gotown-cards")
    await table.send("/new gotown --lang pl")
    await table.send("/addbot")
    await table.send("/start")
    dog = (await table.send("/card pies"))[0]
    assert isinstance(dog, Private) and dog.refusal is None
    assert dog.text.startswith("pies (4 egzemplarze w talii): /play pies [piętro]"), dog.text
    wreck = (await table.send("/card kula burzaca"))[0].text
    assert wreck.startswith("kula burząca (1 egzemplarz w talii)"), wreck
    for unknown in ("/card 5", "/card Nothing"):
        refused = (await table.send(unknown))[0]
        assert isinstance(refused, Private) and refused.refusal is not None, unknown


async def test_rules_names_a_card_without_a_table(referee: Referee) -> None:
    table = PolishTable(referee, "gotown-rules-card")
    thief = (await table.send("/rules gotown superzlodziej"))[0].text
    assert thief.startswith("super-thief (1 copy in the deck): /play superthief"), thief
    refused = (await table.send("/card thief"))[0]  # no table: say which game
    assert isinstance(refused, Private) and refused.refusal is not None
    assert "/card GAME CARD" in refused.text

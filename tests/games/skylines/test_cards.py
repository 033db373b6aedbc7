"""Acceptance: a Skylines card is readable where it is chosen. The dealt cards' DM shows each
card's cost, gains, icons and mayor action, `/card` and `/rules skylines CARD` show one card or
city in full, and build and draw buttons carry the short form; in English and in Polish."""

from __future__ import annotations

from typing import Any

import pytest

from bot.referee import Referee
from bot.replies import Private
from games.skylines.catalog import sample_data
from tests.polish import PolishTable

WORDS = {
    "en": ("From the level 1 deal you take ", "cost {cost}", "name", "mayor_action"),
    "pl": ("Z rozdania poziomu 1 bierzesz: ", "koszt {cost}", "name_pl", "mayor_action_pl"),
}


def card_named(text: str, lang: str) -> dict[str, Any]:
    """The sample card a text starts with, by its name in that language."""
    key = WORDS[lang][2]
    cards = sorted(sample_data()["cards"], key=lambda c: -len(c[key]))
    return next(c for c in cards if text.startswith(c[key] + " ("))


@pytest.mark.parametrize("lang", ["en", "pl"])
async def test_dealt_cards_and_card_show_cost_icons_and_action(referee: Referee, lang: str) -> None:
    deal, cost, _name, action = WORDS[lang]
    table = PolishTable(referee, f"sky-cards-{lang}")
    await table.send("/new skylines" + (" --lang pl" if lang == "pl" else ""))
    await table.send("/addbot")
    started = await table.send("/start")
    dealt = [r.text for r in started if isinstance(r, Private) and r.text.startswith(deal)]
    assert len(dealt) == 2
    for text in dealt:
        card = card_named(text.removeprefix(deal), lang)
        assert cost.format(cost=card["cost"]) in text and text.endswith(card[action]), text

    post_office = (await table.send("/card poczta"))[0]
    assert isinstance(post_office, Private) and post_office.refusal is None
    card = card_named(post_office.text, lang)
    assert card["name"] == "Post Office"
    assert cost.format(cost=1) in post_office.text and post_office.text.endswith(card[action])
    city = (await table.send("/rules skylines Harborview"))[0].text
    assert ("Waterfront" if lang == "en" else "Nabrzeże") in city, city
    refused = (await table.send("/card Nowhere Street"))[0]
    assert isinstance(refused, Private) and refused.refusal is not None

    offered = await referee.offered_moves("test", table.chat, "ann")
    kept = next(command for _shown, command in offered if command.startswith("/city "))
    await table.send(kept)
    offered = await referee.offered_moves("test", table.chat, "ann")
    builds = [shown for shown, command in offered if command.startswith("/build ")]
    assert builds and all(cost.format(cost="") in shown for shown in builds), builds

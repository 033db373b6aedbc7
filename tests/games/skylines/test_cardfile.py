"""A group's own card file: loaded when valid, refused at set-up naming the card and field."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from games.base import Rng, RuleError
from games.skylines import ENGINE
from games.skylines.catalog import sample_data


def sample() -> dict[str, Any]:
    return json.loads(json.dumps(sample_data()))


def card(data: dict[str, Any], name: str) -> dict[str, Any]:
    return next(c for c in data["cards"] if c["name"] == name)


def start(text: str) -> dict[str, Any]:
    state, _ = ENGINE.setup(["Ann", "Bob"], {"cards": text, "first": ""}, Rng("file"))
    return state


def refused(change: Callable[[dict[str, Any]], None], *fragments: str) -> None:
    data = sample()
    change(data)
    with pytest.raises(RuleError) as error:
        start(json.dumps(data))
    for fragment in fragments:
        assert fragment in str(error.value)


def test_the_package_sample_loads_and_is_labelled() -> None:
    data = sample_data()
    assert "ORIGINAL sample" in data["provenance"]
    assert len(data["cards"]) == 80 and all("effect" in c for c in data["cards"])


def test_missing_field_names_card_and_field() -> None:
    refused(lambda d: card(d, "Diner").pop("cost"), "card 'Diner'", "'cost'", "missing")


def test_wrong_value_names_card_and_field() -> None:
    refused(lambda d: card(d, "Hotel").update(level=7), "card 'Hotel'", "'level'")
    refused(lambda d: card(d, "Hotel").update(type="Castle"), "card 'Hotel'", "'type'")
    refused(lambda d: card(d, "Hotel").update(site="Moon"), "card 'Hotel'", "'site'")


def test_bad_effect_step_names_card_and_path() -> None:
    refused(
        lambda d: card(d, "Pocket Park")["effect"][0].update(track="sideways"),
        "card 'Pocket Park'",
        "'effect[0].track'",
    )
    refused(
        lambda d: card(d, "Lumber Yard")["effect"][0]["then"][0].update(n=0),
        "card 'Lumber Yard'",
        "'effect[0].then[0].n'",
    )
    refused(lambda d: card(d, "Diner").update(effect=[{"do": "fly"}]), "'effect[0].do'")
    refused(
        lambda d: card(d, "Diner").update(effect=[{"do": "draw", "n": 1, "from": "deck", "x": 1}]),
        "'effect[0].x'",
    )


def test_card_without_a_name_is_named_by_number() -> None:
    refused(lambda d: d["cards"][2].pop("name"), "card number 3", "'name'")


def test_duplicate_names_and_thin_levels_are_refused() -> None:
    refused(lambda d: card(d, "Hotel").update(name="Diner"), "'Diner' is used twice")
    refused(
        lambda d: d.update(cards=[c for c in d["cards"] if c["level"] != 4 or c["id"] < 63]),
        "level 4 has 2 cards",
    )


def test_cities_achievements_and_awards_are_checked() -> None:
    refused(
        lambda d: d["cities"][0]["passive_effect"].update(on="sunrise"),
        "city 'Harborview'",
        "'passive_effect.on'",
    )
    refused(
        lambda d: d["achievements"][0]["test"].update(check="luck"),
        "achievement 'Diverse District'",
        "'test.check'",
    )
    refused(
        lambda d: d["game_end_awards"][0].update(measure="shortest"),
        "award 'Tallest Building'",
        "'measure'",
    )


def test_not_json_is_refused() -> None:
    with pytest.raises(RuleError, match="not valid JSON"):
        start("{cards: ")


def test_a_valid_file_is_played_with() -> None:
    data = sample()
    card(data, "Diner").update(name="Noodle Bar")
    state = start(json.dumps(data))
    everywhere = [c for deck in state["decks"].values() for c in deck] + state["row"]
    everywhere += [c for hand in state["hands"] for c in hand]
    assert "Noodle Bar" in everywhere and "Diner" not in everywhere


def test_a_partial_file_takes_the_rest_from_the_sample() -> None:
    data = {"cards": sample()["cards"]}
    state = start(json.dumps(data))
    assert len(state["claims"]) == 6

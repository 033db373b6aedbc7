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


def english(entry: dict[str, Any]) -> dict[str, Any]:
    """An entry without its Polish twin fields (name_pl, mayor_action_pl, ...)."""
    return {k: v for k, v in entry.items() if not k.endswith("_pl")}


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


# numbers and sizes have limits ------------------------------------------------------------

HUGE = 10**9


def deep_steps(levels: int) -> list[dict[str, Any]]:
    steps: list[dict[str, Any]] = [{"do": "draw", "n": 1, "from": "deck"}]
    for _ in range(levels):
        steps = [{"do": "discard", "n": 1, "then": steps}]
    return steps


LIMITS: list[tuple[Callable[[dict[str, Any]], None], str]] = [
    (lambda d: card(d, "Diner").update(cost=HUGE), "'cost' must be a whole number from 0 to 20"),
    (lambda d: card(d, "Diner").update(profit=21), "'profit'"),
    (lambda d: card(d, "Pocket Park")["effect"][0].update(n=HUGE), "'effect[0].n'"),
    (lambda d: card(d, "Lumber Yard")["effect"][0]["then"][0].update(n=-HUGE), "then[0].n'"),
    (lambda d: card(d, "Playground")["effect"][0]["per"].update(max=HUGE), "'effect[0].per'"),
    (lambda d: card(d, "Playground")["effect"][0]["per"].update(plus=HUGE), "'effect[0].per'"),
    (lambda d: card(d, "Fire Station")["effect"][0].update(keep=HUGE), "'effect[0].keep'"),
    (lambda d: card(d, "Bungalow")["effect"][0].update(discount=HUGE), "'effect[0].discount'"),
    (lambda d: card(d, "Diner").update(effect=deep_steps(6)), "nests steps more than"),
    (lambda d: card(d, "Diner").update(effect=deep_steps(0) * 9), "at most 8 are allowed"),
    (lambda d: card(d, "Diner").update(name="X" * 500), "at most 40 characters"),
    (lambda d: card(d, "Diner").update(mayor_action="x" * 5000), "at most 300 characters"),
    (lambda d: card(d, "Diner").update(name="Row"), "command word"),
    (lambda d: card(d, "Diner").update(name="Farmers Market"), "used twice"),
    (
        lambda d: d["cards"].extend([english(card(d, "Diner"))] * 400),
        "'cards' must be a list of 20 to 400",
    ),
    (lambda d: d.update(bonus_chips_face_down=[HUGE] * 6), "'bonus_chips_face_down'"),
    (lambda d: d["tracks"].update(end_space=HUGE), "'end_space' must be a whole number"),
    (lambda d: d["tracks"].update(first_to_end_bonus=HUGE), "'first_to_end_bonus'"),
    (lambda d: d.update(score_track={"end_space": HUGE}), "score_track"),
    (lambda d: d.update(card_row_size=HUGE), "'card_row_size'"),
    (lambda d: d.update(deal_per_player_at_round_start=HUGE), "'deal_per_player_at_round_start'"),
    (lambda d: d["achievements"][0].update(stars=HUGE), "'stars'"),
    (lambda d: d["achievements"][0]["test"].update(min=HUGE), "'min'"),
    (lambda d: d["game_end_awards"][0].update(points=HUGE), "'points'"),
    (lambda d: d["cities"][4]["passive_effect"].update(by=HUGE), "'by'"),
    (lambda d: d.update(site_icons=["x" * 99]), "'site_icons'"),
    (lambda d: d.update(achievements=d["achievements"] * 4), "'achievements' must be a list"),
]


@pytest.mark.parametrize(("change", "fragment"), LIMITS)
def test_every_number_and_size_has_a_limit(
    change: Callable[[dict[str, Any]], None], fragment: str
) -> None:
    data = sample()
    change(data)
    with pytest.raises(RuleError, match="Card file") as error:
        ENGINE.check_options({"cards": json.dumps(data)})
    assert fragment in str(error.value)


def test_a_huge_or_deeply_nested_file_is_refused() -> None:
    with pytest.raises(RuleError, match="at most 200000"):
        ENGINE.check_options({"cards": " " * 200_001})
    with pytest.raises(RuleError, match="too deeply"):
        ENGINE.check_options({"cards": "[" * 100_000 + "]" * 100_000})
    with pytest.raises(RuleError, match="not valid JSON"):
        ENGINE.check_options({"cards": '{"cards": ' + "9" * 5000 + "}"})


# checked at /new -------------------------------------------------------------------------


def test_check_options_refuses_a_bad_file_at_new_naming_the_card() -> None:
    ENGINE.check_options({"cards": None, "first": ""})
    ENGINE.check_options({"cards": json.dumps(sample())})
    data = sample()
    card(data, "Diner").pop("cost")
    with pytest.raises(RuleError, match="card 'Diner', field 'cost' is missing"):
        ENGINE.check_options({"cards": json.dumps(data)})


def test_a_file_that_seats_fewer_than_four_is_accepted_and_sets_the_tables_limit() -> None:
    data = sample()
    data["cities"] = data["cities"][:5]
    ENGINE.check_options({"cards": json.dumps(data)})
    assert ENGINE.seats({"cards": json.dumps(data)}) == 2
    assert ENGINE.seats({"cards": None}) == 4
    data = sample()
    ones = [c for c in data["cards"] if c["level"] == 1][:8]
    data["cards"] = ones + [c for c in data["cards"] if c["level"] > 1]
    ENGINE.check_options({"cards": json.dumps(data)})
    assert ENGINE.seats({"cards": json.dumps(data)}) == 2
    data["cities"] = data["cities"][:3]
    with pytest.raises(RuleError) as error:
        ENGINE.check_options({"cards": json.dumps(data)})
    assert str(error.value) == (
        "The card file has 3 cities, and 2 players need 4: it cannot seat even 2 players."
    )


def test_at_the_start_the_seated_count_is_checked_saying_what_it_seats() -> None:
    data = sample()
    data["cities"] = data["cities"][:5]
    text = json.dumps(data)
    state, _ = ENGINE.setup(["Ann", "Bob"], {"cards": text}, Rng("two"))
    assert len(state["offers"]) == 2
    with pytest.raises(RuleError) as error:
        ENGINE.setup(["Ann", "Bob", "Cid"], {"cards": text}, Rng("three"))
    assert str(error.value) == (
        "The card file has 5 cities, and 3 players need 6: it seats at most 2 players."
    )

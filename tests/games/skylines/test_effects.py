"""Every step of the effect vocabulary, through the mayor actions of the sample cards."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import ClassVar

import pytest

from games.base import Event, Rng, RuleError, State
from games.skylines import ENGINE
from games.skylines.catalog import sample_data
from games.skylines.context import Context
from games.skylines.effects.base import COUNT, Fields, Kind
from games.skylines.effects.registry import KINDS
from games.skylines.program import pop
from games.skylines.state import Step
from games.skylines.tracks import advance
from tests.games.skylines.helpers import (
    act,
    actions,
    new_game,
    on_top,
    public_text,
    set_city,
    set_hand,
    set_row,
)


def use(
    card: str, *hand: str, city: str = "Ironvale", level: int = 1, others: Sequence[list[str]] = ()
) -> tuple[State, Rng, list[Event]]:
    """Ann's mayor moves from her city to `card` (building 2) and starts its action."""
    state, rng = new_game(2, (city, "Harborview"))
    state["level"] = level
    set_city(state, 0, [[city], [card], *others], mayor=0)
    set_hand(state, 0, *hand)
    actions(state, 3)
    events = act(state, 0, "/mayor 2", rng)
    return state, rng, events


def legal(state: State) -> set[str]:
    return {m.text for m in ENGINE.legal(state, 0)}


# draw -------------------------------------------------------------------------------------


def test_draw_from_row_or_deck_refills_the_row() -> None:
    state, rng, _ = use("Post Office")
    assert state["turn"]["actions"] == 2  # the mayor action cost one action
    assert "/draw deck" in legal(state) and "/draw row 3" in legal(state)
    row = list(state["row"])
    act(state, 0, "/draw row 2", rng)
    assert state["hands"][0] == [row[1]]
    assert len(state["row"]) == 3 and state["row"][:2] == [row[0], row[2]]
    assert state["program"] is None


def test_draw_deck_then_may_discard_to_draw_more() -> None:
    state, rng, _ = use("Public Library", "Dog Park")
    assert state["hands"][0][0] == "Dog Park" and len(state["hands"][0]) == 2
    drawn = state["hands"][0][1]
    nxt = state["decks"]["1"][0]
    act(state, 0, "/discard Dog Park", rng)
    assert state["hands"][0] == [drawn, nxt]


def test_may_part_can_be_skipped() -> None:
    state, rng, _ = use("Public Library", "Dog Park")
    assert "/skip" in legal(state)
    act(state, 0, "/skip", rng)
    assert len(state["hands"][0]) == 2 and state["program"] is None


def test_next_level_draw() -> None:
    state, _ = new_game()
    for level, deck in ((2, "3"), (4, "4")):
        state, rng = new_game()
        state["level"] = level
        on_top(state, int(deck), "Lofts" if deck == "3" else "Observatory")
        set_city(state, 0, [["Ironvale"], ["Community College"]])
        set_hand(state, 0)
        act(state, 0, "/mayor 2", rng)
        assert state["hands"][0] == ["Lofts" if deck == "3" else "Observatory"]


def test_draw_from_row_only() -> None:
    state, rng, _ = use("Courthouse", level=2)
    with pytest.raises(RuleError, match="cannot draw that"):
        act(state, 0, "/draw deck", rng)
    top = state["decks"]["2"][0]
    first = state["row"][0]
    act(state, 0, "/draw row 1", rng)
    assert first in state["hands"][0] and len(state["hands"][0]) == 2
    assert top in state["hands"][0] or top in state["row"]


def test_condition_on_the_drawn_type() -> None:
    state, rng, _ = use("Town Hall Annex")
    set_row(state, "Post Office", "Diner", "Dog Park")
    act(state, 0, "/draw row 1", rng)  # Civic: one more
    assert state["program"] is not None
    act(state, 0, "/draw row 1", rng)
    assert state["program"] is None and len(state["hands"][0]) == 2
    state, rng, _ = use("Town Hall Annex")
    set_row(state, "Diner", "Post Office", "Dog Park")
    act(state, 0, "/draw row 1", rng)  # Commercial: no more
    assert state["program"] is None and state["hands"][0] == ["Diner"]


def test_draw_per_visible_icon() -> None:
    state, rng, events = use("Civic Plaza", level=4, others=[["Post Office"]])
    assert "draw 2 cards" in public_text(events)
    act(state, 0, "/draw deck", rng)
    act(state, 0, "/draw deck", rng)
    assert len(state["hands"][0]) == 2 and state["program"] is None


# tuck -------------------------------------------------------------------------------------


def test_tuck_under_this_card_and_harborview_once_per_turn() -> None:
    state, rng, _ = use("Corner Store", "Diner", "Bakery", city="Harborview")
    act(state, 0, "/tuck Diner", rng)
    assert state["cities"][0][1]["tucked"] == ["Diner"]
    assert state["tracks"][0]["profit"] == 1  # Harborview
    act(state, 0, "/tuck Bakery", rng)  # a basic tuck under the mayor's card
    assert state["cities"][0][1]["tucked"] == ["Diner", "Bakery"]
    assert state["tracks"][0]["profit"] == 1  # only once per turn


def test_tuck_under_any_top_card() -> None:
    state, rng, _ = use("Diner", "Bakery")
    act(state, 0, "/tuck Bakery under 1", rng)
    assert state["cities"][0][0]["tucked"] == ["Bakery"]


def test_tuck_under_different_top_cards() -> None:
    state, rng, _ = use("Skyline Mall", "Diner", "Bakery", "Hotel", level=4)
    act(state, 0, "/tuck Diner under 1", rng)
    with pytest.raises(RuleError, match="only under"):
        act(state, 0, "/tuck Bakery under 1", rng)
    act(state, 0, "/tuck Bakery under 2", rng)
    assert state["program"] is None  # no third top card left to tuck under
    assert state["hands"][0] == ["Hotel"]


def test_tuck_from_row_and_from_deck() -> None:
    state, rng, _ = use("Cinema", level=2)
    card = state["row"][1]
    act(state, 0, "/tuck row 2", rng)
    assert state["cities"][0][1]["tucked"] == [card] and len(state["row"]) == 3
    top = state["decks"]["1"][0]
    state, rng, events = use("Street Market")
    assert state["cities"][0][1]["tucked"] == [top]
    assert any(e.reveals_hidden for e in events if e.to is None)


def test_tuck_each_advances_per_card() -> None:
    state, rng, _ = use("Shopping Mall", "Diner", "Bakery", "Hotel", level=3)
    act(state, 0, "/tuck Diner", rng)
    act(state, 0, "/tuck Bakery", rng)
    assert state["program"] is None
    assert state["tracks"][0]["profit"] == 2
    assert state["hands"][0] == ["Hotel"]


def test_tuck_match_draws_a_card() -> None:
    state, rng, _ = use("Farmers' Market", "Corner Store", level=2)
    act(state, 0, "/tuck Corner Store", rng)  # Commercial under Commercial
    assert state["program"] is not None
    act(state, 0, "/draw deck", rng)
    assert len(state["hands"][0]) == 1
    state, rng, _ = use("Farmers' Market", "Dog Park", level=2)
    act(state, 0, "/tuck Dog Park", rng)
    assert state["program"] is None and state["hands"][0] == []


# discard ----------------------------------------------------------------------------------


def test_discard_pays_for_the_rest() -> None:
    state, rng, _ = use("Lumber Yard", "Diner")
    act(state, 0, "/discard Diner", rng)
    assert state["tracks"][0]["profit"] == 2 and state["discard"][-1] == "Diner"


def test_discard_that_cannot_be_paid_does_nothing() -> None:
    state, _, events = use("Lumber Yard")
    assert state["tracks"][0]["profit"] == 0 and state["program"] is None
    assert "cannot discard" in public_text(events)


def test_discard_up_to_with_each_and_split_advances() -> None:
    state, rng, _ = use("Recycling Center", "Diner", "Bakery", level=2)
    act(state, 0, "/discard Diner", rng)
    act(state, 0, "/advance profit", rng)
    act(state, 0, "/advance population", rng)
    act(state, 0, "/skip", rng)
    assert state["tracks"][0] == {"profit": 1, "prestige": 0, "population": 1}
    assert state["hands"][0] == ["Bakery"] and state["program"] is None


# advance ----------------------------------------------------------------------------------


def test_advance_any_track() -> None:
    state, rng, _ = use("Pocket Park")
    assert legal(state) == {"/advance profit", "/advance prestige", "/advance population"}
    act(state, 0, "/advance prestige", rng)
    assert state["tracks"][0]["prestige"] == 1


def test_advance_lowest_is_automatic_unless_tied() -> None:
    state, rng, _ = use("Dog Park")
    assert legal(state) == {"/advance profit", "/advance prestige", "/advance population"}
    act(state, 0, "/advance population", rng)
    act(state, 0, "/advance population", rng)
    assert state["tracks"][0]["population"] == 2
    state, rng = new_game()
    state["level"] = 3
    state["tracks"][0] = {"profit": 2, "prestige": 1, "population": 3}
    set_city(state, 0, [["Ironvale"], ["Harbor Greenway"]])
    act(state, 0, "/mayor 2", rng)
    assert state["tracks"][0]["prestige"] == 4


def test_advance_each_track() -> None:
    state, _, _ = use("Lakeside Park", level=2)
    assert state["tracks"][0] == {"profit": 1, "prestige": 1, "population": 1}


def test_advance_a_different_track() -> None:
    state, rng, _ = use("Central Park", level=3)
    act(state, 0, "/advance profit", rng)
    assert state["tracks"][0]["profit"] == 2
    with pytest.raises(RuleError, match="cannot advance on profit"):
        act(state, 0, "/advance profit", rng)
    act(state, 0, "/advance population", rng)
    assert state["tracks"][0]["population"] == 1


def test_decline_hops_back() -> None:
    state, rng, _ = use("Power Plant", "Diner", level=2)
    state["tracks"][0]["prestige"] = 3
    state["tracks"][1]["prestige"] = 2
    act(state, 0, "/discard Diner", rng)
    assert state["tracks"][0]["profit"] == 3
    assert state["tracks"][0]["prestige"] == 1  # hopped back over Bob on 2


def test_same_track_greenhollow_basic_advance_moves_two_once() -> None:
    state, rng = new_game(2, ("Greenhollow", "Harborview"))
    actions(state, 3)
    act(state, 0, "/advance profit", rng)
    assert state["tracks"][0]["profit"] == 2
    act(state, 0, "/advance profit", rng)
    assert state["tracks"][0]["profit"] == 3


def test_advance_per_residential_icon_beside() -> None:
    state, rng, events = use(
        "Playground", level=2, others=[["Row Houses", "Bungalow"]]
    )  # Ironvale left (no icons), 2 Residential icons right
    assert "move 1" in public_text(events)
    act(state, 0, "/advance profit", rng)
    act(state, 0, "/advance prestige", rng)
    assert state["program"] is None
    assert state["tracks"][0] == {"profit": 1, "prestige": 1, "population": 0}


def test_advance_per_waterfront_top_card_plus_one() -> None:
    state, rng, _ = use("Waterfront Promenade", level=4, others=[["Diner"]])
    for _ in range(3):  # 2 Waterfront top cards, plus 1
        act(state, 0, "/advance population", rng)
    assert state["program"] is None and state["tracks"][0]["population"] == 3


# build ------------------------------------------------------------------------------------


def test_build_with_a_discount() -> None:
    state, rng, _ = use("Bungalow", "Lofts", "Diner", "Bakery")
    act(state, 0, "/build Lofts right pay Diner Bakery", rng)  # 3 - 1
    assert state["cities"][0][2]["built"] == ["Lofts"]


def test_build_by_sprawling_only() -> None:
    state, rng, _ = use("Duplex", "Pocket Park")
    with pytest.raises(RuleError, match="cannot build at 'over 1'"):
        act(state, 0, "/build Pocket Park over 1", rng)
    act(state, 0, "/build Pocket Park left", rng)
    assert state["tracks"][0]["population"] == 1  # the action's 'then advance 1 on population'


def test_build_over_only_and_free() -> None:
    state, rng, _ = use("Garden Flats", "Lofts", "Diner", level=2)
    with pytest.raises(RuleError, match="Say which building"):
        act(state, 0, "/build Lofts pay Diner", rng)
    act(state, 0, "/build Lofts over 1 pay Diner", rng)  # 3 - 2
    assert state["cities"][0][0]["built"] == ["Ironvale", "Lofts"]
    state, rng, _ = use("Brownstone Row", "State Capitol", level=4)
    act(state, 0, "/build State Capitol over 2", rng)
    assert state["cities"][0][1]["built"] == ["Brownstone Row", "State Capitol"]


def test_build_only_a_type() -> None:
    state, rng, _ = use("Cottage Lane", "Lofts", "Diner")
    assert legal(state) == {
        "/build Lofts over 1",
        "/build Lofts over 2",
        "/build Lofts left",
        "/build Lofts right",
    }
    with pytest.raises(RuleError, match="only a Residential"):
        act(state, 0, "/build Diner right", rng)
    act(state, 0, "/build Lofts right", rng)
    assert state["hands"][0] == ["Diner"]


def test_build_from_the_row_and_from_hand_or_row() -> None:
    state, rng, _ = use("Retirement Village", "Diner", level=2)
    set_row(state, "Dog Park", "Hotel", "Lofts")
    act(state, 0, "/build row 1 right pay Diner", rng)
    assert state["cities"][0][2]["built"] == ["Dog Park"] and len(state["row"]) == 3
    assert state["hands"][0] == []
    state, rng, _ = use("Co-op Housing", "Diner", level=3)
    set_row(state, "Pocket Park", "Hotel", "Lofts")
    act(state, 0, "/build Diner left", rng)
    assert state["tracks"][0]["population"] == 1
    state, rng, _ = use("Co-op Housing", level=3)
    set_row(state, "Pocket Park", "Hotel", "Lofts")
    act(state, 0, "/build row 1 left", rng)
    assert state["cities"][0][0]["built"] == ["Pocket Park"]


def test_build_up_to_two() -> None:
    state, rng, _ = use("Master-Planned Community", "Diner", "Bungalow", "Bakery", level=4)
    act(state, 0, "/build Diner right", rng)
    act(state, 0, "/build Bungalow right", rng)
    assert state["program"] is None and state["hands"][0] == ["Bakery"]


def test_build_as_part_of_an_action_after_a_tuck() -> None:
    state, rng, _ = use("Office Tower", "Diner", "Pocket Park", level=3)
    act(state, 0, "/tuck Diner", rng)
    act(state, 0, "/build Pocket Park right", rng)
    assert state["turn"]["actions"] == 2  # the build was part of the one mayor action


# claim ------------------------------------------------------------------------------------


def test_may_claim_after_drawing() -> None:
    state, rng, _ = use("City Hall", level=3)
    state["tracks"][0] = {"profit": 10, "prestige": 10, "population": 10}
    act(state, 0, "/draw deck", rng)
    act(state, 0, "/draw deck", rng)
    assert legal(state) == {"/achieve Balanced Growth", "/skip"}
    act(state, 0, "/achieve Balanced Growth", rng)
    assert state["claims"]["Balanced Growth"] == [0]
    assert state["score"][0] == 3


def test_claim_after_paying_two() -> None:
    state, rng, _ = use("Container Port", "Diner", "Bakery", level=3)
    state["tracks"][0] = {"profit": 10, "prestige": 10, "population": 10}
    act(state, 0, "/discard Diner", rng)
    act(state, 0, "/discard Bakery", rng)
    act(state, 0, "/achieve balanced", rng)
    assert state["claims"]["Balanced Growth"] == [0]
    act(state, 0, "/draw deck", rng)
    assert len(state["hands"][0]) == 1


# steal ------------------------------------------------------------------------------------


def test_steal_a_random_hand_card() -> None:
    state, rng, _events = use("History Museum", level=3)
    set_hand(state, 1, "Diner")
    act(state, 0, "/steal Bob", rng)
    assert state["hands"][0] == ["Diner"] and state["hands"][1] == []


def test_steal_after_looking_at_the_hand() -> None:
    state, rng, _ = use("Observatory", level=4)
    set_hand(state, 1, "Diner", "Hotel")
    events = act(state, 0, "/steal Bob", rng)
    assert any(e.to == 0 and "Diner, Hotel" in e.text for e in events)
    assert "Diner" not in public_text(events)
    act(state, 0, "/take Hotel", rng)
    assert state["hands"][0] == ["Hotel"] and state["hands"][1] == ["Diner"]


def test_steal_a_top_card_leaves_a_gap() -> None:
    state, rng = new_game()
    state["level"] = 4
    set_city(state, 0, [["Ironvale"], ["Resort Casino"]])
    set_city(
        state, 1, [["Harborview"], ["Corner Store"], ["Dog Park"]], mayor=1, tucked={1: ["Bakery"]}
    )
    act(state, 0, "/mayor 2", rng)
    assert legal(state) == {"/steal Bob 2"}  # Harborview is a city, Dog Park is a Park
    act(state, 0, "/steal Bob 2", rng)
    assert state["cities"][0][1]["tucked"] == ["Corner Store"]
    assert state["cities"][1][1] is None  # a gap, now a sprawl space
    assert "Bakery" in state["discard"]
    assert state["mayor"][1] == 0  # Bob's mayor went back to his city
    assert state["turn"]["seat"] == 1  # Ann's one action is spent
    set_hand(state, 1, "Pocket Park")
    assert "/build Pocket Park gap 2" in {m.text for m in ENGINE.legal(state, 1)}
    act(state, 1, "/build Pocket Park gap 2", rng)
    assert state["cities"][1][1] == {"built": ["Pocket Park"], "tucked": []}


# declare, look, copy ----------------------------------------------------------------------


def test_declare_then_reveal_keeps_that_type() -> None:
    state, rng, _ = use("Hospital", level=3)
    on_top(state, 3, "Lofts", "University", "Steel Mill")
    act(state, 0, "/declare civic", rng)
    assert state["hands"][0] == ["University"]
    assert state["discard"][-2:] == ["Lofts", "Steel Mill"]


def test_look_and_keep_one() -> None:
    state, rng, events = use("Fire Station")
    on_top(state, 1, "Diner", "Bakery")
    state, rng = new_game()
    on_top(state, 1, "Diner", "Bakery")
    set_city(state, 0, [["Ironvale"], ["Fire Station"]])
    set_hand(state, 0)
    events = act(state, 0, "/mayor 2", rng)
    assert any(e.to == 0 and "Diner, Bakery" in e.text for e in events)
    act(state, 0, "/take Bakery", rng)
    assert state["hands"][0] == ["Bakery"] and state["discard"][-1] == "Diner"


def test_copy_another_top_card() -> None:
    state, rng, _ = use("Robotics Factory", "Diner", level=4, others=[["Pocket Park"]])
    act(state, 0, "/discard Diner", rng)
    assert legal(state) == {"/mayor 3"}  # the city has no action; building 2 is this card
    act(state, 0, "/mayor 3", rng)
    act(state, 0, "/advance profit", rng)
    assert state["tracks"][0]["profit"] == 1
    assert state["mayor"][0] == 1  # the mayor did not move


# passives on basic actions ----------------------------------------------------------------


def test_basic_discard_uses_this_card_and_ironvale() -> None:
    state, rng = new_game()
    set_city(state, 0, [["Ironvale"], ["Dog Park"]], mayor=1)
    set_hand(state, 0, "Corner Store", "Diner")
    actions(state, 2)
    act(state, 0, "/discard Corner Store", rng)
    act(state, 0, "/tuck Diner", rng)  # Corner Store's tuck goes under the mayor's card
    assert state["cities"][0][1]["tucked"] == ["Diner"]
    act(state, 0, "/advance prestige", rng)  # then Ironvale's bonus
    assert state["tracks"][0]["prestige"] == 1


def test_capitol_heights_draws_two_and_brightwater_advances_on_claims() -> None:
    state, rng = new_game(2, ("Capitol Heights", "Brightwater"))
    set_hand(state, 0)
    act(state, 0, "/draw deck", rng)
    act(state, 0, "/draw deck", rng)
    assert len(state["hands"][0]) == 2
    state["tracks"][1] = {"profit": 10, "prestige": 10, "population": 10}
    act(state, 1, "/achieve Balanced Growth", rng)
    act(state, 1, "/advance profit", rng)
    assert state["tracks"][1]["profit"] == 11


def test_answer_must_fit_the_step() -> None:
    state, rng, _ = use("Pocket Park")
    with pytest.raises(RuleError, match="Finish the current action first"):
        act(state, 0, "/done", rng)
    with pytest.raises(RuleError, match="Finish the current action first"):
        act(state, 0, "/skip", rng)


# a new kind of effect ---------------------------------------------------------------------


class Gain(Kind):
    """A kind made up for this test: advance n on profit, asking nothing."""

    name = "gain"
    fields: ClassVar[Fields] = {"n": COUNT}
    required = frozenset({"n"})
    summary = "gain n profit."

    def auto(self, t: Context, seat: int, step: Step) -> bool:
        pop(t.state)
        advance(t, seat, "profit", step["left"])
        return True


def test_a_new_kind_is_one_class_and_one_registry_entry(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(KINDS, "gain", Gain())
    data = json.loads(json.dumps(sample_data()))
    next(c for c in data["cards"] if c["name"] == "Pocket Park")["effect"] = [
        {"do": "gain", "n": 2}
    ]
    rng = Rng("gain")
    state, _ = ENGINE.setup(["Ann", "Bob"], {"cards": json.dumps(data), "first": "Ann"}, rng)
    for seat in (0, 1):
        act(state, seat, "/city " + state["offers"][seat][0], rng)
    set_city(state, 0, [[state["city"][0]], ["Pocket Park"]])
    act(state, 0, "/mayor 2", rng)
    assert state["tracks"][0]["profit"] == 2

"""Achievement requirements, bonus chips, game-end awards, the final scoring order, tie-breaks."""

from __future__ import annotations

import json

import pytest

from bot.render.text import render_text
from games.base import Rng, RuleError, State
from games.skylines import ENGINE
from games.skylines.achievements import claimable
from games.skylines.catalog import sample_data
from tests.games.skylines.helpers import CAT, act, actions, new_game, set_city


def can_claim(state: State, name: str) -> bool:
    return name in claimable(state, CAT, 0)


def test_diverse_district_counts_tucked_and_built_over_icons() -> None:
    state, _ = new_game()
    set_city(state, 0, [["Ironvale"], ["Post Office"], ["Dog Park"]], tucked={1: ["Diner"]})
    assert not can_claim(state, "Diverse District")  # Industrial, Civic, Commercial, Park
    set_city(
        state, 0, [["Ironvale"], ["Row Houses", "Post Office"], ["Dog Park"]], tucked={1: ["Diner"]}
    )
    assert can_claim(state, "Diverse District")


def test_skyscraper_counts_built_cards_not_tucked() -> None:
    state, _ = new_game()
    set_city(state, 0, [["Ironvale", "Diner", "Bakery"]], tucked={0: ["Hotel", "Lofts"]})
    assert not can_claim(state, "Skyscraper")
    set_city(state, 0, [["Ironvale", "Diner", "Bakery", "Hotel"]])
    assert can_claim(state, "Skyscraper")


def test_landmark_collector_counts_every_card() -> None:
    state, _ = new_game()
    set_city(state, 0, [["Ironvale", "Courthouse", "Hotel"]], tucked={0: ["Diner"]})
    assert not can_claim(state, "Landmark Collector")  # two landmarks
    set_city(state, 0, [["Ironvale", "Courthouse", "Hotel"]], tucked={0: ["Community College"]})
    assert can_claim(state, "Landmark Collector")


def test_site_achievements_count_top_cards_only() -> None:
    state, _ = new_game()
    set_city(state, 0, [["Ironvale", "Diner"], ["Water Tower"], ["Riverside Trail", "Bakery"]])
    assert not can_claim(state, "Waterfront Row")  # Riverside Trail is covered
    set_city(state, 0, [["Ironvale", "Diner"], ["Water Tower"], ["Riverside Trail"]])
    assert can_claim(state, "Waterfront Row")
    set_city(state, 0, [["Post Office"], ["Town Hall Annex"], ["Ironvale", "Street Market"]])
    assert can_claim(state, "Downtown Core")
    set_city(state, 0, [["Post Office"], ["Town Hall Annex"], ["Ironvale"]])
    assert not can_claim(state, "Downtown Core")


def test_balanced_growth_needs_ten_on_every_track() -> None:
    state, _ = new_game()
    state["tracks"][0] = {"profit": 10, "prestige": 12, "population": 9}
    assert not can_claim(state, "Balanced Growth")
    state["tracks"][0]["population"] = 10
    assert can_claim(state, "Balanced Growth")


def test_claim_scores_stars_chip_for_the_first_only_and_once_each() -> None:
    state, rng = new_game()
    for seat in (0, 1):
        state["tracks"][seat] = {"profit": 10, "prestige": 10, "population": 10}
    events = act(state, 0, "/achieve Balanced Growth", rng)
    assert state["score"][0] == 3 and state["chip_owner"]["Balanced Growth"] == 0
    chip = state["chips"]["Balanced Growth"]
    assert any(e.to == 0 and f"worth {chip}" in e.text for e in events)
    assert not any(e.to is None and f"worth {chip}" in e.text for e in events)
    actions(state, 2)
    state["turn"]["seat"] = 0
    with pytest.raises(RuleError, match="already claimed"):
        act(state, 0, "/achieve Balanced Growth", rng)
    act(state, 0, "/done", rng)
    act(state, 1, "/achieve Balanced Growth", rng)
    assert state["claims"]["Balanced Growth"] == [0, 1]
    assert state["chip_owner"]["Balanced Growth"] == 0
    assert state["score"][1] == 4  # 3 stars, hopping over Ann on space 3


def test_claim_refused_when_not_met() -> None:
    state, rng = new_game()
    with pytest.raises(RuleError, match="do not meet Skyscraper"):
        act(state, 0, "/achieve Skyscraper", rng)


def end_now(state: State, rng: Rng) -> None:
    """Make the current turn (the last seat's) the game's last."""
    state["level"] = 4
    state["seen_end"].append(4)
    state["turn"]["seat"] = len(state["names"]) - 1
    act(state, len(state["names"]) - 1, "/done", rng)


def test_tied_award_is_discarded_and_the_other_given() -> None:
    state, rng = new_game()
    set_city(state, 0, [["Ironvale", "Diner", "Bakery"], ["Hotel"], ["Lofts"]])
    set_city(state, 1, [["Harborview", "Pocket Park", "Dog Park"], ["Cinema"]])
    end_now(state, rng)
    assert state["points"][0]["awards"] == 3  # Most Buildings, 3 against 2
    assert state["points"][1]["awards"] == 0  # Tallest Building tied at 3: discarded
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.winners == [0] and outcome.scores[0] == 3.0


def test_final_scoring_runs_from_the_leader_down_with_hopping() -> None:
    state, rng = new_game()
    set_city(state, 0, [["Ironvale"], ["Hotel"]])
    set_city(state, 1, [["Harborview"], ["Lofts"]])  # both awards tie and are discarded
    state["score"] = [10, 9]
    state["chips"]["Skyscraper"] = 2
    state["chips"]["Downtown Core"] = 2
    state["chip_owner"]["Skyscraper"] = 0
    state["chip_owner"]["Downtown Core"] = 1
    end_now(state, rng)
    # Ann leads: 10 -> 12. Then Bob 9 -> 10 -> 11. (Bob first would give Bob 12 and Ann 13.)
    assert state["score"] == [12, 11]
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.winners == [0]
    assert outcome.detail[0].startswith("Ann: 12 points")


def no_award_game(seed: str) -> tuple[State, Rng]:
    data = json.loads(json.dumps(sample_data()))
    data["game_end_awards"] = []
    rng = Rng(seed)
    state, _ = ENGINE.setup(["Ann", "Bob"], {"cards": json.dumps(data), "first": "Ann"}, rng)
    for seat in (0, 1):
        ENGINE.act(state, seat, "city", state["offers"][seat][0].split(), rng)
    return state, rng


def test_tie_on_points_goes_to_the_tallest_then_the_most_buildings() -> None:
    state, rng = no_award_game("tie1")
    set_city(state, 0, [[state["city"][0], "Diner"]])
    set_city(state, 1, [[state["city"][1]], ["Bakery"], ["Hotel"]])
    end_now(state, rng)
    assert ENGINE.outcome(state).winners == [0]  # type: ignore[union-attr]
    state, rng = no_award_game("tie2")
    set_city(state, 0, [[state["city"][0]], ["Diner"]])
    set_city(state, 1, [[state["city"][1]], ["Bakery"], ["Hotel"]])
    end_now(state, rng)
    assert ENGINE.outcome(state).winners == [1]  # type: ignore[union-attr]
    state, rng = no_award_game("tie3")
    set_city(state, 0, [[state["city"][0]], ["Diner"]])
    set_city(state, 1, [[state["city"][1]], ["Bakery"]])
    end_now(state, rng)
    assert ENGINE.outcome(state).winners == [0, 1]  # type: ignore[union-attr]


def test_chips_stay_hidden_until_the_end() -> None:
    state, _rng = new_game()
    state["chip_owner"]["Skyscraper"] = 0
    public = render_text(ENGINE.view(state, None)) + str(ENGINE.view(state, None).tables)
    assert not any(f"chip {n} " in public for n in (1, 2, 3))
    own = " ".join(render_text(ENGINE.view(state, 0)).split())
    assert f"chip {state['chips']['Skyscraper']} taken by Ann" in own

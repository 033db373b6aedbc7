"""Special blocks: claiming, once-per-turn use, and what each power may mark."""

from __future__ import annotations

from games.papertown.placement import base_left
from games.papertown.powers import uses_left

from .helpers import act, give, new_game, owners, rolled
from .test_marking import refused

# A2 is a Bakery and B3 Building Material; B2 (odd row) touches both of them.
CLAIMS = ["Y*YY", "YY*G", "GGGG"]


def test_one_mark_next_to_two_special_blocks_claims_both() -> None:
    state = new_game(CLAIMS, specials="A2 bakery, B3 building")
    rolled(state, "Y")
    events = act(state, 0, "mark", "B2")
    assert state["claims"] == [0, 0]
    assert "Bakery at A2" in events[0].text and "Building Material at B3" in events[0].text


def test_a_claimed_block_stays_with_its_first_claimer() -> None:
    state = new_game(CLAIMS, specials="A2 bakery, B3 building")
    give(state, 0, "B4")  # claimed B3 long ago
    state["claims"] = [None, 0]
    state["turn"] = 1
    rolled(state, "Y")
    act(state, 1, "mark", "A3")  # A3 touches A2 and B3
    assert state["claims"] == [1, 0]


def test_powers_work_from_the_turn_they_are_claimed_once_per_block() -> None:
    state = new_game(CLAIMS, specials="A2 bakery, B3 building")
    rolled(state, "Y")
    act(state, 0, "mark", "B2")
    # Bakery: a grey block next to Ann's blocks (C2 or C3), not the far C4.
    assert "does not touch" in refused(state, 0, "power", "bakery", "C4")
    act(state, 0, "power", "bakery", "C2")
    assert "already used your Bakery" in refused(state, 0, "power", "bakery", "C3")
    # Building Material: a block of the rolled colour.
    assert "rolled colour" in refused(state, 0, "mark", "C3", "--power", "building")
    act(state, 0, "mark", "A3", "--power", "building")
    assert owners(state) == {"B2": 0, "C2": 0, "A3": 0}
    assert state["base"] == 1  # the power blocks are extras


def test_uses_come_back_next_turn() -> None:
    state = new_game(CLAIMS, specials="A2 bakery, B3 building")
    rolled(state, "Y")
    act(state, 0, "mark", "B2", "B1", "A1")
    act(state, 0, "power", "bakery", "C2")
    assert uses_left(state, 0, "bakery") == 0
    act(state, 0, "done")
    rolled(state, "Y")
    act(state, 1, "mark", "A3", "A4", "B4")
    act(state, 1, "done")
    assert uses_left(state, 0, "bakery") == 1


def test_two_blocks_of_a_type_give_two_uses() -> None:
    state = new_game(["G*G*", "GGGG", "YYGG"], specials="A2 bakery, A4 bakery")
    state["claims"] = [0, 0]
    give(state, 0, "A1")
    rolled(state, "Y")
    act(state, 0, "mark", "B1", "B2", "--power=bakery")
    assert "already used your Bakery" in refused(state, 0, "power", "bakery", "B3")


def test_local_branch_marks_the_border_only() -> None:
    state = new_game(["GGGGG", "GYGYG", "GGGGG", "G*GGG"], specials="D2 branch")
    state["claims"] = [0]
    rolled(state, "Y")
    act(state, 0, "mark", "B2", "B4", "B3")  # B4 is far, allowed: no yellow touches B2
    assert "not on the map border" in refused(state, 0, "power", "branch", "C3")
    assert "does not touch" in refused(state, 0, "power", "branch", "D5")
    act(state, 0, "mark", "A2", "--power", "local branch")  # a quoted name arrives as one word
    assert owners(state)["A2"] == 0


def test_building_material_needs_the_roll() -> None:
    state = new_game(CLAIMS, specials="A2 bakery, B3 building")
    state["claims"] = [None, 0]
    assert "/roll first" in refused(state, 0, "power", "building", "A1")


def test_bribery_replaces_the_normal_turn() -> None:
    # A4 is water; Bribery may mark it (but not the old town at B2), before any roll.
    state = new_game(["YYGW*", "GKGGG"], specials="A5 bribery")
    state["claims"] = [0]
    give(state, 0, "A3")
    assert "old town" in refused(state, 0, "power", "bribery", "B2")
    assert "does not touch" in refused(state, 0, "power", "bribery", "B5")
    act(state, 0, "power", "bribery", "A4")
    assert "Bribery replaced" in refused(state, 0, "mark", "A2")
    act(state, 0, "done")
    assert state["turn"] == 1 and owners(state)["A4"] == 0


def test_bribery_cannot_follow_normal_marks_and_roll_stays_optional() -> None:
    state = new_game(["YYGW*", "GKGGG", "YGGGG"], specials="A5 bribery")
    state["claims"] = [0]
    rolled(state, "Y")
    act(state, 0, "mark", "A1")
    assert "cannot follow" in refused(state, 0, "power", "bribery", "A3")


def test_roll_after_bribery_feeds_building_material() -> None:
    state = new_game(["YYGW*", "GK*GG"], specials="A5 bribery, B3 building")
    state["claims"] = [0, 0]
    give(state, 0, "B4")
    act(state, 0, "power", "bribery", "A4")
    events = act(state, 0, "roll")
    assert "for Building Material" in events[0].text
    assert state["rolled"] is not None and base_left(state) == 0


def test_both_bribery_blocks_give_two_bribery_marks() -> None:
    state = new_game(["GG*G*", "GKGGG"], specials="A3 bribery, A5 bribery")
    state["claims"] = [0, 0]
    act(state, 0, "power", "bribery", "A1")
    act(state, 0, "power", "bribery", "A2")
    assert "already used your Bribery" in refused(state, 0, "power", "bribery", "B1")


def test_powers_you_lack_and_the_bank_are_refused() -> None:
    state = new_game(CLAIMS, specials="A2 bakery, B3 bank")
    rolled(state, "Y")
    assert "You have no Bakery" in refused(state, 0, "power", "bakery", "C1")
    assert "only scores" in refused(state, 0, "power", "bank", "C1")
    assert "no power 'flying'" in refused(state, 0, "power", "flying", "C1")
    assert "--power needs a value: mark with a special power" in refused(
        state, 0, "mark", "C1", "--power"
    )

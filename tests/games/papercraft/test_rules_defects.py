"""Issue 17, rules defects: pasted abilities, stat-block numbers, players' own dice, messages."""

from __future__ import annotations

import re
from typing import Any

import pytest

from games.base import Rng, RuleError
from games.papercraft import ENGINE
from games.papercraft.catalog import builtin_units
from games.papercraft.statblock import parse_stat_block
from tests.games.papercraft.helpers import act, options, piece, start, turn

OTORO = "Warmachine Otoro"
BEAR = "Trained Black Bear Guard"
MIGUEL = "Miguel The Magical Magician"
LANCER = (
    'Lancer | 50 points | living, large unit | HP = 40 | Movement = 9" | Dodge Bonus = +0 | '
    "Armor = Heavy | Lance | Type = Piercing | Range = Melee | Hit Bonus = +2 | "
    "Damage = 2d6+2 | Special Abilities | Charge = {text}"
)
OWN_CHARGE = "Enemies that charge into this unit take 1D6 damage."


def lancer_game(text: str) -> tuple[dict[str, Any], str, Any]:
    data: dict[str, Any] = {}
    reply = ENGINE.chat_act(data, "unit", "add " + LANCER.format(text=text))
    state = start([{"Lancer": 1}, {"Banner Captain": 1}], custom=data)
    turn(state, 0, "move")
    act(state, 0, "/move Lancer 9")
    act(state, 0, "/done")
    return data, reply, state


# A pasted ability is the built-in one only when its text is -----------------------------------


def test_a_pasted_charge_with_its_own_text_adds_no_charge_die() -> None:
    """It used to roll the Destrier Knight's +1d6: Banner Captain 22 -> 12 where the rules give 13."""
    _, reply, state = lancer_game(OWN_CHARGE)
    assert "Not enforced by the referee, shown as text only" in reply
    assert "Charge (its text differs from the built-in Charge; write 'Charge = built-in'" in reply
    with pytest.raises(RuleError, match="used 4"):  # no fifth die is rolled for Charge
        act(state, 0, "/attack Lancer Banner Captain --dice 6,1,5,5,1")
    text = act(state, 0, "/attack Lancer Banner Captain --dice 6,1,5,5")
    assert "2d6+2 [5,5]+2=12, Pierce vs Heavy -3: 9 damage. Banner Captain 22 -> 13 HP." in text
    assert "Charge" not in text
    turn(state, 0)
    with pytest.raises(RuleError, match="Charge of Lancer is not enforced by the referee"):
        act(state, 0, "/ability Lancer Charge")


@pytest.mark.parametrize(
    "text",
    [
        "built-in",
        "If the Knight moved 6\u201d or more this turn, its Lance deals +1D6 damage "
        "(added before the armor modifier)",  # the built-in text, curly quote, no full stop
    ],
)
def test_the_built_in_charge_when_the_text_matches_or_says_so(text: str) -> None:
    _, reply, state = lancer_game(text.replace("\u201d", '"') if text == "built-in" else text)
    assert "Abilities the referee applies as built-in: Charge." in reply
    text = act(state, 0, "/attack Lancer Banner Captain --dice 6,1,5,5,1")
    assert "Charge +1d6 [1]=13" in text and "Banner Captain 22 -> 12 HP." in text


def test_ability_numbers_come_from_the_data() -> None:
    knight = builtin_units()["Destrier Knight"]["abilities"][0]
    assert (knight["effect"], knight["min_move"], knight["dice"]) == ("charge", 6, "1d6")
    for unit in builtin_units().values():
        for entry in unit["abilities"]:
            assert "effect" in entry, f"{unit['name']}: {entry['name']}"
    rockets = builtin_units()[OTORO]["abilities"][1]
    assert (rockets["reach"], rockets["hit_on"], rockets["dice"], rockets["uses"]) == (
        12,
        4,
        "2d6+5",
        1,
    )


def test_unenforced_abilities_are_named_at_new_and_in_listings() -> None:
    data: dict[str, Any] = {}
    ENGINE.chat_act(data, "unit", "add " + LANCER.format(text=OWN_CHARGE))
    state, events = ENGINE.setup(["Ann", "Bob"], options(custom=data), Rng("n"))
    assert "not enforced by the referee" in events[0].text and "Lancer: Charge" in events[0].text
    listing = act(state, 0, "/units")
    assert "Lancer (50 pts, added in this chat with /unit add)" in listing
    assert "abilities: Charge (not enforced)" in listing


# Stat blocks with impossible numbers are refused, naming the field -----------------------------


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("HP = 0", r"line 4 \('HP = 0'\): HP must be 1 to 1,000,000, not 0"),
        ("HP = -5", r"line 4 \('HP = -5'\): HP must be 1 to 1,000,000, not -5"),
        ('Movement = -3"', r"line 5 .*Movement cannot be negative"),
        ('Range = 0"', r"line 10 .*Range must be 1 to 1,000, not 0"),
        ('Range = -2"', r"line 10 .*Range cannot be negative"),
    ],
)
def test_impossible_stat_block_numbers_are_refused(line: str, message: str) -> None:
    good = LANCER.format(text=OWN_CHARGE).replace(" | ", "\n")
    field = line.split(" =")[0]
    bad = re.sub(rf"^{field} = .*$", line, good, flags=re.MULTILINE)
    with pytest.raises(RuleError, match=message):
        parse_stat_block(bad)
    data: dict[str, Any] = {}
    with pytest.raises(RuleError, match=message):
        ENGINE.chat_act(data, "unit", "add " + bad.replace("\n", " | "))
    assert data == {}


# Players' own dice for every roll they make -----------------------------------------------------


def ready_armies(names: list[str]) -> Any:
    state, _ = ENGINE.setup(names, options(), Rng("own"))
    for seat in range(len(names)):
        act(state, seat, "/army add Marsh Lantern")
    return state


def test_ready_takes_the_players_own_placement_die() -> None:
    state = ready_armies(["Ann", "Bob"])
    act(state, 0, "/ready --dice 2")
    text = act(state, 1, "/ready --dice 5")
    assert "Placement roll: Ann 2 (own die), Bob 5 (own die)." in text
    assert [state["names"][s] for s in state["order"]] == ["Bob", "Ann"]


def test_own_dice_settle_ties_and_faces_are_checked() -> None:
    state = ready_armies(["Ann", "Bob", "Cid"])
    with pytest.raises(RuleError, match=r"a d6 .* shows 1 to 6"):
        act(state, 0, "/ready --dice 7")
    act(state, 0, "/ready --dice 6,2")
    act(state, 1, "/ready --dice 6,5")
    text = act(state, 2, "/ready --dice 1")
    assert "Tie at 6: Ann and Bob re-roll." in text
    assert "Placement roll: Ann 2 (own die), Bob 5 (own die)." in text
    assert [state["names"][s] for s in state["order"]] == ["Bob", "Ann", "Cid"]


def test_the_escape_die_is_the_held_units_owners() -> None:
    state = start([{BEAR: 1}, {"Barrow Lich": 1}])
    turn(state, 0)
    act(state, 0, f"/attack {BEAR} Barrow Lich --hug --dice 6,1")
    with pytest.raises(RuleError, match=r"--dice gave 1 numbers but this used 0"):
        act(state, 0, "/done --dice 6")  # the bear's owner no longer rolls Bob's escape
    act(state, 0, "/done")
    assert ENGINE.waiting(state) == [1] and state["step"] == "escape"
    assert [m.text for m in ENGINE.legal(state, 1)] == ["/escape"]
    with pytest.raises(RuleError, match="Bob's turn"):
        act(state, 0, "/escape --dice 6")
    with pytest.raises(RuleError, match="First roll for your units held in a Bear Hug"):
        act(state, 1, "/done")
    text = act(state, 1, "/escape --dice 3")
    assert "Barrow Lich tries to escape the Bear Hug: 3+1=4, escapes (4+)." in text
    assert "Bob lets go" not in text and piece(state, "Barrow Lich")["hugged_by"] is None
    assert "moves 2" in act(state, 1, "/move Barrow Lich 2")


# Messages ----------------------------------------------------------------------------------


def test_after_otoro_dies_the_attacker_waits_and_the_owner_aims() -> None:
    state = start([{"Iron Colossus": 1}, {OTORO: 1, "Grave Legion": 1}])
    turn(state, 0)
    piece(state, OTORO)["hp"] = 1
    text = act(state, 0, f"/attack Iron Colossus {OTORO} --dice 6,1,6,6,6,6")
    death = text[text.index("is dead") :]
    assert "Bob aims them: /ability Warmachine Otoro Fire Rockets UNIT, UNIT" in death
    assert "the battle waits for Bob" in death
    for command in (
        "/done",
        f"/ability {OTORO} Fire Rockets none",
        "/attack Iron Colossus Grave Legion",
    ):
        with pytest.raises(RuleError, match="It is Bob's turn, not yours"):
            act(state, 0, command)
    with pytest.raises(RuleError, match="First aim Warmachine Otoro's death rockets"):
        act(state, 1, "/done")
    assert "rockets fly at 0 units." in act(state, 1, f"/ability {OTORO} Fire Rockets none")
    assert ENGINE.waiting(state) == [0] and state["step"] == "attack"


def test_after_moving_the_ranged_attack_is_out_not_the_dagger_short() -> None:
    state = start([{MIGUEL: 1}, {"Grave Legion": 1}])
    turn(state, 0, "move")
    act(state, 0, f"/move {MIGUEL} 2")
    act(state, 0, "/done")
    with pytest.raises(RuleError) as refused:
        act(state, 0, f"/attack {MIGUEL} Grave Legion --range 5")
    said = str(refused.value)
    assert said.startswith(
        f"{MIGUEL} moved this turn, so it may not make the ranged attack Fireball"
    )
    assert 'melee attacks are still allowed (Short Dagger (1"))' in said
    assert "reaches only" not in said

"""Papercraft's arguments read once: each reader parses what its formatter writes, in either
language, and a verb's typed values write the words that read back as them."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.base import Arg, Rng, RuleError, Verb
from games.papercraft import ENGINE
from games.papercraft.catalog import ATTACK_TYPES, builtin_units
from games.papercraft.grammar import (
    ABILITY,
    ABILITY_FLAGS,
    ARMY,
    ATTACK,
    ATTACK_FLAGS,
    MOVE,
    NOBODY,
    PLACE,
    Table,
    chat,
)
from games.papercraft.statblock import parse_stat_block

UNITS = dict(builtin_units())
KINDS = sorted(UNITS)
SPEAR = (
    '{name}\n30 Points\nLiving, Infantry\nHP = 20\nMovement = 4"\nDodge Bonus = +0\n'
    "Armor = Light\nSpears\nType = Pierce\nRange = Melee\nHit Bonus = +1\nDamage = 1D6\n"
)


def round_trip(arg: Arg, value: Any, context: Table) -> Any:
    verb: Verb[Any] = Verb("test", "", args=(arg,))
    words = context.write(verb.args, {arg.name: value})
    return context.read(verb, words).values[arg.name]


def verb_of(args: tuple[Arg, ...], flags: tuple[Any, ...] = ()) -> Verb[Any]:
    return Verb("test", "", args=args, flags=flags)


def reads_back(verb: Verb[Any], values: dict[str, Any], context: Table) -> None:
    """The values written read back alike, from the words and from the typed text."""
    words = context.write(verb.args, values, verb.flags)
    assert context.read(verb, words).values == values, words
    assert context.read(verb, " ".join(words).split()).values == values, words


@given(st.integers(0, 12000).map(lambda n: n / 100))
def test_inches_read_back(inches: float) -> None:
    for arg in (MOVE[3], Arg("range", "number")):
        assert round_trip(arg, inches, chat(UNITS)) == inches


@given(
    st.tuples(st.integers(0, 12000), st.integers(0, 12000)).map(lambda p: (p[0] / 100, p[1] / 100))
)
def test_a_point_reads_back(point: tuple[float, float]) -> None:
    assert round_trip(MOVE[1], point, chat(UNITS)) == point


@given(st.integers(1, 10**9))
def test_a_count_reads_back(count: int) -> None:
    assert round_trip(ARMY[2], count, chat(UNITS)) == count


@given(st.lists(st.integers(1, 6), min_size=1, max_size=8).map(tuple))
def test_dice_read_back(faces: tuple[int, ...]) -> None:
    assert round_trip(Arg("dice", "dice"), faces, chat(UNITS)) == faces


@settings(max_examples=60)
@given(
    st.sampled_from(KINDS),
    st.sampled_from(KINDS),
    st.one_of(st.none(), st.integers(1, 30)),
    st.booleans(),
)
def test_an_attack_reads_back_with_its_flags(
    attacker: str, target: str, reach: int | None, hug: bool
) -> None:
    """Unit kinds (in Polish too), a weapon of the attacker, --range and --hug together."""
    context = chat(UNITS)
    weapon = UNITS[attacker]["attacks"][0]["name"]
    values: dict[str, Any] = {"ATTACKER": attacker, "TARGET": target, "WEAPON": weapon}
    values |= {} if reach is None else {"range": float(reach)}
    values |= {"hug": True} if hug else {}
    reads_back(verb_of(ATTACK, ATTACK_FLAGS), values, context)


@settings(max_examples=40)
@given(st.lists(st.sampled_from(KINDS), min_size=1, max_size=3, unique=True), st.booleans())
def test_an_ability_reads_back_its_targets_or_none(targets: list[str], nobody: bool) -> None:
    context = chat(UNITS)
    user = next(k for k in KINDS if UNITS[k]["abilities"])
    ability = UNITS[user]["abilities"][0]["name"]
    values = {"UNIT": user, "ABILITY": ability, "TARGET": (NOBODY,) if nobody else tuple(targets)}
    reads_back(verb_of(ABILITY, ABILITY_FLAGS), values, context)


@settings(max_examples=40)
@given(st.integers(1, 12), st.sampled_from(["Spear", "Spear 5", "Spear 5 x"]))
def test_a_whole_name_ending_in_digits_reads_before_a_count(count: int, name: str) -> None:
    """'Spear 5' names the unit Spear 5, never Spear x5, when both exist."""
    units = {
        **UNITS,
        **{n: parse_stat_block(SPEAR.format(name=n)) for n in ("Spear", "Spear 5", "Spear 5 x")},
    }
    context = chat(units)
    reads_back(verb_of(ARMY), {"": "add", "UNIT": name, "xN": count}, context)
    assert context.read(verb_of(ARMY), ["add", "Spear", "5"]).values["UNIT"] == "Spear 5"


def test_polish_words_read_as_the_english_values() -> None:
    context = chat(UNITS)
    place = context.read(verb_of(PLACE), ["Łucznicy", "na", "12,3", "E"]).values
    assert place == {"UNIT": "Longbowmen", "X,Y": (12.0, 3.0), "FACING": "E"}
    army = context.read(verb_of(ARMY), ["usuń", "Lucznicy", "x2"]).values
    assert army == {"": "remove", "UNIT": "Longbowmen", "xN": 2}
    aimed = context.read(verb_of(ABILITY), ["Longbowmen", "Okrzyk", "Bojowy", "nic"]).values
    assert aimed["TARGET"] == (NOBODY,) and aimed["ABILITY"] == "Rally Cry"
    typed_type = ["Longbowmen", "Longbowmen", "--type", "kłute"]
    assert context.read(verb_of(ATTACK, ATTACK_FLAGS), typed_type).values["type"] == "Pierce"
    for typed in ATTACK_TYPES:
        values = context.read(
            verb_of(ATTACK, ATTACK_FLAGS), ["Longbowmen", "Longbowmen", "--type", typed]
        )
        assert values.values["type"] == typed


def test_refusals_name_what_does_not_read() -> None:
    context = chat(UNITS)
    with pytest.raises(RuleError, match="'Nobody' is not a unit this chat knows"):
        context.read(verb_of(ATTACK), ["Longbowmen", "Nobody"])
    with pytest.raises(RuleError, match="'at 12' is not a point"):
        context.read(verb_of(PLACE), ["Longbowmen", "at", "12"])
    with pytest.raises(RuleError, match="Facing 'up' is unknown"):
        context.read(verb_of(PLACE), ["Longbowmen", "at", "12,3", "up"])
    with pytest.raises(RuleError, match="--range needs a number of inches"):
        context.read(verb_of(ATTACK, ATTACK_FLAGS), ["Longbowmen", "Longbowmen", "--range", "far"])
    with pytest.raises(RuleError, match="--dice takes the rolled faces"):
        context.read(verb_of(ATTACK, ATTACK_FLAGS), ["Longbowmen", "Longbowmen", "--dice", "six"])


def test_none_among_named_units_is_refused_outside_a_table() -> None:
    with pytest.raises(RuleError, match="Name each unit once, separated by commas"):
        ENGINE.chat_act({}, "ability", "Banner Captain Rally Cry none, Longbowmen", Rng("t"))

"""The notation players bring from other dice rollers (d20, Dice Maiden, Avrae, Roll20,
rpg-dice-roller, Sidekick), each case as its documentation writes it, with paperref's reading:
the same dice and total as a form in d20's grammar, or a refusal that says what to type."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from games.base import Rng, RuleError
from games.dice import DiceRoll, roll

SEEDS = 12

# (source, as the peer documents it, paperref's reading in d20's grammar)
SAME: list[tuple[str, str, str]] = [
    ("Roll20", "4d6k3", "4d6kh3"),
    ("Roll20", "8d100k4", "8d100kh4"),
    ("Roll20", "4d6d1", "4d6dl1"),
    ("Roll20", "8d100d3", "8d100dl3"),
    ("Roll20", "4d6kh3", "4d6kh3"),
    ("Roll20", "4d6kl3", "4d6kl3"),
    ("Roll20", "4d6dh1", "4d6dh1"),
    ("Roll20", "2d20kh1", "2d20kh1"),
    ("Roll20", "2d20kl1+3", "2d20kl1+3"),
    ("Roll20", "3d6!", "3d6e6"),
    ("Roll20", "1d10!", "1d10e10"),
    ("Roll20", "4dF", "4dF"),
    ("Roll20", "d%", "1d100"),
    ("Roll20", "3d6!+2", "3d6e6+2"),
    ("Roll20", "(1d20, 1d20)k1", "(1d20, 1d20)kh1"),
    ("Roll20", "8d6ro1", "8d6ro1"),
    ("Dice Maiden", "4d6 k3", "4d6kh3"),
    ("Dice Maiden", "4d6 kl2", "4d6kl2"),
    ("Dice Maiden", "4d6 d1", "4d6dl1"),
    ("Dice Maiden", "3d6 ie6", "3d6e6"),
    ("Dice Maiden", "3d6 e6", "3d6e6"),
    ("Dice Maiden", "3d6e", "3d6e6"),
    ("Dice Maiden", "2d10 ir2", "2d10rr<3"),
    ("Dice Maiden", "6d10 t7", "6d10>=7"),
    ("Dice Maiden", "6d10 t7 f1", "6d10 t7 f1"),
    ("Dice Maiden", "5d6 ie6 t4", "5d6e6 t4"),
    ("Dice Maiden", "10d6 e6 k8 +4", "10d6e6kh8+4"),
    ("Dice Maiden", "6 4d6", "6#4d6"),
    ("Dice Maiden", "3d6 + 5", "3d6+5"),
    ("Dice Maiden", "2d6 ! Fire damage", "2d6 Fire damage"),
    ("Dice Maiden", "d%", "d100"),
    ("Dice Maiden", "4d100 ; 10d6 e6 k8 +4", "4d100;10d6e6kh8+4"),
    ("Dice Maiden", "2d6 ; 3d8 ; 1d20; 4d10", "2d6;3d8;1d20;4d10"),
    ("rpg-dice-roller", "4d6!", "4d6e6"),
    ("rpg-dice-roller", "4d6!>=5", "4d6e>4"),
    ("rpg-dice-roller", "4d6!<=2", "4d6e<3"),
    ("rpg-dice-roller", "2d6!>4", "2d6e>4"),
    ("rpg-dice-roller", "4d6k2", "4d6kh2"),
    ("rpg-dice-roller", "4d6kl2", "4d6kl2"),
    ("rpg-dice-roller", "4d6d1", "4d6dl1"),
    ("rpg-dice-roller", "4d6dh1", "4d6dh1"),
    ("rpg-dice-roller", "4d6ro<3", "4d6ro<3"),
    ("rpg-dice-roller", "2d6>3", "2d6>3"),
    ("rpg-dice-roller", "dF", "1dF"),
    ("rpg-dice-roller", "4dF!", "4dFe1"),
    ("rpg-dice-roller", "4d6+2d8", "4d6+2d8"),
    ("d20", "4d6kh3", "4d6kh3"),
    ("d20", "4d6pl1", "4d6dl1"),
    ("d20", "4d6p3", "4d6p3"),
    ("d20", "8d6rr1", "8d6rr1"),
    ("d20", "3d6ra6", "3d6ra6"),
    ("d20", "4d6mi2", "4d6mi2"),
    ("d20", "4d6ma5", "4d6ma5"),
    ("d20", "10d6e6", "10d6e6"),
    ("d20", "(1d20, 1d20)kh1", "(1d20,1d20)kh1"),
    ("d20", "1d8[fire]+1d6[cold]", "1d8+1d6"),
    ("Avrae", "1d20+5 adv", "2d20kh1+5"),
    ("Avrae", "1d20 dis", "2d20kl1"),
    ("Avrae", "4d6k3", "4d6kh3"),
    ("Avrae", "1d20+5 >= 15", "1d20+5>=15"),
    ("Sidekick", "4d6k3", "4d6kh3"),
    ("Sidekick", "1d20!", "1d20e20"),
    ("Sidekick", "4d6 k3", "4d6kh3"),
    ("Sidekick", "2d20 kl1", "2d20kl1"),
    ("Unicode digits", "٣#1d6", "3#1d6"),
    ("Unicode digits", "٣d6", "3d6"),
    ("Unicode digits", "１d２０", "1d20"),
]

# (source, as the peer documents it, a part of paperref's refusal: what to type instead)
REFUSED: list[tuple[str, str, str]] = [
    ("Dice Maiden", "4d6 r2", "4d6ro<3 rerolls a die of 2 or less once; 4d6rr2 rerolls every 2"),
    ("Dice Maiden", "2d10 r2", "2d10ro<3 rerolls a die of 2 or less once"),
    ("Dice Maiden", "2d10 rg9", "2d10ro>8 rerolls a die of 9 or more once"),
    (
        "Dice Maiden",
        "2d6 ; 3d8 ; 1d20 ; 4d10 ; 1d6",
        "at position 25 (';'): expected at most 4 rolls",
    ),
    ("Dice Maiden", "2d6 ; ; 3d8", "at position 7 (';'): expected a roll on each side of ;"),
    ("Dice Maiden", "2d6 ;", "at the end: expected a roll on each side of ;"),
    ("Roll20", "8d6r<2", "8d6ro<2 rerolls a matching die once; 8d6rr<2 again and again"),
    ("Roll20", "3d6!!", "Compounding and penetrating dice are not rolled here; 3d6e6 explodes"),
    ("rpg-dice-roller", "4d6!p", "4d6e6 explodes every 6"),
    ("Dice Maiden", "1d20 d4", "1d20+d4 adds a d4"),
    ("Dice Maiden", "2d8 2d8", "2d8+2d8 adds them"),
    ("Roll20", "(2d8)!", "2d8rr1 rerolls every 1, 2d8e8 explodes every 8"),
]


def seen(result: DiceRoll) -> list[tuple[int, list[tuple[int, bool, bool]]]]:
    """Each set's total and dice (face, counted, exploded), of every roll after `;` too: what
    a player reads off a roll."""
    sets = [s for r in (result, *result.more) for s in r.sets]
    return [(s.total, [(d.face, d.kept, d.exploded) for d in s.dice]) for s in sets]


def test_the_table_is_as_large_as_promised() -> None:
    assert len(SAME) + len(REFUSED) >= 60
    sources = {source for source, _, _ in SAME + REFUSED}
    assert {"d20", "Dice Maiden", "Avrae", "Roll20", "rpg-dice-roller", "Sidekick"} <= sources


@pytest.mark.parametrize(("source", "typed", "reading"), SAME)
def test_peer_notation_rolls_as_its_reading(source: str, typed: str, reading: str) -> None:
    for seed in range(SEEDS):
        peer, ours = roll(typed, Rng(f"peer{seed}")), roll(reading, Rng(f"peer{seed}"))
        assert seen(peer) == seen(ours), (source, typed, reading)


@pytest.mark.parametrize(("source", "typed", "hint"), REFUSED)
def test_peer_notation_we_do_not_guess_is_refused_with_the_players_own_dice(
    source: str, typed: str, hint: str
) -> None:
    rng = Rng("refused")
    with pytest.raises(RuleError) as refused:
        roll(typed, rng)
    assert hint in str(refused.value), source
    assert rng.position == 0


def test_keep_and_drop_take_the_highest_and_lowest() -> None:
    for seed in range(SEEDS):
        [kept] = roll("8d100k4", Rng(f"k{seed}")).sets
        faces = sorted((d.face for d in kept.dice), reverse=True)
        assert kept.total == sum(faces[:4])
        [dropped] = roll("8d100d3", Rng(f"d{seed}")).sets
        assert dropped.total == sum(sorted(d.face for d in dropped.dice)[3:])


def test_spaced_options_are_never_a_comment() -> None:
    for typed in ("4d6 k3", "3d6 ie6", "5d6 ie6 t4", "10d6 e6 k8 +4", "2d20 kl1"):
        result = roll(typed, Rng("spaced"))
        assert result.comment is None, typed
    result = roll("5d6 ie6 t4 fireball", Rng("spaced"))
    assert result.comment == "fireball" and result.sets[0].counting


def test_decimals_are_exact_and_rounding_is_said() -> None:
    assert roll("(1d1+44)*1.4", Rng("d")).total == 63
    assert roll("1d1*0.1*3*10", Rng("d")).total == 3
    half = roll("1d1*7/2", Rng("d"))
    assert half.total == 3 and half.describe("Ann").endswith("= 3.5, rounded down to 3")
    third = roll("1d1*10/3", Rng("d"))
    assert third.describe("Ann").endswith("= 10/3, rounded down to 3")
    below = roll("1d1*-7/2", Rng("d"))
    assert below.describe("Ann").endswith("= -3.5, rounded down to -4")


def test_digits_of_any_script_count_alike() -> None:
    assert len(roll("٣#1d6", Rng("u")).sets) == 3
    assert len(roll("٣d6", Rng("u")).sets[0].dice) == 3
    for typed in ("1d20 3 goblins", "1d20 ٣ goblins"):
        with pytest.raises(RuleError, match=r"at position 6 \('.'\).*1d20\+3 adds them"):
            roll(typed, Rng("u"))
    assert roll("1d20 vs ٣ goblins", Rng("u")).comment == "vs ٣ goblins"
    with pytest.raises(RuleError, match=r"Did you mean d3\?"):
        roll("٣", Rng("u"))


def readme_examples() -> list[str]:
    """Each `/roll ...` of the README's dice table."""
    readme = (Path(__file__).parents[2] / "README.md").read_text()
    table = readme.split("## Dice", 1)[1].split("\n\n")[2]
    rows = [row.split(" | ")[1] for row in table.splitlines()[2:]]
    return [found for row in rows for found in re.findall(r"`/roll ([^`]+)`", row)]


def test_every_example_in_the_readmes_dice_table_rolls() -> None:
    examples = readme_examples()
    assert len(examples) >= 20 and "4d6k3" in examples and "5d6 ie6 t4" in examples
    for typed in examples:
        result = roll(typed, Rng("readme"))
        assert result.sets and len(result.more) == typed.count(";"), typed


@pytest.mark.parametrize("tail", ["d", "!!", "r2", "ie", " k3", "x"])
def test_a_long_chain_of_options_is_read_once_whatever_ends_it(tail: str) -> None:
    """Each rewrite reads a chain of options one way only: a chain of 60 that no rewrite takes
    ends in a roll or a refusal, not in a search through its splits."""
    typed = ("1d6" + "kh1" * 60)[: 200 - len(tail)] + tail
    try:
        result = roll(typed, Rng("chain"))
    except RuleError as refused:
        assert "I cannot" in str(refused)
    else:
        assert len(result.sets[0].dice) == 1


def test_rolls_separated_by_semicolons_are_each_answered_and_share_the_dice_limit() -> None:
    result = roll("2d6 fire ; 1d20+5 adv attack ; 6 4d6kh3", Rng("several"))
    lines = result.describe("Ann").splitlines()
    assert lines[0].startswith("Ann rolls (fire): 2d6 (")
    assert lines[1].startswith("Ann rolls (attack): 2d20kh1 (")
    assert lines[2] == "Ann rolls 6 × 4d6kh3:" and len(lines) == 9
    shared = roll("1d20rr<20 ; 999d6", Rng("several"))
    assert shared.notes == ("rerolls stopped at the 1,000-dice limit in 1d20rr<20",)
    assert len(shared.sets[0].dice) + len(shared.more[0].sets[0].dice) == 1000
    with pytest.raises(RuleError, match="asks for 1,001"):
        roll("500d6 ; 501d6", Rng("several"))

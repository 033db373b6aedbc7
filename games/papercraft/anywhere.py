"""/attack and /ability in any chat, for groups playing on a real table: one attack or ability
between units the chat knows, worked out on a table of just those units by the game's own rules."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from games.base import Event, Rng, RuleError
from games.i18n import _, _n, joined
from games.papercraft.abilities import ability
from games.papercraft.army import new_piece
from games.papercraft.attacking import attack
from games.papercraft.board import kind
from games.papercraft.cards import take_unit, unit_list
from games.papercraft.catalog import IN_PLACE, builtin_units
from games.papercraft.commands import Command, merge, split_flags
from games.papercraft.custom import known_units, unit_command
from games.papercraft.names import ability_name, piece_name, unit_name
from games.papercraft.options import DEFAULT_POINTS
from games.papercraft.rolls import Dice
from games.papercraft.statblock import unenforced
from games.papercraft.state import Ability, PapercraftState, Piece, Unit
from games.papercraft.verbs import (
    ABILITY_FLAGS,
    ATTACK_FLAGS,
    OUTSIDE_ABILITY_FLAGS,
    OUTSIDE_FLAGS,
)
from games.papercraft.words import (
    NONE,
    is_word,
    parse_dice_list,
    parse_inches,
    split_list,
    take_name,
)

SIDES = ["A", "B"]
"""The players of a table of two sides: no message of an attack or ability names them."""
FRIENDLY = ("rally_cry", "field_repair", "the_power")
"""Abilities whose targets are the user's own side; the others aim at the enemy."""


def two_sides(units: Sequence[tuple[Unit, int]]) -> tuple[PapercraftState, list[Piece]]:
    """A battle of these units (each with its side) in its attack step, no positions tracked;
    a unit there more than once is numbered, as in a game."""
    totals = Counter(unit["name"] for unit, _side in units)
    counts: Counter[str] = Counter()
    pieces: list[Piece] = []
    for ident, (unit, side) in enumerate(units):
        label = unit["name"]
        if totals[label] > 1:
            counts[label] += 1
            label = f"{label} {counts[label]}"
        piece = new_piece(ident, label, unit["name"], side, unit["hp"])
        piece["placed"] = True
        rockets = _death_rockets(unit)
        if rockets is not None:  # the players aim them: said after the attack, never waited on
            piece["uses"][rockets["name"]] = rockets["uses"]
        pieces.append(piece)
    state: PapercraftState = {
        "names": list(SIDES),
        "options": {"points": DEFAULT_POINTS, "table": [36, 36], "positions": False, "rounds": 0},
        "teams": [0, 1],
        "extra_units": {u["name"]: u for u, _side in units if u["name"] not in builtin_units()},
        "phase": "battle",
        "armies": [{}, {}],
        "ready": [True, True],
        "placement_dice": [[], []],
        "units": pieces,
        "order": [0, 1],
        "placer": None,
        "active": 0,
        "step": "attack",
        "round": 1,
        "turn_no": 1,
        "pending": [],
        "result": None,
    }
    return state, pieces


def _command(words: list[str], flags: dict[str, list[str]], rng: Rng) -> Command:
    faces = flags.pop("dice", None)
    return Command(words, flags, Dice(rng, parse_dice_list(faces) if faces else None))


def _text_only(units: Sequence[Unit]) -> list[str]:
    """Abilities of these units the referee does not apply, named so the table applies them."""
    notes = [
        joined((unit_name(unit["name"]), note), ": ") for unit in units for note in unenforced(unit)
    ]
    if not notes:
        return []
    return [_("Shown as text only (apply by agreement): {abilities}.", abilities=joined(notes))]


def _death_rockets(unit: Unit) -> Ability | None:
    return next(
        (a for a in unit["abilities"] if a.get("effect") == "fire_rockets" and a.get("on_death")),
        None,
    )


def _said(
    state: PapercraftState, events: list[Event], command: Command, units: Sequence[Unit]
) -> str:
    """The attack's lines, then what the players apply themselves."""
    command.dice.finish()
    lines = [event.text for event in merge(events, board=False)]
    for piece in state["units"]:
        rockets = _death_rockets(kind(state, piece))
        if piece["dead"] and rockets is not None:
            unit, name = piece_name(piece), ability_name(rockets)
            lines.append(
                _(
                    "{unit}'s unused {rockets} launch at all units within {reach}\": "
                    "/ability {unit} {rockets} UNIT, UNIT rolls them.",
                    unit=unit,
                    rockets=name,
                    reach=rockets["reach"],
                )
            )
    return joined([*lines, *_text_only(units)], "\n")


def attack_anywhere(data: dict[str, Any], text: str, rng: Rng) -> str:
    """`/attack ATTACKER TARGET [WEAPON] [--range N] [--dice ...] [--moved N] [--hp N] ...`."""
    words, flags = split_flags("attack", text.split(), (*ATTACK_FLAGS, *OUTSIDE_FLAGS))
    flags.pop("private", None)
    units = known_units(data)
    attacker, rest = take_unit(words, units)
    target, weapon = take_unit(rest, units)
    splashed = [take_unit(part, units)[0] for part in split_list(flags.get("also") or [])]
    table = [(attacker, 0), (target, 1), *((unit, 1) for unit in splashed)]
    state, pieces = two_sides(table)
    moved = flags.pop("moved", None)
    if moved is not None:
        pieces[0]["moved"] = parse_inches(moved, "--moved")
    hp = flags.pop("hp", None)
    if hp is not None:
        pieces[1]["hp"] = _hp(hp, target)
    if splashed:
        flags["also"] = joined((p["name"] for p in pieces[2:]), ", ").split()
    named = [*pieces[0]["name"].split(), *pieces[1]["name"].split(), *weapon]
    command = _command(named, flags, rng)
    return _said(state, attack(state, 0, command), command, [attacker, target])


def _hp(said: list[str], target: Unit) -> int:
    value = " ".join(said)
    if not value.isdigit() or not 1 <= int(value) <= target["hp"]:
        raise RuleError(
            _(
                "--hp is the target's HP now: a whole number from 1 to {most} ({unit}'s full HP).",
                most=target["hp"],
                unit=unit_name(target["name"]),
            )
        )
    return int(value)


def ability_anywhere(data: dict[str, Any], text: str, rng: Rng) -> str:
    """`/ability UNIT ABILITY [TARGET, ...] [--range N] [--move N] [--dice ...] [--hp N]`: the
    targets (each at --hp N) stand on the user's side for abilities that help (Field Repair),
    else on the enemy's."""
    words, flags = split_flags("ability", text.split(), (*ABILITY_FLAGS, *OUTSIDE_ABILITY_FLAGS))
    flags.pop("private", None)
    hp = flags.pop("hp", None)
    units = known_units(data)
    user, rest = take_unit(words, units)
    found = take_name(rest, [(ability_name(a), a) for a in user["abilities"]])
    if found is None or found[0].get("effect") not in IN_PLACE:
        state, pieces = two_sides([(user, 0)])  # the game's own refusal says what is wrong
        command = _command([*pieces[0]["name"].split(), *rest], flags, rng)
        return _said(state, ability(state, 0, command), command, [user])
    entry, rest = found
    nobody = len(rest) == 1 and is_word(rest[0], NONE)
    targets = [] if nobody else [take_unit(part, units)[0] for part in split_list(rest)]
    side = 0 if entry.get("effect") in FRIENDLY else 1
    state, pieces = two_sides([(user, 0), *((unit, side) for unit in targets)])
    pieces[0]["uses"].clear()  # its rockets, fired now, are unused (two_sides held them back)
    for piece, unit in zip(pieces[1:], targets, strict=True):
        piece["hp"] = unit["hp"] if hp is None else _hp(hp, unit)
    listed = rest if nobody else joined((p["name"] for p in pieces[1:]), ", ").split()
    named = [*pieces[0]["name"].split(), *entry["name"].split(), *listed]
    command = _command(named, flags, rng)
    return _said(state, ability(state, 0, command), command, [user, *targets])


def units_anywhere(data: dict[str, Any]) -> str:
    """/units outside a table: every unit the chat knows, compactly (/unit show NAME in full)."""
    units = known_units(data)
    return joined(
        [
            _n(
                "{n} unit this chat knows (/unit show NAME shows one in full):",
                "{n} units this chat knows (/unit show NAME shows one in full):",
                len(units),
            ),
            unit_list(units.values()),
        ],
        "\n",
    )


def chat_act(data: dict[str, Any], verb: str, text: str, rng: Rng | None) -> str:
    """A Papercraft verb outside a running Papercraft table: /unit (anywhere at all), /units,
    /attack and /ability (rolled on the chat's generator)."""
    if verb == "unit":
        return unit_command(data, text)
    if verb == "units":
        return units_anywhere(data)
    if rng is None:
        raise RuleError(_("/{verb} rolls dice; it needs the chat's generator.", verb=verb))
    if verb == "ability":
        return ability_anywhere(data, text, rng)
    return attack_anywhere(data, text, rng)

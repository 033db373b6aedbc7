"""/attack and /ability in any chat, for groups playing on a real table: one attack or ability
between units the chat knows, worked out on a table of just those units by the game's own rules."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from games.args import MAX_WORDS
from games.base import Args, Event, Rng, RuleError
from games.i18n import _, _n, joined
from games.papercraft.abilities import ability
from games.papercraft.army import new_piece
from games.papercraft.attacking import attack
from games.papercraft.board import kind
from games.papercraft.cards import unit_list, unknown
from games.papercraft.catalog import IN_PLACE, builtin_units
from games.papercraft.commands import Command, command, merge
from games.papercraft.custom import known_units, unit_command
from games.papercraft.grammar import CHAT_ONLY, NOBODY, chat
from games.papercraft.names import ability_name, piece_name, unit_name
from games.papercraft.options import DEFAULT_POINTS
from games.papercraft.statblock import unenforced
from games.papercraft.state import Ability, PapercraftState, Piece, Unit
from games.papercraft.verbs import VERBS
from games.papercraft.words import key_of

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


def _read(verb: str, text: str, units: Mapping[str, Unit]) -> Args:
    """The verb's typed arguments among the chat's units; nothing, or more words than a command
    reads, is no unit."""
    words = text.split()
    if not words or len(words) > MAX_WORDS:
        raise RuleError(unknown(words))
    declared = next(v for v in VERBS if v.name == verb)
    return chat(units).read(declared, words)


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
    units = known_units(data)
    args = _read("attack", text, units)
    attacker, target = units[args.one("ATTACKER", str)], units[args.one("TARGET", str)]
    splashed = [units[label] for label in args.values.get("also", ())]
    table = [(attacker, 0), (target, 1), *((unit, 1) for unit in splashed)]
    state, pieces = two_sides(table)
    moved = args.maybe("moved", float)
    if moved is not None:
        pieces[0]["moved"] = moved
    hp = args.maybe("hp", int)
    if hp is not None:
        pieces[1]["hp"] = _hp(hp, target)
    values = {k: v for k, v in args.values.items() if k not in CHAT_ONLY}
    values |= {"ATTACKER": pieces[0]["name"], "TARGET": pieces[1]["name"]}
    if splashed:
        values["also"] = tuple(piece["name"] for piece in pieces[2:])
    given = command(Args(args.words, values), rng)
    return _said(state, attack(state, 0, given), given, [attacker, target])


def _hp(value: int, target: Unit) -> int:
    if not 1 <= value <= target["hp"]:
        raise RuleError(
            _(
                "--hp is the target's HP now: a whole number from 1 to {most} ({unit}'s full HP).",
                most=target["hp"],
                unit=unit_name(target["name"]),
            )
        )
    return value


def ability_anywhere(data: dict[str, Any], text: str, rng: Rng) -> str:
    """`/ability UNIT ABILITY [TARGET, ...] [--range N] [--move N] [--dice ...] [--hp N]`: the
    targets (each at --hp N) stand on the user's side for abilities that help (Field Repair),
    else on the enemy's."""
    units = known_units(data)
    args = _read("ability", text, units)
    user = units[args.one("UNIT", str)]
    said = key_of(args.one("ABILITY", str))
    entry = next((a for a in user["abilities"] if key_of(a["name"]) == said), None)
    values = {k: v for k, v in args.values.items() if k not in CHAT_ONLY}
    if entry is None or entry.get("effect") not in IN_PLACE:
        state, pieces = two_sides([(user, 0)])  # the game's own refusal says what is wrong
        given = command(Args(args.words, values | {"UNIT": pieces[0]["name"]}), rng)
        return _said(state, ability(state, 0, given), given, [user])
    listed = tuple(args.values.get("TARGET", ()))
    nobody = listed == (NOBODY,)
    if NOBODY in listed and not nobody:
        raise RuleError(_("Name each unit once, separated by commas."))
    targets = [] if nobody else [units[label] for label in listed]
    side = 0 if entry.get("effect") in FRIENDLY else 1
    state, pieces = two_sides([(user, 0), *((unit, side) for unit in targets)])
    pieces[0]["uses"].clear()  # its rockets, fired now, are unused (two_sides held them back)
    hp = args.maybe("hp", int)
    for piece, unit in zip(pieces[1:], targets, strict=True):
        piece["hp"] = unit["hp"] if hp is None else _hp(hp, unit)
    values["UNIT"] = pieces[0]["name"]
    if listed:
        values["TARGET"] = listed if nobody else tuple(piece["name"] for piece in pieces[1:])
    given = command(Args(args.words, values), rng)
    return _said(state, ability(state, 0, given), given, [user, *targets])


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

"""Before the battle: armies bought to the points total, /units, /ready and the placement roll."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from games.base import Event, Rng, RuleError, private, public
from games.papercraft.board import catalog
from games.papercraft.catalog import unit_line
from games.papercraft.commands import Command
from games.papercraft.options import MAX_UNITS
from games.papercraft.placement import DEFAULT_FACING, next_placer
from games.papercraft.state import PapercraftState, Piece
from games.papercraft.words import take_name

State = PapercraftState


def army_points(state: State, seat: int) -> int:
    units = catalog(state)
    return sum(units[name]["points"] * count for name, count in state["armies"][seat].items())


def army_size(state: State, seat: int) -> int:
    return sum(state["armies"][seat].values())


def teammates(state: State, seat: int) -> list[int]:
    team = state["teams"][seat]
    return [s for s in range(len(state["names"])) if state["teams"][s] == team]


def side_points(state: State, team: int) -> int:
    return sum(
        army_points(state, s) for s in range(len(state["names"])) if state["teams"][s] == team
    )


def army_text(state: State, seat: int) -> str:
    army = state["armies"][seat]
    units = catalog(state)
    parts = [f"{count}x {name} ({units[name]['points']})" for name, count in army.items()]
    listing = ", ".join(parts) or "no units yet"
    total = army_points(state, seat)
    return f"{state['names'][seat]}'s army: {listing} = {total} of {state['options']['points']} points."


def _unit_and_count(state: State, words: list[str]) -> tuple[str, int]:
    """The unit named by all the words (names may end in digits), else a trailing count:
    'Grave Legion x3', 'Grave Legion 3x' or 'Grave Legion 3'."""
    named = [(name, name) for name in catalog(state)]
    whole = take_name(words, named)
    if whole is not None and not whole[1]:
        return whole[0], 1
    counted = re.fullmatch(r"[x×]?(\d+)[x×]?", words[-1].casefold()) if words else None
    if counted and len(words) > 1:
        found = take_name(words[:-1], named)
        if found is not None and not found[1]:
            digits = counted.group(1)
            return found[0], int(digits) if len(digits) <= 9 else 10**9
    raise RuleError(f"'{' '.join(words)}' is not a unit; /units lists them all.")


def army(state: State, seat: int, command: Command) -> list[Event]:
    """/army add|remove UNIT [xN] and the bare listing; editing takes back a /ready."""
    words = command.words
    if not words or words[0].casefold() in ("list", "show"):
        return [public("\n".join(army_text(state, s) for s in range(len(state["names"]))))]
    if state["phase"] != "army":
        raise RuleError("Armies are fixed once the battle is set up; /army lists them.")
    action = words[0].casefold()
    if action not in ("add", "remove"):
        raise RuleError("Use /army add UNIT [xN], /army remove UNIT [xN], or /army to list.")
    name, count = _unit_and_count(state, words[1:])
    if count < 1:
        raise RuleError("Say how many, 1 or more.")
    army = state["armies"][seat]
    if action == "add":
        if army_size(state, seat) + count > MAX_UNITS:
            raise RuleError(
                f"An army fields at most {MAX_UNITS} units; yours has {army_size(state, seat)}."
            )
        army[name] = army.get(name, 0) + count
    else:
        if army.get(name, 0) < count:
            raise RuleError(
                f"Your army has {army.get(name, 0)}x {name}; you cannot remove {count}."
            )
        army[name] -= count
        if not army[name]:
            del army[name]
    who = state["names"][seat]
    lines = [f"{who} {'adds' if action == 'add' else 'removes'} {count}x {name}."]
    if state["ready"][seat]:
        state["ready"][seat] = False
        state["placement_dice"][seat] = []
        lines.append(f"{who} is no longer ready.")
    lines.append(army_text(state, seat))
    over = army_points(state, seat) - state["options"]["points"]
    if over > 0:
        lines.append(f"That is {over} points over the total: remove units before /ready.")
    return [public("\n".join(lines))]


def units(state: State, seat: int, command: Command) -> list[Event]:
    """/units: every unit one may buy, to the asker only."""
    listing = "\n".join(unit_line(unit) for unit in catalog(state).values())
    return [private(seat, listing, reveals=False)]


def can_ready_empty(state: State, seat: int) -> bool:
    """A player may bring no units when a teammate's army fields the side."""
    return any(state["armies"][s] for s in teammates(state, seat) if s != seat)


def ready(state: State, seat: int, command: Command) -> list[Event]:
    """/ready [--dice N,...]: your army is complete; your own die (and any re-rolls) for placement."""
    if state["phase"] != "army":
        raise RuleError("/ready is for the army phase, which is over.")
    if state["ready"][seat]:
        raise RuleError("You are already ready; /army add or remove takes it back.")
    given = command.dice.take_all(6, "placement d6")
    if not state["armies"][seat] and not can_ready_empty(state, seat):
        raise RuleError("Your army is empty; /army add UNIT first (/units lists them).")
    total, limit = army_points(state, seat), state["options"]["points"]
    if total > limit:
        raise RuleError(
            f"Your army is {total} points, over the {limit}-point total; /army remove a unit."
        )
    state["ready"][seat] = True
    state["placement_dice"][seat] = given or []
    who = state["names"][seat]
    text = f"{who} is ready with {total} points."
    if not state["armies"][seat]:
        text = f"{who} is ready with no units of their own; their side fields the rest."
    events = [public(text)]
    if all(state["ready"]):
        events += _all_ready(state, command.dice.rng)
    return events


def _all_ready(state: State, rng: Rng) -> list[Event]:
    """Every side fields units, at most the points total (rules: teams' points even); else hold."""
    limit = state["options"]["points"]
    events: list[Event] = []
    for team in sorted(set(state["teams"])):
        members = [s for s in range(len(state["names"])) if state["teams"][s] == team]
        who = " and ".join(state["names"][s] for s in members)
        points = side_points(state, team)
        if points > limit:
            why = f"fields {points} points but every side has the same {limit}-point total"
            fix = "/army remove units"
        elif not any(state["armies"][s] for s in members):
            why, fix = "fields no units", "/army add units"
        else:
            continue
        for seat in members:
            state["ready"][seat] = False
            state["placement_dice"][seat] = []
        events.append(public(f"Hold: the side of {who} {why}; {who}: {fix} and /ready again."))
    if events:
        return events
    _create_units(state)
    queues = {s: list(state["placement_dice"][s]) for s in range(len(state["names"]))}
    order, lines = _roll_order(state, rng, list(range(len(state["names"]))), queues)
    state["order"] = order
    state["phase"] = "place"
    state["placer"] = None
    lines.append("Placement order: " + ", ".join(state["names"][s] for s in order) + ".")
    return [public("\n".join(lines)), *next_placer(state, 0)]


def _labels(state: State) -> list[tuple[int, str, str]]:
    """(seat, label, unit) for every unit bought; a unit bought more than once is numbered
    (Grave Legion 1, 2), skipping numbers that would give another unit's name."""
    totals: Counter[str] = Counter()
    for army in state["armies"]:
        totals.update(army)
    taken = {name.casefold() for name in totals}
    numbered: Counter[str] = Counter()
    found = []
    for seat, army in enumerate(state["armies"]):
        for name, count in army.items():
            for _ in range(count):
                if totals[name] == 1:
                    found.append((seat, name, name))
                    continue
                numbered[name] += 1
                while f"{name} {numbered[name]}".casefold() in taken:
                    numbered[name] += 1
                label = f"{name} {numbered[name]}"
                taken.add(label.casefold())
                found.append((seat, label, name))
    return found


def _create_units(state: State) -> None:
    units = catalog(state)
    for seat, label, name in _labels(state):
        piece = new_piece(len(state["units"]), label, name, seat, units[name]["hp"])
        piece["facing"] = DEFAULT_FACING[seat]
        state["units"].append(piece)


def new_piece(ident: int, label: str, name: str, seat: int, hp: int) -> Piece:
    return {
        "id": ident,
        "name": label,
        "kind": name,
        "owner": seat,
        "hp": hp,
        "max_hp": hp,
        "placed": False,
        "reserve": False,
        "x": None,
        "y": None,
        "facing": "N",
        "dead": False,
        "corpse": False,
        "moved": 0,
        "targets": [],
        "in_place": None,
        "rally": 0,
        "power": 0,
        "grappled": None,
        "hugged_by": None,
        "hugging": None,
        "burning": None,
        "uses": {},
    }


def _roll_order(
    state: State, rng: Rng, seats: Sequence[int], queues: dict[int, list[int]]
) -> tuple[list[int], list[str]]:
    """Everyone rolls a d6 (their own dice from /ready --dice first), highest first; tied
    players re-roll among themselves."""
    rolls: dict[int, int] = {}
    shown = []
    for seat in seats:
        own = bool(queues[seat])
        rolls[seat] = queues[seat].pop(0) if own else rng.roll(6)
        shown.append(f"{state['names'][seat]} {rolls[seat]}{' (own die)' if own else ''}")
    lines = [f"Placement roll: {', '.join(shown)}."]
    order: list[int] = []
    for value in sorted(set(rolls.values()), reverse=True):
        tied = [s for s in seats if rolls[s] == value]
        if len(tied) > 1:
            lines.append(
                f"Tie at {value}: " + " and ".join(state["names"][s] for s in tied) + " re-roll."
            )
            sub, more = _roll_order(state, rng, tied, queues)
            order += sub
            lines += more
        else:
            order += tied
    return order, lines

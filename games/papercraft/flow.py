"""Turn order and phases: who is waited on, escapes, movement then attack, end of turn, the end."""

from __future__ import annotations

from games.base import Event, RuleError, public
from games.papercraft.board import alive, kind, pieces, power, side, surviving_points
from games.papercraft.catalog import parse_dice
from games.papercraft.combat import after_armor, by_id, hurt, release_hug
from games.papercraft.commands import Command
from games.papercraft.rolls import Dice
from games.papercraft.state import PapercraftState, Piece, Step

State = PapercraftState
DEFAULT_ESCAPE = 4


def waiting(state: State) -> list[int]:
    phase = state["phase"]
    if phase == "army":
        return [s for s in range(len(state["names"])) if not state["ready"][s]]
    if phase == "place" and state["placer"] is not None:
        return [state["placer"]]
    if phase == "battle":
        if state["pending"]:
            return [state["pending"][0]["seat"]]
        return [] if state["active"] is None else [state["active"]]
    return []


def active(state: State) -> int:
    seat = state["active"]
    if seat is None:
        raise RuleError("The battle has not started.")
    return seat


def expect(state: State, verb: str, *steps: Step) -> None:
    """Refuse a battle verb outside its step, or while a destroyed Otoro's rockets wait."""
    if state["phase"] != "battle":
        raise RuleError(f"/{verb} is for the battle; now it is the {state['phase']} phase.")
    if state["pending"]:
        otoro = pieces(state)[state["pending"][0]["unit"]]["name"]
        raise RuleError(
            f"First aim {otoro}'s death rockets: /ability {otoro} Fire Rockets UNIT, UNIT "
            "(or none)."
        )
    step = state["step"]
    if step in steps:
        return
    if step == "escape":
        raise RuleError("First roll for your units held in a Bear Hug: /escape [--dice N].")
    if step == "move":
        raise RuleError("It is the movement phase: /move units, then /done to start attacking.")
    if step == "attack":
        raise RuleError("The movement phase is over; /attack, /ability, or /done to end the turn.")
    raise RuleError("This turn is over.")


def held(state: State, seat: int) -> list[Piece]:
    return [p for p in own(state, seat) if p["hugged_by"] is not None]


def start_turn(state: State, seat: int) -> list[Event]:
    """Fresh movement and attacks for everyone; a seat with units in a Bear Hug rolls first."""
    state["active"] = seat
    state["turn_no"] += 1
    for piece in pieces(state):
        piece["moved"], piece["targets"], piece["in_place"] = 0, [], None
    name = state["names"][seat]
    hugged = held(state, seat)
    if not hugged:
        state["step"] = "move"
        return [
            public(
                f"Round {state['round']}, {name}'s turn: movement phase (/move units, then /done)."
            )
        ]
    state["step"] = "escape"
    units = ", ".join(p["name"] for p in hugged)
    return [
        public(
            f"Round {state['round']}, {name}'s turn. Held in a Bear Hug: {units}. {name} rolls "
            "to escape first: /escape (d6 + dodge each), or /escape --dice N with your own dice."
        )
    ]


def escape(state: State, seat: int, command: Command) -> list[Event]:
    """/escape: each held unit rolls d6 + its dodge against the bear's number (4)."""
    expect(state, "escape", "escape")
    events: list[Event] = []
    for piece in held(state, seat):
        bear = by_id(state, piece["hugged_by"])
        hug = power(state, bear, "bear_hug") if bear is not None else None
        need = hug["escape_on"] if hug is not None else DEFAULT_ESCAPE
        dodge = kind(state, piece)["dodge"]
        roll = command.dice.roll(6, f"{piece['name']}'s escape d6")
        escaped = roll + dodge >= need
        text = f"{piece['name']} tries to escape the Bear Hug: {roll}{dodge:+d}={roll + dodge}, "
        text += f"escapes ({need}+)." if escaped else f"still held ({need}+ needed)."
        if escaped:
            release_hug(state, piece)
        events.append(public(text))
    state["step"] = "move"
    events.append(public("Movement phase: /move units, then /done."))
    return events


def own(state: State, seat: int) -> list[Piece]:
    return [p for p in alive(state) if p["owner"] == seat and p["placed"]]


def done(state: State, seat: int, command: Command) -> list[Event]:
    """/done: the movement phase ends, then the attack phase and the turn."""
    expect(state, "done", "move", "attack")
    name = state["names"][seat]
    if state["step"] == "move":
        state["step"] = "attack"
        text = f"{name} ends the movement phase. Attack phase: /attack, /ability, then /done."
        return [public(text)]
    events = [public(f"{name} ends the attack phase and the turn.")]
    events += _end_of_turn(state, seat, command.dice)
    state["step"] = "ending"
    return events


def _end_of_turn(state: State, seat: int, dice: Dice) -> list[Event]:
    """Phase-long boosts end (ruling 10); grapples and fireball burns of this seat run out."""
    events: list[Event] = []
    for piece in pieces(state):
        piece["rally"], piece["power"] = 0, 0
    for piece in own(state, seat):
        if piece["grappled"] is not None and piece["grappled"] < state["turn_no"]:
            piece["grappled"] = None
        burn = piece["burning"]
        if burn is None or burn["turn"] >= state["turn_no"]:
            continue
        piece["burning"] = None
        if piece["moved"]:
            events.append(public(f"{piece['name']} moved, so the Fireball's flames go out."))
            continue
        total, shown = dice.expr(parse_dice(burn["dice"]), f"burn on {piece['name']}")
        damage, text = after_armor(state, piece, burn["damage_type"], total)
        said = f"{piece['name']} did not move and burns: {shown}, {text}"
        events.append(public(" ".join([said, *hurt(state, piece, damage, dice)])))
    return events


def settle(state: State) -> list[Event]:
    """After every move: the battle ends when one side is left; a finished turn hands over."""
    if state["phase"] != "battle" or state["pending"]:
        return []  # a destroyed Otoro's rockets come first: they may change who is left
    events = check_end(state)
    if events or state["step"] != "ending":
        return events
    return _next_turn(state)


def _next_turn(state: State) -> list[Event]:
    order = state["order"]
    here = order.index(active(state))
    events: list[Event] = []
    for step in range(1, len(order) + 1):
        if here + step == len(order):
            limit = state["options"]["rounds"]
            if limit and state["round"] >= limit:
                events.append(public(f"Round {state['round']} of {limit} is over."))
                return events + _finish_on_points(state)
            state["round"] += 1
        seat = order[(here + step) % len(order)]
        if own(state, seat):
            return events + start_turn(state, seat)
    return events


def sides_standing(state: State) -> list[int]:
    return sorted({side(state, p["owner"]) for p in alive(state)})


def check_end(state: State) -> list[Event]:
    """Ruling 1: a side wins when every unit it faces is dead; a wipe-out at once goes to the mover."""
    standing = sides_standing(state)
    if len(standing) > 1:
        return []
    team = standing[0] if standing else side(state, active(state))
    winners = [s for s in range(len(state["names"])) if side(state, s) == team]
    reason = (
        "every enemy unit is dead"
        if standing
        else "the last units fell together; the side whose turn it was wins"
    )
    return _finish(state, winners, reason)


def _finish_on_points(state: State) -> list[Event]:
    totals: dict[int, int] = {}
    for seat in range(len(state["names"])):
        team = side(state, seat)
        totals[team] = totals.get(team, 0) + surviving_points(state, seat)
    best = max(totals.values())
    winners = [s for s in range(len(state["names"])) if totals[side(state, s)] == best]
    reason = f"most surviving points after {state['options']['rounds']} rounds ({best})"
    return _finish(state, winners, reason)


def _finish(state: State, winners: list[int], reason: str) -> list[Event]:
    state["phase"], state["step"] = "over", None
    state["result"] = {"winners": winners, "reason": reason}
    names = " and ".join(state["names"][s] for s in winners)
    return [public(f"Game over: {names} win{'s' if len(winners) == 1 else ''} ({reason}).")]

"""Turns and rounds: movement then attack, end-of-turn effects, and who has won."""

from __future__ import annotations

from games.base import State
from games.papercraft.combat import after_armor, hurt, release_hug
from games.papercraft.dice import Dice
from games.papercraft.table import Piece, alive, kind, pieces, side, surviving_points


def start_turn(state: State, seat: int, dice: Dice) -> list[str]:
    """Fresh movement and attacks for everyone; hugged units of this seat try to escape."""
    state["active"], state["step"] = seat, "move"
    state["turn_no"] += 1
    for piece in pieces(state):
        piece["moved"], piece["targets"], piece["in_place"] = 0, [], None
    name = state["names"][seat]
    lines = [f"Round {state['round']}, {name}'s turn: movement phase (/move units, then /done)."]
    for piece in _own(state, seat):
        if piece["hugged_by"] is None:
            continue
        dodge = kind(state, piece)["dodge"]
        roll = dice.roll(6, f"{piece['name']}'s escape d6")
        escaped = roll + dodge >= 4
        text = f"{piece['name']} tries to escape the Bear Hug: {roll}{dodge:+d}={roll + dodge}, "
        text += "escapes (4+)." if escaped else "still held (4+ needed)."
        lines.append(text)
        if escaped:
            release_hug(state, piece)
    return lines


def _own(state: State, seat: int) -> list[Piece]:
    return [p for p in alive(state) if p["owner"] == seat and p["placed"]]


def done(state: State, seat: int, dice: Dice) -> list[str]:
    name = state["names"][seat]
    if state["step"] == "move":
        state["step"] = "attack"
        return [f"{name} ends the movement phase. Attack phase: /attack, /ability, then /done."]
    lines = [f"{name} ends the attack phase and the turn."]
    lines += _end_of_turn(state, seat, dice)
    if check_end(state, lines):
        return lines
    return lines + _next_turn(state, dice)


def _end_of_turn(state: State, seat: int, dice: Dice) -> list[str]:
    """Phase-long boosts end (ruling 10); grapples and fireball burns of this seat run out."""
    lines: list[str] = []
    for piece in pieces(state):
        piece["rally"], piece["power"] = 0, False
    for piece in _own(state, seat):
        if piece["grappled"] is not None and piece["grappled"] < state["turn_no"]:
            piece["grappled"] = None
        if piece["burning"] is None or piece["burning"] >= state["turn_no"]:
            continue
        piece["burning"] = None
        if piece["moved"]:
            lines.append(f"{piece['name']} moved, so the Fireball's flames go out.")
            continue
        total = dice.roll(6, f"burn d6 on {piece['name']}")
        damage, text = after_armor(state, piece, "Energy", total)
        burn = f"{piece['name']} did not move and burns: 1d6 [{total}]={total}, {text}"
        lines.append(" ".join([burn, *hurt(state, piece, damage, dice)]))
    return lines


def _next_turn(state: State, dice: Dice) -> list[str]:
    order: list[int] = state["order"]
    here = order.index(state["active"])
    lines: list[str] = []
    for step in range(1, len(order) + 1):
        if here + step == len(order):
            limit = state["options"]["rounds"]
            if limit and state["round"] >= limit:
                lines.append(f"Round {state['round']} of {limit} is over.")
                _finish_on_points(state, lines)
                return lines
            state["round"] += 1
        seat = order[(here + step) % len(order)]
        if _own(state, seat):
            return lines + start_turn(state, seat, dice)
    return lines  # nobody stands: pending death rockets settle it, then check_end


def sides_standing(state: State) -> list[int]:
    return sorted({side(state, p["owner"]) for p in alive(state)})


def check_end(state: State, lines: list[str]) -> bool:
    """Ruling 1: a side wins when every unit it faces is dead; a wipe-out at once goes to the mover."""
    if state["phase"] != "battle":
        return state["phase"] == "over"
    if state["pending"]:
        return False  # death rockets first: they may change who is left
    standing = sides_standing(state)
    if len(standing) > 1:
        return False
    team = standing[0] if standing else side(state, state["active"])
    winners = [s for s in range(len(state["names"])) if side(state, s) == team]
    reason = (
        "every enemy unit is dead"
        if standing
        else "the last units fell together; the side whose turn it was wins"
    )
    _finish(state, winners, reason, lines)
    return True


def _finish_on_points(state: State, lines: list[str]) -> None:
    totals: dict[int, int] = {}
    for seat in range(len(state["names"])):
        team = side(state, seat)
        totals[team] = totals.get(team, 0) + surviving_points(state, seat)
    best = max(totals.values())
    winners = [s for s in range(len(state["names"])) if totals[side(state, s)] == best]
    _finish(
        state,
        winners,
        f"most surviving points after {state['options']['rounds']} rounds ({best})",
        lines,
    )


def _finish(state: State, winners: list[int], reason: str, lines: list[str]) -> None:
    state["phase"], state["step"] = "over", None
    state["result"] = {"winners": winners, "reason": reason}
    names = " and ".join(state["names"][s] for s in winners)
    lines.append(f"Game over: {names} win{'s' if len(winners) == 1 else ''} ({reason}).")

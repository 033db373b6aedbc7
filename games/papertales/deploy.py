"""Phase 2, Deployment planning: face-down choices that stay private until everyone is ready."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.base import Event, Move, RuleError, State, private, public
from games.papertales.cards import fold, match_card, name, unit, words
from games.papertales.kingdom import front_capacity
from games.papertales.table import labels, lbl

ROWS = ("front", "back")
BACK_CAPACITY = 2
MAX_CHOICES = 12
Player = dict[str, Any]


def start_deployment(state: State) -> list[Event]:
    """Open Deployment: fresh plans, and each seat privately shown its hand."""
    state["phase"] = "deploy"
    for p in state["players"]:
        p["plan"] = {"new": [], "rows": {}}
        p["ready"] = False
        p["fresh"] = []
    events = [
        public(
            f"Turn {state['turn']}, Deployment: place units face down, then /ready; "
            "everything is revealed when all are ready."
        )
    ]
    for seat, p in enumerate(state["players"]):
        events.append(
            private(
                seat,
                f"Your hand: {labels(state, p['hand'])}. You have {p['gold']} gold and "
                f"{front_capacity(p)} Front and {BACK_CAPACITY} Back spots. Use /deploy CARD "
                "front|back, /move, /discard, /keep CARD, then /ready.",
                choices=deploy_moves(state, seat)[:MAX_CHOICES],
            )
        )
    return events


def layout(p: Player) -> list[tuple[int, str, bool]]:
    """The planned kingdom: (card, row, is_new) after this phase's moves and discards."""
    rows = p["plan"]["rows"]
    cards = [
        (u["card"], rows.get(str(u["card"]), u["row"]), False)
        for u in p["units"]
        if rows.get(str(u["card"])) != "discard"
    ]
    return cards + [(c, r, True) for c, r in p["plan"]["new"]]


def free(p: Player, row: str) -> int:
    """Spots left in a row of the planned kingdom."""
    used = sum(1 for _, r, _ in layout(p) if r == row)
    cap = front_capacity(p) if row == "front" else BACK_CAPACITY
    return cap - used


def planned_cost(p: Player) -> int:
    """Gold the face-down units will cost at the reveal (Monkeys count -1)."""
    return sum(unit(c).cost for c, _ in p["plan"]["new"])


def owes_ready(state: State, seat: int) -> bool:
    """The seat is still deploying."""
    return state["phase"] == "deploy" and not state["players"][seat]["ready"]


def _check(state: State, seat: int) -> Player:
    """Refuse deployment verbs outside Deployment or after /ready."""
    if state["phase"] != "deploy":
        raise RuleError("That is only possible during Deployment.")
    p: Player = state["players"][seat]
    if p["ready"]:
        raise RuleError("You are ready; wait for the others to finish Deployment.")
    return p


def _row(word: str) -> str:
    """Read front/back (Polish przód/tył too)."""
    row = {"front": "front", "f": "front", "przod": "front", "back": "back", "b": "back"}.get(
        fold(word), "back" if fold(word) == "tyl" else ""
    )
    if not row:
        raise RuleError(f"'{word}' is not a row; say front or back.")
    return row


def _split_row(args: Sequence[str], usage: str) -> tuple[str, str]:
    """Split 'CARD WORDS ROW' into the card text and the row."""
    if len(args) < 2:
        raise RuleError(f"Say which card and which row: {usage}.")
    return " ".join(args[:-1]), _row(args[-1])


def act_deploy(state: State, seat: int, args: Sequence[str]) -> list[Event]:
    """Place a hand card face down; overspending only warns (unpaid units go at the reveal)."""
    p = _check(state, seat)
    text, row = _split_row(args, "/deploy CARD front|back")
    card = match_card(text, p["hand"], "card in your hand", any_copy=True)
    if free(p, row) <= 0:
        raise RuleError(
            f"Your {row} row is full; /move or /discard a unit first, or use the other row."
        )
    p["hand"].remove(card)
    p["plan"]["new"].append([card, row])
    msg = f"{lbl(state, card)} goes face down to your {row} row (cost {unit(card).cost})."
    cost = planned_cost(p)
    if cost > p["gold"]:
        msg += (
            f" Warning: your face-down units cost {cost} and you have {p['gold']} gold; "
            "those you cannot pay are discarded at the reveal."
        )
    return [private(seat, msg, reveals=False)]


def _planned_unit(p: Player, text: str) -> int:
    """A unit of the planned kingdom named by the player."""
    cards = [c for c, _, _ in layout(p)]
    return match_card(text, cards, "unit in your kingdom", any_copy=False)


def act_move(state: State, seat: int, args: Sequence[str]) -> list[Event]:
    """Plan a row change, secret until the reveal."""
    p = _check(state, seat)
    text, row = _split_row(args, "/move UNIT front|back")
    card = _planned_unit(p, text)
    current = next(r for c, r, _ in layout(p) if c == card)
    if current == row:
        raise RuleError(f"{lbl(state, card)} is already in your {row} row.")
    if free(p, row) <= 0:
        raise RuleError(f"Your {row} row is full; /discard a unit first.")
    for entry in p["plan"]["new"]:
        if entry[0] == card:
            entry[1] = row
            break
    else:
        p["plan"]["rows"][str(card)] = row
    return [private(seat, f"{lbl(state, card)} will move to your {row} row.", reveals=False)]


def act_discard(state: State, seat: int, args: Sequence[str]) -> list[Event]:
    """Plan a discard from play, or take a face-down card back to hand."""
    p = _check(state, seat)
    card = _planned_unit(p, " ".join(args))
    for entry in p["plan"]["new"]:
        if entry[0] == card:
            p["plan"]["new"].remove(entry)
            p["hand"].append(card)
            return [private(seat, f"{lbl(state, card)} goes back to your hand.", reveals=False)]
    p["plan"]["rows"][str(card)] = "discard"
    return [private(seat, f"{lbl(state, card)} will be discarded from play.", reveals=False)]


def act_keep(state: State, seat: int, args: Sequence[str]) -> list[Event]:
    """Choose the one hand card saved for next turn (or none)."""
    p = _check(state, seat)
    text = " ".join(args)
    if fold(text) in ("none", "nic"):
        if p["kept"] is None:
            raise RuleError("You are not keeping any card.")
        p["hand"].append(p["kept"])
        p["kept"] = None
        return [private(seat, "You keep no card for next turn.", reveals=False)]
    card = match_card(text, p["hand"], "card in your hand", any_copy=True)
    p["hand"].remove(card)
    if p["kept"] is not None:
        p["hand"].append(p["kept"])
    p["kept"] = card
    return [private(seat, f"You keep {lbl(state, card)} for next turn.", reveals=False)]


def act_ready(state: State, seat: int) -> list[Event]:
    """Lock in the plan; the last seat to be ready triggers the reveal."""
    p = _check(state, seat)
    p["ready"] = True
    waiting = sum(1 for q in state["players"] if not q["ready"])
    left = [] if not p["hand"] else [f" The other {len(p['hand'])} hand cards will be discarded."]
    events = [private(seat, "You are ready." + "".join(left), reveals=False)]
    if waiting:
        events.append(public(f"{state['names'][seat]} is ready ({waiting} still deploying)."))
    return events


def deploy_moves(state: State, seat: int) -> list[Move]:
    """Ready, deploys into open rows, keeps, moves and discards."""
    if not owes_ready(state, seat):
        return []
    p = state["players"][seat]
    moves = [Move("ready")]
    distinct: dict[str, int] = {}
    for c in p["hand"]:
        distinct.setdefault(name(c), c)
    open_rows = [r for r in ROWS if free(p, r) > 0]
    for c in distinct.values():
        cw = words(c)
        moves += [Move("deploy", (*cw, r)) for r in open_rows]
        if p["kept"] is None:
            moves.append(Move("keep", cw))
    for c, r, _ in layout(p):
        other = "back" if r == "front" else "front"
        cw = words(c)
        if other in open_rows:
            moves.append(Move("move", (*cw, other)))
        moves.append(Move("discard", cw))
    if p["kept"] is not None:
        moves.append(Move("keep", ("none",)))
    return moves

"""Drives the running action: automatic steps run, the first real choice waits for its player."""

from __future__ import annotations

from games.skylines import steps
from games.skylines.program import current, pop
from games.skylines.table import Table
from games.skylines.turns import end_turn


def run(t: Table) -> None:
    """Run steps until one needs an answer; when the action is over and no actions remain, pass."""
    state = t.state
    while state["program"] is not None:
        step = current(state)
        if step is None:
            state["program"] = None
            break
        seat = state["program"]["seat"]
        if not step.get("started") and not steps.start(t, seat, step):
            pop(state)
            continue
        if steps.auto(t, seat, step):
            continue
        if steps.moves(state, t.cat, seat, step):
            source = state["program"]["source"]
            t.say(f"{t.name(seat)} ({source}) must now {steps.prompt(state, step)}.")
            return
        if step["done"] == 0:
            t.say(f"{t.name(seat)} cannot do the '{step['do']}' part, so it is skipped.")
        pop(state)
    if state["phase"] == "play" and state["turn"]["actions"] <= 0:
        end_turn(t)

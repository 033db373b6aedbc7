"""Phase progression and the conflict order: after each move, run every phase that needs no
choice until one does."""

from __future__ import annotations

from games.base import Event, Rng
from games.papertales.aging import final_scoring, finish_aging, start_aging
from games.papertales.build import start_construction
from games.papertales.deploy import start_deployment
from games.papertales.draft import (
    all_picked,
    finish_recruitment,
    pass_packets,
    recruitment_done,
    start_recruitment,
)
from games.papertales.reveal import end_of_deployment, flip_all, reveal, start_every_deployment
from games.papertales.state import PaperTalesState
from games.papertales.wars import resolve_income, resolve_wars

TURNS = 4


def conflict_order(state: PaperTalesState, rng: Rng) -> list[int]:
    """Who acts first when order matters: the leader, then less gold, then random among ties."""
    players = state["players"]
    seats = sorted(range(len(players)), key=lambda s: (-players[s]["lp"], players[s]["gold"]))
    order: list[int] = []
    i = 0
    while i < len(seats):
        key = (players[seats[i]]["lp"], players[seats[i]]["gold"])
        group = [s for s in seats[i:] if (players[s]["lp"], players[s]["gold"]) == key]
        if len(group) > 1:
            rng.shuffle(group)
        order += group
        i += len(group)
    return order


def advance(state: PaperTalesState, rng: Rng) -> list[Event]:
    """Move on while the current phase is complete."""
    events: list[Event] = []
    while True:
        phase = state["phase"]
        players = state["players"]
        settled = not state["pending"]
        if phase == "recruit" and recruitment_done(state):
            events += finish_recruitment(state) + start_deployment(state)
        elif phase == "recruit" and all_picked(state):
            events += pass_packets(state)
        elif phase == "deploy" and all(p["ready"] for p in players):
            events += reveal(state, conflict_order(state, rng))
        elif phase == "pay" and settled:
            events += flip_all(state, rng)
        elif phase == "time" and settled:
            events += start_every_deployment(state)
        elif phase == "alch" and settled:
            events += end_of_deployment(state) + resolve_wars(state) + resolve_income(state)
            events += start_construction(state)
        elif phase == "build" and all(p["ready"] for p in players):
            events += start_aging(state)
        elif phase == "heal" and settled:
            events += finish_aging(state)
            if state["turn"] == TURNS:
                return events + final_scoring(state)
            state["turn"] += 1
            state["phase"] = "recruit"
            events += start_recruitment(state, rng)
        else:
            return events

"""The phase machine: after each act, run every phase that needs no choice until one does."""

from __future__ import annotations

from games.base import Event, Rng, State, public
from games.papertales.aging import final_scoring, finish_aging, start_aging
from games.papertales.build import start_construction
from games.papertales.deploy import start_deployment
from games.papertales.draft import finish_recruitment, recruitment_done, start_recruitment
from games.papertales.reveal import kraken_penalty, reveal, start_alchemy
from games.papertales.table import TURNS
from games.papertales.wars import resolve_income, resolve_wars


def advance(state: State, rng: Rng) -> list[Event]:
    """Move on while the current phase is complete."""
    events: list[Event] = []
    while True:
        phase = state["phase"]
        players = state["players"]
        if phase == "recruit" and recruitment_done(state):
            events += finish_recruitment(state) + start_deployment(state)
        elif phase == "deploy" and all(p["ready"] for p in players):
            events += reveal(state, rng)
        elif phase == "time" and not state["pending"]:
            events += start_alchemy(state)
        elif phase == "alch" and not state["pending"]:
            events += kraken_penalty(state) + resolve_wars(state) + resolve_income(state)
            events += start_construction(state)
        elif phase == "build" and all(p["ready"] for p in players):
            events += start_aging(state)
        elif phase == "heal" and not state["pending"]:
            events += finish_aging(state)
            if state["turn"] == TURNS:
                return events + final_scoring(state)
            state["turn"] += 1
            state["phase"] = "recruit"
            events += start_recruitment(state, rng)
        else:
            return events


def opening(state: State, rng: Rng) -> list[Event]:
    """Greet the table and deal the first packets."""
    names = ", ".join(state["names"])
    events = [
        public(
            f"Paper Tales for {len(state['names'])} players: {names}. Everyone starts with 3 gold "
            "and 0 LP; 4 turns of Recruitment, Deployment, Wars, Income, Construction, Aging."
        )
    ]
    return events + start_recruitment(state, rng)

"""Choices asked after a reveal or at Aging: Time Master, Master Alchemist and Mystical Healer."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.base import Event, Move, RuleError, State, private, public
from games.papertales.cards import fold, match_card, words
from games.papertales.table import labels, lbl

CHOICE_PHASES = ("time", "alch", "heal")
Entry = dict[str, Any]


def entry_for(state: State, seat: int) -> Entry | None:
    """The seat's first open choice, if the current phase has one."""
    if state["phase"] not in CHOICE_PHASES:
        return None
    return next((e for e in state["pending"] if e["seat"] == seat), None)


def candidates(state: State, entry: Entry) -> list[int]:
    """Units the open choice may target (Healer: dying units with exactly one token)."""
    p = state["players"][entry["seat"]]
    if entry["kind"] == "heal":
        ages = {s["card"]: s["age"] for s in p["units"]}
        return [c for c in p["dying"] if ages[c] == 1]
    return [s["card"] for s in p["units"]]


def _question(state: State, entry: Entry) -> str:
    """The private prompt for one open choice."""
    source = lbl(state, entry["source"])
    options = labels(state, candidates(state, entry))
    if entry["kind"] == "heal":
        return (
            f"Your {source} may save one dying unit with exactly 1 age token: {options}. "
            "Use /choose UNIT or /choose none."
        )
    return f"Your {source} puts {entry['tokens']} age tokens on one of your units: {options}. Use /choose UNIT."


def prompt_pending(state: State) -> list[Event]:
    """Ask every seat with an open choice its first question."""
    events = []
    for seat in range(len(state["names"])):
        entry = entry_for(state, seat)
        if entry is not None:
            events.append(
                private(
                    seat, _question(state, entry), reveals=False, choices=choice_moves(state, seat)
                )
            )
    return events


def choice_moves(state: State, seat: int) -> list[Move]:
    """Every answer to the seat's first open choice."""
    entry = entry_for(state, seat)
    if entry is None:
        return []
    moves = [Move("choose", words(c)) for c in candidates(state, entry)]
    if entry["kind"] == "heal":
        moves.append(Move("choose", ("none",)))
    return moves


def act_choose(state: State, seat: int, args: Sequence[str]) -> list[Event]:
    """Answer one open choice; the result is public at once."""
    entry = entry_for(state, seat)
    if entry is None:
        raise RuleError("You have no choice to make now.")
    text = " ".join(args)
    p = state["players"][seat]
    who = f"{state['names'][seat]}'s {lbl(state, entry['source'])}"
    if entry["kind"] == "heal" and fold(text) in ("none", "nic"):
        state["pending"] = [e for e in state["pending"] if e["seat"] != seat]
        return [public(f"{who} saves nobody.")]
    card = match_card(text, candidates(state, entry), "unit to choose", any_copy=False)
    state["pending"].remove(entry)
    if entry["kind"] == "heal":
        p["dying"].remove(card)
        events = [public(f"{who} saves {lbl(state, card)} from dying.")]
        if not candidates(state, entry):
            state["pending"] = [e for e in state["pending"] if e["seat"] != seat]
    else:
        slot = next(s for s in p["units"] if s["card"] == card)
        slot["age"] += entry["tokens"]
        events = [
            public(
                f"{who} puts {entry['tokens']} age tokens on {lbl(state, card)} "
                f"(now {slot['age']})."
            )
        ]
    nxt = entry_for(state, seat)
    if nxt is not None:
        events.append(
            private(seat, _question(state, nxt), reveals=False, choices=choice_moves(state, seat))
        )
    return events

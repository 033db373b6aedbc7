"""Open choices: age tokens to place (on reveal, every Deployment), a unit to save at Aging, and
a unit to discard when its owner cannot pay; asked privately, answered publicly."""

from __future__ import annotations

from games.base import Event, Rng, RuleError, private, public
from games.papertales.catalog import fold, labels, lbl, match_card, unit
from games.papertales.moves import candidates, choice_moves, entry_for
from games.papertales.state import PaperTalesState, Pending

NONE_WORDS = ("none", "nic")


def owed(state: PaperTalesState, seat: int) -> int:
    """Gold the seat's revealed, unpaid units cost together."""
    return sum(max(unit(n["card"]).cost, 0) for n in state["players"][seat]["unpaid"])


def question(state: PaperTalesState, entry: Pending) -> str:
    """The private prompt for one open choice."""
    options = labels(state, candidates(state, entry))
    if entry["kind"] == "pay":
        p = state["players"][entry["seat"]]
        return (
            f"Your new units cost {owed(state, entry['seat'])} gold and you have {p['gold']}: "
            f"discard one of them with /discard UNIT: {options}."
        )
    source = lbl(state, entry["source"] or 0)
    if entry["kind"] == "save":
        return (
            f"Your {source} may save one of your dying units: {options}. "
            "Use /choose UNIT or /choose none."
        )
    return (
        f"Your {source} puts {entry['tokens']} age tokens on one of your units: {options}. "
        "Use /choose UNIT."
    )


def ask(state: PaperTalesState, seat: int) -> list[Event]:
    """Ask the seat its first open choice, if it has one."""
    entry = entry_for(state, seat)
    if entry is None:
        return []
    text = question(state, entry)
    return [private(seat, text, reveals=False, choices=choice_moves(state, seat))]


def prompt_pending(state: PaperTalesState) -> list[Event]:
    """Ask every seat with an open choice its first question."""
    return [e for seat in range(len(state["names"])) for e in ask(state, seat)]


def act_choose(state: PaperTalesState, seat: int, args: list[str], rng: Rng) -> list[Event]:
    """Answer an age-token or save choice; the result is public at once."""
    entry = entry_for(state, seat)
    if entry is None:
        raise RuleError("You have no choice to make now.")
    if entry["kind"] == "pay":
        raise RuleError("Choose a new unit to discard with /discard UNIT.")
    text = " ".join(args)
    p = state["players"][seat]
    who = f"{state['names'][seat]}'s {lbl(state, entry['source'] or 0)}"
    if entry["kind"] == "save" and fold(text) in NONE_WORDS:
        state["pending"] = [e for e in state["pending"] if e["seat"] != seat]
        return [public(f"{who} saves nobody.")]
    card = match_card(
        text, candidates(state, entry), "you may choose", any_copy=False, secret=False
    )
    state["pending"].remove(entry)
    if entry["kind"] == "save":
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
    return events + ask(state, seat)

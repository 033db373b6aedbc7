"""Open choices: age tokens to place (on reveal, every Deployment), a unit to save at Aging, and
a unit to discard when its owner cannot pay; asked privately, answered publicly."""

from __future__ import annotations

from games.base import Args, Event, Rng, RuleError, private, public
from games.i18n import _
from games.papertales.catalog import card_name, card_names, unit
from games.papertales.grammar import NO_CARD
from games.papertales.moves import candidates, choice_moves, entry_for
from games.papertales.state import PaperTalesState, Pending
from games.papertales.texts import gold, tokens


def owed(state: PaperTalesState, seat: int) -> int:
    """Gold the seat's revealed, unpaid units cost together."""
    return sum(max(unit(n["card"]).cost, 0) for n in state["players"][seat]["unpaid"])


def question(state: PaperTalesState, entry: Pending) -> str:
    """The private prompt for one open choice."""
    options = card_names(candidates(state, entry))
    if entry["kind"] == "pay":
        p = state["players"][entry["seat"]]
        return _(
            "Your new units cost {cost} and you have {gold}: discard one of them with "
            "/discard UNIT: {options}.",
            cost=gold(owed(state, entry["seat"])),
            gold=gold(p["gold"]),
            options=options,
        )
    source = card_name(entry["source"] or 0)
    if entry["kind"] == "save":
        return _(
            "Your {source} may save one of your dying units: {options}. Use /choose UNIT or "
            "/choose none.",
            source=source,
            options=options,
        )
    return _(
        "Your {source} puts {tokens} on one of your units: {options}. Use /choose UNIT.",
        source=source,
        tokens=tokens(entry["tokens"]),
        options=options,
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


def act_choose(state: PaperTalesState, seat: int, args: Args, rng: Rng) -> list[Event]:
    """Answer an age-token or save choice; the result is public at once."""
    entry = entry_for(state, seat)
    if entry is None:
        raise RuleError(_("You have no choice to make now."))
    if entry["kind"] == "pay":
        raise RuleError(_("Choose a new unit to discard with /discard UNIT."))
    card = args.one("UNIT", int)
    p = state["players"][seat]
    who = {"name": state["names"][seat], "source": card_name(entry["source"] or 0)}
    if card == NO_CARD:
        state["pending"] = [e for e in state["pending"] if e["seat"] != seat]
        return [public(_("{name}'s {source} saves nobody.", **who))]
    state["pending"].remove(entry)
    if entry["kind"] == "save":
        p["dying"].remove(card)
        saved = _("{name}'s {source} saves {card} from dying.", card=card_name(card), **who)
        events = [public(saved)]
        if not candidates(state, entry):
            state["pending"] = [e for e in state["pending"] if e["seat"] != seat]
    else:
        slot = next(s for s in p["units"] if s["card"] == card)
        slot["age"] += entry["tokens"]
        events = [
            public(
                _(
                    "{name}'s {source} puts {tokens} on {card} (now {age}).",
                    tokens=tokens(entry["tokens"]),
                    card=card_name(card),
                    age=slot["age"],
                    **who,
                )
            )
        ]
    return events + ask(state, seat)

"""Phase 2, Deployment planning: face-down choices that stay private until everyone is ready.

Refusals here may be read by a whole group: they never name a hand or face-down card."""

from __future__ import annotations

from games.base import Args, Event, Rng, RuleError, private, public
from games.i18n import _, _n
from games.papertales.catalog import card_name, card_names, unit
from games.papertales.grammar import NO_CARD
from games.papertales.kingdom import BACK_CAPACITY, free, front_capacity, layout, planned_cost
from games.papertales.moves import deploy_moves
from games.papertales.state import PaperTalesState, Player, Row
from games.papertales.texts import gold
from games.papertales.texts import row as row_name

MAX_CHOICES = 12


def start_deployment(state: PaperTalesState) -> list[Event]:
    """Open Deployment: fresh plans, and each seat privately shown its hand."""
    state["phase"] = "deploy"
    for p in state["players"]:
        p["plan"] = {"new": [], "rows": {}}
        p["ready"] = False
        p["fresh"] = []
    events = [
        public(
            _(
                "Turn {turn}, Deployment: place units face down, then /ready; everything is "
                "revealed when all are ready.",
                turn=state["turn"],
            )
        )
    ]
    for seat, p in enumerate(state["players"]):
        events.append(
            private(
                seat,
                _(
                    "Your hand: {cards}. You have {gold} and {front} Front and {back} Back spots. "
                    "Use /deploy CARD front|back, /move, /discard, /keep CARD, then /ready.",
                    cards=card_names(p["hand"]),
                    gold=gold(p["gold"]),
                    front=front_capacity(p),
                    back=BACK_CAPACITY,
                ),
                choices=deploy_moves(state, seat, MAX_CHOICES),
            )
        )
    return events


def _check(state: PaperTalesState, seat: int) -> Player:
    """Refuse deployment verbs outside Deployment."""
    if state["phase"] != "deploy":
        raise RuleError(_("That is only possible during Deployment."))
    return state["players"][seat]


def _row(args: Args) -> Row:
    return "front" if args.one("ROW", str) == "front" else "back"


def act_deploy(state: PaperTalesState, seat: int, args: Args, rng: Rng) -> list[Event]:
    """Place a hand card face down; overspending only warns (the reveal asks what to discard)."""
    p = _check(state, seat)
    card, row = args.one("CARD", int), _row(args)
    if card == NO_CARD:
        raise RuleError(
            _("No card {where} has that name; /hand shows them.", where=_("in your hand"))
        )
    if free(p, row) <= 0:
        raise RuleError(
            _(
                "Your {row} row is full; /move or /discard a unit first, or use the other row.",
                row=row_name(row),
            )
        )
    p["hand"].remove(card)
    p["plan"]["new"].append({"card": card, "row": row})
    msg = _(
        "{card} goes face down to your {row} row (cost {cost}).",
        card=card_name(card),
        row=row_name(row),
        cost=unit(card).cost,
    )
    cost = planned_cost(p)
    if cost > p["gold"]:
        msg = _(
            "{card} goes face down to your {row} row (cost {cost}). Warning: your face-down "
            "units cost {total} and you have {gold}; at the reveal you choose which of them "
            "to discard.",
            card=card_name(card),
            row=row_name(row),
            cost=unit(card).cost,
            total=cost,
            gold=gold(p["gold"]),
        )
    return [private(seat, msg, reveals=False)]


def act_move(state: PaperTalesState, seat: int, args: Args, rng: Rng) -> list[Event]:
    """Plan a row change, secret until the reveal."""
    p = _check(state, seat)
    card, row = args.one("UNIT", int), _row(args)
    current = next(r for c, r, _new in layout(p) if c == card)
    if current == row:
        raise RuleError(_("That unit is already in your {row} row.", row=row_name(row)))
    if free(p, row) <= 0:
        raise RuleError(_("Your {row} row is full; /discard a unit first.", row=row_name(row)))
    for entry in p["plan"]["new"]:
        if entry["card"] == card:
            entry["row"] = row
            break
    else:
        p["plan"]["rows"][str(card)] = row
    text = _("{card} will move to your {row} row.", card=card_name(card), row=row_name(row))
    return [private(seat, text, reveals=False)]


def act_discard(state: PaperTalesState, seat: int, args: Args, rng: Rng) -> list[Event]:
    """Plan a discard from play, or take a face-down card back to hand."""
    p = _check(state, seat)
    card = args.one("UNIT", int)
    for entry in p["plan"]["new"]:
        if entry["card"] == card:
            p["plan"]["new"].remove(entry)
            p["hand"].append(card)
            text = _("{card} goes back to your hand.", card=card_name(card))
            return [private(seat, text, reveals=False)]
    p["plan"]["rows"][str(card)] = "discard"
    text = _("{card} will be discarded from play.", card=card_name(card))
    return [private(seat, text, reveals=False)]


def act_keep(state: PaperTalesState, seat: int, args: Args, rng: Rng) -> list[Event]:
    """Choose the one hand card saved for next turn (or none)."""
    p = _check(state, seat)
    card = args.one("CARD", int)
    if card == NO_CARD:
        if p["kept"] is None:
            raise RuleError(_("You are not keeping any card."))
        p["hand"].append(p["kept"])
        p["kept"] = None
        return [private(seat, _("You keep no card for next turn."), reveals=False)]
    p["hand"].remove(card)
    if p["kept"] is not None:
        p["hand"].append(p["kept"])
    p["kept"] = card
    text = _("You keep {card} for next turn.", card=card_name(card))
    return [private(seat, text, reveals=False)]


def act_ready(state: PaperTalesState, seat: int) -> list[Event]:
    """Lock in the plan; the reveal follows when everyone is ready."""
    p = _check(state, seat)
    p["ready"] = True
    waiting = sum(1 for q in state["players"] if not q["ready"])
    ready = _("You are ready.")
    if p["hand"]:
        ready = _n(
            "You are ready. The other {n} hand card will be discarded.",
            "You are ready. The other {n} hand cards will be discarded.",
            len(p["hand"]),
        )
    events = [private(seat, ready, reveals=False)]
    if waiting:
        name = state["names"][seat]
        events.append(public(_("{name} is ready ({n} still deploying).", name=name, n=waiting)))
    return events

"""Turn flow: drawing with reshuffles, the start-of-turn draw and its 8-card limit, skipped
turns, /done, whose turn it is and the end of the game."""

from __future__ import annotations

from games.base import Args, Event, Outcome, Rng, RuleError, private, public
from games.gotown.catalog import NAMES, kind, names_of
from games.gotown.hands import hand_line
from games.gotown.moves import can_play
from games.gotown.state import GoTownState
from games.i18n import Joined, _, _n

DONUT_SKIP = "donut-truck"
"""A pending skip caused by the donut truck (the truck itself lies on the table, not in the queue)."""

START_DRAW_LIMIT = 8
REFILL_TO = 3


def skip_name(entry: str) -> str:
    return NAMES["donut"] if entry == DONUT_SKIP else NAMES["milkshake"]


def and_list(items: list[str]) -> str:
    """'4', '4 and 5', '4, 5 and dog' (the card names said in the reader's language)."""
    if len(items) == 1:
        return items[0]
    return _("{names} and {last}", names=Joined(items[:-1]), last=items[-1])


def cards(count: int) -> str:
    return _n("{n} card", "{n} cards", count)


def floors(count: int) -> str:
    return _n("{n} floor", "{n} floors", count)


def waiting(state: GoTownState) -> list[int]:
    return [] if state["winner"] is not None else [state["turn"]]


def require_free_turn(state: GoTownState, seat: int) -> None:
    """A seat with a pending milkshake or donut skip sits its turn out: only /done."""
    skips = state["skips"][seat]
    if skips:
        raise RuleError(
            _(
                "You have a {card} this turn: you sit out, and the only move is /done.",
                card=skip_name(skips[0]),
            )
        )


def played(state: GoTownState) -> None:
    """A card was played this turn (a quiet round needs a whole round without this)."""
    state["changed"] = True


def draw_cards(
    state: GoTownState, seat: int, count: int, rng: Rng
) -> tuple[list[str], list[Event]]:
    """Draw up to count cards, reshuffling the discard pile when the draw pile runs out."""
    drawn: list[str] = []
    events: list[Event] = []
    for _draw in range(count):
        if not state["draw"]:
            if not state["discard"]:
                break
            state["draw"] = state["discard"]
            state["discard"] = []
            rng.shuffle(state["draw"])
            events.append(
                public(
                    _(
                        "The draw pile is empty: the discard pile is shuffled into a new draw "
                        "pile of {cards}.",
                        cards=cards(len(state["draw"])),
                    )
                )
            )
        card = state["draw"].pop()
        state["hands"][seat].append(card)
        drawn.append(card)
    return drawn, events


def _draw_events(
    state: GoTownState, seat: int, drawn: list[str], wanted: int, lead: str
) -> list[Event]:
    """The public count of a draw and the private list of the drawn cards."""
    name = state["names"][seat]
    if len(drawn) < wanted:
        draws = _(
            "{name} draws {cards} (the draw and discard piles are empty).",
            name=name,
            cards=cards(len(drawn)),
        )
    else:
        draws = _("{name} draws {cards}.", name=name, cards=cards(len(drawn)))
    events = [public(Joined((lead, draws), ""), board=True)]
    if drawn:
        got = and_list(names_of(drawn))
        text = _("You draw {cards}. Your hand: {hand}.", cards=got, hand=hand_line(state, seat))
        events.append(private(seat, text))
    return events


def deadlocked(state: GoTownState) -> bool:
    """The 8-card limit gives way only to a deadlock: a full round passed with no card played or
    drawn, and no seat holds a build, a steal or a card it could play."""
    seats = range(len(state["names"]))
    return state["quiet_turns"] >= len(seats) and not any(can_play(state, s) for s in seats)


def begin_turn(state: GoTownState, seat: int, rng: Rng) -> list[Event]:
    """Hand the turn to seat: the donut truck returns, then a skipped turn or the start draw."""
    state["turn"] = seat
    name = state["names"][seat]
    events: list[Event] = []
    donut = state["donut"]
    if donut is not None and donut["owner"] == seat:
        state["discard"].append(donut["card"])
        state["donut"] = None
        events.append(
            public(_("The donut truck is back with its owner and goes to the discard pile."))
        )
    skips = state["skips"][seat]
    if skips:
        state["changed"] = True
        events.append(
            public(
                _(
                    "{name}'s turn: {name} has a {card}, sits out this turn, draws nothing and "
                    "can only /done.",
                    name=name,
                    card=skip_name(skips[0]),
                ),
                board=True,
            )
        )
        return events
    hand = state["hands"][seat]
    lead: str = _("{name}'s turn: ", name=name)
    if len(hand) >= START_DRAW_LIMIT:
        if not deadlocked(state):
            state["changed"] = False
            holds = _("{name} holds {cards} and draws none.", name=name, cards=cards(len(hand)))
            events.append(public(Joined((lead, holds), ""), board=True))
            return events
        lead = _(
            "{name}'s turn: nobody played or drew a card for a full round and nobody can build "
            "or play one, so the 8-card limit is lifted: ",
            name=name,
        )
    drawn, reshuffles = draw_cards(state, seat, 1, rng)
    state["changed"] = bool(drawn)
    return events + reshuffles + _draw_events(state, seat, drawn, 1, lead)


def done(state: GoTownState, seat: int, args: Args, rng: Rng) -> list[Event]:
    """/done: discard a pending skip or refill to 3, then pass the turn clockwise."""
    name = state["names"][seat]
    events: list[Event] = []
    skips = state["skips"][seat]
    if skips:
        entry = skips.pop(0)
        if kind(entry) == "milkshake":
            state["discard"].append(entry)
            events.append(
                public(_("{name} discards the milkshake and sits out the turn.", name=name))
            )
        else:
            events.append(public(_("{name} sits out the turn for the donut truck.", name=name)))
    else:
        held = len(state["hands"][seat])
        if held < REFILL_TO:
            drawn, reshuffles = draw_cards(state, seat, REFILL_TO - held, rng)
            lead = _(
                "{name} ends the turn with {cards} and refills to 3: ", name=name, cards=cards(held)
            )
            events += reshuffles + _draw_events(state, seat, drawn, REFILL_TO - held, lead)
            state["changed"] = state["changed"] or bool(drawn)
        else:
            events.append(public(_("{name} ends the turn.", name=name)))
    state["quiet_turns"] = 0 if state["changed"] else state["quiet_turns"] + 1
    following = (seat + 1) % len(state["names"])
    return events + begin_turn(state, following, rng)


def outcome(state: GoTownState) -> Outcome | None:
    """The first to complete the goal wins alone; scores are floors built."""
    winner = state["winner"]
    if winner is None:
        return None
    scores = {seat: float(len(tower)) for seat, tower in enumerate(state["towers"])}
    detail: list[str] = [
        _("{name}: {floors} (winner)", name=name, floors=floors(len(tower)))
        if seat == winner
        else _("{name}: {floors}", name=name, floors=floors(len(tower)))
        for seat, (name, tower) in enumerate(zip(state["names"], state["towers"], strict=True))
    ]
    return Outcome([winner], scores, detail)

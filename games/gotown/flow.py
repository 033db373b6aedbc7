"""Turn flow: drawing with reshuffles, the start-of-turn draw and its 8-card limit, skipped
turns, /done, whose turn it is and the end of the game."""

from __future__ import annotations

from games.base import Event, Outcome, Rng, RuleError, private, public
from games.gotown.catalog import kind, names_of
from games.gotown.hands import hand_line
from games.gotown.moves import can_play
from games.gotown.state import GoTownState

DONUT_SKIP = "donut-truck"
"""A pending skip caused by the donut truck (the truck itself lies on the table, not in the queue)."""

START_DRAW_LIMIT = 8
REFILL_TO = 3


def skip_name(entry: str) -> str:
    return "donut truck" if entry == DONUT_SKIP else "milkshake"


def plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def waiting(state: GoTownState) -> list[int]:
    return [] if state["winner"] is not None else [state["turn"]]


def require_free_turn(state: GoTownState, seat: int) -> None:
    """A seat with a pending milkshake or donut skip sits its turn out: only /done."""
    skips = state["skips"][seat]
    if skips:
        raise RuleError(
            f"You have a {skip_name(skips[0])} this turn: you sit out, and the only move is /done."
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
    for _ in range(count):
        if not state["draw"]:
            if not state["discard"]:
                break
            state["draw"] = state["discard"]
            state["discard"] = []
            rng.shuffle(state["draw"])
            events.append(
                public(
                    "The draw pile is empty: the discard pile is shuffled into a new draw pile of "
                    f"{plural(len(state['draw']), 'card')}."
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
    text = f"{lead}{name} draws {plural(len(drawn), 'card')}"
    if len(drawn) < wanted:
        text += " (the draw and discard piles are empty)"
    events = [public(text + ".", board=True)]
    if drawn:
        got = " and ".join(names_of(drawn))
        events.append(private(seat, f"You draw {got}. Your hand: {hand_line(state, seat)}."))
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
            public("The donut truck is back with its owner and goes to the discard pile.")
        )
    skips = state["skips"][seat]
    if skips:
        state["changed"] = True
        events.append(
            public(
                f"{name}'s turn: {name} has a {skip_name(skips[0])}, sits out this turn, draws "
                "nothing and can only /done.",
                board=True,
            )
        )
        return events
    hand = state["hands"][seat]
    lead = f"{name}'s turn: "
    if len(hand) >= START_DRAW_LIMIT:
        if not deadlocked(state):
            state["changed"] = False
            events.append(
                public(f"{lead}{name} holds {len(hand)} cards and draws none.", board=True)
            )
            return events
        lead += (
            "nobody played or drew a card for a full round and nobody can build or play one, "
            "so the 8-card limit is lifted: "
        )
    drawn, reshuffles = draw_cards(state, seat, 1, rng)
    state["changed"] = bool(drawn)
    return events + reshuffles + _draw_events(state, seat, drawn, 1, lead)


def done(state: GoTownState, seat: int, args: list[str], rng: Rng) -> list[Event]:
    """/done: discard a pending skip or refill to 3, then pass the turn clockwise."""
    name = state["names"][seat]
    events: list[Event] = []
    skips = state["skips"][seat]
    if skips:
        entry = skips.pop(0)
        if kind(entry) == "milkshake":
            state["discard"].append(entry)
            events.append(public(f"{name} discards the milkshake and sits out the turn."))
        else:
            events.append(public(f"{name} sits out the turn for the donut truck."))
    else:
        held = len(state["hands"][seat])
        if held < REFILL_TO:
            drawn, reshuffles = draw_cards(state, seat, REFILL_TO - held, rng)
            lead = f"{name} ends the turn with {plural(held, 'card')} and refills to 3: "
            events += reshuffles + _draw_events(state, seat, drawn, REFILL_TO - held, lead)
            state["changed"] = state["changed"] or bool(drawn)
        else:
            events.append(public(f"{name} ends the turn."))
    state["quiet_turns"] = 0 if state["changed"] else state["quiet_turns"] + 1
    following = (seat + 1) % len(state["names"])
    return events + begin_turn(state, following, rng)


def outcome(state: GoTownState) -> Outcome | None:
    """The first to complete the goal wins alone; scores are floors built."""
    winner = state["winner"]
    if winner is None:
        return None
    scores = {seat: float(len(tower)) for seat, tower in enumerate(state["towers"])}
    detail = [
        f"{name}: {plural(len(tower), 'floor')}" + (" (winner)" if seat == winner else "")
        for seat, (name, tower) in enumerate(zip(state["names"], state["towers"], strict=True))
    ]
    return Outcome([winner], scores, detail)

"""Phase 1, Recruitment: private packets, simultaneous picks, passing left or right."""

from __future__ import annotations

from collections.abc import Sequence

from games.base import Event, Move, Rng, RuleError, State, private, public
from games.papertales.cards import fold, match_card, name, words
from games.papertales.table import draw, labels, lbl

MAX_CHOICES = 12


def packet_size(state: State) -> int:
    """9 cards with 2 players, else 5."""
    return 9 if len(state["names"]) == 2 else 5


def direction(state: State) -> int:
    """+1 passes to the left (next seat), -1 to the right: left on turns 1 and 3."""
    return 1 if state["turn"] % 2 == 1 else -1


def start_recruitment(state: State, rng: Rng) -> list[Event]:
    """Deal the packets one card at a time around the table (as evenly as the cards allow)."""
    players = state["players"]
    for p in players:
        p["packet"] = []
        p["picked"] = False
        p["hand"] = []
    for _ in range(packet_size(state)):
        for p in players:
            card = draw(state, rng)
            if card is not None:
                p["packet"].append(card)
    side = "left" if direction(state) == 1 else "right"
    events = [
        public(
            f"Turn {state['turn']} of 4, Recruitment: everyone drafts from a packet of "
            f"{packet_size(state)} cards; packets pass to the {side}."
        )
    ]
    return events + take_forced(state) + packet_prompts(state)


def take_forced(state: State) -> list[Event]:
    """A packet of one card is no choice: its owner takes it."""
    events = []
    for seat, p in enumerate(state["players"]):
        if len(p["packet"]) == 1:
            card = p["packet"].pop()
            p["hand"].append(card)
            events.append(
                private(seat, f"You take the last card of your packet: {lbl(state, card)}.")
            )
    return events


def packet_prompts(state: State) -> list[Event]:
    """Privately show each seat its packet with the picks as choices."""
    events = []
    two = len(state["names"]) == 2
    for seat, p in enumerate(state["players"]):
        if p["packet"]:
            how = "/draft CARD discard CARD" if two else "/draft CARD"
            events.append(
                private(
                    seat,
                    f"Your packet ({len(p['packet'])} cards): {labels(state, p['packet'])}. "
                    f"Pick with {how}.",
                    choices=draft_moves(state, seat)[:MAX_CHOICES],
                )
            )
    return events


def owes_pick(state: State, seat: int) -> bool:
    """The seat holds a packet and has not picked from it yet."""
    p = state["players"][seat]
    return state["phase"] == "recruit" and bool(p["packet"]) and not p["picked"]


def recruitment_done(state: State) -> bool:
    """Every packet is used up."""
    return all(not p["packet"] for p in state["players"])


def _distinct(cards: Sequence[int]) -> list[int]:
    """One card per unit name: identical copies are the same choice."""
    seen: dict[str, int] = {}
    for c in cards:
        seen.setdefault(name(c), c)
    return list(seen.values())


def draft_moves(state: State, seat: int) -> list[Move]:
    """One pick per distinct unit (2 players: each pick with each discard)."""
    if not owes_pick(state, seat):
        return []
    packet = state["players"][seat]["packet"]
    picks = _distinct(packet)
    if len(state["names"]) != 2 or len(packet) < 2:
        return [Move("draft", words(c)) for c in picks]
    moves = []
    for c in picks:
        rest = [d for d in packet if d != c]
        for d in _distinct(rest):
            moves.append(Move("draft", (*words(c), "discard", *words(d))))
    return moves


def parse_draft(state: State, seat: int, args: Sequence[str]) -> tuple[int, int | None]:
    """Read '/draft CARD [discard CARD]' against the seat's packet."""
    if not owes_pick(state, seat):
        if state["phase"] != "recruit":
            raise RuleError("You can only draft during Recruitment.")
        raise RuleError("You have already picked from this packet; wait for the others.")
    packet = state["players"][seat]["packet"]
    given = list(args)
    split = next((i for i, w in enumerate(given) if fold(w) in ("discard", "odrzuc")), None)
    pick_words = given if split is None else given[:split]
    card = match_card(" ".join(pick_words), packet, "card in your packet", any_copy=True)
    two = len(state["names"]) == 2
    if not two:
        if split is not None:
            raise RuleError("Only the 2-player game discards while drafting; use /draft CARD.")
        return card, None
    rest = [c for c in packet if c != card]
    if not rest:
        return card, None
    if split is None:
        raise RuleError("In the 2-player game you also discard one card: /draft CARD discard CARD.")
    other = match_card(
        " ".join(given[split + 1 :]), rest, "other card in your packet", any_copy=True
    )
    return card, other


def act_draft(state: State, seat: int, args: Sequence[str], rng: Rng) -> list[Event]:
    """Take the pick; when everyone has picked, the packets pass."""
    card, other = parse_draft(state, seat, args)
    p = state["players"][seat]
    p["packet"].remove(card)
    p["hand"].append(card)
    text = f"You drafted {lbl(state, card)}"
    if other is not None:
        p["packet"].remove(other)
        state["discard"].append(other)
        text += f" and discarded {lbl(state, other)}"
    p["picked"] = True
    events = [private(seat, text + ".", reveals=False)]
    if any(owes_pick(state, s) for s in range(len(state["names"]))):
        return events
    return events + _pass_packets(state)


def _pass_packets(state: State) -> list[Event]:
    """Hand every packet to the neighbour in this turn's direction."""
    players = state["players"]
    n = len(players)
    step = direction(state)
    packets = [p["packet"] for p in players]
    for seat, p in enumerate(players):
        p["packet"] = packets[(seat - step) % n]
        p["picked"] = False
    return take_forced(state) + packet_prompts(state)


def finish_recruitment(state: State) -> list[Event]:
    """The card kept last turn joins the hand."""
    events = [
        public(f"Recruitment is over: {len(state['players'][0]['hand'])} cards drafted each.")
    ]
    for seat, p in enumerate(state["players"]):
        if p["kept"] is not None:
            p["hand"].append(p["kept"])
            events.append(private(seat, f"Your kept card {lbl(state, p['kept'])} joins your hand."))
            p["kept"] = None
    return events

"""Phase 1, Recruitment: private packets, simultaneous picks, passing left or right."""

from __future__ import annotations

from games.base import Event, Rng, RuleError, private, public
from games.papertales.catalog import fold, labels, lbl, match_card
from games.papertales.moves import draft_moves, owes_pick, two_players
from games.papertales.piles import draw
from games.papertales.state import PaperTalesState

MAX_CHOICES = 12
DISCARD_WORDS = ("discard", "odrzuc")


def packet_size(state: PaperTalesState) -> int:
    """9 cards with 2 players, else 5."""
    return 9 if two_players(state) else 5


def direction(state: PaperTalesState) -> int:
    """+1 passes to the left (next seat), -1 to the right: left on turns 1 and 3."""
    return 1 if state["turn"] % 2 == 1 else -1


def start_recruitment(state: PaperTalesState, rng: Rng) -> list[Event]:
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


def take_forced(state: PaperTalesState) -> list[Event]:
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


def packet_prompts(state: PaperTalesState) -> list[Event]:
    """Privately show each seat its packet with the picks as choices."""
    events = []
    how = "/draft CARD discard CARD" if two_players(state) else "/draft CARD"
    for seat, p in enumerate(state["players"]):
        if p["packet"]:
            events.append(
                private(
                    seat,
                    f"Your packet ({len(p['packet'])} cards): {labels(state, p['packet'])}. "
                    f"Pick with {how}.",
                    choices=draft_moves(state, seat)[:MAX_CHOICES],
                )
            )
    return events


def recruitment_done(state: PaperTalesState) -> bool:
    """Every packet is used up."""
    return all(not p["packet"] for p in state["players"])


def parse_draft(state: PaperTalesState, seat: int, args: list[str]) -> tuple[int, int | None]:
    """Read '/draft CARD [discard CARD]' against the seat's packet."""
    if state["phase"] != "recruit":
        raise RuleError("You can only draft during Recruitment.")
    packet = state["players"][seat]["packet"]
    split = next((i for i, w in enumerate(args) if fold(w) in DISCARD_WORDS), None)
    pick_words = args if split is None else args[:split]
    card = match_card(" ".join(pick_words), packet, "in your packet", any_copy=True, secret=True)
    if not two_players(state):
        if split is not None:
            raise RuleError("Only the 2-player game discards while drafting; use /draft CARD.")
        return card, None
    rest = [c for c in packet if c != card]
    if not rest:
        return card, None
    if split is None:
        raise RuleError("In the 2-player game you also discard one card: /draft CARD discard CARD.")
    other = match_card(
        " ".join(args[split + 1 :]), rest, "left in your packet", any_copy=True, secret=True
    )
    return card, other


def act_draft(state: PaperTalesState, seat: int, args: list[str], rng: Rng) -> list[Event]:
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
    return [private(seat, text + ".", reveals=False)]


def all_picked(state: PaperTalesState) -> bool:
    """Nobody still owes a pick from the packet in hand."""
    return not any(owes_pick(state, s) for s in range(len(state["names"])))


def pass_packets(state: PaperTalesState) -> list[Event]:
    """Hand every packet to the neighbour in this turn's direction."""
    players = state["players"]
    n = len(players)
    step = direction(state)
    packets = [p["packet"] for p in players]
    for seat, p in enumerate(players):
        p["packet"] = packets[(seat - step) % n]
        p["picked"] = False
    return take_forced(state) + packet_prompts(state)


def finish_recruitment(state: PaperTalesState) -> list[Event]:
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

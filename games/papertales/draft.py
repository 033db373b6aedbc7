"""Phase 1, Recruitment: private packets, simultaneous picks, passing left or right."""

from __future__ import annotations

from games.base import Args, Event, Rng, RuleError, private, public
from games.i18n import _, _n
from games.papertales.catalog import card_name, match_card, name
from games.papertales.faces import faces
from games.papertales.moves import draft_moves, owes_pick, two_players
from games.papertales.piles import draw
from games.papertales.state import PaperTalesState

MAX_CHOICES = 12


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
    for _round in range(packet_size(state)):
        for p in players:
            card = draw(state, rng)
            if card is not None:
                p["packet"].append(card)
    if direction(state) == 1:
        text = _(
            "Turn {turn} of 4, Recruitment: everyone drafts from a packet of {n} cards; packets "
            "pass to the left.",
            turn=state["turn"],
            n=packet_size(state),
        )
    else:
        text = _(
            "Turn {turn} of 4, Recruitment: everyone drafts from a packet of {n} cards; packets "
            "pass to the right.",
            turn=state["turn"],
            n=packet_size(state),
        )
    events = [public(text)]
    return events + take_forced(state) + packet_prompts(state)


def take_forced(state: PaperTalesState) -> list[Event]:
    """A packet of one card is no choice: its owner takes it."""
    events = []
    for seat, p in enumerate(state["players"]):
        if len(p["packet"]) == 1:
            card = p["packet"].pop()
            p["hand"].append(card)
            events.append(
                private(
                    seat, _("You take the last card of your packet: {card}.", card=card_name(card))
                )
            )
    return events


def packet_prompts(state: PaperTalesState) -> list[Event]:
    """Privately show each seat its packet with the picks as choices."""
    events = []
    how = _("/draft CARD discard CARD") if two_players(state) else _("/draft CARD")
    for seat, p in enumerate(state["players"]):
        if p["packet"]:
            events.append(
                private(
                    seat,
                    _n(
                        "Your packet ({n} card): pick with the buttons below (or {how} where only you see it):\n{cards}",
                        "Your packet ({n} cards): pick with the buttons below (or {how} where only you see it):\n{cards}",
                        len(p["packet"]),
                        cards=faces(p["packet"]),
                        how=how,
                    ),
                    choices=draft_moves(state, seat, MAX_CHOICES),
                )
            )
    return events


def recruitment_done(state: PaperTalesState) -> bool:
    """Every packet is used up."""
    return all(not p["packet"] for p in state["players"])


def _picks(state: PaperTalesState, seat: int, args: Args) -> tuple[int, int | None]:
    """The card kept and (2 players) the card discarded; naming one card twice discards
    another copy of it."""
    if state["phase"] != "recruit":
        raise RuleError(_("You can only draft during Recruitment."))
    packet = state["players"][seat]["packet"]
    card, other = args.one("CARD", int), args.maybe("OTHER", int)
    if not two_players(state):
        if other is not None:
            raise RuleError(_("Only the 2-player game discards while drafting; use /draft CARD."))
        return card, None
    rest = [c for c in packet if c != card]
    if not rest:
        return card, None
    if other is None:
        raise RuleError(
            _("In the 2-player game you also discard one card: /draft CARD discard CARD.")
        )
    if other == card:
        return card, match_card(
            name(card), rest, _("left in your packet"), any_copy=True, secret=True
        )
    return card, other


def act_draft(state: PaperTalesState, seat: int, args: Args, rng: Rng) -> list[Event]:
    """Take the pick; when everyone has picked, the packets pass."""
    card, other = _picks(state, seat, args)
    p = state["players"][seat]
    p["packet"].remove(card)
    p["hand"].append(card)
    text = _("You drafted {card}.", card=card_name(card))
    if other is not None:
        p["packet"].remove(other)
        state["discard"].append(other)
        text = _(
            "You drafted {card} and discarded {other}.",
            card=card_name(card),
            other=card_name(other),
        )
    p["picked"] = True
    return [private(seat, text, reveals=False)]


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
    drafted = len(state["players"][0]["hand"])
    events = [
        public(
            _n(
                "Recruitment is over: {n} card drafted each.",
                "Recruitment is over: {n} cards drafted each.",
                drafted,
            )
        )
    ]
    for seat, p in enumerate(state["players"]):
        if p["kept"] is not None:
            kept = card_name(p["kept"])
            p["hand"].append(p["kept"])
            events.append(private(seat, _("Your kept card {card} joins your hand.", card=kept)))
            p["kept"] = None
    return events

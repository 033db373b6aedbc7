"""Hands: the owner's own listing, and taking a named card out of a hand.

A refusal may be read in a group chat, so no refusal lists a hand: a missing card is named
alone ("You hold no 4; /hand shows your cards.")."""

from __future__ import annotations

from collections.abc import Sequence

from games.base import RuleError
from games.gotown.catalog import NAMES, kind, names_of
from games.gotown.state import GoTownState
from games.i18n import _, joined


def hand_line(state: GoTownState, seat: int) -> str:
    """The seat's cards as its owner reads them (private events only)."""
    return joined(names_of(state["hands"][seat]), empty=_("empty"))


def find_in_hand(hand: Sequence[str], card_kind: str, skip: int = 0) -> str | None:
    """A physical card of this kind in the hand (the skip-th one), or None."""
    matches = [card for card in hand if kind(card) == card_kind]
    return matches[skip] if len(matches) > skip else None


def missing(card_kind: str) -> RuleError:
    return RuleError(_("You hold no {card}; /hand shows your cards.", card=NAMES[card_kind]))


def take_card(state: GoTownState, seat: int, card_kind: str) -> str:
    """Remove one card of this kind from the seat's hand, or refuse naming only that kind."""
    card = find_in_hand(state["hands"][seat], card_kind)
    if card is None:
        raise missing(card_kind)
    state["hands"][seat].remove(card)
    return card

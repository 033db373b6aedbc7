"""Reading command words: multi-word card names matched greedily, numbers, tracks and types.

Refusals never repeat the words typed, and never list hidden cards: a refusal may be shown in
the group chat, and the words may name a card in the player's hand."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

from games.base import RuleError
from games.skylines.cards import TRACKS

HAND_HINT = "/hand shows your cards and the moves open to you"


def words(args: Sequence[str]) -> list[str]:
    return [word for arg in args for word in arg.split()]


@lru_cache(maxsize=4096)
def norm(text: str) -> str:
    """Case, spaces and punctuation do not matter: 'farmers market' names "Farmers' Market"."""
    return "".join(ch for ch in text.casefold() if ch.isalnum())


def take_name(parts: Sequence[str], start: int, names: Iterable[str]) -> tuple[str, int] | None:
    """The longest run of words from `start` that is one of `names`, and where it ends."""
    table = {norm(name): name for name in names}
    for end in range(len(parts), start, -1):
        found = table.get(norm("".join(parts[start:end])))
        if found is not None:
            return found, end
    return None


def one_name(parts: Sequence[str], names: Sequence[str], what: str, *, secret: bool = False) -> str:
    """Exactly one name from `names` filling all the words (a unique prefix also works).
    The refusal lists the names unless they are `secret` (then it points to /hand)."""
    found = take_name(parts, 0, names)
    if found is not None and found[1] == len(parts):
        return found[0]
    wanted = norm("".join(parts))
    prefixed = [name for name in names if wanted and norm(name).startswith(wanted)]
    if len(prefixed) == 1:
        return prefixed[0]
    if secret:
        raise RuleError(f"That is not {what}; {HAND_HINT}.")
    choices = ", ".join(names) if names else "none"
    raise RuleError(f"That is not {what}; choose one of: {choices}.")


def number(text: str, low: int, high: int, what: str) -> int:
    """A 1-based number as typed; returns it 0-based."""
    if not text.isdigit() or not low <= int(text) <= high:
        raise RuleError(f"Give the {what} as a number from {low} to {high}.")
    return int(text) - 1


def track(parts: Sequence[str]) -> str:
    if len(parts) != 1:
        raise RuleError("Name one track: profit, prestige or population.")
    return one_name(parts, TRACKS, "a track")


def hand_card(hand: Sequence[str], parts: Sequence[str], verb: str) -> str:
    """Exactly one card of the player's own hand, named in full (the hand stays unlisted)."""
    found = take_name(parts, 0, hand)
    if found is None or found[1] != len(parts):
        if not hand:
            raise RuleError(f"/{verb} needs a card from your hand, and your hand is empty.")
        raise RuleError(f"/{verb} needs exactly one card from your hand; {HAND_HINT}.")
    return found[0]

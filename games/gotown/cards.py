"""The 54 GoTown cards: physical ids like "4#2" internally, card kinds and names for players."""

from __future__ import annotations

from collections.abc import Sequence

from games.base import RuleError

JOKER = "?"
NUMBERS: tuple[str, ...] = tuple(str(value) for value in range(1, 9))
SPECIALS: dict[str, int] = {
    "dog": 4,
    "bone": 2,
    "hammer": 3,
    "wreck": 1,
    "milkshake": 3,
    "donut": 1,
    "thief": 3,
    "superthief": 1,
}
DECK_SIZE = 54

NAMES: dict[str, str] = {
    **{number: number for number in NUMBERS},
    JOKER: "?",
    "dog": "dog",
    "bone": "bone",
    "hammer": "jack-hammer",
    "wreck": "wrecking ball",
    "milkshake": "milkshake",
    "donut": "donut truck",
    "thief": "thief",
    "superthief": "super-thief",
}
"""What players see for each kind: values only, never the internal copy number."""

ORDER: tuple[str, ...] = (*NUMBERS, JOKER, *SPECIALS)

_ALIASES: dict[str, str] = {
    **{number: number for number in NUMBERS},
    "?": JOKER,
    "joker": JOKER,
    "wild": JOKER,
    "questionmark": JOKER,
    "dog": "dog",
    "guarddog": "dog",
    "bone": "bone",
    "hammer": "hammer",
    "jackhammer": "hammer",
    "wreck": "wreck",
    "wreckingball": "wreck",
    "ball": "wreck",
    "milkshake": "milkshake",
    "shake": "milkshake",
    "donut": "donut",
    "doughnut": "donut",
    "donuttruck": "donut",
    "donutfoodtruck": "donut",
    "foodtruck": "donut",
    "truck": "donut",
    "thief": "thief",
    "superthief": "superthief",
}

CARD_LIST = (
    "1 to 8, ? (joker), dog, bone, jack-hammer, wrecking ball, milkshake, donut truck, "
    "thief or super-thief"
)


def full_deck() -> list[str]:
    """Every physical card once, in a fixed order (the setup shuffles it)."""
    counts = {**{number: 4 for number in NUMBERS}, JOKER: 4, **SPECIALS}
    return [f"{kind}#{copy}" for kind, count in counts.items() for copy in range(1, count + 1)]


def kind(card: str) -> str:
    return card.split("#", 1)[0]


def is_number(card_kind: str) -> bool:
    return card_kind in NUMBERS


def name(card: str) -> str:
    """The player-facing name of a physical card."""
    return NAMES[kind(card)]


def a(text: str) -> str:
    """The card name with its article: 'an 8', 'a 4', 'a dog'."""
    return f"an {text}" if text == "8" else f"a {text}"


def sort_key(card: str) -> tuple[int, str]:
    return ORDER.index(kind(card)), card


def names_of(cards: Sequence[str]) -> list[str]:
    return [name(card) for card in sorted(cards, key=sort_key)]


def _normalise(text: str) -> str:
    return "".join(ch for ch in text.casefold() if ch not in "-_' ")


def parse_kind(words: Sequence[str]) -> tuple[str, int]:
    """The card kind named at the start of words (greedy, up to 3 words) and how many words it used."""
    for size in range(min(3, len(words)), 0, -1):
        found = _ALIASES.get(_normalise("".join(words[:size])))
        if found is not None:
            return found, size
    shown = " ".join(words) if words else "nothing"
    raise RuleError(f"'{shown}' is not a card; name one of: {CARD_LIST}.")


def find_in_hand(hand: Sequence[str], card_kind: str, skip: int = 0) -> str | None:
    """A physical card of this kind in the hand (the skip-th one), or None."""
    matches = [card for card in hand if kind(card) == card_kind]
    return matches[skip] if len(matches) > skip else None

"""The 54 GoTown cards of the box (no data files): physical ids like "4#2" internally, card
kinds, the names players see and the words players may type for them."""

from __future__ import annotations

from collections.abc import Sequence

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

ALIASES: dict[str, str] = {
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

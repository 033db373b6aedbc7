"""The 54 GoTown cards of the box (no data files): physical ids like "4#2" internally, card
kinds, the names players see and the words players may type for them."""

from __future__ import annotations

from collections.abc import Sequence

from games.i18n import Name, _

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
JOKERS = 4
NUMBER_COPIES = 4
DECK_SIZE = 54

NAMES: dict[str, str] = {
    **{number: number for number in NUMBERS},
    JOKER: "?",
    "dog": Name({"en": "dog", "pl": "pies"}),
    "bone": Name({"en": "bone", "pl": "kość"}),
    "hammer": Name({"en": "jack-hammer", "pl": "młot pneumatyczny"}),
    "wreck": Name({"en": "wrecking ball", "pl": "kula burząca"}),
    "milkshake": Name({"en": "milkshake", "pl": "koktajl mleczny"}),
    "donut": Name({"en": "donut truck", "pl": "furgonetka z pączkami"}),
    "thief": Name({"en": "thief", "pl": "złodziej"}),
    "superthief": Name({"en": "super-thief", "pl": "superzłodziej"}),
}
"""What players see for each kind (in their language): values only, never the copy number."""
WORDS: dict[str, str] = {
    special: Name({"en": special, "pl": word})
    for special, word in (
        ("dog", "pies"),
        ("bone", "kość"),
        ("hammer", "młot"),
        ("wreck", "kula"),
        ("milkshake", "koktajl"),
        ("donut", "pączki"),
        ("thief", "złodziej"),
        ("superthief", "superzłodziej"),
    )
}
"""A special card as a command word: what a button sends is English, what its reader sees is
theirs (the Polish reads back through ALIASES)."""

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
    # Polish, folded (no diacritics): pies, kość, młot pneumatyczny, kula burząca, koktajl
    # mleczny, furgonetka z pączkami, złodziej, superzłodziej
    "dzoker": JOKER,
    "pies": "dog",
    "kosc": "bone",
    "mlot": "hammer",
    "mlotpneumatyczny": "hammer",
    "kula": "wreck",
    "kulaburzaca": "wreck",
    "koktajl": "milkshake",
    "koktajlmleczny": "milkshake",
    "paczki": "donut",
    "furgonetka": "donut",
    "furgonetkazpaczkami": "donut",
    "zlodziej": "thief",
    "superzlodziej": "superthief",
}

CARD_LIST = _(
    "1 to 8, ? (joker), dog, bone, jack-hammer, wrecking ball, milkshake, donut truck, "
    "thief or super-thief"
)


def full_deck() -> list[str]:
    """Every physical card once, in a fixed order (the setup shuffles it)."""
    counts = {**{number: NUMBER_COPIES for number in NUMBERS}, JOKER: JOKERS, **SPECIALS}
    return [f"{kind}#{copy}" for kind, count in counts.items() for copy in range(1, count + 1)]


def kind(card: str) -> str:
    return card.split("#", 1)[0]


def is_number(card_kind: str) -> bool:
    return card_kind in NUMBERS


def name(card: str) -> str:
    """The player-facing name of a physical card."""
    return NAMES[kind(card)]


def a(text: str) -> str:
    """The card name with its article: 'an 8', 'a 4', 'a dog' (Polish has none)."""
    return _("an {card}", card=text) if text == "8" else _("a {card}", card=text)


def sort_key(card: str) -> tuple[int, str]:
    return ORDER.index(kind(card)), card


def names_of(cards: Sequence[str]) -> list[str]:
    return [name(card) for card in sorted(cards, key=sort_key)]

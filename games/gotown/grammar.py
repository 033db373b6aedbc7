"""What GoTown players type: each verb's arguments with their words, and the card reader.

A player's name may hold spaces, digits, apostrophes or emoji ("Bot 1", "Ann's 🐱", "Ann 2"):
games.args reads a seated name word for word before any trailing number is taken as a floor.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.args import Context, Vocabulary, fold
from games.base import Arg
from games.gotown.catalog import ALIASES, CARD_LIST, SPECIALS, WORDS
from games.gotown.state import GoTownState
from games.i18n import Name, _

MAX_CARD_WORDS = 3
FROM = Name({"en": "from", "pl": "od"})
FLOOR = Name({"en": "floor", "pl": "piętro"})
"""The words before a player and a floor; either language reads back."""

BUILD = (
    Arg("A", "card", _("a floor card from your hand: 1 to 8, or ?")),
    Arg("B", "card", _("the card that makes 9 with A")),
)
STEAL = (
    Arg("CARD", "card", _("a number card 1 to 8 from your hand (never a ?)")),
    Arg("PLAYER", "player", _("the opponent whose top floor you rob"), literal=FROM),
    Arg("N", "number", _("the floor robbed; only the top floor can be"), False, literal=FLOOR),
)
PLAY = (
    Arg("CARD", "card", _("the special card from your hand"), choices=tuple(SPECIALS)),
    Arg(
        "PLAYER",
        "player",
        _("the target of a bone, hammer, wreck, thief or milkshake"),
        required=False,
    ),
    Arg(
        "N",
        "number",
        _("a floor: your own for a dog, a guarded one for a bone"),
        required=False,
        literal=FLOOR,
    ),
)


def _squash(text: str) -> str:
    return "".join(ch for ch in fold(text) if ch not in "-_' ")


def _card(words: Sequence[str]) -> str | None:
    return ALIASES.get(_squash("".join(words)))


def _not_a_card(words: Sequence[str]) -> str:
    return _(
        "'{shown}' is not a card; name one of: {cards}.", shown=" ".join(words), cards=CARD_LIST
    )


CARDS = Vocabulary(
    _card, lambda card_kind: WORDS.get(card_kind, card_kind), _not_a_card, MAX_CARD_WORDS
)
"""A card kind by any of its names (a number, '?', 'jack-hammer', 'młot'), written as a button sends it."""


def context(state: GoTownState) -> Context:
    """Reading at this table: its seated names, the cards, and '4+5' or '4,5' read as '4 5'."""
    return Context(state["names"], {"card": CARDS}, separators="+,")

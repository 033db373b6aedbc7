"""Reading command words: multi-word card names matched greedily, numbers, tracks and types.

Names and command words are read in English or Polish, with or without diacritics: a name given
as a `Name` (the sample's cards, the tracks) matches each of its forms and reads back as its
English, which is what the state keeps.

Refusals never repeat the words typed, and never list hidden cards: a refusal may be shown in
the group chat, and the words may name a card in the player's hand."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from functools import lru_cache

from games.base import RuleError
from games.i18n import Name, _, joined
from games.skylines.cards import TRACK_NAMES, TRACKS

HAND_HINT = _("/hand shows your cards and the moves open to you")

WORDS: dict[str, str] = {
    english: Name({"en": english, "pl": polish})
    for english, polish in (
        ("deck", "talia"),
        ("row", "rząd"),
        ("over", "na"),
        ("left", "lewo"),
        ("right", "prawo"),
        ("gap", "luka"),
        ("pay", "zapłać"),
        ("under", "pod"),
    )
}
"""The words commands use around names, as a move shows them to each reader (a press sends the
English); `keyword` reads either language back."""


def words(args: Sequence[str]) -> list[str]:
    return [word for arg in args for word in arg.split()]


@lru_cache(maxsize=4096)
def norm(text: str) -> str:
    """Case, spaces, punctuation and diacritics do not matter: 'farmers market' names
    "Farmers' Market", 'lawka' names 'Ławka'."""
    text = text.casefold().replace("ł", "l")
    return "".join(ch for ch in unicodedata.normalize("NFKD", text) if ch.isalnum())


def forms(name: str) -> tuple[str, ...]:
    """Every way a name may be typed: each language's form of a `Name`, else the name."""
    return tuple(name.forms.values()) if isinstance(name, Name) else (name,)


_KEYWORDS = {norm(form): english for english, name in WORDS.items() for form in forms(name)}


def keyword(text: str) -> str:
    """A command word in English ('rzad' reads 'row'); other words come back as typed, folded."""
    folded = norm(text)
    return _KEYWORDS.get(folded, text.casefold())


def take_name(parts: Sequence[str], start: int, names: Iterable[str]) -> tuple[str, int] | None:
    """The longest run of words from `start` that is one of `names` (in any of its forms), as
    its English, and where it ends."""
    table = {norm(form): str(name) for name in names for form in forms(name)}
    for end in range(len(parts), start, -1):
        found = table.get(norm("".join(parts[start:end])))
        if found is not None:
            return found, end
    return None


def one_name(parts: Sequence[str], names: Sequence[str], what: str, *, secret: bool = False) -> str:
    """Exactly one name from `names` filling all the words (a unique prefix also works), as its
    English. The refusal lists the names unless they are `secret` (then it points to /hand)."""
    found = take_name(parts, 0, names)
    if found is not None and found[1] == len(parts):
        return found[0]
    wanted = norm("".join(parts))
    prefixed = [
        str(name)
        for name in names
        if wanted and any(norm(f).startswith(wanted) for f in forms(name))
    ]
    if len(prefixed) == 1:
        return prefixed[0]
    if secret:
        raise RuleError(_("That is not {what}; {hint}.", what=what, hint=HAND_HINT))
    choices = joined(names, empty=_("none"))
    raise RuleError(_("That is not {what}; choose one of: {choices}.", what=what, choices=choices))


def number(text: str, low: int, high: int, what: str) -> int:
    """A 1-based number as typed; returns it 0-based."""
    if not text.isdigit() or not low <= int(text) <= high:
        raise RuleError(
            _("Give the {what} as a number from {low} to {high}.", what=what, low=low, high=high)
        )
    return int(text) - 1


def track(parts: Sequence[str]) -> str:
    if len(parts) != 1:
        raise RuleError(_("Name one track: profit, prestige or population."))
    return one_name(parts, [TRACK_NAMES[t] for t in TRACKS], _("a track"))


def hand_card(hand: Sequence[str], parts: Sequence[str], verb: str) -> str:
    """Exactly one card of the player's own hand, named in full (the hand stays unlisted);
    `hand` holds the cards as their readers see them (cards.Catalog.labels)."""
    found = take_name(parts, 0, hand)
    if found is None or found[1] != len(parts):
        if not hand:
            raise RuleError(
                _("/{verb} needs a card from your hand, and your hand is empty.", verb=verb)
            )
        raise RuleError(
            _("/{verb} needs exactly one card from your hand; {hint}.", verb=verb, hint=HAND_HINT)
        )
    return found[0]

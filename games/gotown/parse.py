"""Reading what players type: card names (with friendly aliases), player names and floor numbers.

A player's name may hold spaces, digits, apostrophes or emoji ("Bot 1", "Ann's 🐱", "Ann 2"), so
a name is read by matching the seated names word for word, longest first, before any trailing
number is taken as a floor.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from games.base import RuleError, seat_by_name
from games.gotown.catalog import ALIASES, CARD_LIST, fold
from games.i18n import _

MAX_CARD_WORDS = 3
MAX_FLOOR_DIGITS = 4
FROM_WORDS = ("from", "od")
FLOOR_WORDS = ("floor", "pietro")
"""The words before a player and a floor, English or Polish (folded: 'piętro')."""


def words_of(args: Sequence[str]) -> list[str]:
    """The arguments as single words, whether 'Bot 1' came as one argument or as two."""
    return " ".join(args).split()


def number(word: str) -> int | None:
    """A plain decimal number (ASCII digits, a few of them), else None."""
    if word.isascii() and word.isdecimal() and len(word) <= MAX_FLOOR_DIGITS:
        return int(word)
    return None


def _squash(text: str) -> str:
    return "".join(ch for ch in fold(text) if ch not in "-_' ")


def _card_readings(words: Sequence[str]) -> list[tuple[str, int]]:
    """Every card kind the first words can name, with the words it uses, longest first."""
    found: list[tuple[str, int]] = []
    for size in range(min(MAX_CARD_WORDS, len(words)), 0, -1):
        card_kind = ALIASES.get(_squash("".join(words[:size])))
        if card_kind is not None:
            found.append((card_kind, size))
    if not found:
        shown = " ".join(words) if words else _("nothing")
        raise RuleError(
            _("'{shown}' is not a card; name one of: {cards}.", shown=shown, cards=CARD_LIST)
        )
    return found


def parse_kind(words: Sequence[str]) -> tuple[str, int]:
    """The card kind named at the start of words (greedy, up to 3 words) and how many words it used."""
    return _card_readings(words)[0]


def parse_kinds(words: Sequence[str]) -> list[str]:
    """Every card kind named in the words; '4+5' and '4,5' split like '4 5'."""
    rest = " ".join(words).replace("+", " ").replace(",", " ").split()
    kinds: list[str] = []
    while rest:
        found, used = parse_kind(rest)
        kinds.append(found)
        rest = rest[used:]
    return kinds


def split_card(names: Sequence[str], words: Sequence[str]) -> tuple[str, list[str]]:
    """The card named first and the words after it. The longest card name wins unless a shorter
    one leaves a seated player's full name next (a player called 'Ball': /play wreck Ball)."""
    readings = _card_readings(words)
    for card_kind, used in readings:
        if _name_matches(names, words[used:]):
            return card_kind, list(words[used:])
    card_kind, used = readings[0]
    return card_kind, list(words[used:])


def skip_from(names: Sequence[str], words: Sequence[str]) -> list[str]:
    """Drop the word 'from' before a player, unless it begins a player's name."""
    rest = list(words)
    if not rest or fold(rest[0]) not in FROM_WORDS:
        return rest
    return rest[1:] if _name_matches(names, rest[1:]) or not _name_matches(names, rest) else rest


def _folded(words: Sequence[str]) -> list[str]:
    """Words compared without case, with typographic apostrophes and a leading '@' made plain."""
    folded = [word.casefold().replace("\u2019", "'") for word in words]
    if folded:
        folded[0] = folded[0].removeprefix("@")
    return folded


def _name_matches(names: Sequence[str], words: Sequence[str]) -> list[tuple[int, int]]:
    """(seat, words used) for every seat whose whole name the words begin with, longest first."""
    given = _folded(words)
    found: list[tuple[int, int]] = []
    for seat, name in enumerate(names):
        tokens = _folded(name.split())
        if tokens and given[: len(tokens)] == tokens:
            found.append((seat, len(tokens)))
    return sorted(found, key=lambda match: -match[1])


class Target(NamedTuple):
    """A player (None when the words name none) and a floor (None when none is named)."""

    seat: int | None
    floor: int | None


def floor_only(words: Sequence[str]) -> tuple[bool, int | None]:
    """Whether the words are only a floor ('', 'N' or 'floor N'), and which."""
    if not words:
        return True, None
    if len(words) == 1 and number(words[0]) is not None:
        return True, number(words[0])
    if len(words) == 2 and fold(words[0]) in FLOOR_WORDS:
        found = number(words[1])
        if found is None:
            raise RuleError(
                _("'floor {word}' is not a floor number; floors count from 1 up.", word=words[1])
            )
        return True, found
    return False, None


def split_floor(words: Sequence[str]) -> tuple[list[str], int | None]:
    """Strip a trailing 'floor N' (or a bare trailing number after other words) from the words."""
    rest = list(words)
    if len(rest) >= 2 and fold(rest[-2]) in FLOOR_WORDS:
        found = number(rest[-1])
        if found is None:
            raise RuleError(
                _("'floor {word}' is not a floor number; floors count from 1 up.", word=rest[-1])
            )
        return rest[:-2], found
    if len(rest) >= 2 and number(rest[-1]) is not None:
        return rest[:-1], number(rest[-1])
    return rest, None


def read_target(names: Sequence[str], words: Sequence[str]) -> Target:
    """PLAYER [floor N | N], a floor alone, or nothing. Whole seated names are tried first,
    longest first ('Bot 1' is a player, and 'Ann 2' wins over 'Ann' + floor 2); failing that a
    trailing number is a floor and the rest a unique start of a name."""
    matches = _name_matches(names, words)
    fits = [(seat, used) for seat, used in matches if floor_only(words[used:])[0]]
    if fits:
        longest = [seat for seat, used in fits if used == fits[0][1]]
        if len(longest) > 1:
            typed = " ".join(words[: fits[0][1]])
            exact = [seat for seat in longest if " ".join(names[seat].split()) == typed]
            if len(exact) != 1:
                raise RuleError(
                    _("'{text}' matches several players; type the full name.", text=typed)
                )
            longest = exact
        seat, used = next(fit for fit in fits if fit[0] == longest[0])
        return Target(seat, floor_only(words[used:])[1])
    if matches:
        seat, used = matches[0]
        extra = " ".join(words[used:])
        raise RuleError(
            _(
                "'{extra}' after {name} is not a floor; write it as 'floor N'.",
                extra=extra,
                name=names[seat],
            )
        )
    alone, floor = floor_only(words)
    if alone:
        return Target(None, floor)
    rest, floor = split_floor(words)
    return Target(seat_by_name(names, " ".join(rest)), floor)


def need_player(target: Target, example: str) -> int:
    """The named player, or a refusal with an example when the words named none."""
    if target.seat is None:
        raise RuleError(_("Name a player, e.g. {example}.", example=example))
    return target.seat

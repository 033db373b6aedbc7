"""Reading command words: multi-word names by longest match, coordinates, inches and dice lists."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache, lru_cache
from typing import TypeVar

from games.base import RuleError
from games.i18n import Name, _
from games.papercraft.geometry import FACING_WORDS
from games.papercraft.names import fold
from games.papercraft.state import Facing

T = TypeVar("T")
PUNCTUATION = ",.;:!?\"'()’"


@lru_cache(maxsize=4096)
def norm(word: str) -> str:
    """A word compared loosely: case, surrounding punctuation, curly apostrophes. Remembered: every
    command reads its words against every unit's name, and folding is a Unicode normalisation."""
    return fold(word.replace("\u2019", "'")).strip(PUNCTUATION)


AT = Name({"en": "at", "pl": "na"})
TO = Name({"en": "to", "pl": "do"})
NONE = Name({"en": "none", "pl": "nic"})
"""Words typed between a command's arguments, read in either language."""


def forms(word: str) -> tuple[str, ...]:
    """Every way a word or name may be typed: each language's form of a Name."""
    if isinstance(word, Name):
        return tuple(dict.fromkeys(word.forms.values()))
    return (word,)


def is_word(typed: str, word: str) -> bool:
    return norm(typed) in {norm(form) for form in forms(word)}


@cache
def key_of(name: str) -> tuple[str, ...]:
    return tuple(w for w in (norm(part) for part in name.replace(",", " ").split()) if w)


def take_name(words: Sequence[str], named: Sequence[tuple[str, T]]) -> tuple[T, list[str]] | None:
    """The longest run of leading words naming one of `named`, and the words left over."""
    keys = [norm(w) for w in words]
    known: dict[tuple[str, ...], T] = {}
    for name, item in named:
        for form in forms(name):
            known.setdefault(key_of(form), item)
    for length in range(len(keys), 0, -1):
        wanted = tuple(k for k in keys[:length] if k)
        if wanted in known:
            return known[wanted], list(words[length:])
    return None


def split_list(words: Sequence[str]) -> list[list[str]]:
    """Comma-separated names: 'Grave Legion 1, Barrow Lich' -> two word lists."""
    text = " ".join(words)
    return [part.split() for part in text.split(",") if part.strip()]


NUMBER = r"-?[0-9]{1,9}(?:\.[0-9]+)?"
POINT_RE = re.compile(rf"^\(?\s*({NUMBER})\s*[, ]\s*({NUMBER})\s*\)?(?:\s+(\w+))?$")


def find_point(
    words: Sequence[str], keyword: str
) -> tuple[list[str], tuple[float, float, Facing | None]]:
    """Split off 'to X,Y [facing]' (or 'at ...'): the words before it and the point."""
    for index in range(len(words) - 1, -1, -1):
        if is_word(words[index], keyword):
            return list(words[:index]), parse_point(words[index + 1 :], keyword)
    raise RuleError(
        _("Say where: '{keyword} X,Y' in inches from the bottom-left corner.", keyword=keyword)
    )


def parse_point(words: Sequence[str], keyword: str) -> tuple[float, float, Facing | None]:
    found = POINT_RE.match(" ".join(words).strip())
    if found is None:
        raise RuleError(
            _(
                "'{keyword} {text}' is not a point; write '{keyword} 12,3' "
                "or add a facing N, E, S or W.",
                keyword=keyword,
                text=" ".join(words),
            )
        )
    facing = None
    if found.group(3):
        facing = FACING_WORDS.get(found.group(3).casefold())
        if facing is None:
            raise RuleError(
                _("Facing '{facing}' is unknown; use N, E, S or W.", facing=found.group(3))
            )
    return round(float(found.group(1)), 2), round(float(found.group(2)), 2), facing


def parse_inches(words: Sequence[str], what: str) -> float:
    text = " ".join(words).strip().rstrip('"').removesuffix("in").strip()
    if not re.fullmatch(NUMBER, text):
        raise RuleError(
            _(
                "{what} needs a number of inches, like 6 or 4.5; got '{text}'.",
                what=what,
                text=" ".join(words),
            )
        )
    value = round(float(text), 2)
    if value < 0:
        raise RuleError(_("{what} cannot be negative.", what=what))
    return value


def parse_dice_list(words: Sequence[str]) -> list[int]:
    parts = [p for p in re.split(r"[,\s]+", " ".join(words)) if p]
    if not parts or not all(re.fullmatch("[0-9]{1,9}", p) for p in parts):
        raise RuleError(
            _("--dice takes the rolled faces separated by commas, like --dice 4,3,5,3.")
        )
    return [int(p) for p in parts]

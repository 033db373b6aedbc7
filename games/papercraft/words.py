"""Names as typed: compared loosely, multi-word names by longest match (grammar.py reads a
command's arguments with them; /unit and /card name units with them)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from typing import TypeVar

from games.i18n import Name
from games.papercraft.names import fold

T = TypeVar("T")
PUNCTUATION = ",.;:!?\"'()’"


@lru_cache(maxsize=4096)
def norm(word: str) -> str:
    """A word compared loosely: case, surrounding punctuation, curly apostrophes. Remembered: every
    command reads its words against every unit's name, and folding is a Unicode normalisation."""
    return fold(word.replace("\u2019", "'")).strip(PUNCTUATION)


def forms(word: str) -> tuple[str, ...]:
    """Every way a word or name may be typed: each language's form of a Name."""
    if isinstance(word, Name):
        return tuple(dict.fromkeys(word.forms.values()))
    return (word,)


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

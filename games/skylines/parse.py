"""Reading command words: multi-word card names matched greedily, numbers, tracks and types."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

from games.base import RuleError
from games.skylines.catalog import TRACKS


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


def one_name(parts: Sequence[str], names: Sequence[str], what: str) -> str:
    """Exactly one name from `names` filling all the words (a unique prefix also works)."""
    found = take_name(parts, 0, names)
    if found is not None and found[1] == len(parts):
        return found[0]
    wanted = norm("".join(parts))
    prefixed = [name for name in names if wanted and norm(name).startswith(wanted)]
    if len(prefixed) == 1:
        return prefixed[0]
    choices = ", ".join(names) if names else "none"
    raise RuleError(f"'{' '.join(parts)}' is not {what}; choose one of: {choices}.")


def number(text: str, low: int, high: int, what: str) -> int:
    """A 1-based number as typed; returns it 0-based."""
    if not text.isdigit() or not low <= int(text) <= high:
        raise RuleError(f"'{text}' is not a {what}; give a number from {low} to {high}.")
    return int(text) - 1


def track(parts: Sequence[str]) -> str:
    if len(parts) != 1:
        raise RuleError("Name one track: profit, prestige or population.")
    return one_name(parts, TRACKS, "a track")

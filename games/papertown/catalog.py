"""The sheet's printed tables as data (data/catalog.json) and the example sheet file."""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from types import MappingProxyType
from typing import Any, cast, get_args

from games.base import RuleError
from games.i18n import Name, _, joined
from games.papertown.state import ObjectiveId, PowerId

DATA = resources.files("games.papertown").joinpath("data")
COLOUR_LETTERS = "KGMWLYR*"


@dataclass(frozen=True)
class Colour:
    letter: str
    hex: str
    name: Name  # e.g. "mint (dark green)"
    short: Name  # e.g. "mint", as the colour deck calls it


@dataclass(frozen=True)
class Power:
    key: PowerId
    title: Name
    label: Name  # short, for a hexagon on the PNG
    word: Name  # the power as a command word: a press sends the English, Polish reads back
    effect: Name
    aliases: tuple[str, ...]  # folded (see fold): lower case, no diacritics, spaces or dashes


@dataclass(frozen=True)
class Objective:
    key: ObjectiveId
    title: Name
    word: Name  # its id on a sheet file's 'objectives:' line; the Polish reads back too
    pays: Name
    aliases: tuple[str, ...]  # folded, like the powers'


def _load() -> dict[str, Any]:
    data = json.loads(DATA.joinpath("catalog.json").read_text("utf-8"))
    expected = {
        "colours": list(COLOUR_LETTERS),
        "powers": list(get_args(PowerId)),
        "objectives": list(get_args(ObjectiveId)),
    }
    for table, keys in expected.items():
        if sorted(data[table]) != sorted(keys):
            raise ValueError(f"data/catalog.json: '{table}' must hold exactly {keys}")
    return cast(dict[str, Any], data)


def fold(text: str) -> str:
    """Lower case without diacritics, spaces, dashes or underscores: 'Łapówka' reads as 'lapowka'."""
    text = text.casefold().replace("ł", "l")
    text = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return text.replace("-", "").replace("_", "").replace(" ", "")


_DATA = _load()
COLOURS: dict[str, Colour] = {
    letter: Colour(letter, entry["hex"], Name(entry["name"]), Name(entry["short"]))
    for letter, entry in _DATA["colours"].items()
}
POWERS: dict[PowerId, Power] = {
    cast(PowerId, key): Power(
        cast(PowerId, key),
        Name(entry["title"]),
        Name(entry["label"]),
        Name(entry["word"]),
        Name(entry["effect"]),
        tuple(fold(alias) for alias in entry["aliases"]),
    )
    for key, entry in _DATA["powers"].items()
}
OBJECTIVES: dict[ObjectiveId, Objective] = {
    cast(ObjectiveId, key): Objective(
        cast(ObjectiveId, key),
        Name(entry["title"]),
        Name(entry["word"]),
        Name(entry["pays"]),
        tuple(fold(alias) for alias in entry["aliases"]),
    )
    for key, entry in _DATA["objectives"].items()
}


def _shown(text: str) -> str:
    return text if len(text) <= 20 else text[:20] + "..."


@cache
def _power_names() -> Mapping[str, PowerId]:
    """Every folded name of every power (key, Polish word, aliases); the first power in the
    catalogue's order keeps a name two share."""
    names: dict[str, PowerId] = {}
    for power in reversed(POWERS.values()):
        for name in (fold(power.key), fold(power.word.forms["pl"]), *power.aliases):
            names[name] = power.key
    return MappingProxyType(names)


def find_power(text: str) -> PowerId | None:
    """A typed power name, English or Polish (any case, with or without diacritics, spaces or
    dashes), else None."""
    return _power_names().get(fold(text))


def power_id(text: str) -> PowerId:
    """A typed power name, or a refusal listing the powers."""
    found = find_power(text)
    if found is not None:
        return found
    raise RuleError(
        _(
            "There is no power '{name}'; the powers are: {powers}.",
            name=_shown(text),
            powers=joined(power.word for power in POWERS.values()),
        )
    )


def objective_id(text: str) -> ObjectiveId:
    """Resolve an objective's id on a sheet file's line (English or Polish aliases too)."""
    key = fold(text.strip())
    for objective in OBJECTIVES.values():
        if (
            key in (fold(objective.key), fold(objective.word.forms["pl"]))
            or key in objective.aliases
        ):
            return objective.key
    raise RuleError(
        _(
            "There is no objective '{name}'; the objectives are: {objectives}.",
            name=_shown(text),
            objectives=joined(objective.word for objective in OBJECTIVES.values()),
        )
    )


def example_sheet() -> str:
    """The sheet file shipped with the package, shown by /rules papertown sheet (its comments
    in the reader's language: the Polish file differs only in its # lines)."""
    return Name(
        {
            "en": DATA.joinpath("example_sheet.txt").read_text("utf-8"),
            "pl": DATA.joinpath("example_sheet.pl.txt").read_text("utf-8"),
        }
    )

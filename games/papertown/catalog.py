"""The sheet's printed tables as data (data/catalog.json) and the example sheet file."""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any, cast, get_args

from games.base import RuleError
from games.papertown.state import ObjectiveId, PowerId

DATA = resources.files("games.papertown").joinpath("data")
COLOUR_LETTERS = "KGMWLYR*"


@dataclass(frozen=True)
class Colour:
    letter: str
    hex: str
    name: str  # e.g. "mint (dark green)"
    short: str  # e.g. "mint", as the colour deck calls it


@dataclass(frozen=True)
class Power:
    key: PowerId
    title: str
    label: str  # short, for a hexagon on the PNG
    effect: str
    aliases: tuple[str, ...]


@dataclass(frozen=True)
class Objective:
    key: ObjectiveId
    title: str
    pays: str
    aliases: tuple[str, ...]


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


_DATA = _load()
COLOURS: dict[str, Colour] = {
    letter: Colour(letter, entry["hex"], entry["name"], entry["short"])
    for letter, entry in _DATA["colours"].items()
}
POWERS: dict[PowerId, Power] = {
    cast(PowerId, key): Power(
        cast(PowerId, key),
        entry["title"],
        entry["label"],
        entry["effect"],
        tuple(entry["aliases"]),
    )
    for key, entry in _DATA["powers"].items()
}
OBJECTIVES: dict[ObjectiveId, Objective] = {
    cast(ObjectiveId, key): Objective(
        cast(ObjectiveId, key), entry["title"], entry["pays"], tuple(entry["aliases"])
    )
    for key, entry in _DATA["objectives"].items()
}


def _shown(text: str) -> str:
    return text if len(text) <= 20 else text[:20] + "..."


def _squash(text: str) -> str:
    return text.lower().replace("-", "").replace("_", "").replace(" ", "")


def power_id(text: str) -> PowerId:
    """Resolve a typed power name (any case, with or without spaces or dashes)."""
    key = _squash(text)
    for power in POWERS.values():
        if key == _squash(power.key) or key in power.aliases:
            return power.key
    raise RuleError(f"There is no power '{_shown(text)}'; the powers are: {', '.join(POWERS)}.")


def objective_id(text: str) -> ObjectiveId:
    key = text.lower().strip()
    for objective in OBJECTIVES.values():
        if key == objective.key or key in objective.aliases:
            return objective.key
    raise RuleError(
        f"There is no objective '{_shown(text)}'; the objectives are: {', '.join(OBJECTIVES)}."
    )


def example_sheet() -> str:
    """The sheet file shipped with the package, shown by /rules papertown sheet."""
    return DATA.joinpath("example_sheet.txt").read_text("utf-8")

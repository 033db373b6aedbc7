"""Seating, options and the opening sheet of a new game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.base import Event, Rng, RuleError, State, public
from games.papertown.generator import generate_sheet
from games.papertown.sheet import OBJECTIVES, POWERS
from games.papertown.sheetfile import parse_sheet

TURNS_PER_PLAYER = 8
TIME_BOXES = 16
VIRTUAL_BLOCKS = {"easy": 2, "normal": 3, "hard": 4}
BLOCKS_PER_TURN = 3


def read_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """The declared options under state keys, defaults filled in for missing ones."""
    difficulty = str(options.get("difficulty") or "normal").lower()
    if difficulty not in VIRTUAL_BLOCKS:
        raise RuleError(f"--difficulty must be one of: {', '.join(VIRTUAL_BLOCKS)}.")
    return {
        "solo": bool(options.get("solo")),
        "solo_16": bool(options.get("solo-16")),
        "difficulty": difficulty,
        "die": bool(options.get("die")),
        "water": bool(options.get("water")),
        "own_banks": bool(options.get("own-banks")),
    }


def _players(names: Sequence[str], opts: dict[str, Any]) -> list[dict[str, Any]]:
    if len(names) == 1 and not opts["solo"]:
        raise RuleError("PaperTown for 1 player is the solo variant; start it with --solo.")
    if len(names) == 2 and opts["solo"]:
        raise RuleError("--solo is for 1 player; with 2 players leave it out.")
    if len(names) not in (1, 2):
        raise RuleError(f"PaperTown takes 1 (solo) or 2 players, not {len(names)}.")
    if not opts["solo"]:
        return [
            {"name": name, "tag": tag, "seat": seat, "quota": BLOCKS_PER_TURN, "virtual": False}
            for seat, (name, tag) in enumerate(zip(names, ("X", "O"), strict=True))
        ]
    blocks = VIRTUAL_BLOCKS[opts["difficulty"]]
    return [
        {"name": names[0], "tag": "X", "seat": 0, "quota": BLOCKS_PER_TURN, "virtual": False},
        {"name": "Virtual 1", "tag": "I", "seat": 0, "quota": blocks, "virtual": True},
        {"name": "Virtual 2", "tag": "O", "seat": 0, "quota": blocks, "virtual": True},
    ]


def new_game(
    names: Sequence[str], options: Mapping[str, Any], rng: Rng
) -> tuple[State, list[Event]]:
    """Seat the players, read or generate the sheet, and greet the table."""
    opts = read_options(options)
    players = _players(names, opts)
    text = options.get("sheet")
    sheet = parse_sheet(str(text)) if text else generate_sheet(rng)
    every_turn = opts["solo"] and not opts["solo_16"]
    turns = TURNS_PER_PLAYER * len(players) if every_turn else TIME_BOXES
    cells = sheet["rows"] * sheet["cols"]
    state: State = {
        "names": list(names),
        "options": opts,
        "sheet": sheet,
        "players": players,
        "owner": [None] * cells,
        "claims": [None] * len(sheet["specials"]),
        "turn": 0,
        "turns": turns,
        "rolled": None,
        "base": 0,
        "used": {},
        "marked": [],
        "deck": [],
    }
    goals = "; ".join(f"{OBJECTIVES[o][0]} ({OBJECTIVES[o][1]})" for o in sheet["objectives"])
    powers = ", ".join(POWERS[p][0] for p in sheet["powers"])
    cast = ", ".join(f"{p['name']} marks {p['tag']}" for p in players)
    first = players[0]
    events = [
        public(
            f"PaperTown: {cast}. The mayor pays for: {goals}. Special powers on this sheet: "
            f"{powers}. The time track has {turns} boxes.",
        ),
        public(f"{first['name']} ({first['tag']}) starts: /roll for a colour.", board=True),
    ]
    return state, events

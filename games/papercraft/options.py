"""`/new papercraft` options and their limits, checked against the unit data before anyone joins.

The caps keep a battle playable and a bot move fast: at most MAX_POINTS a side (the rules speak
of 1000-point armies), at most MAX_UNITS units in one army (what MAX_POINTS buys of the cheapest
built-in unit), a table of at most MAX_TABLE inches a side."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from games.base import Option, RuleError
from games.i18n import N_, _, said
from games.papercraft.catalog import builtin_units, cheapest_builtin
from games.papercraft.custom import chat_units
from games.papercraft.names import FILE_LABEL, unit_name
from games.papercraft.placement import ZONE_DEPTH
from games.papercraft.statblock import parse_stat_blocks
from games.papercraft.state import Options, Unit

DEFAULT_POINTS = 400
MAX_POINTS = 1000
MAX_UNITS = MAX_POINTS // cheapest_builtin()
MIN_TABLE = 2 * ZONE_DEPTH
MAX_TABLE = 120
MAX_ROUNDS = 100

OPTIONS = (
    Option(
        "points",
        "int",
        _(
            "Army total of each side, in points: at least the cheapest unit's cost, at most {most}.",
            most=MAX_POINTS,
        ),
        DEFAULT_POINTS,
        minimum=1,
        maximum=MAX_POINTS,
    ),
    Option("teams", "str", _("Teams such as 2v1 or 2v2 (default: every player alone)."), ""),
    Option(
        "table",
        "str",
        _(
            "Table size in inches, WIDTHxDEPTH, each {least} to {most}.",
            least=MIN_TABLE,
            most=MAX_TABLE,
        ),
        "36x36",
    ),
    Option(
        "positions", "flag", _("Track unit positions on the table (else players measure)."), False
    ),
    Option(
        "free",
        "flag",
        _(
            "Free play: any player acts with their own units at any time, /round starts a new "
            "round (no turn order, phases or placement)."
        ),
        False,
    ),
    Option(
        "rounds",
        "int",
        _("End after this many full rounds on surviving points (0: no limit)."),
        0,
        minimum=0,
        maximum=MAX_ROUNDS,
    ),
    Option("units", "file", _("Extra unit stat blocks in the wiki's format."), ""),
    Option("custom", "chat", _("Units this chat added with /unit add."), None),
)


def parse_teams(text: str | None, players: int | None) -> list[int]:
    """'2v1' puts seats 1-2 on one side and seat 3 on the other; empty means everyone alone."""
    if not text:
        return list(range(players or 0))
    wanted = text.strip().casefold()
    if not re.fullmatch(r"[1-3](v[1-3]){1,3}", wanted):
        raise RuleError(
            _("--teams '{text}' should look like 2v1 or 2v2 (2 to 4 players).", text=text)
        )
    sizes = [int(n) for n in wanted.split("v")]
    if not 2 <= sum(sizes) <= 4:
        raise RuleError(
            _(
                "--teams {text} needs {count} players; Papercraft seats 2 to 4.",
                text=text,
                count=sum(sizes),
            )
        )
    if players is not None and sum(sizes) != players:
        raise RuleError(
            _(
                "--teams {text} needs {count} players; this table has {players}.",
                text=text,
                count=sum(sizes),
                players=players,
            )
        )
    return [team for team, size in enumerate(sizes) for _ in range(size)]


def parse_table(text: str) -> list[int]:
    found = re.fullmatch(r"\s*(\d{1,6})\s*[xX×]\s*(\d{1,6})\s*", text or "")
    if found is None:
        raise RuleError(_("--table '{text}' should look like 36x36 (inches).", text=text))
    width, depth = int(found.group(1)), int(found.group(2))
    if not (MIN_TABLE <= width <= MAX_TABLE and MIN_TABLE <= depth <= MAX_TABLE):
        raise RuleError(
            _(
                "--table sides must be {least} to {most} inches (start zones are {depth} inches "
                "deep).",
                least=MIN_TABLE,
                most=MAX_TABLE,
                depth=ZONE_DEPTH,
            )
        )
    return [width, depth]


def _int(options: Mapping[str, Any], name: str, default: int, low: int, high: int) -> int:
    value = options.get(name)
    number = default if value is None or value == "" else value
    if isinstance(number, bool) or not isinstance(number, int):
        raise RuleError(_("--{name} needs a whole number.", name=name))
    if not low <= number <= high:
        raise RuleError(_("--{name} must be {low} to {high}.", name=name, low=low, high=high))
    return number


def extra_units(options: Mapping[str, Any]) -> tuple[list[Unit], list[Unit]]:
    """The chat's /unit add units and the --units file's, each checked; names must not clash."""
    from_chat = chat_units(options.get("custom") or {})
    from_file = parse_stat_blocks(options["units"]) if options.get("units") else []
    for unit in from_file:
        unit["label"] = FILE_LABEL
    taken = {name.casefold(): N_("a built-in unit") for name in builtin_units()}
    for unit in from_chat:
        taken[unit["name"].casefold()] = N_("this chat's unit")
    for unit in from_file:
        clash = taken.get(unit["name"].casefold())
        if clash:
            raise RuleError(
                _(
                    "The units file's {unit} has the name of {clash}; rename it in the file.",
                    unit=unit["name"],
                    clash=said(clash),
                )
            )
    return from_chat, from_file


def read_options(options: Mapping[str, Any]) -> tuple[Options, list[Unit], list[Unit]]:
    """Every option checked against the data: --points buys at least the cheapest unit."""
    from_chat, from_file = extra_units(options)
    points = _int(options, "points", DEFAULT_POINTS, 1, MAX_POINTS)
    units = [*builtin_units().values(), *from_chat, *from_file]
    cheapest = min(units, key=lambda unit: unit["points"])
    if points < cheapest["points"]:
        raise RuleError(
            _(
                "--points {points} buys no unit: the cheapest, {unit}, costs {cost}; use "
                "--points {cost} to {most}.",
                points=points,
                unit=unit_name(cheapest["name"]),
                cost=cheapest["points"],
                most=MAX_POINTS,
            )
        )
    parse_teams(str(options.get("teams") or ""), None)
    if options.get("free") and options.get("positions"):
        raise RuleError(
            _("--free plays on your own table, where you measure: it does not go with --positions.")
        )
    read: Options = {
        "points": points,
        "table": parse_table(str(options.get("table") or "36x36")),
        "positions": bool(options.get("positions")),
        "rounds": _int(options, "rounds", 0, 0, MAX_ROUNDS),
        "free": bool(options.get("free")),
    }
    return read, from_chat, from_file

"""A new Papercraft table: options read against the data, the extra units, the greeting."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.base import Event, RuleError, public
from games.i18n import _, joined
from games.papercraft import ABOUT
from games.papercraft.names import unit_name
from games.papercraft.options import parse_teams, read_options
from games.papercraft.statblock import unenforced
from games.papercraft.state import PapercraftState

MIN_PLAYERS, MAX_PLAYERS = ABOUT.min_players, ABOUT.max_players


def new_state(
    names: Sequence[str], options: Mapping[str, Any]
) -> tuple[PapercraftState, list[Event]]:
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise RuleError(_("Papercraft needs 2 to 4 players (one per table edge)."))
    opts, from_chat, from_file = read_options(options)
    extra = from_chat + from_file
    state: PapercraftState = {
        "names": list(names),
        "options": opts,
        "teams": parse_teams(str(options.get("teams") or ""), len(names)),
        "extra_units": {unit["name"]: unit for unit in extra},
        "phase": "army",
        "armies": [{} for _ in names],
        "ready": [False for _ in names],
        "placement_dice": [[] for _ in names],
        "units": [],
        "order": [],
        "placer": None,
        "active": None,
        "step": None,
        "round": 1,
        "turn_no": 0,
        "pending": [],
        "result": None,
    }
    added = []
    if from_file:
        added.append(_(" plus {n} from the units file", n=len(from_file)))
    if from_chat:
        added.append(_(" plus {n} added in this chat", n=len(from_chat)))
    width, depth = opts["table"]
    lines = [
        _(
            'Papercraft for {players}: {points} points per side on a {width}x{depth}" '
            "table{added}. Build armies with /units, /army add UNIT [xN] and /ready. Published "
            "wiki units are in testing; the sample units are original, not published data.",
            players=", ".join(names),
            points=opts["points"],
            width=width,
            depth=depth,
            added=joined(added, ""),
        )
    ]
    shown = [
        joined((unit_name(unit["name"]), note), ": ") for unit in extra for note in unenforced(unit)
    ]
    if shown:
        lines.append(
            _(
                "Abilities shown as text only, not enforced by the referee (apply them by "
                "agreement): {abilities}.",
                abilities=joined(shown, "; "),
            )
        )
    return state, [public(joined(lines, "\n"))]

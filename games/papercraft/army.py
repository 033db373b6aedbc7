"""Before the battle: armies bought to the points total, /units, /ready and the placement roll."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from games.base import Event, Rng, RuleError, private, public
from games.i18n import _, _n, joined
from games.papercraft.board import catalog, free
from games.papercraft.cards import unit_brief
from games.papercraft.commands import Command
from games.papercraft.names import both, unit_line, unit_name
from games.papercraft.options import MAX_UNITS
from games.papercraft.placement import DEFAULT_FACING, next_placer
from games.papercraft.state import PapercraftState, Piece

State = PapercraftState


def army_points(state: State, seat: int) -> int:
    units = catalog(state)
    return sum(units[name]["points"] * count for name, count in state["armies"][seat].items())


def army_size(state: State, seat: int) -> int:
    return sum(state["armies"][seat].values())


def teammates(state: State, seat: int) -> list[int]:
    team = state["teams"][seat]
    return [s for s in range(len(state["names"])) if state["teams"][s] == team]


def side_points(state: State, team: int) -> int:
    return sum(
        army_points(state, s) for s in range(len(state["names"])) if state["teams"][s] == team
    )


def army_text(state: State, seat: int) -> str:
    army = state["armies"][seat]
    units = catalog(state)
    parts = [
        _("{count}x {unit}", count=count, unit=unit_brief(units[name]))
        for name, count in army.items()
    ]
    listing = joined(parts, ", ", empty=_("no units yet"))
    return _(
        "{player}'s army: {listing} = {total} of {limit} points.",
        player=state["names"][seat],
        listing=listing,
        total=army_points(state, seat),
        limit=state["options"]["points"],
    )


def _unit_and_count(state: State, command: Command) -> tuple[str, int]:
    """The unit /army adds or removes and how many (1 unless said)."""
    if command.word("") is None:
        raise RuleError(_("Use /army add UNIT [xN], /army remove UNIT [xN], or /army to list."))
    name = command.unit("UNIT")
    if name is None or name not in catalog(state):
        raise RuleError(_("'{text}' is not a unit; /units lists them all.", text=name or ""))
    count = command.args.maybe("xN", int)
    if count is not None and count < 1:
        raise RuleError(_("Say how many, 1 or more."))
    return name, 1 if count is None else count


def army(state: State, seat: int, command: Command) -> list[Event]:
    """/army add|remove UNIT [xN] and the bare listing; editing takes back a /ready."""
    action, name = command.word(""), command.unit("UNIT")
    if action is None and name is None and not command.has("xN"):
        return [public(joined((army_text(state, s) for s in range(len(state["names"]))), "\n"))]
    if state["phase"] != "army":
        raise RuleError(_("Armies are fixed once the battle is set up; /army lists them."))
    name, count = _unit_and_count(state, command)
    army = state["armies"][seat]
    if action == "add":
        if army_size(state, seat) + count > MAX_UNITS:
            raise RuleError(
                _(
                    "An army fields at most {most} units; yours has {count}.",
                    most=MAX_UNITS,
                    count=army_size(state, seat),
                )
            )
        army[name] = army.get(name, 0) + count
    else:
        if army.get(name, 0) < count:
            raise RuleError(
                _(
                    "Your army has {have}x {unit}; you cannot remove {count}.",
                    have=army.get(name, 0),
                    unit=unit_name(name),
                    count=count,
                )
            )
        army[name] -= count
        if not army[name]:
            del army[name]
    who = state["names"][seat]
    unit = unit_name(name)
    if action == "add":
        lines: list[str] = [_("{player} adds {count}x {unit}.", player=who, count=count, unit=unit)]
    else:
        lines = [_("{player} removes {count}x {unit}.", player=who, count=count, unit=unit)]
    if state["ready"][seat]:
        state["ready"][seat] = False
        state["placement_dice"][seat] = []
        lines.append(_("{player} is no longer ready.", player=who))
    lines.append(army_text(state, seat))
    over = army_points(state, seat) - state["options"]["points"]
    if over > 0:
        lines.append(
            _n(
                "That is {n} point over the total: remove units before /ready.",
                "That is {n} points over the total: remove units before /ready.",
                over,
            )
        )
    return [public(joined(lines, "\n"))]


def units(state: State, seat: int, command: Command) -> list[Event]:
    """/units: every unit one may buy, to the asker only."""
    listing = joined((unit_line(unit) for unit in catalog(state).values()), "\n")
    return [private(seat, listing, reveals=False)]


def can_ready_empty(state: State, seat: int) -> bool:
    """A player may bring no units when a teammate's army fields the side."""
    return any(state["armies"][s] for s in teammates(state, seat) if s != seat)


def ready(state: State, seat: int, command: Command) -> list[Event]:
    """/ready [--dice N,...]: your army is complete; your own die (and any re-rolls) for placement."""
    if state["phase"] != "army":
        raise RuleError(_("/ready is for the army phase, which is over."))
    if state["ready"][seat]:
        raise RuleError(_("You are already ready; /army add or remove takes it back."))
    given = command.dice.take_all(6, _("placement d6"))
    if not state["armies"][seat] and not can_ready_empty(state, seat):
        raise RuleError(_("Your army is empty; /army add UNIT first (/units lists them)."))
    total, limit = army_points(state, seat), state["options"]["points"]
    if total > limit:
        raise RuleError(
            _(
                "Your army is {total} points, over the {limit}-point total; /army remove a unit.",
                total=total,
                limit=limit,
            )
        )
    state["ready"][seat] = True
    state["placement_dice"][seat] = given or []
    who = state["names"][seat]
    text = _n(
        "{player} is ready with {n} point.", "{player} is ready with {n} points.", total, player=who
    )
    if not state["armies"][seat]:
        text = _(
            "{player} is ready with no units of their own; their side fields the rest.", player=who
        )
    events = [public(text)]
    if all(state["ready"]):
        events += _all_ready(state, command.dice.rng)
    return events


def _all_ready(state: State, rng: Rng) -> list[Event]:
    """Every side fields units, at most the points total (rules: teams' points even); else hold."""
    limit = state["options"]["points"]
    events: list[Event] = []
    for team in sorted(set(state["teams"])):
        members = [s for s in range(len(state["names"])) if state["teams"][s] == team]
        who = both(state["names"][s] for s in members)
        points = side_points(state, team)
        if points > limit:
            said = _(
                "Hold: the side of {players} fields {points} points but every side has the same "
                "{limit}-point total; {players}: /army remove units and /ready again.",
                players=who,
                points=points,
                limit=limit,
            )
        elif not any(state["armies"][s] for s in members):
            said = _(
                "Hold: the side of {players} fields no units; {players}: /army add units and "
                "/ready again.",
                players=who,
            )
        else:
            continue
        for seat in members:
            state["ready"][seat] = False
            state["placement_dice"][seat] = []
        events.append(public(said))
    if events:
        return events
    _create_units(state)
    if free(state):
        return [public(start_free(state))]
    queues = {s: list(state["placement_dice"][s]) for s in range(len(state["names"]))}
    order, lines = _roll_order(state, rng, list(range(len(state["names"]))), queues)
    state["order"] = order
    state["phase"] = "place"
    state["placer"] = None
    names = ", ".join(state["names"][s] for s in order)
    lines.append(_("Placement order: {players}.", players=names))
    return [public(joined(lines, "\n")), *next_placer(state, 0)]


def _labels(state: State) -> list[tuple[int, str, str]]:
    """(seat, label, unit) for every unit bought; a unit bought more than once is numbered
    (Grave Legion 1, 2), skipping numbers that would give another unit's name."""
    totals: Counter[str] = Counter()
    for army in state["armies"]:
        totals.update(army)
    taken = {name.casefold() for name in totals}
    numbered: Counter[str] = Counter()
    found = []
    for seat, army in enumerate(state["armies"]):
        for name, count in army.items():
            for _copy in range(count):
                if totals[name] == 1:
                    found.append((seat, name, name))
                    continue
                numbered[name] += 1
                while f"{name} {numbered[name]}".casefold() in taken:
                    numbered[name] += 1
                label = f"{name} {numbered[name]}"
                taken.add(label.casefold())
                found.append((seat, label, name))
    return found


def _create_units(state: State) -> None:
    """The armies' pieces; the table keeps only the extra units they use, so a move's cost does
    not grow with the chat's catalogue."""
    units = catalog(state)
    for seat, label, name in _labels(state):
        piece = new_piece(len(state["units"]), label, name, seat, units[name]["hp"])
        piece["facing"] = DEFAULT_FACING[seat]
        state["units"].append(piece)
    if not state.get("keeps_all_units"):  # a game begun before 377c9f9 (games.versions)
        used = {piece["kind"] for piece in state["units"]}
        state["extra_units"] = {k: u for k, u in state["extra_units"].items() if k in used}


def start_free(state: State) -> str:
    """Free play skips placement: every unit stands on the players' own table from round 1."""
    for piece in state["units"]:
        piece["placed"] = True
    state["phase"], state["step"], state["turn_no"] = "battle", "attack", 1
    return _(
        "Every army is on the table. Free play: any player may /move, /attack or /ability with "
        "their own units at any time, in the order you play on the table; /round starts the "
        "next round."
    )


def new_piece(ident: int, label: str, name: str, seat: int, hp: int) -> Piece:
    return {
        "id": ident,
        "name": label,
        "kind": name,
        "owner": seat,
        "hp": hp,
        "max_hp": hp,
        "placed": False,
        "reserve": False,
        "x": None,
        "y": None,
        "facing": "N",
        "dead": False,
        "corpse": False,
        "moved": 0,
        "targets": [],
        "in_place": None,
        "rally": 0,
        "power": 0,
        "grappled": None,
        "hugged_by": None,
        "hugging": None,
        "burning": None,
        "uses": {},
    }


def _roll_order(
    state: State, rng: Rng, seats: Sequence[int], queues: dict[int, list[int]]
) -> tuple[list[int], list[str]]:
    """Everyone rolls a d6 (their own dice from /ready --dice first), highest first; tied
    players re-roll among themselves."""
    rolls: dict[int, int] = {}
    shown: list[str] = []
    for seat in seats:
        own = bool(queues[seat])
        rolls[seat] = queues[seat].pop(0) if own else rng.roll(6)
        player = state["names"][seat]
        if own:
            shown.append(_("{player} {roll} (own die)", player=player, roll=rolls[seat]))
        else:
            shown.append(f"{player} {rolls[seat]}")
    lines: list[str] = [_("Placement roll: {rolls}.", rolls=joined(shown))]
    order: list[int] = []
    for value in sorted(set(rolls.values()), reverse=True):
        tied = [s for s in seats if rolls[s] == value]
        if len(tied) > 1:
            lines.append(
                _(
                    "Tie at {value}: {players} re-roll.",
                    value=value,
                    players=both(state["names"][s] for s in tied),
                )
            )
            sub, more = _roll_order(state, rng, tied, queues)
            order += sub
            lines += more
        else:
            order += tied
    return order, lines

"""Turn order and phases: who is waited on, escapes, movement then attack, end of turn, the end."""

from __future__ import annotations

from games.base import Event, RuleError, public
from games.i18n import N_, _, _n, from_json, joined, said, to_json
from games.papercraft.board import alive, free, kind, pieces, power, side, surviving_points
from games.papercraft.catalog import parse_dice
from games.papercraft.combat import after_armor, by_id, hurt, release_hug
from games.papercraft.commands import Command
from games.papercraft.names import ability_name, both, piece_name, pieces_named
from games.papercraft.rolls import Dice
from games.papercraft.state import PapercraftState, Piece, Step

State = PapercraftState
DEFAULT_ESCAPE = 4
ESCAPED = "escape roll"
"""In free play, the round of a held unit's last escape roll, kept with its uses."""
PHASES = {
    "army": N_("army"),
    "place": N_("placement"),
    "battle": N_("battle"),
    "over": N_("game over"),
}
"""The phases as refusals name them."""


def phase_name(state: State) -> str:
    return said(PHASES[state["phase"]])


def waiting(state: State) -> list[int]:
    phase = state["phase"]
    if phase == "army":
        return [s for s in range(len(state["names"])) if not state["ready"][s]]
    if phase == "place" and state["placer"] is not None:
        return [state["placer"]]
    if phase == "battle":
        if state["pending"]:
            return [state["pending"][0]["seat"]]
        return [] if state["active"] is None or free(state) else [state["active"]]
    return []


def active(state: State) -> int:
    seat = state["active"]
    if seat is None:
        raise RuleError(_("The battle has not started."))
    return seat


def expect(state: State, verb: str, *steps: Step) -> None:
    """Refuse a battle verb outside its step, or while a destroyed Otoro's rockets wait."""
    if state["phase"] != "battle":
        raise RuleError(
            _(
                "/{verb} is for the battle; now it is the {phase} phase.",
                verb=verb,
                phase=phase_name(state),
            )
        )
    if state["pending"]:
        otoro = piece_name(pieces(state)[state["pending"][0]["unit"]])
        raise RuleError(
            _(
                "First aim {unit}'s death rockets: /ability {unit} {rockets} UNIT, UNIT (or none).",
                unit=otoro,
                rockets=ability_name("Fire Rockets"),
            )
        )
    step = state["step"]
    if step in steps or free(state):
        return
    if step == "escape":
        raise RuleError(_("First roll for your units held in a Bear Hug: /escape [--dice N]."))
    if step == "move":
        raise RuleError(_("It is the movement phase: /move units, then /done to start attacking."))
    if step == "attack":
        raise RuleError(
            _("The movement phase is over; /attack, /ability, or /done to end the turn.")
        )
    raise RuleError(_("This turn is over."))


def held(state: State, seat: int) -> list[Piece]:
    return [p for p in own(state, seat) if p["hugged_by"] is not None]


def start_turn(state: State, seat: int) -> list[Event]:
    """Fresh movement and attacks for everyone; a seat with units in a Bear Hug rolls first."""
    state["active"] = seat
    state["turn_no"] += 1
    for piece in pieces(state):
        piece["moved"], piece["targets"], piece["in_place"] = 0, [], None
    name = state["names"][seat]
    hugged = held(state, seat)
    if not hugged:
        state["step"] = "move"
        return [
            public(
                _(
                    "Round {round}, {player}'s turn: movement phase (/move units, then /done).",
                    round=state["round"],
                    player=name,
                )
            )
        ]
    state["step"] = "escape"
    return [
        public(
            _(
                "Round {round}, {player}'s turn. Held in a Bear Hug: {units}. {player} rolls "
                "to escape first: /escape (d6 + dodge each), or /escape --dice N with your own "
                "dice.",
                round=state["round"],
                player=name,
                units=pieces_named(hugged),
            )
        )
    ]


def escape(state: State, seat: int, command: Command) -> list[Event]:
    """/escape: each held unit rolls d6 + its dodge against the bear's number (4)."""
    expect(state, "escape", "escape")
    events: list[Event] = []
    for piece in held(state, seat):
        if free(state):
            if piece["uses"].get(ESCAPED) == state["round"]:
                continue
            piece["uses"][ESCAPED] = state["round"]  # once a round, as at the start of a turn
        bear = by_id(state, piece["hugged_by"])
        hug = power(state, bear, "bear_hug") if bear is not None else None
        need = hug["escape_on"] if hug is not None else DEFAULT_ESCAPE
        dodge = kind(state, piece)["dodge"]
        unit = piece_name(piece)
        roll = command.dice.roll(6, _("{unit}'s escape d6", unit=unit))
        escaped = roll + dodge >= need
        sum_ = f"{roll}{dodge:+d}={roll + dodge}"
        if escaped:
            text = _(
                "{unit} tries to escape the Bear Hug: {roll}, escapes ({need}+).",
                unit=unit,
                roll=sum_,
                need=need,
            )
            release_hug(state, piece)
        else:
            text = _(
                "{unit} tries to escape the Bear Hug: {roll}, still held ({need}+ needed).",
                unit=unit,
                roll=sum_,
                need=need,
            )
        events.append(public(text))
    if free(state):
        if not events:
            raise RuleError(_("None of your units may roll to escape a Bear Hug now."))
        return events
    state["step"] = "move"
    events.append(public(_("Movement phase: /move units, then /done.")))
    return events


def own(state: State, seat: int) -> list[Piece]:
    return [p for p in alive(state) if p["owner"] == seat and p["placed"]]


def done(state: State, seat: int, command: Command) -> list[Event]:
    """/done: the movement phase ends, then the attack phase and the turn."""
    if free(state):
        raise RuleError(_("In free play there are no turns to end: /round starts the next round."))
    expect(state, "done", "move", "attack")
    name = state["names"][seat]
    if state["step"] == "move":
        state["step"] = "attack"
        text = _(
            "{player} ends the movement phase. Attack phase: /attack, /ability, then /done.",
            player=name,
        )
        return [public(text)]
    events = [public(_("{player} ends the attack phase and the turn.", player=name))]
    events += _end_of_turn(state, seat, command.dice)
    state["step"] = "ending"
    return events


def _end_of_turn(state: State, seat: int, dice: Dice) -> list[Event]:
    """Phase-long boosts end (ruling 10); grapples and fireball burns of this seat run out."""
    events: list[Event] = []
    for piece in pieces(state):
        piece["rally"], piece["power"] = 0, 0
    for piece in own(state, seat):
        if piece["grappled"] is not None and piece["grappled"] < state["turn_no"]:
            piece["grappled"] = None
        burn = piece["burning"]
        if burn is None or burn["turn"] >= state["turn_no"]:
            continue
        piece["burning"] = None
        unit = piece_name(piece)
        if piece["moved"]:
            events.append(
                public(
                    _(
                        "{unit} moved, so the {fireball}'s flames go out.",
                        unit=unit,
                        fireball=ability_name("Fireball"),
                    )
                )
            )
            continue
        total, shown = dice.expr(parse_dice(burn["dice"]), _("burn on {unit}", unit=unit))
        damage, text = after_armor(state, piece, burn["damage_type"], total)
        burns = _(
            "{unit} did not move and burns: {roll}, {damage}", unit=unit, roll=shown, damage=text
        )
        events.append(public(joined([burns, *hurt(state, piece, damage, dice)], " ")))
    return events


def new_round(state: State, seat: int, command: Command) -> list[Event]:
    """/round in free play: the round's boosts, grapples and burns end as at the end of a turn,
    then every unit may move, attack and use an ability again."""
    if not free(state):
        raise RuleError(
            _("/round is for free play (/new papercraft --free); here /done ends your turn.")
        )
    expect(state, "round")
    events = [
        public(_("{player} ends round {round}.", player=state["names"][seat], round=state["round"]))
    ]
    for each in range(len(state["names"])):
        events += _end_of_turn(state, each, command.dice)
    limit = state["options"]["rounds"]
    if limit and state["round"] >= limit:
        return events + _finish_on_points(state)
    state["round"] += 1
    state["turn_no"] += 1
    for piece in pieces(state):
        piece["moved"], piece["targets"], piece["in_place"] = 0, [], None
    events.append(
        public(
            _(
                "Round {round}: every unit may move, attack or use an ability again.",
                round=state["round"],
            )
        )
    )
    return events


def settle(state: State) -> list[Event]:
    """After every move: the battle ends when one side is left; a finished turn hands over."""
    if state["phase"] != "battle" or state["pending"]:
        return []  # a destroyed Otoro's rockets come first: they may change who is left
    events = check_end(state)
    if events or state["step"] != "ending":
        return events
    return _next_turn(state)


def _next_turn(state: State) -> list[Event]:
    order = state["order"]
    here = order.index(active(state))
    events: list[Event] = []
    for step in range(1, len(order) + 1):
        if here + step == len(order):
            limit = state["options"]["rounds"]
            if limit and state["round"] >= limit:
                events.append(
                    public(
                        _("Round {round} of {limit} is over.", round=state["round"], limit=limit)
                    )
                )
                return events + _finish_on_points(state)
            state["round"] += 1
        seat = order[(here + step) % len(order)]
        if own(state, seat):
            return events + start_turn(state, seat)
    return events


def sides_standing(state: State) -> list[int]:
    return sorted({side(state, p["owner"]) for p in alive(state)})


def check_end(state: State) -> list[Event]:
    """Ruling 1: a side wins when every unit it faces is dead; a wipe-out at once goes to the mover."""
    standing = sides_standing(state)
    if len(standing) > 1:
        return []
    team = standing[0] if standing else side(state, active(state))
    winners = [s for s in range(len(state["names"])) if side(state, s) == team]
    if standing:
        reason = _("every enemy unit is dead")
    else:
        reason = _("the last units fell together; the side whose turn it was wins")
    return _finish(state, winners, reason)


def _finish_on_points(state: State) -> list[Event]:
    totals: dict[int, int] = {}
    for seat in range(len(state["names"])):
        team = side(state, seat)
        totals[team] = totals.get(team, 0) + surviving_points(state, seat)
    best = max(totals.values())
    winners = [s for s in range(len(state["names"])) if totals[side(state, s)] == best]
    reason = _n(
        "most surviving points after {n} round ({best})",
        "most surviving points after {n} rounds ({best})",
        state["options"]["rounds"],
        best=best,
    )
    return _finish(state, winners, reason)


def _finish(state: State, winners: list[int], reason: str) -> list[Event]:
    state["phase"], state["step"] = "over", None
    state["result"] = {"winners": winners, "reason": to_json(reason)}
    names = both(state["names"][s] for s in winners)
    if len(winners) == 1:
        return [public(_("Game over: {players} wins ({reason}).", players=names, reason=reason))]
    return [public(_("Game over: {players} win ({reason}).", players=names, reason=reason))]


def reason_of(state: State) -> str:
    """Why the game ended, as _finish kept it (a message in any language)."""
    result = state["result"]
    return from_json(result["reason"]) if result is not None else ""

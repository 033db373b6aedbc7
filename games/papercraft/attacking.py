"""The /attack command: who may attack whom, with what, at what range, then the strike itself."""

from __future__ import annotations

from collections.abc import Sequence

from games.base import Event, RuleError, public
from games.papercraft.board import (
    Field,
    allied,
    find_piece,
    kind,
    pieces,
    power,
    rect,
    standing,
    tracked,
)
from games.papercraft.catalog import armor_modifier
from games.papercraft.combat import release_hug, strike
from games.papercraft.commands import Command
from games.papercraft.geometry import gap, line_of_fire
from games.papercraft.state import PapercraftState, Piece, Weapon
from games.papercraft.words import parse_inches, split_list, take_name

State = PapercraftState


def attack_limit(state: State, piece: Piece) -> int:
    return 2 if kind(state, piece)["template"] == "Infantry" else 1


def cannot_attack(state: State, piece: Piece) -> str | None:
    """Why this unit may make no (more) attacks this turn, or None."""
    if piece["in_place"]:
        return f"{piece['name']} used {piece['in_place']} in place of attacking this turn."
    if piece["hugged_by"] is not None:
        return f"{piece['name']} is held in a Bear Hug and cannot attack until it escapes."
    if len(piece["targets"]) >= attack_limit(state, piece):
        if attack_limit(state, piece) == 2:
            return f"{piece['name']} already made both Infantry attacks this turn."
        return f"{piece['name']} already attacked this turn; only Infantry attack twice."
    return None


def measure(
    state: State, attacker: Piece, target: Piece, field: Field | None = None
) -> float | None:
    """Edge-to-edge range along a line crossing no other unit (corpses never do, ruling 4)."""
    field = field or Field(state)
    a, b = field.rect(attacker), field.rect(target)
    box = (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))
    blockers = [
        field.standing.rects[ident]
        for ident in field.standing.near(box)
        if ident not in (attacker["id"], target["id"])
    ]
    return line_of_fire(a, b, blockers)


def usable(state: State, piece: Piece) -> list[Weapon]:
    """After moving only melee attacks remain (rules; ruling 6 for units with both)."""
    return [w for w in kind(state, piece)["attacks"] if w["melee"] or not piece["moved"]]


def reach(state: State, piece: Piece) -> float:
    return max((w["range"] for w in usable(state, piece)), default=0)


def _weapon(state: State, attacker: Piece, words: Sequence[str], distance: float | None) -> Weapon:
    weapons = kind(state, attacker)["attacks"]
    allowed = usable(state, attacker)
    if words:
        found = take_name(words, [(w["name"], w) for w in weapons])
        if found is None or found[1]:
            names = ", ".join(w["name"] for w in weapons)
            raise RuleError(f"'{' '.join(words)}' is not an attack of {attacker['name']}: {names}.")
        weapon = found[0]
        if weapon not in allowed:
            raise RuleError(_moved(attacker, weapon, allowed))
        return weapon
    if not allowed:
        raise RuleError(
            f"{attacker['name']} moved this turn and has only ranged attacks, "
            "which are not allowed after moving."
        )
    if distance is None:
        melee = [w for w in allowed if w["melee"]]
        return melee[0] if melee else allowed[0]
    reaching = [w for w in allowed if w["range"] >= distance - 1e-9]
    if reaching:
        return reaching[0]
    barred = [w for w in weapons if w not in allowed and w["range"] >= distance - 1e-9]
    if barred:  # the one attack that reaches is the ranged one the move ruled out
        raise RuleError(_moved(attacker, barred[0], allowed))
    return allowed[0]


def _moved(attacker: Piece, weapon: Weapon, allowed: list[Weapon]) -> str:
    melee = ", ".join(f'{w["name"]} ({w["range"]}")' for w in allowed) or "none"
    return (
        f"{attacker['name']} moved this turn, so it may not make the ranged attack "
        f"{weapon['name']}; melee attacks are still allowed ({melee})."
    )


def _distance(state: State, attacker: Piece, target: Piece, command: Command) -> float | None:
    if tracked(state):
        distance = measure(state, attacker, target)
        if distance is None:
            raise RuleError(
                f"Every line from {attacker['name']} to {target['name']} crosses another unit; "
                "choose another target."
            )
        return distance
    said = command.flag("range")
    return None if said is None else parse_inches(said, "--range")


def _check_range(attacker: Piece, target: Piece, weapon: Weapon, distance: float | None) -> None:
    if distance is None:
        if not weapon["melee"]:
            raise RuleError(
                f"{weapon['name']} is a ranged attack: say how far {target['name']} is, edge to "
                f'edge, with --range N (it reaches {weapon["range"]}").'
            )
        return
    if distance > weapon["range"] + 1e-9:
        raise RuleError(
            f'{target["name"]} is {distance:g}" from {attacker["name"]}, but {weapon["name"]} '
            f'reaches only {weapon["range"]}"; choose a closer target.'
        )


def _attack_type(state: State, weapon: Weapon, target: Piece, said: list[str] | None) -> str:
    """Massive Paws-style choices: the best against the target's armour unless --type says."""
    types = weapon["types"]
    if said is None:
        armor = kind(state, target)["armor"]
        return max(types, key=lambda t: (armor_modifier(t, armor), -types.index(t)))
    wanted = " ".join(said).casefold()
    for name in types:
        if wanted and name.casefold().startswith(wanted[:5]):
            return name
    raise RuleError(f"--type for {weapon['name']} must be one of {', '.join(types)}.")


def check_target(state: State, seat: int, attacker: Piece, target: Piece) -> None:
    if target["dead"]:
        raise RuleError(f"{target['name']} is dead; attack a living enemy unit.")
    if allied(state, seat, target["owner"]):
        raise RuleError(f"{target['name']} is on your side; attack an enemy unit.")
    if target["id"] in attacker["targets"]:
        raise RuleError(
            f"{attacker['name']} already attacked {target['name']} this turn; an Infantry "
            "unit's two attacks must be on different targets."
        )


def _check_hug(state: State, attacker: Piece, target: Piece) -> None:
    hug = power(state, attacker, "bear_hug")
    if hug is None:
        raise RuleError(f"{attacker['name']} has no Bear Hug the referee applies; drop --hug.")
    if kind(state, target)["template"] not in hug["templates"]:
        raise RuleError(f"{hug['name']} works only on a {' or a '.join(hug['templates'])}.")
    if target["hugged_by"] == attacker["id"]:
        raise RuleError(f"{target['name']} is already hugged; attack it to hit automatically.")


def attack(state: State, seat: int, command: Command) -> list[Event]:
    """Validate everything, then strike."""
    if state["phase"] != "battle" or state["step"] != "attack":
        raise RuleError(_not_now(state))
    mine = [p for p in standing(state) if p["owner"] == seat]
    attacker, rest = find_piece(command.words, mine, "one of your living units")
    others = [p for p in pieces(state) if p["placed"] and p is not attacker]
    target, rest = find_piece(rest, others, "a unit on the table")
    reason = cannot_attack(state, attacker)
    if reason:
        raise RuleError(reason + " Attack with another unit or send /done.")
    check_target(state, seat, attacker, target)
    distance = _distance(state, attacker, target, command)
    weapon = _weapon(state, attacker, rest, distance)
    _check_range(attacker, target, weapon, distance)
    hug = command.has("hug")
    if hug:
        _check_hug(state, attacker, target)
    splash = _splash(state, attacker, target, weapon, command.flag("also"))
    attack_type = _attack_type(state, weapon, target, command.flag("type"))
    events: list[Event] = []
    if attacker["hugging"] is not None and attacker["hugging"] != target["id"]:
        let_go = release_hug(state, attacker)
        events += [public(let_go)] if let_go else []
    events += strike(
        state,
        attacker,
        target,
        weapon,
        command.dice,
        attack_type=attack_type,
        hug=hug,
        splash=splash,
    )
    return events


def _not_now(state: State) -> str:
    if state["phase"] != "battle":
        return f"/attack is for the battle; now it is the {state['phase']} phase."
    if state["step"] == "escape":
        return "First roll the Bear Hug escape with /escape."
    if state["step"] == "move":
        return "It is the movement phase: /move units, then /done to start attacking."
    return "The turn is over."


def _splash(
    state: State, attacker: Piece, target: Piece, weapon: Weapon, said: list[str] | None
) -> list[Piece] | None:
    """Without tracked positions the player names the units near a Fireball's target."""
    fireball = power(state, attacker, "fireball")
    if said is None:
        return None if tracked(state) else []
    if tracked(state) or fireball is None or weapon["melee"]:
        raise RuleError(
            "--also names the units a Fireball splashes, when positions are not tracked."
        )
    named: list[Piece] = []
    choices = [p for p in standing(state) if p is not target]
    for part in split_list(said):
        piece, extra = find_piece(part, choices, f'a living unit within {fireball["reach"]}"')
        if extra or piece in named:
            raise RuleError("List each splashed unit once, separated by commas.")
        named.append(piece)
    return named


def within(state: State, piece: Piece, others: list[Piece], inches: float) -> list[Piece]:
    """The units among `others` whose edge is within this many inches of the piece's edge."""
    here = rect(state, piece)
    return [p for p in others if gap(here, rect(state, p)) <= inches + 1e-9]

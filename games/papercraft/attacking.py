"""The /attack command: who may attack whom, with what, at what range, then the strike itself."""

from __future__ import annotations

from collections.abc import Sequence

from games.base import RuleError, State
from games.papercraft.catalog import armor_modifier
from games.papercraft.combat import Weapon, release_hug, strike
from games.papercraft.dice import Dice
from games.papercraft.geometry import line_of_fire
from games.papercraft.table import (
    Piece,
    allied,
    find_piece,
    has,
    kind,
    pieces,
    rect,
    standing,
    tracked,
)
from games.papercraft.words import parse_inches, split_list, take_name

BEAR_HUG_TEMPLATES = ("Character", "Large Unit")


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


def measure(state: State, attacker: Piece, target: Piece) -> float | None:
    """Edge-to-edge range along a line crossing no other unit (corpses never block, ruling 4)."""
    blockers = [rect(state, p) for p in standing(state) if p not in (attacker, target)]
    return line_of_fire(rect(state, attacker), rect(state, target), blockers)


def usable(state: State, piece: Piece) -> list[Weapon]:
    """After moving only melee attacks remain (rules; ruling 6 for units with both)."""
    return [w for w in kind(state, piece)["attacks"] if w["melee"] or not piece["moved"]]


def _weapon(state: State, attacker: Piece, words: Sequence[str], distance: float | None) -> Weapon:
    weapons: list[Weapon] = kind(state, attacker)["attacks"]
    allowed = usable(state, attacker)
    if words:
        found = take_name(words, [(w["name"], w) for w in weapons])
        if found is None or found[1]:
            names = ", ".join(w["name"] for w in weapons)
            raise RuleError(f"'{' '.join(words)}' is not an attack of {attacker['name']}: {names}.")
        weapon = found[0]
        if weapon not in allowed:
            melee = ", ".join(w["name"] for w in allowed) or "none"
            raise RuleError(
                f"{attacker['name']} moved this turn, so it may not make the ranged attack "
                f"{weapon['name']}; melee attacks are still allowed ({melee})."
            )
        return weapon
    if not allowed:
        raise RuleError(
            f"{attacker['name']} moved this turn and has only ranged attacks, "
            "which are not allowed after moving."
        )
    if distance is None:
        melee = [w for w in allowed if w["melee"]]
        return melee[0] if melee else allowed[0]
    reaching = [w for w in allowed if w["range"] >= distance]
    return reaching[0] if reaching else allowed[0]


def _distance(
    state: State, attacker: Piece, target: Piece, flags: dict[str, list[str]]
) -> float | None:
    if tracked(state):
        distance = measure(state, attacker, target)
        if distance is None:
            raise RuleError(
                f"Every line from {attacker['name']} to {target['name']} crosses another unit; "
                "choose another target."
            )
        return distance
    if "--range" in flags:
        return parse_inches(flags["--range"], "--range")
    return None


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


def _attack_type(weapon: Weapon, target_armor_best: list[str], flags: dict[str, list[str]]) -> str:
    types: list[str] = weapon["types"]
    if "--type" not in flags:
        return target_armor_best[0] if len(types) > 1 else types[0]
    said = " ".join(flags["--type"]).casefold()
    for name in types:
        if name.casefold().startswith(said[:5]) and said:
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


def attack(
    state: State, seat: int, words: list[str], flags: dict[str, list[str]], dice: Dice
) -> list[str]:
    """Validate everything, then strike."""
    mine = [p for p in standing(state) if p["owner"] == seat]
    attacker, rest = find_piece(state, words, mine, "one of your living units")
    others = [p for p in pieces(state) if p["placed"] and p is not attacker]
    target, rest = find_piece(state, rest, others, "a unit on the table")
    reason = cannot_attack(state, attacker)
    if reason:
        raise RuleError(reason + " Attack with another unit or send /done.")
    check_target(state, seat, attacker, target)
    distance = _distance(state, attacker, target, flags)
    weapon = _weapon(state, attacker, rest, distance)
    _check_range(attacker, target, weapon, distance)
    hug = "--hug" in flags
    if hug:
        if not has(state, attacker, "Bear Hug"):
            raise RuleError(f"{attacker['name']} has no Bear Hug; drop --hug.")
        if kind(state, target)["template"] not in BEAR_HUG_TEMPLATES:
            raise RuleError("Bear Hug works only on a Character or a Large Unit.")
        if target["hugged_by"] == attacker["id"]:
            raise RuleError(f"{target['name']} is already hugged; attack it to hit automatically.")
    splash = _splash(state, attacker, target, weapon, flags)
    best = sorted(weapon["types"], key=lambda t: -_modifier(state, t, target))
    attack_type = _attack_type(weapon, best, flags)
    lines: list[str] = []
    if attacker["hugging"] is not None and attacker["hugging"] != target["id"]:
        lines.append(release_hug(state, attacker) or "")
    lines += strike(
        state, attacker, target, weapon, dice, attack_type=attack_type, hug=hug, splash=splash
    )
    return lines


def _modifier(state: State, attack_type: str, target: Piece) -> int:
    return armor_modifier(attack_type, kind(state, target)["armor"])


def _splash(
    state: State, attacker: Piece, target: Piece, weapon: Weapon, flags: dict[str, list[str]]
) -> list[Piece] | None:
    """Without tracked positions the player names the units within 3\" of a Fireball's target."""
    if "--also" not in flags:
        return None if tracked(state) else []
    if tracked(state) or not has(state, attacker, "Fireball") or weapon["melee"]:
        raise RuleError(
            "--also names the units a Fireball splashes, when positions are not tracked."
        )
    named: list[Piece] = []
    choices = [p for p in standing(state) if p is not target]
    for part in split_list(flags["--also"]):
        piece, extra = find_piece(state, part, choices, "a living unit near the target")
        if extra or piece in named:
            raise RuleError("List each splashed unit once, separated by commas.")
        named.append(piece)
    return named

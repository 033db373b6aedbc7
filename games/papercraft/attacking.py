"""The /attack command: who may attack whom, with what, at what range, then the strike itself."""

from __future__ import annotations

from games.base import Event, RuleError, public
from games.i18n import _, joined
from games.papercraft.board import (
    Field,
    allied,
    chosen,
    free,
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
from games.papercraft.flow import phase_name
from games.papercraft.geometry import gap, line_of_fire
from games.papercraft.names import (
    ability_name,
    attack_type,
    either,
    piece_name,
    template_name,
    weapon_name,
)
from games.papercraft.state import PapercraftState, Piece, Weapon
from games.papercraft.words import key_of

State = PapercraftState


def attack_limit(state: State, piece: Piece) -> int:
    return 2 if kind(state, piece)["template"] == "Infantry" else 1


def cannot_attack(state: State, piece: Piece) -> str | None:
    """Why this unit may make no (more) attacks this turn, or None."""
    unit = piece_name(piece)
    if piece["in_place"]:
        return _(
            "{unit} used {ability} in place of attacking this turn.",
            unit=unit,
            ability=ability_name(piece["in_place"]),
        )
    if piece["hugged_by"] is not None:
        return _("{unit} is held in a Bear Hug and cannot attack until it escapes.", unit=unit)
    if len(piece["targets"]) >= attack_limit(state, piece):
        if attack_limit(state, piece) == 2:
            return _("{unit} already made both Infantry attacks this turn.", unit=unit)
        return _("{unit} already attacked this turn; only Infantry attack twice.", unit=unit)
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


def _weapon(state: State, attacker: Piece, name: str | None, distance: float | None) -> Weapon:
    unit = kind(state, attacker)
    weapons = unit["attacks"]
    allowed = usable(state, attacker)
    if name is not None:
        weapon = next((w for w in weapons if key_of(w["name"]) == key_of(name)), None)
        if weapon is None:
            raise RuleError(
                _(
                    "'{text}' is not an attack of {unit}: {attacks}.",
                    text=name,
                    unit=piece_name(attacker),
                    attacks=joined(weapon_name(unit, w) for w in weapons),
                )
            )
        if weapon not in allowed:
            raise RuleError(_moved(state, attacker, weapon, allowed))
        return weapon
    if not allowed:
        raise RuleError(
            _(
                "{unit} moved this turn and has only ranged attacks, which are not allowed "
                "after moving.",
                unit=piece_name(attacker),
            )
        )
    if distance is None:
        melee = [w for w in allowed if w["melee"]]
        return melee[0] if melee else allowed[0]
    reaching = [w for w in allowed if w["range"] >= distance - 1e-9]
    if reaching:
        return reaching[0]
    barred = [w for w in weapons if w not in allowed and w["range"] >= distance - 1e-9]
    if barred:  # the one attack that reaches is the ranged one the move ruled out
        raise RuleError(_moved(state, attacker, barred[0], allowed))
    return allowed[0]


def _moved(state: State, attacker: Piece, weapon: Weapon, allowed: list[Weapon]) -> str:
    unit = kind(state, attacker)
    melee = joined(
        (joined((weapon_name(unit, w), f' ({w["range"]}")'), "") for w in allowed),
        empty=_("none"),
    )
    return _(
        "{unit} moved this turn, so it may not make the ranged attack {attack}; melee attacks "
        "are still allowed ({melee}).",
        unit=piece_name(attacker),
        attack=weapon_name(unit, weapon),
        melee=melee,
    )


def _distance(state: State, attacker: Piece, target: Piece, command: Command) -> float | None:
    if tracked(state):
        distance = measure(state, attacker, target)
        if distance is None:
            raise RuleError(
                _(
                    "Every line from {unit} to {target} crosses another unit; choose another "
                    "target.",
                    unit=piece_name(attacker),
                    target=piece_name(target),
                )
            )
        return distance
    return command.inches("range")


def _check_range(
    state: State, attacker: Piece, target: Piece, weapon: Weapon, distance: float | None
) -> None:
    attack = weapon_name(kind(state, attacker), weapon)
    if distance is None:
        if not weapon["melee"]:
            raise RuleError(
                _(
                    "{attack} is a ranged attack: say how far {target} is, edge to edge, with "
                    '--range N (it reaches {reach}").',
                    attack=attack,
                    target=piece_name(target),
                    reach=weapon["range"],
                )
            )
        return
    if distance > weapon["range"] + 1e-9:
        raise RuleError(
            _(
                '{target} is {distance}" from {unit}, but {attack} reaches only {reach}"; '
                "choose a closer target.",
                target=piece_name(target),
                distance=f"{distance:g}",
                unit=piece_name(attacker),
                attack=attack,
                reach=weapon["range"],
            )
        )


def _attack_type(state: State, weapon: Weapon, target: Piece, said: str | None) -> str:
    """Massive Paws-style choices: the best against the target's armour unless --type says."""
    types = weapon["types"]
    if said is None:
        armor = kind(state, target)["armor"]
        return max(types, key=lambda t: (armor_modifier(t, armor), -types.index(t)))
    if said in types:
        return said
    raise RuleError(
        _(
            "--type for {attack} must be one of {types}.",
            attack=weapon["name"],
            types=joined(attack_type(t) for t in types),
        )
    )


def check_target(state: State, seat: int, attacker: Piece, target: Piece) -> None:
    if target["dead"]:
        raise RuleError(_("{unit} is dead; attack a living enemy unit.", unit=piece_name(target)))
    if allied(state, seat, target["owner"]):
        raise RuleError(_("{unit} is on your side; attack an enemy unit.", unit=piece_name(target)))
    if target["id"] in attacker["targets"]:
        raise RuleError(
            _(
                "{unit} already attacked {target} this turn; an Infantry unit's two attacks "
                "must be on different targets.",
                unit=piece_name(attacker),
                target=piece_name(target),
            )
        )


def _check_hug(state: State, attacker: Piece, target: Piece) -> None:
    hug = power(state, attacker, "bear_hug")
    if hug is None:
        raise RuleError(
            _(
                "{unit} has no {hug} the referee applies; drop --hug.",
                unit=piece_name(attacker),
                hug=ability_name("Bear Hug"),
            )
        )
    if kind(state, target)["template"] not in hug["templates"]:
        kinds = [_("a {template}", template=template_name(t)) for t in hug["templates"]]
        raise RuleError(
            _("{hug} works only on {templates}.", hug=ability_name(hug), templates=either(kinds))
        )
    if target["hugged_by"] == attacker["id"]:
        raise RuleError(
            _("{unit} is already hugged; attack it to hit automatically.", unit=piece_name(target))
        )


def attack(state: State, seat: int, command: Command) -> list[Event]:
    """Validate everything, then strike."""
    if state["phase"] != "battle" or state["step"] != "attack":
        raise RuleError(_not_now(state))
    mine = [p for p in standing(state) if p["owner"] == seat]
    attacker = chosen(command.unit("ATTACKER") or "", mine, _("one of your living units"))
    others = [p for p in pieces(state) if p["placed"] and p is not attacker]
    target = chosen(command.unit("TARGET") or "", others, _("a unit on the table"))
    reason = cannot_attack(state, attacker)
    if reason:
        if free(state):
            raise RuleError(
                _(
                    "{reason} Attack with another unit, or /round starts the next round.",
                    reason=reason,
                )
            )
        raise RuleError(_("{reason} Attack with another unit or send /done.", reason=reason))
    check_target(state, seat, attacker, target)
    distance = _distance(state, attacker, target, command)
    weapon = _weapon(state, attacker, command.word("WEAPON"), distance)
    _check_range(state, attacker, target, weapon, distance)
    hug = command.has("hug")
    if hug:
        _check_hug(state, attacker, target)
    splash = _splash(state, attacker, target, weapon, command)
    attack_type = _attack_type(state, weapon, target, command.word("type"))
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
        return _(
            "/{verb} is for the battle; now it is the {phase} phase.",
            verb="attack",
            phase=phase_name(state),
        )
    if state["step"] == "escape":
        return _("First roll the Bear Hug escape with /escape.")
    if state["step"] == "move":
        return _("It is the movement phase: /move units, then /done to start attacking.")
    return _("The turn is over.")


def _splash(
    state: State, attacker: Piece, target: Piece, weapon: Weapon, command: Command
) -> list[Piece] | None:
    """Without tracked positions the player names the units near a Fireball's target."""
    fireball = power(state, attacker, "fireball")
    if not command.has("also"):
        return None if tracked(state) else []
    if tracked(state) or fireball is None or weapon["melee"]:
        raise RuleError(
            _("--also names the units a Fireball splashes, when positions are not tracked.")
        )
    named: list[Piece] = []
    choices = [p for p in standing(state) if p is not target]
    for label in command.units("also"):
        what = _('a living unit within {reach}"', reach=fireball["reach"])
        piece = chosen(label, choices, what)
        if piece in named:
            raise RuleError(_("List each splashed unit once, separated by commas."))
        named.append(piece)
    return named


def within(state: State, piece: Piece, others: list[Piece], inches: float) -> list[Piece]:
    """The units among `others` whose edge is within this many inches of the piece's edge."""
    here = rect(state, piece)
    return [p for p in others if gap(here, rect(state, p)) <= inches + 1e-9]

"""Papercraft's verbs, each declared once with its arguments, every --flag it takes, and its rule."""

from __future__ import annotations

from games.base import Arg, Event, Flag, GameVerb, RuleError, Verb
from games.i18n import _, joined
from games.papercraft import flow
from games.papercraft.abilities import ability
from games.papercraft.army import ADD, REMOVE, army, ready, units
from games.papercraft.attacking import attack
from games.papercraft.board import free
from games.papercraft.catalog import ATTACK_TYPES
from games.papercraft.commands import Command, Rule, verb
from games.papercraft.flow import done, escape, new_round
from games.papercraft.moving import move
from games.papercraft.names import ability_name, attack_type, unit_name
from games.papercraft.placement import place
from games.papercraft.state import PapercraftState
from games.papercraft.words import AT, TO
from games.replay import not_your_turn


def at_table(rule: Rule) -> Rule:
    """A verb that is `anytime` for free play: a managed game still waits on its seat's turn,
    and the flags of /attack outside a table are refused here."""

    def checked(state: PapercraftState, seat: int, command: Command) -> list[Event]:
        for name in CHAT_ONLY:
            if command.has(name):
                raise RuleError(
                    _(
                        "--{name} is for /attack and /ability outside a table; at a table the "
                        "referee keeps HP, movement and the log.",
                        name=name,
                    )
                )
        waiting = flow.waiting(state)
        if (waiting or not free(state)) and seat not in waiting:
            raise not_your_turn(state["names"], waiting)
        events = rule(state, seat, command)
        if free(state) and state["phase"] == "battle":
            state["active"] = seat  # the last to act: a wipe-out at once goes to them (ruling 1)
        return events

    return checked


def example(*parts: str) -> str:
    """A command as /help shows it: unit and ability names in the reader's language."""
    return joined(parts, " ")


def numbered(unit: str, number: int) -> str:
    return joined((unit_name(unit), str(number)), " ")


DICE = Flag(
    "dice", "dice", _("Your own dice instead of the referee's, in the order rolled."), "a,b,..."
)
RANGE = Flag("range", "number", _("Inches to the target, edge to edge (without --positions)."), "N")
ATTACK_FLAGS = (
    RANGE,
    DICE,
    Flag("hug", None, _("Bear Hug: hold a Character or Large Unit instead of dealing damage.")),
    Flag(
        "type",
        "choice",
        _(
            "Attack type where the weapon has two: {types}.",
            types=joined(attack_type(t) for t in ATTACK_TYPES),
        ),
        "T",
    ),
    Flag(
        "also",
        "unit",
        _("Units a Fireball splashes, comma-separated (without --positions)."),
        "U, V",
    ),
)
ABILITY_FLAGS = (
    RANGE,
    Flag("move", "number", _("Inches a Gale moves (without --positions)."), "N"),
    DICE,
)
OUTSIDE_FLAGS = (
    Flag("moved", "number", _("Outside a table: inches the attacker moved this turn."), "N"),
    Flag("hp", "number", _("Outside a table: the target's HP now (default: full)."), "N"),
    Flag(
        "private",
        None,
        _("Outside a table: only you see the result; the chat sees that you rolled."),
    ),
)
PRIVATE = OUTSIDE_FLAGS[2]
OUTSIDE_ABILITY_FLAGS = (
    Flag("hp", "number", _("Outside a table: the named units' HP now (default: full)."), "N"),
    PRIVATE,
)
CHAT_ONLY = tuple(flag.name for flag in OUTSIDE_FLAGS)
"""Flags of /attack and /ability outside a table (--private is the bot's, as for /roll)."""
UNIT = Arg("UNIT", "unit", _("One of your units, by name (numbered when there are several)."))
POINT_HELP = _("Inches from the bottom-left corner (with --positions).")
FACING = Arg(
    "FACING", "choice", _("Which way it faces."), required=False, choices=("N", "E", "S", "W")
)

VERBS: tuple[GameVerb[PapercraftState], ...] = (
    verb(
        "army",
        _("Build your army: add or remove units (xN for several); bare /army lists every army."),
        army,
        label=_("Army"),
        args=(
            Arg("", "choice", _("Add or remove."), required=False, choices=("add", "remove")),
            Arg("UNIT", "unit", _("A unit from /units."), required=False),
            Arg("xN", "number", _("How many."), required=False),
        ),
        examples=(
            example("/army", ADD, unit_name("Longbowmen"), "x3"),
            example("/army", REMOVE, unit_name("Grave Legion")),
            "/army",
        ),
        anytime=True,
    ),
    verb(
        "units",
        _("List every unit you may buy, with its cost and provenance."),
        units,
        label=_("Units"),
        examples=("/units",),
        anytime=True,
        readonly=True,
        anywhere=True,
        role="info",
    ),
    verb(
        "ready",
        _("Say your army is complete; --dice gives your own placement d6 (then any re-rolls)."),
        ready,
        label=_("Ready"),
        flags=(DICE,),
        examples=("/ready", "/ready --dice 6"),
        role="end_turn",
    ),
    verb(
        "place",
        _("Place one unit in your start zone."),
        place,
        label=_("Place"),
        args=(UNIT, Arg("X,Y", "cell", POINT_HELP, required=False, literal="at"), FACING),
        examples=(
            example("/place", unit_name("Longbowmen")),
            example("/place", numbered("Grave Legion", 2), AT, "18,5", "N"),
        ),
        board=True,
    ),
    verb(
        "escape",
        _("Roll for your units held in a Bear Hug (d6 + dodge) at the start of your turn."),
        at_table(escape),
        label=_("Escape"),
        flags=(DICE,),
        examples=("/escape", "/escape --dice 5"),
        board=True,
        anytime=True,
        role="roll",
    ),
    verb(
        "move",
        _("Move a unit in the movement phase: to a point, or the inches you measured."),
        at_table(move),
        label=_("Move"),
        args=(
            UNIT,
            Arg("X,Y", "cell", POINT_HELP, required=False, literal="to"),
            FACING,
            Arg("INCHES", "number", _("Inches moved (without --positions)."), required=False),
        ),
        grammar="UNIT to X,Y [N|E|S|W] | UNIT INCHES",
        examples=(
            example("/move", unit_name("Destrier Knight"), "9"),
            example("/move", unit_name("Barrow Hounds"), TO, "12,20"),
        ),
        board=True,
        anytime=True,
    ),
    verb(
        "attack",
        _("Attack an enemy unit with a weapon of your choice (in any chat: any two units)."),
        at_table(attack),
        label=_("Attack"),
        args=(
            Arg("ATTACKER", "unit", _("Your unit.")),
            Arg("TARGET", "unit", _("An enemy unit.")),
            Arg("WEAPON", "text", _("Which of its attacks (default: one that reaches)."), False),
        ),
        flags=(*ATTACK_FLAGS, *OUTSIDE_FLAGS),
        examples=(
            example("/attack", unit_name("Longbowmen"), unit_name("Grave Legion"), "--range 12"),
            example(
                "/attack",
                unit_name("Longbowmen"),
                unit_name("Grave Legion"),
                "--range 12 --dice 4,3,5,3",
            ),
            example(
                "/attack", unit_name("Trained Black Bear Guard"), unit_name("Barrow Lich"), "--hug"
            ),
            example(
                "/attack",
                unit_name("Longbowmen"),
                unit_name("Banner Captain"),
                "--range 12 --hp 20 --private",
            ),
        ),
        board=True,
        anytime=True,
        anywhere=True,
    ),
    verb(
        "ability",
        _("Use an ability in place of attacking, or aim a destroyed Otoro's rockets."),
        at_table(ability),
        label=_("Ability"),
        args=(
            UNIT,
            Arg("ABILITY", "word", _("The ability's name, e.g. Rally Cry.")),
            Arg(
                "TARGET", "unit", _("Units it names, comma-separated, or none."), False, repeat=True
            ),
            Arg(
                "X,Y",
                "cell",
                _("Where Telekinesis or Gale goes (with --positions)."),
                False,
                literal="to",
            ),
        ),
        grammar="UNIT ABILITY [TARGET, ...] [to X,Y]",
        flags=(*ABILITY_FLAGS, *OUTSIDE_ABILITY_FLAGS),
        examples=(
            example(
                "/ability",
                unit_name("Banner Captain"),
                ability_name("Rally Cry"),
                joined((numbered("Longbowmen", 1), numbered("Longbowmen", 2))),
            ),
        ),
        board=True,
        anytime=True,
        anywhere=True,
    ),
    verb(
        "done",
        _("End the movement phase, then the attack phase and your turn."),
        at_table(done),
        label=_("Done"),
        flags=(Flag("dice", "dice", _("Your own dice for end-of-turn burns."), "a,b,..."),),
        examples=("/done",),
        board=True,
        anytime=True,
        role="end_turn",
    ),
    verb(
        "round",
        _("Free play: end the round, so every unit may move, attack and use an ability again."),
        new_round,
        label=_("Round"),
        flags=(Flag("dice", "dice", _("Your own dice for end-of-round burns."), "a,b,..."),),
        examples=("/round",),
        board=True,
        anytime=True,
    ),
    Verb(
        "unit",
        _(
            "Add your own units for this chat (stat blocks in the wiki's format), list, show or remove them."
        ),
        None,
        args=(
            Arg("", "choice", _("What to do."), choices=("add", "list", "show", "remove")),
            Arg(
                "STAT BLOCK",
                "text",
                _("The stat blocks (add) or the unit's name (show, remove)."),
                False,
            ),
        ),
        grammar="add STAT BLOCK | list | show NAME | remove NAME",
        examples=(
            "/unit add Pike Wall | 40 Points | Living, Infantry | HP = 30 | ...",
            "/unit list",
            example("/unit show", unit_name("Banner Captain")),
        ),
        chat=True,
    ),
)

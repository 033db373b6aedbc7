"""Papercraft's verbs, each declared once with its arguments, every --flag it takes, and its rule."""

from __future__ import annotations

from games.base import Arg, Flag, GameVerb, Verb
from games.papercraft.abilities import ability
from games.papercraft.army import army, ready, units
from games.papercraft.attacking import attack
from games.papercraft.catalog import ATTACK_TYPES
from games.papercraft.commands import verb
from games.papercraft.flow import done, escape
from games.papercraft.moving import move
from games.papercraft.placement import place
from games.papercraft.state import PapercraftState

DICE = Flag(
    "dice", "dice", "Your own dice instead of the referee's, in the order rolled.", "a,b,..."
)
RANGE = Flag("range", "number", "Inches to the target, edge to edge (without --positions).", "N")
ATTACK_FLAGS = (
    RANGE,
    DICE,
    Flag("hug", None, "Bear Hug: hold a Character or Large Unit instead of dealing damage."),
    Flag(
        "type", "choice", f"Attack type where the weapon has two: {', '.join(ATTACK_TYPES)}.", "T"
    ),
    Flag(
        "also", "unit", "Units a Fireball splashes, comma-separated (without --positions).", "U, V"
    ),
)
ABILITY_FLAGS = (
    RANGE,
    Flag("move", "number", "Inches a Gale moves (without --positions).", "N"),
    DICE,
)
UNIT = Arg("UNIT", "unit", "One of your units, by name (numbered when there are several).")
POINT_HELP = "Inches from the bottom-left corner (with --positions)."
FACING = Arg(
    "FACING", "choice", "Which way it faces.", required=False, choices=("N", "E", "S", "W")
)

VERBS: tuple[GameVerb[PapercraftState], ...] = (
    verb(
        "army",
        "Build your army: add or remove units (xN for several); bare /army lists every army.",
        army,
        args=(
            Arg("", "choice", "Add or remove.", required=False, choices=("add", "remove")),
            Arg("UNIT", "unit", "A unit from /units.", required=False),
            Arg("xN", "number", "How many.", required=False),
        ),
        examples=("/army add Longbowmen x3", "/army remove Grave Legion", "/army"),
        anytime=True,
    ),
    verb(
        "units",
        "List every unit you may buy, with its cost and provenance.",
        units,
        examples=("/units",),
        anytime=True,
        readonly=True,
        role="info",
    ),
    verb(
        "ready",
        "Say your army is complete; --dice gives your own placement d6 (then any re-rolls).",
        ready,
        flags=(DICE,),
        examples=("/ready", "/ready --dice 6"),
        role="end_turn",
    ),
    verb(
        "place",
        "Place one unit in your start zone.",
        place,
        args=(UNIT, Arg("X,Y", "cell", POINT_HELP, required=False, literal="at"), FACING),
        examples=("/place Longbowmen", "/place Grave Legion 2 at 18,5 N"),
        board=True,
    ),
    verb(
        "escape",
        "Roll for your units held in a Bear Hug (d6 + dodge) at the start of your turn.",
        escape,
        flags=(DICE,),
        examples=("/escape", "/escape --dice 5"),
        board=True,
        role="roll",
    ),
    verb(
        "move",
        "Move a unit in the movement phase: to a point, or the inches you measured.",
        move,
        args=(
            UNIT,
            Arg("X,Y", "cell", POINT_HELP, required=False, literal="to"),
            FACING,
            Arg("INCHES", "number", "Inches moved (without --positions).", required=False),
        ),
        grammar="UNIT to X,Y [N|E|S|W] | UNIT INCHES",
        examples=("/move Destrier Knight 9", "/move Barrow Hounds to 12,20"),
        board=True,
    ),
    verb(
        "attack",
        "Attack an enemy unit in the attack phase, with a weapon of your choice.",
        attack,
        args=(
            Arg("ATTACKER", "unit", "Your unit."),
            Arg("TARGET", "unit", "An enemy unit."),
            Arg("WEAPON", "text", "Which of its attacks (default: one that reaches).", False),
        ),
        flags=ATTACK_FLAGS,
        examples=(
            "/attack Longbowmen Grave Legion --range 12",
            "/attack Longbowmen Grave Legion --range 12 --dice 4,3,5,3",
            "/attack Trained Black Bear Guard Barrow Lich --hug",
        ),
        board=True,
    ),
    verb(
        "ability",
        "Use an ability in place of attacking, or aim a destroyed Otoro's rockets.",
        ability,
        args=(
            UNIT,
            Arg("ABILITY", "word", "The ability's name, e.g. Rally Cry."),
            Arg("TARGET", "unit", "Units it names, comma-separated, or none.", False, repeat=True),
            Arg(
                "X,Y",
                "cell",
                "Where Telekinesis or Gale goes (with --positions).",
                False,
                literal="to",
            ),
        ),
        grammar="UNIT ABILITY [TARGET, ...] [to X,Y]",
        flags=ABILITY_FLAGS,
        examples=("/ability Banner Captain Rally Cry Longbowmen 1, Longbowmen 2",),
        board=True,
    ),
    verb(
        "done",
        "End the movement phase, then the attack phase and your turn.",
        done,
        flags=(Flag("dice", "dice", "Your own dice for end-of-turn burns.", "a,b,..."),),
        examples=("/done",),
        board=True,
        role="end_turn",
    ),
    Verb(
        "unit",
        "Add your own unit for this chat (a stat block in the wiki's format), list or remove them.",
        None,
        args=(
            Arg("", "choice", "What to do.", choices=("add", "list", "remove")),
            Arg("STAT BLOCK", "text", "The stat block (add) or the unit's name (remove).", False),
        ),
        grammar="add STAT BLOCK | list | remove NAME",
        examples=(
            "/unit add Pike Wall | 40 Points | Living, Infantry | HP = 30 | ...",
            "/unit list",
        ),
        chat=True,
    ),
)

"""Papercraft's verbs, each declared once with its arguments, every --flag it takes, and its rule."""

from __future__ import annotations

from games.base import Event, GameVerb, RuleError, Verb
from games.i18n import _, joined
from games.papercraft import flow
from games.papercraft.abilities import ability
from games.papercraft.army import army, ready, units
from games.papercraft.attacking import attack
from games.papercraft.board import free
from games.papercraft.commands import Command, Rule, verb
from games.papercraft.flow import done, escape, new_round
from games.papercraft.grammar import (
    ABILITY,
    ABILITY_FLAGS,
    ADD,
    ARMY,
    AT,
    ATTACK,
    ATTACK_FLAGS,
    CHAT_ONLY,
    DICE,
    END_DICE,
    MOVE,
    OUTSIDE_ABILITY_FLAGS,
    OUTSIDE_FLAGS,
    PLACE,
    REMOVE,
    ROUND_DICE,
    TO,
    UNIT_VERB,
)
from games.papercraft.moving import move
from games.papercraft.names import ability_name, unit_name
from games.papercraft.placement import place
from games.papercraft.state import PapercraftState
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


VERBS: tuple[GameVerb[PapercraftState], ...] = (
    verb(
        "army",
        _("Build your army: add or remove units (xN for several); bare /army lists every army."),
        army,
        label=_("Army"),
        args=ARMY,
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
        args=PLACE,
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
        args=MOVE,
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
        args=ATTACK,
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
        args=ABILITY,
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
        flags=(END_DICE,),
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
        flags=(ROUND_DICE,),
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
        args=UNIT_VERB,
        grammar="add STAT BLOCK | list | show NAME | remove NAME",
        examples=(
            "/unit add Pike Wall | 40 Points | Living, Infantry | HP = 30 | ...",
            "/unit list",
            example("/unit show", unit_name("Banner Captain")),
        ),
        chat=True,
    ),
)

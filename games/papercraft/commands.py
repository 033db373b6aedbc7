"""From a verb's raw words to its rule: the declared --flags, the dice, one message per command."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from games.base import Arg, Args, Event, Flag, GameVerb, Rng, RuleError, Verb, VerbRole
from games.i18n import _, joined
from games.papercraft.rolls import Dice
from games.papercraft.state import PapercraftState
from games.papercraft.words import parse_dice_list

State = PapercraftState


@dataclass
class Command:
    """One command's words before the first --flag, each flag's own words, and its dice."""

    words: list[str]
    flags: dict[str, list[str]]
    dice: Dice

    def has(self, name: str) -> bool:
        return name in self.flags

    def flag(self, name: str) -> list[str] | None:
        return self.flags.get(name)


Rule = Callable[[State, int, Command], list[Event]]


def split_flags(
    verb: str, args: Sequence[str], declared: Sequence[Flag]
) -> tuple[list[str], dict[str, list[str]]]:
    """Words, then `--name value...` for the flags this verb declares."""
    known = {flag.name: flag for flag in declared}
    words: list[str] = []
    flags: dict[str, list[str]] = {}
    current: list[str] = words
    current_flag: Flag | None = None
    for arg in args:
        if arg.startswith("--") and len(arg) > 2:
            name = arg[2:].casefold()
            if name not in known:
                allowed = ", ".join(f"--{f.name}" for f in declared)
                if allowed:
                    raise RuleError(
                        _(
                            "/{verb} has no --{name}; its options are {allowed}.",
                            verb=verb,
                            name=name,
                            allowed=allowed,
                        )
                    )
                raise RuleError(
                    _("/{verb} has no --{name}; it takes no -- options.", verb=verb, name=name)
                )
            if name in flags:
                raise RuleError(_("--{name} is given twice; give it once.", name=name))
            current_flag = known[name]
            current = flags.setdefault(name, [])
        elif current_flag is not None and current_flag.kind is None:
            raise RuleError(
                _(
                    "--{name} takes no value; put '{word}' before the options.",
                    name=current_flag.name,
                    word=arg,
                )
            )
        else:
            current.append(arg)
    for name, values in flags.items():
        if known[name].kind is not None and not values:
            raise RuleError(_("--{name} needs a value: {help}", name=name, help=known[name].help))
    return words, flags


def merge(events: list[Event], board: bool) -> list[Event]:
    """Adjacent channel messages become one, so a command is answered in one message."""
    merged: list[Event] = []
    for event in events:
        last = merged[-1] if merged else None
        if last is not None and last.to is None and event.to is None and not last.choices:
            merged[-1] = dataclasses.replace(
                last, text=joined((last.text, event.text), "\n"), board=last.board or event.board
            )
        else:
            merged.append(event)
    if board:
        for index in range(len(merged) - 1, -1, -1):
            if merged[index].to is None:
                merged[index] = dataclasses.replace(merged[index], board=True)
                break
    return merged


def handler(
    verb: str, rule: Rule, flags: Sequence[Flag], board: bool
) -> Callable[[State, int, Args, Rng], list[Event]]:
    def handle(state: State, seat: int, args: Args, rng: Rng) -> list[Event]:
        # An offered move's argument may be a whole name (a Name, several words): words again.
        typed = [word for arg in args.words for word in str(arg).split()]
        words, given = split_flags(verb, typed, flags)
        faces = given.pop("dice", None)
        command = Command(words, given, Dice(rng, parse_dice_list(faces) if faces else None))
        events = rule(state, seat, command)
        command.dice.finish()
        return merge(events, board)

    return handle


def verb(
    name: str,
    help: str,
    rule: Rule,
    *,
    args: tuple[Arg, ...] = (),
    flags: tuple[Flag, ...] = (),
    examples: tuple[str, ...] = (),
    board: bool = False,
    anytime: bool = False,
    readonly: bool = False,
    anywhere: bool = False,
    role: VerbRole = "move",
    grammar: str = "",
    label: str = "",
) -> GameVerb[State]:
    """A verb declared once: its handler parses exactly the flags it declares."""
    return Verb(
        name,
        help,
        handler(name, rule, flags, board),
        args=args,
        flags=flags,
        examples=examples,
        anytime=anytime,
        readonly=readonly,
        anywhere=anywhere,
        role=role,
        grammar=grammar,
        label=label,
    )

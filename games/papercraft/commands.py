"""From a verb's typed arguments to its rule: the dice, one message per command."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from games.base import Arg, Args, Event, Flag, GameVerb, Rng, Verb, VerbRole, evolve
from games.i18n import joined
from games.papercraft.rolls import Dice
from games.papercraft.state import PapercraftState

State = PapercraftState


@dataclass
class Command:
    """One command's typed arguments and flags (games.args reads them by the verb's grammar),
    and its dice."""

    args: Args
    dice: Dice

    def has(self, name: str) -> bool:
        return name in self.args.values

    def unit(self, name: str) -> str | None:
        """A unit argument's label (None when left out)."""
        return self.args.maybe(name, str)

    def units(self, name: str) -> tuple[str, ...]:
        """A repeated unit argument's labels, or a flag's list of them."""
        return tuple(self.args.values.get(name, ()))

    def inches(self, name: str) -> float | None:
        return self.args.maybe(name, float)

    def point(self, name: str = "X,Y") -> tuple[float, float] | None:
        return self.args.maybe(name, tuple)

    def word(self, name: str) -> str | None:
        return self.args.maybe(name, str)


Rule = Callable[[State, int, Command], list[Event]]


def command(args: Args, rng: Rng) -> Command:
    """The command of these arguments, rolling on rng unless --dice gave the faces."""
    faces = args.maybe("dice", tuple)
    return Command(args, Dice(rng, list(faces) if faces else None))


def merge(events: list[Event], board: bool) -> list[Event]:
    """Adjacent channel messages become one, so a command is answered in one message."""
    merged: list[Event] = []
    for event in events:
        last = merged[-1] if merged else None
        if last is not None and last.to is None and event.to is None and not last.choices:
            merged[-1] = evolve(
                last, text=joined((last.text, event.text), "\n"), board=last.board or event.board
            )
        else:
            merged.append(event)
    if board:
        for index in range(len(merged) - 1, -1, -1):
            if merged[index].to is None:
                merged[index] = evolve(merged[index], board=True)
                break
    return merged


def handler(rule: Rule, board: bool) -> Callable[[State, int, Args, Rng], list[Event]]:
    def handle(state: State, seat: int, args: Args, rng: Rng) -> list[Event]:
        given = command(args, rng)
        events = rule(state, seat, given)
        given.dice.finish()
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
    """A verb declared once: its rule gets the typed arguments and flags it declares."""
    return Verb(
        name,
        help,
        handler(rule, board),
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

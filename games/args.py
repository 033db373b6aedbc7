"""A verb's arguments read once: one reader per argument kind, each a parse and format pair.

`read` turns the words a player typed into typed values (a seat for a player, an int for a
number, a card's key for a card), following the verb's declared `Arg`s; `write` turns typed
values back into the words a move offers. A game supplies the readers of its own vocabulary
(card, unit, cell) and the seated names in a `Context`; the other kinds read alike everywhere.
"""

from __future__ import annotations

import unicodedata
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from types import MappingProxyType
from typing import Any, NamedTuple

from games.base import (
    Arg,
    ArgKind,
    Args,
    Flag,
    Move,
    RuleError,
    Verb,
    seat_by_name,
)
from games.i18n import Name, _, joined

MAX_DIGITS = 4
"""The longest number a command takes (floors, buildings, slots): longer ones are refused."""
MAX_WORDS = 40
"""The most words one command is read from: more are refused before any reading starts."""


@lru_cache(maxsize=4096)
def fold(text: str) -> str:
    """Lower case without diacritics, so 'kość' and 'kosc' read alike (remembered: every command
    folds its words, each through a Unicode normalisation)."""
    text = text.casefold().replace("ł", "l")
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def forms(word: str) -> tuple[str, ...]:
    """Every way a word may be typed: each language's form of a `Name`, else the word."""
    return tuple(word.forms.values()) if isinstance(word, Name) else (word,)


class Reading(NamedTuple):
    """One way the first words read as a value: the value, the words it used, and how many of
    them were a seated player's whole name (those are read before anything else). A tuple: a
    command makes dozens of them, and a tuple is made in one step."""

    value: Any
    used: int
    named: int = 0


class Reader(ABC):
    """One argument kind: `readings` parses the first words (longest first), `format` writes a
    value back as the one word or phrase that reads as it again."""

    @abstractmethod
    def readings(self, words: Sequence[str], context: Context) -> Iterator[Reading]: ...

    @abstractmethod
    def format(self, value: Any, context: Context) -> str: ...

    def refusal(self, words: Sequence[str], context: Context) -> str:
        """Why the first words do not read (the sentence a player sees)."""
        return _("'{word}' is not what this command takes here.", word=words[0])


def refused(strict: Callable[[Sequence[str]], object], words: Sequence[str]) -> str:
    """The sentence a strict parser (one that raises RuleError) refuses the words with."""
    try:
        strict(words)
    except RuleError as error:
        return error.message
    return _("'{word}' is not what this command takes here.", word=words[0])


class Number(Reader):
    """A whole number in ASCII digits, a few of them ('²', '٣' and 5,000 nines are refused)."""

    def readings(self, words: Sequence[str], context: Context) -> Iterator[Reading]:
        word = words[0]
        if word.isascii() and word.isdecimal() and len(word) <= MAX_DIGITS:
            yield Reading(int(word), 1)

    def format(self, value: Any, context: Context) -> str:
        return str(value)

    def refusal(self, words: Sequence[str], context: Context) -> str:
        return _("'{word}' is not a number; write it in digits, like 2.", word=words[0])


class Dice(Reader):
    """Your own physical rolls as one word of numbers joined by commas ('4,3,1')."""

    def readings(self, words: Sequence[str], context: Context) -> Iterator[Reading]:
        faces = words[0].split(",")
        if all(f.isascii() and f.isdecimal() and 0 < len(f) <= MAX_DIGITS for f in faces):
            yield Reading(tuple(int(face) for face in faces), 1)

    def format(self, value: Any, context: Context) -> str:
        return ",".join(str(face) for face in value)

    def refusal(self, words: Sequence[str], context: Context) -> str:
        return _("'{word}' is not a roll; write your dice like 4,3,1.", word=words[0])


@dataclass(frozen=True)
class Choice(Reader):
    """One of fixed words, in any of its languages, read back as its English."""

    choices: tuple[str, ...]

    def readings(self, words: Sequence[str], context: Context) -> Iterator[Reading]:
        """The choice one of whose forms is the word, else the only one a form of which it begins
        ('f' for front, 'tav' for Tavern)."""
        wanted = fold(words[0])
        for fits in (str.__eq__, str.startswith):
            found = [c for c in self.choices if any(fits(fold(f), wanted) for f in forms(c))]
            if len(found) == 1:
                yield Reading(str(found[0]), 1)
                return

    def format(self, value: Any, context: Context) -> str:
        return next((choice for choice in self.choices if choice == value), str(value))

    def refusal(self, words: Sequence[str], context: Context) -> str:
        """Not repeating the word, which may name a card in the sender's hand."""
        return _("That is not one of: {choices}.", choices=joined(self.choices))


class Word(Reader):
    """Any one word, as typed."""

    def readings(self, words: Sequence[str], context: Context) -> Iterator[Reading]:
        yield Reading(words[0], 1)

    def format(self, value: Any, context: Context) -> str:
        return str(value)


class Text(Reader):
    """Free text: every word left, joined by single spaces."""

    def readings(self, words: Sequence[str], context: Context) -> Iterator[Reading]:
        yield Reading(" ".join(words), len(words))

    def format(self, value: Any, context: Context) -> str:
        return str(value)


class Player(Reader):
    """A seated player: a whole seated name word for word (longest first, '@' and typographic
    apostrophes allowed), else a unique start of one name; read as the seat."""

    def readings(self, words: Sequence[str], context: Context) -> Iterator[Reading]:
        given = _plain(words)
        whole = [
            Reading(seat, len(tokens), len(tokens))
            for seat, (tokens, _folded) in enumerate(context.seated)
            if tokens and tuple(given[: len(tokens)]) == tokens
        ]
        yield from sorted(whole, key=lambda reading: -reading.used)
        for used in range(len(words), 0, -1):
            wanted = " ".join(given[:used])
            starts = [
                i for i, (_t, folded) in enumerate(context.seated) if folded.startswith(wanted)
            ]
            if len(starts) == 1:
                yield Reading(starts[0], used)

    def format(self, value: Any, context: Context) -> str:
        return str(context.names[value])

    def refusal(self, words: Sequence[str], context: Context) -> str:
        return refused(lambda typed: seat_by_name(context.names, " ".join(typed)), words)


def _plain(words: Sequence[str]) -> list[str]:
    folded = [word.casefold().replace("\u2019", "'") for word in words]
    if folded:
        folded[0] = folded[0].removeprefix("@")
    return folded


@dataclass(frozen=True)
class Vocabulary(Reader):
    """A game's own names (its cards, units, cells): `lookup` reads up to `longest` words as a
    key (None: they name nothing), `shown` writes a key as the words that read back, `refuse`
    says what the words are not."""

    lookup: Callable[[Sequence[str]], Any]
    shown: Callable[[Any], str]
    refuse: Callable[[Sequence[str]], str]
    longest: int = 1

    def readings(self, words: Sequence[str], context: Context) -> Iterator[Reading]:
        for used in range(min(self.longest, len(words)), 0, -1):
            found = self.lookup(words[:used])
            if found is not None:
                yield Reading(found, used)

    def format(self, value: Any, context: Context) -> str:
        return self.shown(value)

    def refusal(self, words: Sequence[str], context: Context) -> str:
        return self.refuse(words[:1])


COMMON: dict[ArgKind, Reader] = {
    "number": Number(),
    "dice": Dice(),
    "word": Word(),
    "text": Text(),
    "player": Player(),
}
"""The readers every game shares; a game adds its own card, unit and cell readers."""


@dataclass(frozen=True)
class Context:
    """What reading needs of a table: the seated names, the game's own readers, and the
    characters that part words besides spaces (GoTown reads '4+5' as '4 5')."""

    names: Sequence[str] = ()
    readers: Mapping[ArgKind, Reader] = field(default_factory=dict)
    separators: str = ""

    @cached_property
    def seated(self) -> tuple[tuple[tuple[str, ...], str], ...]:
        """Each seated name as the plain words a player types for it, and whole, folded."""
        return tuple((tuple(_plain(self.split(name))), _plain([name])[0]) for name in self.names)

    def split(self, text: str) -> list[str]:
        for separator in self.separators:
            text = text.replace(separator, " ")
        return text.split()

    def read(self, verb: Verb[Any], typed: Sequence[str]) -> Args:
        return read(verb, typed, self)

    def write(
        self, args: Sequence[Arg], values: Mapping[str, Any], flags: Sequence[Flag] = ()
    ) -> tuple[str, ...]:
        return write(args, values, self, flags)

    def refusal(self, verb: Verb[Any], words: Sequence[str], at: int, arg: Arg | None) -> str:
        """Why the words do not read, `arg` stuck at word `at` (None: words left over): its
        reader's sentence, else what is missing or left over. A game may say it its own way."""
        if arg is not None and at < len(words):
            return self.reader(arg).refusal(words[at:], self)
        if not verb.args:
            return _("/{verb} takes nothing after it.", verb=verb.name)
        if arg is None:
            return _(
                "/{verb} has words left over that it does not read; /help {verb} shows how to write it.",
                verb=verb.name,
            )
        return _("/{verb} needs more words; /help {verb} shows how to write it.", verb=verb.name)

    def reader(self, arg: Arg) -> Reader:
        """The game's reader of the kind, else the choices given, else the common reader."""
        found = self.readers.get(arg.kind)
        if found is not None:
            return found
        if arg.kind in ("choice", "word") and arg.choices:
            return Choice(arg.choices)
        return COMMON[arg.kind]


class _Walk:
    """One reading of a command: the complete readings found, and the furthest word that failed."""

    __slots__ = ("args", "context", "found", "last", "stuck", "words")

    def __init__(self, args: Sequence[Arg], words: Sequence[str], context: Context) -> None:
        self.args, self.words, self.context = args, words, context
        self.last = len(args)
        self.found: list[tuple[tuple[int, int], dict[str, Any]]] = []
        self.stuck: tuple[int, Arg | None] = (-1, None)

    def fail(self, at: int, arg: Arg | None) -> None:
        if at > self.stuck[0]:
            self.stuck = (at, arg)

    def walk(self, index: int, at: int, values: dict[str, Any], named: int) -> None:
        if index == self.last:
            if at == len(self.words):
                self.found.append(((named, len(values)), values))
            else:
                self.fail(at, None)
            return
        arg = self.args[index]
        words = self.words
        if arg.literal and at < len(words) and _is_literal(arg.literal, words[at]):
            self._read(index, at + 1, values, named)  # after its literal word, or (the word
        self._read(index, at, values, named)  # left out, as players do: '/steal 4 Bob') here
        if not arg.required:
            self.walk(index + 1, at, values, named)

    def _read(self, index: int, at: int, values: dict[str, Any], named: int) -> None:
        arg, words = self.args[index], self.words
        if at == len(words):
            if arg.required:
                self.fail(at, arg)
            return
        context = self.context
        readings = list(context.reader(arg).readings(words[at:], context))
        if not readings:
            self.fail(at, arg)
            return
        name = arg.name
        for value, used, reading_named in readings:
            end, score = at + used, named + reading_named
            if arg.repeat:
                kept = {**values, name: (*values.get(name, ()), value)}
                if end < len(words):
                    self._read(index, end, kept, score)
                self.walk(index + 1, end, kept, score)
            else:
                self.walk(index + 1, end, {**values, name: value}, score)


def _is_literal(literal: str, word: str) -> bool:
    return any(fold(form) == fold(word) for form in forms(literal))


NOTHING = Args((), MappingProxyType({}))
"""What a verb whose arguments are all optional reads from no words."""


def read(verb: Verb[Any], typed: Sequence[str], context: Context) -> Args:
    """The verb's arguments as typed values, or a refusal naming the first word that does not
    read. Of several readings, the one reading the most of seated names wins ('Ann 2' is a
    player before it is Ann and a floor 2), then the one filling the most arguments ('/play
    wreck Ball' aims a wreck at Ball), then the longest first words. A refusal shows no example
    (an example may name a card in the sender's hand): /help does."""
    if not typed and not any(arg.required for arg in verb.args):
        return NOTHING
    words = context.split(" ".join(typed))
    if len(words) > MAX_WORDS:
        raise RuleError(
            _(
                "/{verb} reads at most {n} words; /help {verb} shows how to write it.",
                verb=verb.name,
                n=MAX_WORDS,
            )
        )
    words, flags = _flags(verb, words, context)
    walk = _Walk(verb.args, words, context)
    walk.walk(0, 0, {}, 0)
    if walk.found:
        best = max(walk.found, key=_rank)[1]
        return Args(tuple(typed), best | flags if flags else best)
    at, arg = walk.stuck
    raise RuleError(context.refusal(verb, words, at, arg))


def _rank(found: tuple[tuple[int, int], dict[str, Any]]) -> tuple[int, int]:
    return found[0]


def _flags(
    verb: Verb[Any], words: Sequence[str], context: Context
) -> tuple[list[str], dict[str, Any]]:
    """The words left once the verb's `--flag [value]`s are taken out, and the flags' values
    (True for a flag that takes none) by flag name."""
    if "--" not in "".join(words):  # no flag (one step, not one per word)
        return list(words), {}
    rest: list[str] = []
    values: dict[str, Any] = {}
    at = 0
    while at < len(words):
        word = words[at]
        at += 1
        if not _is_flag(word):
            rest.append(word)
            continue
        name, _equals, inline = word[2:].partition("=")
        flag = next((f for f in verb.flags if f.name == name.casefold()), None)
        if flag is None:
            raise RuleError(
                _(
                    "/{verb} has no --{flag}; /help {verb} lists what it takes.",
                    verb=verb.name,
                    flag=name,
                )
            )
        if flag.kind is None:
            values[flag.name] = True
            continue
        given = [inline] if inline else words[at:]
        value, used = _flag_value(flag, given, context)
        values[flag.name] = value
        at += 0 if inline else used
    return rest, values


def _is_flag(word: str) -> bool:
    return word.startswith("--") and len(word) > 2


def _flag_value(flag: Flag, given: Sequence[str], context: Context) -> tuple[Any, int]:
    reader = context.reader(Arg(flag.name, flag.kind or "word"))
    readings = list(reader.readings(given, context)) if given else []
    if readings:
        return readings[0].value, readings[0].used
    if given:
        raise RuleError(reader.refusal(given, context))
    raise RuleError(_("--{flag} needs a value: {help}.", flag=flag.name, help=flag.help))


def write(
    args: Sequence[Arg], values: Mapping[str, Any], context: Context, flags: Sequence[Flag] = ()
) -> tuple[str, ...]:
    """The words that read back as `values`. A left-out argument writes nothing; an optional
    argument's literal word is written only after the argument before it (where it tells the
    two apart: '/play bone Bob floor 2' but '/play dog 2'). Then the `flags` given a value, in
    their declared order (`--hug`, `--range 12`)."""
    words: list[str] = []
    before = True
    for arg in args:
        if arg.name not in values:
            before = False
            continue
        if arg.literal and (arg.required or before):
            words.append(arg.literal)
        reader = context.reader(arg)
        given = values[arg.name] if arg.repeat else (values[arg.name],)
        words += [reader.format(value, context) for value in given]
        before = True
    for flag in flags:
        if flag.name in values:
            words.append(f"--{flag.name}")
            if flag.kind is not None:
                reader = context.reader(Arg(flag.name, flag.kind))
                words.append(reader.format(values[flag.name], context))
    return tuple(words)


def offer(
    verb: str,
    args: Sequence[Arg],
    values: Mapping[str, Any],
    context: Context,
    label: str = "",
    flags: Sequence[Flag] = (),
) -> Move:
    """A move of the verb with these typed values (and flags), written as a player would type it."""
    return Move(verb, write(args, values, context, flags), label)

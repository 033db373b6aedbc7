"""The contract between the referee and a game: pure rules over plain, JSON-serialisable state."""

from __future__ import annotations

import copy
import hashlib
import secrets
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, MutableSequence, Sequence
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Generic, Literal, Protocol, TypeVar, runtime_checkable

import orjson

from games.i18n import Joined, _
from games.memo import Memo

if TYPE_CHECKING:
    from games.versions import Step

State = dict[str, Any]
"""A game's whole state as the referee stores it: plain JSON. Games describe theirs with TypedDicts."""

MAX_DIE_SIDES = 1_000_000
"""The most sides any die may have, anywhere: /roll, stat blocks, card and sheet files."""

T = TypeVar("T")


def copy_state(state: T) -> T:
    """A deep copy of a plain-JSON state, as the database gives it back (an orjson round trip is
    several times faster than deepcopy); deepcopy for what JSON cannot hold exactly."""
    try:
        copied: T = orjson.loads(orjson.dumps(state, option=orjson.OPT_NON_STR_KEYS))
    except TypeError:  # an integer past 64 bits
        return copy.deepcopy(state)
    return copied


def evolve(obj: T, **changes: Any) -> T:
    """`dataclasses.replace` for plain data (no `__post_init__`, no init-only fields) at a third
    of its cost: a shallow copy with some fields changed, frozen ones too."""
    fields = obj.__dataclass_fields__  # type: ignore[attr-defined]
    if not changes.keys() <= fields.keys():  # a subset test makes no set, unlike a difference
        unknown = sorted(changes.keys() - fields.keys())
        raise TypeError(f"{type(obj).__name__} has no field {', '.join(unknown)}")
    new = object.__new__(type(obj))
    new.__dict__.update(obj.__dict__)
    new.__dict__.update(changes)
    return new


class RuleError(Exception):
    """A move the rules forbid; the message is the one sentence the player sees (why, and what is
    allowed), marked with games.i18n._() so the bot can say it in the player's language."""

    @property
    def message(self) -> str:
        """The sentence as raised (a games.i18n.Text when marked)."""
        return self.args[0] if self.args and isinstance(self.args[0], str) else str(self)


class NotYourTurn(RuleError):
    """A seat acted while the game waits on others; told apart so adapters need not read the text."""


MAX_RANGE = 1 << 256


class Rng:
    """Counter-based generator: draw i is sha256(seed:i), so the whole position is one integer kept with the state."""

    def __init__(self, seed: str, position: int = 0) -> None:
        self.seed = seed
        self.position = position

    @staticmethod
    def new_seed() -> str:
        return secrets.token_hex(16)

    @staticmethod
    def commitment(seed: str) -> str:
        return hashlib.sha256(seed.encode()).hexdigest()

    def fork(self, label: str) -> Rng:
        """An independent stream (e.g. for bot choices) that never moves this one."""
        return Rng(f"{self.seed}/{label}/{self.position}")

    def _next64(self) -> int:
        digest = hashlib.sha256(f"{self.seed}:{self.position}".encode()).digest()
        self.position += 1
        return int.from_bytes(digest[:8], "big")

    def randbelow(self, n: int) -> int:
        """Uniform in [0, n) by rejection sampling over enough 64-bit draws; each try succeeds
        with probability over 1/2, so no input can make it loop."""
        if n <= 0:
            raise ValueError("randbelow needs n > 0")
        if n > MAX_RANGE:
            raise ValueError(f"randbelow supports n up to 2**256, not {n}")
        words = max(1, -(-(n - 1).bit_length() // 64))
        span = 1 << (64 * words)
        limit = span - span % n
        while True:
            value = 0
            for _word in range(words):
                value = (value << 64) | self._next64()
            if value < limit:
                return value % n

    def randint(self, low: int, high: int) -> int:
        return low + self.randbelow(high - low + 1)

    def roll(self, sides: int = 6) -> int:
        return self.randint(1, sides)

    def random(self) -> float:
        return (self._next64() >> 11) / float(1 << 53)

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise IndexError("choice from an empty sequence")
        return items[self.randbelow(len(items))]

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Fisher-Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        pool = list(items)
        self.shuffle(pool)
        return pool[:k]


ArgKind = Literal["card", "unit", "cell", "player", "number", "dice", "choice", "word", "text"]
"""What an argument names: a card in your hand, a unit, a map cell, a seated player, a number,
dice (your own physical rolls), one of fixed choices, a free word, or free text to the end."""

VerbRole = Literal["move", "end_turn", "roll", "info"]
"""What a verb is for, so the control row and menus need not guess from verb names."""


@dataclass(frozen=True)
class Arg:
    """One typed argument of a verb; `literal` is a word typed before it (`from` PLAYER)."""

    name: str
    kind: ArgKind
    help: str = ""
    required: bool = True
    choices: tuple[str, ...] = ()
    repeat: bool = False
    literal: str = ""

    @property
    def usage(self) -> str:
        token = self.name or "|".join(self.choices)
        if self.repeat:
            token += f" [{self.name} ...]" if self.name else " ..."
        if self.literal:
            token = f"{self.literal} {token}"
        return token if self.required else f"[{token}]"


@dataclass(frozen=True)
class Flag:
    """A `--name value` option of one verb (`/attack A B --dice 4,3`); kind None takes no value."""

    name: str
    kind: ArgKind | None
    help: str
    value: str = "VALUE"  # the placeholder shown in usage

    @property
    def usage(self) -> str:
        return f"[--{self.name}]" if self.kind is None else f"[--{self.name} {self.value}]"


H = TypeVar("H")


@dataclass(frozen=True)
class Verb(Generic[H]):
    """A command, declared once: /help, menus, slash options and buttons all derive from it."""

    name: str
    help: str
    handler: H | None = None
    args: tuple[Arg, ...] = ()
    flags: tuple[Flag, ...] = ()
    examples: tuple[str, ...] = ()
    anytime: bool = False  # may be used by a seat that is not among waiting()
    readonly: bool = False  # only answers (e.g. a listing); never logged, never changes state
    chat: bool = False  # needs no table: edits this chat's stored data for the game (chat_act)
    anywhere: bool = False  # a move at the game's table; elsewhere answered by chat_act
    role: VerbRole = "move"
    grammar: str = ""  # the arguments as typed, when words between them matter ("A to X,Y | A N")
    label: str = ""  # its button in the control row (a marked text); else the name, capitalised

    @property
    def usage(self) -> str:
        """The arguments only, e.g. `A B` for `/build A B`; "" when it takes none."""
        if self.grammar:
            return " ".join([self.grammar, *(f.usage for f in self.flags)])
        return " ".join([*(a.usage for a in self.args), *(f.usage for f in self.flags)])

    @property
    def takes_arguments(self) -> bool:
        return bool(self.args or self.grammar)


@dataclass(frozen=True)
class Args:
    """A verb's arguments as typed values by their declared names (games.args reads them);
    `words` as the player typed them."""

    words: tuple[str, ...]
    values: Mapping[str, Any] = field(default_factory=dict)

    def one(self, name: str, kind: type[T]) -> T:
        """A required argument's value."""
        value = self.values[name]
        if not isinstance(value, kind):
            raise TypeError(f"argument {name} is {type(value).__name__}, not {kind.__name__}")
        return value

    def maybe(self, name: str, kind: type[T]) -> T | None:
        """An optional argument's value, None when it was left out."""
        return self.one(name, kind) if name in self.values else None

    def many(self, name: str, kind: type[T]) -> tuple[T, ...]:
        """A repeated argument's values, () when it was left out."""
        values = tuple(self.values.get(name, ()))
        if not all(isinstance(value, kind) for value in values):
            raise TypeError(f"argument {name} holds a value that is not {kind.__name__}")
        return values


class ArgumentReader(Protocol):
    """What reads a verb's words at one table, and writes typed values back (games.args.Context)."""

    def read(self, verb: Verb[Any], typed: Sequence[str]) -> Args: ...

    def write(
        self, args: Sequence[Arg], values: Mapping[str, Any], flags: Sequence[Flag] = ()
    ) -> tuple[str, ...]: ...


S = TypeVar("S")
MoveHandler = Callable[[S, int, Args, "Rng"], list["Event"]]
"""A game verb's handler: apply the move in place or raise RuleError (the caller rolls back)."""
GameVerb = Verb[MoveHandler[S]]


@dataclass(frozen=True)
class Option:
    """A `/new GAME --name value` option."""

    name: str
    kind: Literal["flag", "int", "str", "choice", "file", "chat"]
    # "file": the referee passes the file's text; "chat": the chat's stored data for this game
    help: str
    default: Any = None
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None


@dataclass(frozen=True)
class Move:
    """One concrete command a seat could send now: for hints, autocomplete, buttons and bots."""

    verb: str
    args: tuple[str, ...] = ()
    label: str = ""

    @property
    def text(self) -> str:
        return " ".join(("/" + self.verb, *self.args))

    @property
    def shown(self) -> str:
        """The move as its reader sees it: the label, or the command with its arguments in the
        reader's language (card names are games.i18n.Names); `text` is what a press sends."""
        return self.label or Joined(("/" + self.verb, *self.args), " ")


@dataclass(frozen=True)
class Event:
    """Something to tell: the channel (to=None) or one seat. `reveals` ends the undo window."""

    text: str
    to: int | None = None
    board: bool = False  # attach the recipient's view of the board
    reveals: bool | None = None  # None: private events reveal, public ones do not
    choices: tuple[Move, ...] = ()  # offered as buttons to the recipient
    file: tuple[str, str] | None = None  # (name, text): also given as a file to download

    @property
    def reveals_hidden(self) -> bool:
        return self.to is not None if self.reveals is None else self.reveals


def public(text: str, *, board: bool = False, reveals: bool = False) -> Event:
    return Event(text, None, board=board, reveals=reveals)


def private(seat: int, text: str, *, reveals: bool = True, choices: Sequence[Move] = ()) -> Event:
    return Event(text, seat, reveals=reveals, choices=tuple(choices))


@dataclass(frozen=True)
class Cell:
    """One map cell; colour is '#rrggbb', mark a short owner tag, label a short text. Frozen:
    views share the cells of a sheet or a table (made once, kept by game code's caches)."""

    row: int
    col: int
    colour: str
    mark: str | None = None
    label: str | None = None
    emoji: str | None = None


@dataclass
class Grid:
    """A square or pointy-top hex map ("odd-r": odd rows shifted right by half a cell)."""

    rows: int
    cols: int
    cells: list[Cell]
    hexagonal: bool = False
    row_labels: list[str] = field(default_factory=list)
    col_labels: list[str] = field(default_factory=list)
    legend: dict[str, str] = field(default_factory=dict)
    in_text: bool = True  # False: too big for a chat message, drawn only as an image
    title: str = ""  # said above the map (a player's city)
    in_web: bool = True  # False: the web page draws it as one of the View's figures instead


@dataclass
class TableBlock:
    title: str
    header: list[str]
    rows: list[list[str]]
    in_image: bool = True  # False: a picture shows it otherwise (as a map), only text lists it
    in_text: bool = True  # False: a picture's short form of what the text board says in full


@dataclass
class Track:
    """A numbered track: tokens on spaces 0..length (scores), or, with `ticked`, a row of
    `length` boxes crossed from the left (time)."""

    name: str
    length: int
    positions: dict[str, int]
    ticked: int = 0  # boxes crossed from the left, for time tracks


def token_labels(names: list[str]) -> list[str]:
    """A distinct label of at most two characters per seat, for tokens on a drawn track (and the
    tables that name them): the name's first two letters, else its first and last, else its
    first and a digit."""
    return list(_token_labels(tuple(names)))


@lru_cache(maxsize=256)
def _token_labels(names: tuple[str, ...]) -> tuple[str, ...]:
    """`token_labels`, worked out once per table's names."""
    labels: list[str] = []
    for seat, name in enumerate(names):
        chars = [ch for ch in name if ch.isalnum()] or list(str(seat + 1))
        head = chars[0].upper()
        tried = [head + ch for ch in chars[1:2]] + [head + chars[-1]]
        tried += [head + ch for ch in chars[1:]] + [head + str(d) for d in range(1, 10)]
        tried += [f"{seat + 1}"]
        labels.append(next(label for label in tried if label not in labels))
    return tuple(labels)


@dataclass
class Meter:
    """A value out of a maximum, drawn as a bar (hit points)."""

    name: str
    value: int
    maximum: int
    note: str = ""


@dataclass(frozen=True)
class Piece:
    """A card or a floor on one seat's part of the table: its name, the cost and strength the
    rules read off it (None: it has none), and what else is said of it (age tokens, a guard)."""

    name: str
    cost: int | None = None
    strength: int | None = None
    note: str = ""


@dataclass
class Holding:
    """One seat's part of the table as a drawn board shows it (the web pages): named rows of
    pieces (a Paper Tales kingdom: front row, back row, buildings); `tower` (GoTown) stacks the
    one row's pieces as floors from the ground up, against a goal of `height` floors, under its
    owner's name (`title`). Public, as the tables that say the same in text are."""

    seat: int
    title: str
    rows: list[tuple[str, list[Piece]]]
    tower: bool = False
    height: int = 0


@dataclass
class Figure:
    """A unit on a battlefield, drawn to scale: its base's centre and size in inches (x from
    the left edge, y from the near edge; no centre while positions are not tracked)."""

    name: str
    player: str
    seat: int
    width: float
    depth: float
    hp: int
    max_hp: int
    status: str
    x: float | None = None
    y: float | None = None
    facing: str = "N"  # the side its front edge faces: N (away from the near edge), E, S, W
    dead: bool = False


@dataclass
class Battlefield:
    """A table of width by depth inches and the units on it (or beside it, unplaced)."""

    width: float
    depth: float
    figures: list[Figure]
    positions: bool = True  # False: players measure; the bases are drawn side by side, to scale


@dataclass
class Lot:
    """One building of a city: its cards bottom to top with each one's type (empty: a gap)."""

    floors: list[str]
    kinds: list[str]
    mayor: bool = False
    tucked: int = 0


@dataclass
class City:
    """A player's city as its buildings, left to right; `kinds` orders the card set's types
    (a type's place picks its colour and pattern)."""

    title: str
    lots: list[Lot]
    kinds: list[str]


@dataclass
class View:
    """A neutral picture of the game for one seat (or the public): renderers turn it into text or PNG."""

    title: str
    seat: int | None = None
    lines: list[str] = field(default_factory=list)
    tables: list[TableBlock] = field(default_factory=list)
    grids: list[Grid] = field(default_factory=list)
    tracks: list[Track] = field(default_factory=list)
    meters: list[Meter] = field(default_factory=list)
    hand: list[str] | None = None  # the viewer's own secret cards; always None in a public view
    holdings: list[Holding] = field(default_factory=list)  # drawn where a board can (the web)
    lang: str = "en"  # the language the bot localised it to (renderers say their own words in it)
    battlefield: Battlefield | None = None  # drawn to scale where a renderer can (the web page)
    cities: list[City] = field(default_factory=list)  # likewise: each player's city as buildings

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class Outcome:
    winners: list[int]
    scores: dict[int, float]
    detail: list[str] = field(default_factory=list)


@runtime_checkable
class Engine(Protocol[S]):
    """What a game package exports (one instance, no state of its own)."""

    key: str
    title: str
    min_players: int
    max_players: int
    verbs: Sequence[GameVerb[S]]
    options: Sequence[Option]
    hidden_information: bool
    """Whether players hold anything the others may not see (hands, picks): only then must
    the bot be able to message each player privately."""
    versions: Sequence[Step]
    """Each change of the stored state since the first release (games.versions)."""

    def setup(
        self, names: Sequence[str], options: Mapping[str, Any], rng: Rng
    ) -> tuple[S, list[Event]]:
        """Deal and seat; the events greet the table and tell each seat its opening hand."""
        ...

    def act(self, state: S, seat: int, verb: str, args: Sequence[str], rng: Rng) -> list[Event]:
        """Apply a verb in place. The caller has checked the turn and owns rollback."""
        ...

    def check_options(self, options: Mapping[str, Any]) -> None:
        """Refuse options (and attached files) at /new, naming the line or card, before anyone joins."""
        ...

    def view(self, state: S, seat: int | None, *, figures: bool = False) -> View:
        """What the seat (None: the public) may see. With `figures`, also what only a page draws
        (holdings, a battlefield, cities): the chat boards made at every move never read them."""
        ...

    def reader(self, state: S, seat: int) -> ArgumentReader | None:
        """What reads this seat's arguments (its hand names its cards); None: the handlers read
        `Args.words`."""
        ...

    def legal(self, state: S, seat: int) -> list[Move]: ...

    def waiting(self, state: S) -> list[int]:
        """Seats that owe a choice now (the player to move, or all who still must choose)."""
        ...

    def bot_move(self, state: S, seat: int, rng: Rng) -> Move:
        """A sensible move for a bot seat; rng is a fork, never the table's stream."""
        ...

    def outcome(self, state: S) -> Outcome | None: ...

    def rules(self, topic: str | None) -> str:
        """Rules summary and the referee defaults (topic None), or one topic."""
        ...

    def chat_act(self, data: dict[str, Any], verb: str, text: str, rng: Rng | None = None) -> str:
        """A `chat=True` verb, or an `anywhere` verb outside a table: edit the chat's data for
        this game in place and say what changed or what its rolls on rng gave."""
        ...

    def chat_names(self, data: dict[str, Any]) -> list[str]:
        """The names a chat-scoped verb's unit or card argument takes (for autocomplete)."""
        ...

    def seats(self, options: Mapping[str, Any]) -> int:
        """The most players a table with these options may seat (a card file may seat fewer
        than the game's maximum): the lobby's limit."""
        ...

    def picture(self, options: Mapping[str, Any]) -> bool:
        """Whether a table with these options is best shown as a picture on a phone (a map is
        the point: a hex sheet, a battlefield, cities); else its compact text board is."""
        ...

    def secret(self, state: S, seat: int, verb: str) -> bool:
        """Whether this verb, now, makes a hidden choice (a pick the others see only at its
        reveal): typed where the whole chat reads it, the referee refuses it."""
        ...

    def card(self, state: S | None, name: str) -> str | None:
        """One card named in either language, in full (numbers and ability), for `/card` and
        `/rules GAME CARD`: of the table's card set (state None: the game's own set); None when
        there is no card of that name."""
        ...


class BaseEngine(ABC, Generic[S]):
    """Defaults an engine may inherit: dispatch to the verb's handler, a random legal bot, and
    waiting = seats with legal moves."""

    key: str = ""
    title: str = ""
    min_players: int = 2
    max_players: int = 4
    verbs: Sequence[GameVerb[S]] = ()
    options: Sequence[Option] = ()
    hidden_information: bool = True
    versions: Sequence[Step] = ()

    def act(self, state: S, seat: int, verb: str, args: Sequence[str], rng: Rng) -> list[Event]:
        declared = find_verb(self.verbs, verb)
        if declared is None or declared.handler is None:
            names = ", ".join(f"/{v.name}" for v in self.verbs if not v.chat)
            raise RuleError(
                _(
                    "{game} has no /{verb}; its commands are {names}.",
                    game=self.title,
                    verb=verb,
                    names=names,
                )
            )
        reader = self.reader(state, seat)
        given = Args(tuple(args)) if reader is None else reader.read(declared, args)
        events = declared.handler(state, seat, given, rng)
        return events if declared.readonly else events + self.after(state, rng)

    def check_options(self, options: Mapping[str, Any]) -> None:
        return None

    def picture(self, options: Mapping[str, Any]) -> bool:
        return False

    def reader(self, state: S, seat: int) -> ArgumentReader | None:
        """What reads this seat's arguments; None while the game's handlers still read their own
        words (`Args.words`)."""
        return None

    def after(self, state: S, rng: Rng) -> list[Event]:
        """Runs after every applied move: phases that need no choice advance here."""
        return []

    def waiting(self, state: S) -> list[int]:
        return [seat for seat in range(seat_count(state)) if self.legal(state, seat)]

    @abstractmethod
    def legal(self, state: S, seat: int) -> list[Move]: ...

    def bot_move(self, state: S, seat: int, rng: Rng) -> Move:
        return rng.choice(self.legal(state, seat))

    def secret(self, state: S, seat: int, verb: str) -> bool:
        return False

    def chat_act(self, data: dict[str, Any], verb: str, text: str, rng: Rng | None = None) -> str:
        raise RuleError(_("{game} keeps no chat data.", game=self.title))

    def chat_names(self, data: dict[str, Any]) -> list[str]:
        return []

    def seats(self, options: Mapping[str, Any]) -> int:
        return self.max_players

    def card(self, state: S | None, name: str) -> str | None:
        return None


_VERB_INDEX: Memo[int, tuple[tuple[Verb[Any], ...], dict[str, Verb[Any]]]] = Memo(64)
"""Each verb tuple's names (the engines' and the shared verbs', looked up several times a move),
by the tuple's id: an entry holds its tuple, so no other tuple has that id while it is kept.
Only find_verb reads an index, and never changes it."""


def find_verb(verbs: Sequence[Verb[H]], name: str) -> Verb[H] | None:
    wanted = name.casefold().lstrip("/")
    if not isinstance(verbs, tuple):
        return next((v for v in verbs if v.name == wanted), None)
    found = _VERB_INDEX.find(id(verbs))
    if found is None:
        found = _VERB_INDEX.keep(id(verbs), (verbs, {v.name: v for v in reversed(verbs)}))
    return found[1].get(wanted)


def seat_count(state: Any) -> int:
    """Every game's state holds `names`, one per seat."""
    return len(state["names"])


def seat_by_name(names: Sequence[str], text: str, *, exclude: int | None = None) -> int:
    """Resolve a player named in a command: exact, then case-insensitive, then unique prefix; '@' allowed."""
    wanted = text.strip().lstrip("@").casefold()
    candidates = [i for i in range(len(names)) if i != exclude]
    exact = [i for i in candidates if names[i].casefold() == wanted]
    prefix = [i for i in candidates if wanted and names[i].casefold().startswith(wanted)]
    for found in (exact, prefix):
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            raise RuleError(_("'{text}' matches several players; type the full name.", text=text))
    others = ", ".join(names[i] for i in candidates)
    raise RuleError(
        _(
            "There is no player '{text}' to choose; choose one of: {others}.",
            text=text,
            others=others,
        )
    )


@dataclass(frozen=True)
class Action:
    """One logged command: the log of these, the seed and the options are the whole game."""

    seat: int
    verb: str
    args: tuple[str, ...]

"""What Paper Skylines players type: the command words in both languages, each verb's arguments,
and one reader per kind of thing named (a card, a spot in a city, a building, an opponent).

Names and words are read in English or Polish, with or without diacritics, spaces or
punctuation: a name given as a `Name` matches each of its forms and reads back as its English,
which is what the state keeps. A refusal never repeats the words typed (they may name a card in
the player's hand, and a refusal may be shown in the group chat); reading.py says which reader
and which refusal each argument has at a seat's moment of the game."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from types import MappingProxyType
from typing import Any

from games.args import MAX_DIGITS, Choice, Context, Reader, Reading
from games.base import Arg, RuleError, Verb, seat_by_name
from games.i18n import Joined, Name, _, joined
from games.memo import Memo
from games.skylines.cards import TRACK_NAMES, TRACKS, Catalog
from games.skylines.city import Target

DECK = Name({"en": "deck", "pl": "talia"})
ROW = Name({"en": "row", "pl": "rząd"})
OVER = Name({"en": "over", "pl": "na"})
LEFT = Name({"en": "left", "pl": "lewo"})
RIGHT = Name({"en": "right", "pl": "prawo"})
GAP = Name({"en": "gap", "pl": "luka"})
PAY = Name({"en": "pay", "pl": "zapłać"})
UNDER = Name({"en": "under", "pl": "pod"})
WORDS: dict[str, Name] = {
    str(word): word for word in (DECK, ROW, OVER, LEFT, RIGHT, GAP, PAY, UNDER)
}
"""The words commands use around names, as a move shows them to each reader (a press sends the
English); a card may not be named only one of them."""

HAND_HINT = _("/hand shows your cards and the moves open to you")


@lru_cache(maxsize=4096)
def norm(text: str) -> str:
    """Case, spaces, punctuation and diacritics do not matter: 'farmers market' names
    "Farmers' Market", 'lawka' names 'Ławka'."""
    text = text.casefold().replace("ł", "l")
    return "".join(ch for ch in unicodedata.normalize("NFKD", text) if ch.isalnum())


def forms(name: str) -> tuple[str, ...]:
    """Every way a name may be typed: each language's form of a `Name`, else the name."""
    return tuple(name.forms.values()) if isinstance(name, Name) else (name,)


_KEYWORDS = {norm(form): english for english, name in WORDS.items() for form in forms(name)}


def keyword(text: str) -> str | None:
    """The command word typed (in either language, 'rzad' reads 'row'), as its English."""
    return _KEYWORDS.get(norm(text))


def folded(name: str) -> tuple[str, ...]:
    """Each form of a name as `norm` folds it."""
    return tuple(norm(form) for form in forms(name))


class Names:
    """Names a player may type (cards, cities, achievements, types, tracks): a run of words that
    is one of them, longest first, or a unique start of one. Never changed once made.

    `spelled`: each name's forms folded already (a card set's `Spelling`), and `prefixes`: every
    start of a folded form the names may have (the card set's), so a run of words that starts
    none is not folded further."""

    __slots__ = ("folded", "names", "prefixes", "table")

    def __init__(
        self,
        names: Iterable[str],
        spelled: Iterable[tuple[str, ...]] | None = None,
        prefixes: frozenset[str] | None = None,
    ) -> None:
        self.names = tuple(names)
        if spelled is None:
            spelled = map(folded, self.names)
        self.folded = tuple(zip(map(str, self.names), spelled, strict=True))
        self.table = MappingProxyType({f: name for name, forms in self.folded for f in forms})
        self.prefixes = prefixes

    def whole(self, words: Sequence[str]) -> Iterator[tuple[str, int]]:
        """Each name the first words spell, with how many words it took, longest first (each
        word folded once: folding words one by one is folding them joined)."""
        runs: list[str] = []
        run = ""
        for word in words:
            run += norm(word)
            if self.prefixes is not None and run not in self.prefixes:
                break
            runs.append(run)
        for end in range(len(runs), 0, -1):
            found = self.table.get(runs[end - 1])
            if found is not None:
                yield found, end

    def start(self, words: Sequence[str]) -> str | None:
        """The only name one of whose forms begins with the words, else None."""
        wanted = "".join(norm(word) for word in words)
        found = [
            name
            for name, folded in self.folded
            if wanted and any(f.startswith(wanted) for f in folded)
        ]
        return found[0] if len(found) == 1 else None

    def find(self, words: Sequence[str]) -> str | None:
        """The name all the words spell, else the only one they begin (as /card reads)."""
        whole = next((name for name, end in self.whole(words) if end == len(words)), None)
        return whole if whole is not None else self.start(words)


@dataclass(frozen=True)
class Pick:
    """A card to build or tuck: from the hand (slot None) or the card row's slot (from 0)."""

    card: str
    slot: int | None = None


@dataclass(frozen=True)
class Named(Reader):
    """One of some names (a hand card, an offered city, an achievement, a type, a track), read
    as its English and written as its reader sees it; `starts`: a unique start reads too."""

    names: Names
    label: Callable[[str], str]
    starts: bool = False

    def readings(self, words: Sequence[str], context: Context) -> Iterator[Reading]:
        for name, used in self.names.whole(words):
            yield Reading(name, used)
        if self.starts:
            for used in range(len(words), 0, -1):
                found = self.names.start(words[:used])
                if found is not None:
                    yield Reading(found, used)

    def format(self, value: Any, context: Context) -> str:
        return self.label(value)


@dataclass(frozen=True)
class Index(Reader):
    """A building or a card row slot, numbered from 1 as typed, read as its index from 0;
    `count`: how many there are (None: any number reads, the handler checks it)."""

    count: int | None = None

    def readings(self, words: Sequence[str], context: Context) -> Iterator[Reading]:
        word = words[0]
        if word.isascii() and word.isdecimal() and len(word) <= MAX_DIGITS:
            n = int(word)
            if n >= 1 and (self.count is None or n <= self.count):
                yield Reading(n - 1, 1)

    def format(self, value: Any, context: Context) -> str:
        return str(value + 1)


def said(target: Target) -> tuple[str, ...]:
    """The words a player types for a spot: 'over 2', 'gap 3', 'left', 'right' (each word as
    its reader sees it)."""
    kind, i = target
    return (WORDS[kind], str(i + 1)) if kind in ("over", "gap") else (WORDS[kind],)


def spots_said(targets: Iterable[Target]) -> str:
    """Spots listed for a refusal, as typed."""
    return joined((joined(said(t), " ") for t in targets), empty=_("none"))


@dataclass(frozen=True)
class Spot(Reader):
    """Where in a city of `size` positions to build: left, right, over N or gap N (a target)."""

    size: int

    def readings(self, words: Sequence[str], context: Context) -> Iterator[Reading]:
        word = keyword(words[0])
        if word in ("left", "right"):
            yield Reading((word, -1), 1)
        elif word in ("over", "gap") and len(words) > 1:
            for index in Index(self.size).readings(words[1:], context):
                yield Reading((word, index.value), 2)

    def format(self, value: Any, context: Context) -> str:
        return Joined(said(value), " ")


@dataclass(frozen=True)
class Source(Reader):
    """A card to build or tuck: one of the hand's (when `hand` is given), or 'row N' of the card
    row (when `row` is given)."""

    hand: Named | None
    row: Sequence[str] | None
    label: Callable[[str], str]

    def readings(self, words: Sequence[str], context: Context) -> Iterator[Reading]:
        if self.hand is not None:
            for reading in self.hand.readings(words, context):
                yield Reading(Pick(reading.value), reading.used)
        if self.row is not None and keyword(words[0]) == "row" and len(words) > 1:
            for index in Index(len(self.row)).readings(words[1:], context):
                yield Reading(Pick(self.row[index.value], index.value), 2)

    def format(self, value: Any, context: Context) -> str:
        """A pick as typed; a card's name alone (a city, a card to discard) as its label."""
        if not isinstance(value, Pick):
            return self.label(value)
        if value.slot is None:
            return self.label(value.card)
        return Joined((ROW, str(value.slot + 1)), " ")


@dataclass(frozen=True)
class Opponent(Reader):
    """Another seated player: a whole name, any case, else a unique start ('@' allowed)."""

    seat: int

    def readings(self, words: Sequence[str], context: Context) -> Iterator[Reading]:
        """A whole name counts as a name read, so 'Bob 2' is the player before it is Bob and a
        building 2."""
        for used in range(len(words), 0, -1):
            try:
                seat = opponent(context.names, words[:used], self.seat)
            except RuleError:
                continue
            whole = context.names[seat].casefold() == " ".join(words[:used]).casefold()
            yield Reading(seat, used, used if whole else 0)

    def format(self, value: Any, context: Context) -> str:
        return str(context.names[value])


def opponent(names: Sequence[str], words: Sequence[str], seat: int) -> int:
    """The opponent named, refused without repeating the words typed (they may name a card)."""
    try:
        return seat_by_name(names, " ".join(words), exclude=seat)
    except RuleError as error:
        if "several" in str(error):
            raise RuleError(_("That matches several players; type the full name.")) from None
        others = ", ".join(name for s, name in enumerate(names) if s != seat)
        raise RuleError(
            _("That is not an opponent; choose one of: {others}.", others=others)
        ) from None


Refuse = Callable[[Sequence[str], int, Arg | None], str]
"""Why a verb's words do not read: the words, where the stuck argument begins, and which one
(None: words left over)."""


@dataclass(frozen=True)
class Moment(Context):
    """Reading one verb's words at a seat's moment: each argument by the reader the moment
    gives it, and every refusal in the game's own words."""

    by_arg: Mapping[str, Reader] = field(default_factory=dict)
    refuse: Refuse | None = None

    def reader(self, arg: Arg) -> Reader:
        found = self.by_arg.get(arg.name)
        return found if found is not None else super().reader(arg)

    def refusal(self, verb: Verb[Any], words: Sequence[str], at: int, arg: Arg | None) -> str:
        if self.refuse is None or not verb.args:
            return super().refusal(verb, words, at, arg)
        return self.refuse(words, at, arg)


TRACK_READER = Named(Names(TRACK_NAMES[track] for track in TRACKS), TRACK_NAMES.__getitem__, True)
"""A track by a unique start of its name in either language ('pop' is population)."""


@dataclass(frozen=True)
class Spelling:
    """A card set's names folded once (a catalogue never changes), and the readers and writers
    made of them, for every position's reading to share."""

    cat: Catalog

    @cached_property
    def folded(self) -> Mapping[str, tuple[str, ...]]:
        """Each name's folded forms, by its English: cards, cities, achievements, types, sites."""
        cat = self.cat
        names = [*cat.cards, *cat.cities, *(a.name for a in cat.achievements), *cat.types]
        names += [*cat.sites, *cat.names]
        return MappingProxyType({name: folded(cat.label(name)) for name in names})

    @cached_property
    def prefixes(self) -> frozenset[str]:
        """Every start of a folded form (the empty one too)."""
        return frozenset(
            f[:end] for forms in self.folded.values() for f in forms for end in range(len(f) + 1)
        )

    def names(self, english: Iterable[str]) -> Names:
        """Some of the set's names (a hand, the cards looked at), each as its reader sees it."""
        names = tuple(english)
        labels = map(self.cat.label, names)
        try:
            spelled = [self.folded[name] for name in names]
        except KeyError:  # not all the set's: folded here, and read without its prefixes
            return Names(labels)
        return Names(labels, spelled, self.prefixes)

    def named(self, english: Iterable[str], starts: bool = False) -> Named:
        return Named(self.names(english), self.cat.label, starts)

    @cached_property
    def achievements(self) -> Named:
        return self.named((a.name for a in self.cat.achievements), starts=True)

    @cached_property
    def types(self) -> Named:
        return self.named(self.cat.types, starts=True)

    @cached_property
    def writers(self) -> Mapping[str, Reader]:
        """Every argument as a move writes it: a name as its reader sees it, a number from 1."""
        cat = self.cat
        named = Named(Names(()), cat.label)
        return MappingProxyType(
            {
                "CARD": Source(None, None, cat.label),
                "where": Spot(0),
                "pay": named,
                "NAME": named,
                "TYPE": named,
                "TRACK": TRACK_READER,
                "BUILDING": Index(),
                "slot": Index(),
                "source": SOURCE,
                "PLAYER": Opponent(-1),
            }
        )


_SPELLINGS: Memo[int, Spelling] = Memo(64)
"""Each card set's spelling (keyed by the catalogue's identity: what is kept holds the catalogue)."""


def spelling(cat: Catalog) -> Spelling:
    found = _SPELLINGS.find(id(cat))
    return found if found is not None else _SPELLINGS.keep(id(cat), Spelling(cat))


def writer(cat: Catalog, names: Sequence[str]) -> Moment:
    """Every argument as a move writes it, for a table seating `names`."""
    return Moment(names, by_arg=spelling(cat).writers)


NOT_PAYABLE = _(
    "That is not a card you can pay with: pay with other cards of your hand, each named once; "
    "{hint}.",
    hint=HAND_HINT,
)


def not_one(what: str, names: Sequence[str], *, secret: bool = False) -> str:
    """'That is not {what}': listing the names, unless they are `secret` (then /hand)."""
    if secret:
        return _("That is not {what}; {hint}.", what=what, hint=HAND_HINT)
    choices = joined(names, empty=_("none"))
    return _("That is not {what}; choose one of: {choices}.", what=what, choices=choices)


def needs_hand_card(verb: str, hand: Sequence[str]) -> str:
    """A verb that takes exactly one card of the player's own hand, named in full."""
    if not hand:
        return _("/{verb} needs a card from your hand, and your hand is empty.", verb=verb)
    return _("/{verb} needs exactly one card from your hand; {hint}.", verb=verb, hint=HAND_HINT)


def out_of_range(what: str, low: int, high: int) -> str:
    return _("Give the {what} as a number from {low} to {high}.", what=what, low=low, high=high)


def one_track(words: Sequence[str], tracks: Sequence[str]) -> str:
    """Why the words name no track."""
    if len(words) != 1:
        return _("Name one track: profit, prestige or population.")
    return not_one(_("a track"), tracks)


TRACK = Arg("TRACK", "choice", _("the track to move on"), choices=TRACKS)
BUILDING = Arg("BUILDING", "number", _("a building of your city, numbered from the left"))
CITY = (Arg("CARD", "card", _("one of your two offered cities")),)
BUILD = (
    Arg("CARD", "card", _("a card in your hand, or 'row N' for a card row slot")),
    Arg("where", "cell", _("where to build"), False),
    Arg("pay", "card", _("hand cards to discard for the cost"), False, repeat=True, literal=PAY),
)
BUILD_USAGE = f"CARD|{ROW} N [{OVER} N | {LEFT} | {RIGHT} | {GAP} N] [{PAY} CARD ...]"
TUCK = (
    Arg("CARD", "card", _("a card in your hand, or 'row N' when an action tucks from the row")),
    Arg(
        "BUILDING",
        "number",
        _("a top card to tuck under, when the action lets you choose"),
        False,
        literal=UNDER,
    ),
)
TUCK_USAGE = f"CARD [{UNDER} N] | {ROW} N"
DISCARD = (Arg("CARD", "card", _("a card in your hand")),)
DRAW = (
    Arg("source", "choice", _("the deck, or the card row"), choices=(DECK, ROW)),
    Arg("slot", "number", _("the card row slot, with 'row'"), False),
)
DRAW_USAGE = f"{DECK} | {ROW} N"
SOURCE = Choice(DRAW[0].choices)
"""The deck or the card row, read and written by one reader made once."""
ACHIEVE = (Arg("NAME", "card", _("the achievement's name")),)
STEAL = (
    Arg("PLAYER", "player", _("the opponent to steal from")),
    Arg("BUILDING", "number", _("their building, when stealing a top card"), False),
)
TAKE = (Arg("CARD", "card", _("one of the cards shown to you")),)

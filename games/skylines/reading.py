"""Reading a seat's words at its moment of the game: a verb the moment does not take is refused
before its words are read (actions.gate), and each argument is read among what the moment
offers (the hand, the card row, the cards looked at, the achievements one qualifies for), each
refusal said as the game has always said it."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from games import args as reading
from games.args import Reader, refused
from games.base import Arg, Args, Flag, Verb
from games.i18n import _
from games.skylines import city
from games.skylines.achievements import claimable
from games.skylines.actions import DRAW_WORDS, gate, no_mayor_spot
from games.skylines.building import BASIC
from games.skylines.cards import Catalog
from games.skylines.catalog import catalog_of
from games.skylines.effects import copy, draw
from games.skylines.effects.steal import taking
from games.skylines.grammar import (
    HAND_HINT,
    NOT_PAYABLE,
    SOURCE,
    TRACK_READER,
    Index,
    Moment,
    Named,
    Opponent,
    Refuse,
    Source,
    Spelling,
    Spot,
    keyword,
    needs_hand_card,
    not_one,
    one_track,
    opponent,
    out_of_range,
    spelling,
)
from games.skylines.program import ctx, current
from games.skylines.state import SkylinesState, Step

NOTHING = Index(0)
"""An argument the moment does not take: no word reads as it."""


@dataclass(frozen=True)
class Table:
    """What reads one seat's words now, and writes typed values back as the words of a move."""

    state: SkylinesState
    seat: int

    moments: dict[str, Moment] = field(default_factory=dict, init=False, compare=False)
    """Each verb's reading, made once for this position (the bot reads many moves)."""

    @cached_property
    def cat(self) -> Catalog:
        return catalog_of(self.state)

    @cached_property
    def spelled(self) -> Spelling:
        return spelling(self.cat)

    @property
    def hand(self) -> list[str]:
        """The seat's hand cards as their reader sees them (for refusals)."""
        return self.cat.labels(self.state["hands"][self.seat])

    @cached_property
    def in_hand(self) -> Named:
        return self.spelled.named(self.state["hands"][self.seat])

    def moment(self, readers: Mapping[str, Reader], refuse: Refuse | None = None) -> Moment:
        return Moment(self.state["names"], by_arg=readers, refuse=refuse)

    def read(self, verb: Verb[Any], typed: Sequence[str]) -> Args:
        """The verb's typed values, once gate() lets it through; /skip and /done read no words
        (words after them were always let pass)."""
        gate(self.state, self.seat, verb.name)
        return reading.read(verb, typed if verb.args else (), self.reading(verb.name))

    def write(
        self, args: Sequence[Arg], values: Mapping[str, Any], flags: Sequence[Flag] = ()
    ) -> tuple[str, ...]:
        return reading.write(args, values, self.writing, flags)

    @cached_property
    def writing(self) -> Moment:
        return Moment(self.state["names"], by_arg=self.spelled.writers)

    def reading(self, verb: str) -> Moment:
        found = self.moments.get(verb)
        if found is None:
            make = READINGS.get(verb, Table.any_words)
            found = self.moments[verb] = make(self, current(self.state))
        return found

    def any_words(self, step: Step | None) -> Moment:
        return self.moment({})

    def city(self, step: Step | None) -> Moment:
        offers = self.cat.labels(self.state["offers"][self.seat])
        return self.moment(
            {"CARD": self.spelled.named(self.state["offers"][self.seat], starts=True)},
            lambda *_given: not_one(_("one of your two cities"), offers, secret=True),
        )

    def build(self, step: Step | None) -> Moment:
        rule = step or BASIC
        source = rule.get("from", "hand")
        hand = self.in_hand if source in ("hand", "hand_or_row") else None
        row = self.state["row"] if source in ("row", "hand_or_row") else None
        size = len(city.spots(self.state, self.seat))
        readers = {
            "CARD": Source(hand, row, self.cat.label),
            "where": Spot(size),
            "pay": self.in_hand,
        }

        def refuse(words: Sequence[str], at: int, arg: Arg | None) -> str:
            if arg is None or arg.name == "CARD":
                return _unbuildable(source, row, words[at:])
            if arg.name == "where":
                if keyword(words[at]) in ("over", "gap") and at + 1 < len(words):
                    return out_of_range(_("position in your city"), 1, size)
                return _(
                    "Say where to build: 'over N', 'left', 'right' or 'gap N', then 'pay CARD ...'."
                )
            if any(keyword(word) == "pay" for word in words[:at]):
                return NOT_PAYABLE
            return _("After the spot, write 'pay' and the hand cards to discard.")

        return self.moment(readers, refuse)

    def tuck(self, step: Step | None) -> Moment:
        if step is not None and step["from"] == "row":
            readers = {"CARD": Source(None, self.state["row"], self.cat.label), "BUILDING": NOTHING}
            return self.moment(
                readers, lambda *_given: _("Tuck a card from the card row: /tuck row N.")
            )
        hand = Source(self.in_hand, None, self.cat.label)
        if step is None:
            return self.moment(
                {"CARD": hand, "BUILDING": NOTHING},
                lambda *_given: needs_hand_card("tuck", self.hand),
            )
        size = len(city.spots(self.state, self.seat))

        def refuse(words: Sequence[str], at: int, arg: Arg | None) -> str:
            if arg is not None and arg.name == "CARD":
                return needs_hand_card("tuck", self.hand)
            if arg is not None and at > 0 and keyword(words[at - 1]) == "under":
                return out_of_range(_("building number"), 1, size)
            return _("Write '/tuck CARD' or '/tuck CARD under N'.")

        return self.moment({"CARD": hand, "BUILDING": Index(size)}, refuse)

    def discard(self, step: Step | None) -> Moment:
        return self.moment(
            {"CARD": self.in_hand}, lambda *_given: needs_hand_card("discard", self.hand)
        )

    def advance(self, step: Step | None) -> Moment:
        tracks = TRACK_READER.names.names
        return self.moment({"TRACK": TRACK_READER}, lambda words, *_given: one_track(words, tracks))

    def draw(self, step: Step | None) -> Moment:
        row = self.state["row"]
        if step is not None:
            answer = step
            return self.moment(
                {"source": SOURCE, "slot": Index()},
                lambda *_given: draw.refusal(self.state, self.cat, self.seat, answer),
            )

        def refuse(words: Sequence[str], at: int, arg: Arg | None) -> str:
            if arg is not None and row and len(words) == at + 1 == 2 and keyword(words[0]) == "row":
                return out_of_range(_("card row slot"), 1, len(row))
            return DRAW_WORDS

        return self.moment({"source": SOURCE, "slot": Index(len(row))}, refuse)

    def achieve(self, step: Step | None) -> Moment:
        if step is None:
            names = [a.name for a in self.cat.achievements]
            what = _("an achievement")
            named = self.spelled.achievements
        else:
            names = claimable(self.state, self.cat, self.seat)
            what = _("an achievement you qualify for")
            named = self.spelled.named(names, starts=True)
        labels = self.cat.labels(names)
        return self.moment({"NAME": named}, lambda *_given: not_one(what, labels))

    def mayor(self, step: Step | None) -> Moment:
        why = no_mayor_spot if step is None else copy.refusal
        return self.moment(
            {"BUILDING": Index()}, lambda *_given: why(self.state, self.cat, self.seat)
        )

    def steal(self, step: Step | None) -> Moment:
        top = step is not None and step.get("what") == "top"
        names = self.state["names"]

        def refuse(words: Sequence[str], at: int, arg: Arg | None) -> str:
            if not words:
                return _("Name the opponent to steal from, e.g. /steal Bob.")
            if top and arg is not None and arg.name == "BUILDING":
                victim = opponent(names, words[:at], self.seat)
                return out_of_range(_("building number"), 1, len(city.spots(self.state, victim)))
            return refused(lambda typed: opponent(names, typed, self.seat), words)

        readers = {"PLAYER": Opponent(self.seat), "BUILDING": Index() if top else NOTHING}
        return self.moment(readers, refuse)

    def take(self, step: Step | None) -> Moment:
        memory = ctx(self.state) if step is not None else None
        stealing = step is not None and step["do"] == "steal" and taking(self.state, step)
        victim = memory["victim"] if memory is not None and stealing else None
        if victim is not None:
            cards = self.state["hands"][victim]
            what = _("a card of {player}'s hand", player=self.state["names"][victim])
        else:
            cards = [] if memory is None else memory["look"]
            what = _("one of the cards you are looking at")
        return self.moment(
            {"CARD": self.spelled.named(cards, starts=True)},
            lambda *_given: not_one(what, cards, secret=True),
        )

    def declare(self, step: Step | None) -> Moment:
        types = self.cat.labels(self.cat.types)
        return self.moment(
            {"TYPE": self.spelled.types}, lambda *_given: not_one(_("a building type"), types)
        )


def _unbuildable(source: str, row: Sequence[str] | None, words: Sequence[str]) -> str:
    """Why the first words name no card to build: a card row slot out of range, else what the
    action builds from."""
    if row is not None and words and keyword(words[0]) == "row":
        if len(words) < 2 or not row:
            return _("Give the card row slot to build from, e.g. '/build row 2 left'.")
        return out_of_range(_("card row slot"), 1, len(row))
    if source == "hand":
        return _("Name a card in your hand to build, then where; {hint}.", hint=HAND_HINT)
    if source == "row":
        return _("Name 'row N' (a card row slot) to build, then where; {hint}.", hint=HAND_HINT)
    return _("Name a card in your hand or 'row N' to build, then where; {hint}.", hint=HAND_HINT)


READINGS: dict[str, Callable[[Table, Step | None], Moment]] = {
    "city": Table.city,
    "build": Table.build,
    "tuck": Table.tuck,
    "discard": Table.discard,
    "advance": Table.advance,
    "draw": Table.draw,
    "achieve": Table.achieve,
    "mayor": Table.mayor,
    "steal": Table.steal,
    "take": Table.take,
    "declare": Table.declare,
}
"""How each verb's words are read at a moment (skip and done take none)."""

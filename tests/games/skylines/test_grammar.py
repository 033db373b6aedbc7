"""Skylines' arguments read once: what the grammar writes reads back as the same typed values, in
English, in Polish and in Polish typed without diacritics, and a refusal repeats no word typed."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.i18n import say
from games.args import read, write
from games.base import Arg, RuleError, Verb
from games.skylines.cards import ROUND_END, TRACKS
from games.skylines.grammar import (
    BUILD,
    DRAW,
    STEAL,
    TUCK,
    Index,
    Moment,
    Named,
    Names,
    Opponent,
    Pick,
    Source,
    Spot,
    writer,
)
from games.skylines.reading import Table
from games.skylines.verbs import VERBS
from tests.games.skylines.helpers import CAT, act, new_game, set_hand, set_row
from tests.polish import plain

CARDS = sorted(name for name in CAT.cards if name != ROUND_END and name not in CAT.cities)
NAMES = ("Ann", "Bob 2", "Row Houses", "Lucy")
SIZE = 6


def reading() -> Moment:
    """Reading any card of the sample, any row slot of five, a city of six positions."""
    labels = CAT.labels(CARDS)
    row = CARDS[:5]
    return Moment(
        NAMES,
        by_arg={
            "CARD": Source(Named(Names(labels), CAT.label), row, CAT.label),
            "where": Spot(SIZE),
            "pay": Named(Names(labels), CAT.label),
            "BUILDING": Index(SIZE),
            "slot": Index(len(row)),
            "PLAYER": Opponent(0),
        },
    )


MOMENT = reading()


def typed_in(words: tuple[str, ...], lang: str, keyboard: bool) -> list[str]:
    """The written words as a player of `lang` types them (without diacritics: `keyboard`)."""
    said = " ".join(say(word, lang) for word in words)
    return (plain(said) if keyboard else said).split()


def reads_back(grammar: tuple[Arg, ...], values: dict[str, Any]) -> None:
    verb: Verb[Any] = Verb("test", "", args=grammar)
    words = write(grammar, values, writer(CAT, NAMES))
    for lang in ("en", "pl"):
        for keyboard in (False, True):
            assert read(verb, typed_in(words, lang, keyboard), MOMENT).values == values, words


spots = st.one_of(
    st.sampled_from([("left", -1), ("right", -1)]),
    st.tuples(st.sampled_from(["over", "gap"]), st.integers(0, SIZE - 1)),
)
picks = st.one_of(
    st.sampled_from(CARDS).map(Pick),
    st.integers(0, 4).map(lambda slot: Pick(CARDS[slot], slot)),
)


@settings(max_examples=60, deadline=None)
@given(picks, st.one_of(st.none(), spots), st.lists(st.sampled_from(CARDS), max_size=3))
def test_a_build_reads_back_what_it_writes(
    pick: Pick, spot: tuple[str, int] | None, pay: list[str]
) -> None:
    values: dict[str, Any] = {"CARD": pick}
    if spot is not None:
        values["where"] = spot
    if pay:
        values["pay"] = tuple(pay)
    reads_back(BUILD, values)


@settings(deadline=None)
@given(st.sampled_from(CARDS), st.one_of(st.none(), st.integers(0, SIZE - 1)))
def test_a_tuck_reads_back_what_it_writes(card: str, building: int | None) -> None:
    reads_back(TUCK, {"CARD": Pick(card)} | ({} if building is None else {"BUILDING": building}))


@settings(deadline=None)
@given(st.one_of(st.none(), st.integers(0, 4)))
def test_a_draw_reads_back_what_it_writes(slot: int | None) -> None:
    reads_back(DRAW, {"source": "deck"} if slot is None else {"source": "row", "slot": slot})


@settings(deadline=None)
@given(st.integers(1, len(NAMES) - 1), st.one_of(st.none(), st.integers(0, SIZE - 1)))
def test_a_steal_reads_back_what_it_writes(victim: int, building: int | None) -> None:
    reads_back(STEAL, {"PLAYER": victim} | ({} if building is None else {"BUILDING": building}))


def test_every_name_and_track_reads_back_in_both_languages() -> None:
    names = [*CARDS, *CAT.cities, *(a.name for a in CAT.achievements), *CAT.types]
    named = Named(Names(CAT.labels(names)), CAT.label)
    for name in names:
        for lang in ("en", "pl"):
            typed = typed_in((CAT.label(name),), lang, lang == "pl")
            assert [r.value for r in named.readings(typed, MOMENT)][:1] == [name], typed
    game, _rng = new_game()
    table = Table(game, 0)
    verb = next(verb for verb in VERBS if verb.name == "advance")
    for track in TRACKS:
        words = table.write(verb.args, {"TRACK": track})
        assert table.read(verb, typed_in(words, "pl", True)).values == {"TRACK": track}


@pytest.mark.parametrize(
    "line",
    ["/build Diner sideways", "/build Diner over Diner", "/build Diner left pay Diner Diner x"],
)
def test_a_refusal_repeats_no_word_typed(line: str) -> None:
    game, rng = new_game()
    set_hand(game, 0, "Diner", "Bakery")
    set_row(game, "Hotel", "Lofts")
    with pytest.raises(RuleError) as refused:
        act(game, 0, line, rng)
    assert "Diner" not in str(refused.value) and "sideways" not in str(refused.value)

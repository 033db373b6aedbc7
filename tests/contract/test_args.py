"""Arguments read once: each kind's reader parses what its formatter writes, and every move a game
offers reads back as typed values that write the same words again."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.args import COMMON, Choice, Context, fold, read, write
from games.base import Arg, Args, Rng, RuleError, Verb
from games.gotown.catalog import ORDER
from games.gotown.grammar import CARDS, PLAY, STEAL
from games.i18n import Name
from games.registry import engine_for
from tests.contract.games import REAL_GAMES
from tests.contract.test_engine_contract import min_players, play

TRICKY = ("Bot 1", "Bot 2", "Ann's 🐱", "Ann", "Ann 2", "Ball", "From Mars")
ROW = Name({"en": "row", "pl": "rząd"})


def round_trip(arg: Arg, value: Any, context: Context) -> Any:
    """The value written as words, then read back alone."""
    verb: Verb[Any] = Verb("test", "", args=(arg,))
    words = write(verb.args, {arg.name: value}, context)
    return read(verb, words, context).values[arg.name]


@given(st.integers(0, 9999))
def test_a_number_reads_back(value: int) -> None:
    assert round_trip(Arg("N", "number"), value, Context()) == value


@given(st.lists(st.integers(1, 9999), min_size=1, max_size=8).map(tuple))
def test_dice_read_back(faces: tuple[int, ...]) -> None:
    assert round_trip(Arg("DICE", "dice"), faces, Context()) == faces


@given(
    st.text(st.characters(blacklist_categories=("Z", "C")), min_size=1, max_size=12).filter(
        lambda word: not word.startswith("--")  # a --flag
    )
)
def test_a_word_and_text_read_back(word: str) -> None:
    assert round_trip(Arg("W", "word"), word, Context()) == word
    assert round_trip(Arg("T", "text"), f"{word} {word}", Context()) == f"{word} {word}"


@given(st.permutations(TRICKY), st.integers(0, len(TRICKY) - 1))
def test_every_seated_name_reads_back_as_its_seat(names: list[str], seat: int) -> None:
    assert round_trip(Arg("P", "player"), seat, Context(names)) == seat


def test_a_choice_reads_any_of_its_languages_as_its_english() -> None:
    arg = Arg("WHERE", "choice", choices=(ROW, "left"))
    verb: Verb[Any] = Verb("test", "", args=(arg,))
    for typed in ("row", "ROW", "rząd", "rzad", "Rząd"):
        assert read(verb, [typed], Context()).values == {"WHERE": "row"}
    assert write(verb.args, {"WHERE": "row"}, Context()) == (ROW,)
    with pytest.raises(RuleError, match="That is not one of: row, left"):
        read(verb, ["up"], Context())


def test_every_gotown_card_reads_back_as_its_kind() -> None:
    context = Context(("Ann", "Bob"), {"card": CARDS})
    for kind in ORDER:
        assert round_trip(Arg("CARD", "card"), kind, context) == kind


@settings(max_examples=40)
@given(
    st.permutations(TRICKY),
    st.sampled_from(ORDER),
    st.integers(0, len(TRICKY) - 1),
    st.one_of(st.none(), st.integers(1, 99)),
)
def test_a_verb_reads_back_what_it_writes(
    names: list[str], card: str, player: int, floor: int | None
) -> None:
    """Card, player and floor together, whatever digits or card words the names hold."""
    context = Context(names, {"card": CARDS}, "+,")
    values = {"CARD": card, "PLAYER": player} | ({} if floor is None else {"N": floor})
    for grammar in (STEAL, PLAY):
        verb: Verb[Any] = Verb("test", "", args=grammar)
        words = write(grammar, values, context)
        assert read(verb, words, context).values == values
        assert read(verb, " ".join(words).split(), context).values == values


def test_a_literal_word_may_be_left_out_or_typed_in_polish() -> None:
    context = Context(("Ann", "Bob"), {"card": CARDS}, "+,")
    verb: Verb[Any] = Verb("steal", "", args=STEAL)
    for typed in ("4 from Bob", "4 Bob", "4 od Bob", "4 from bob piętro 2", "4 Bob pietro 2"):
        values = read(verb, typed.split(), context).values
        assert values["CARD"] == "4" and values["PLAYER"] == 1, typed
    assert write(STEAL, {"CARD": "4", "PLAYER": 1, "N": 2}, context) == (
        "4",
        "from",
        "Bob",
        "floor",
        "2",
    )
    assert [fold(word) for word in write(PLAY, {"CARD": "dog", "N": 2}, context)] == ["dog", "2"]


def test_the_refusal_names_the_word_that_does_not_read() -> None:
    context = Context(("Ann", "Bob"), {"card": CARDS}, "+,")
    verb: Verb[Any] = Verb("steal", "", args=STEAL, examples=("/steal 4 from Bob",))
    with pytest.raises(RuleError, match="'banana' is not a card"):
        read(verb, ["banana"], context)
    with pytest.raises(RuleError, match="no player 'Zed'"):
        read(verb, ["4", "from", "Zed"], context)
    with pytest.raises(RuleError, match="'x' is not a number"):
        read(verb, ["4", "from", "Bob", "floor", "x"], context)
    with pytest.raises(
        RuleError, match="/steal needs more words; /help steal shows how to write it"
    ):
        read(verb, ["4"], context)
    with pytest.raises(RuleError, match="at most 40 words"):
        read(verb, ["4"] * 41, context)


def test_typed_values_are_checked_by_kind() -> None:
    args = Args(("4", "Bob"), {"CARD": "4", "PLAYER": 1})
    assert (args.one("CARD", str), args.one("PLAYER", int), args.maybe("N", int)) == ("4", 1, None)
    with pytest.raises(TypeError):
        args.one("PLAYER", str)


def test_every_kind_has_one_reader() -> None:
    """Card, unit and cell name a game's own things (its readers come with its context)."""
    assert set(COMMON) == {"number", "dice", "word", "text", "player"}
    assert isinstance(Context().reader(Arg("X", "choice", choices=("a",))), Choice)


@pytest.mark.parametrize("game_key", REAL_GAMES)
def test_every_offered_move_reads_back_and_writes_the_same_words(game_key: str) -> None:
    engine = engine_for(game_key)
    probe = Rng(f"args-{game_key}")
    checked = 0
    for step, game in enumerate(play(game_key, min_players(game_key), "args", bots=False)):
        assert engine.reader(game.state, 0) is not None, f"{game_key} reads its own words"
        if step % 2 or engine.outcome(game.state) is not None:
            continue
        for seat in range(len(game.names)):
            reader = engine.reader(game.state, seat)
            assert reader is not None
            for move in probe.sample(
                offers := engine.legal(game.state, seat), min(20, len(offers))
            ):
                verb = next(v for v in engine.verbs if v.name == move.verb)
                typed = reader.read(verb, move.args)
                assert reader.write(verb.args, typed.values, verb.flags) == move.args, move.text
                assert reader.read(verb, move.text.split()[1:]).values == typed.values, move.text
                checked += 1
    assert checked > 50

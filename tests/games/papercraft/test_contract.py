"""The engine contract: every --flag a verb parses is declared, offered moves are accepted,
refusals change nothing, /units only answers, /unit is a chat verb."""

from __future__ import annotations

import copy

import pytest

from games.base import Action, Event, GameVerb, Rng, RuleError
from games.papercraft import ENGINE
from games.papercraft.state import PapercraftState
from games.replay import apply
from tests.games.papercraft.helpers import options

FLAGS = sorted({flag.name for verb in ENGINE.verbs for flag in verb.flags} | {"bogus"})
GAME_VERBS = [verb for verb in ENGINE.verbs if not verb.chat]


def army_phase() -> PapercraftState:
    state, _ = ENGINE.setup(["Ann", "Bob"], options(), Rng("flags"))
    return state


@pytest.mark.parametrize("verb", GAME_VERBS, ids=[v.name for v in GAME_VERBS])
def test_every_flag_a_verb_parses_is_declared(verb: GameVerb[PapercraftState]) -> None:
    declared = {flag.name for flag in verb.flags}
    for name in FLAGS:
        state = army_phase()
        args = ("Longbowmen", f"--{name}", *(() if name == "hug" else ("1",)))
        try:
            apply(ENGINE, state, Action(0, verb.name, args), Rng("x"), "Ann")
        except RuleError as error:
            refused = f"/{verb.name} has no --{name}" in str(error)
            assert refused == (name not in declared), (verb.name, name, str(error))
        else:
            assert name in declared


def test_attack_and_ability_declare_all_their_options() -> None:
    by_name = {verb.name: {flag.name for flag in verb.flags} for verb in ENGINE.verbs}
    outside = {"moved", "hp", "private"}  # only outside a table
    assert by_name["attack"] == {"range", "dice", "hug", "type", "also"} | outside
    assert by_name["ability"] == {"range", "move", "dice", "hp", "private"}
    assert by_name["done"] == by_name["escape"] == by_name["ready"] == {"dice"}
    roles = {verb.name: verb.role for verb in ENGINE.verbs}
    assert roles["done"] == roles["ready"] == "end_turn"
    assert (roles["units"], roles["escape"]) == ("info", "roll")
    for verb in ENGINE.verbs:
        assert len(verb.help) <= 100, verb.name


def test_units_only_answers_the_asker() -> None:
    state = army_phase()
    before = copy.deepcopy(state)
    events = apply(ENGINE, state, Action(1, "units", ()), Rng("u"), "Bob")
    assert state == before
    assert [(e.to, e.reveals_hidden) for e in events] == [(1, False)]
    assert "Longbowmen (45 pts, original sample, Ashford March)" in events[0].text


def test_unit_is_a_chat_verb_not_a_table_move() -> None:
    state = army_phase()
    with pytest.raises(RuleError, match="has no /unit"):
        apply(ENGINE, state, Action(0, "unit", ("list",)), Rng("u"), "Ann")
    assert ENGINE.chat_act({}, "unit", "list").startswith("This chat has added no units yet")


@pytest.mark.parametrize("positions", [False, True])
def test_offered_moves_are_accepted_and_refusals_change_nothing(positions: bool) -> None:
    rng, chooser = Rng("offers"), Rng("offers/chooser")
    opts = options(points=150, positions=positions, rounds=3)
    state, _ = ENGINE.setup(["Ann", "Bob", "Cid"], opts, rng)
    junk = [("attack", ("Nobody", "--range", "x")), ("move", ("Longbowmen", "to", "999,999")),
            ("ability", ("Ann",)), ("place", ("--dice", "1")), ("done", ("--dice", "9"))]  # fmt: skip
    while ENGINE.outcome(state) is None:
        seat = chooser.choice(ENGINE.waiting(state))
        offered = ENGINE.legal(state, seat)
        assert offered, f"seat {seat} is waited on but offered nothing"
        for move in chooser.sample(offered, 4):
            trial = copy.deepcopy(state)
            events = apply(ENGINE, trial, Action(seat, move.verb, move.args), Rng("t"), "x")
            assert all(isinstance(e, Event) for e in events)
        verb, args = chooser.choice(junk)
        before, position = copy.deepcopy(state), rng.position
        try:
            apply(ENGINE, state, Action(seat, verb, args), rng, "x")
        except RuleError:
            assert state == before and rng.position == position
        move = chooser.choice(offered)
        apply(ENGINE, state, Action(seat, move.verb, move.args), rng, "x")
    assert ENGINE.view(state, None).hand is None

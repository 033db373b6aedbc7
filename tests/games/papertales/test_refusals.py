"""Issue 18: a refusal may be read by a whole group, so it never names a card hidden from it
(the sender's hand, packet, kept card or face-down cards), even when the sender typed one."""

from __future__ import annotations

import json
from collections.abc import Iterable

import pytest

from games.base import Action, Rng, RuleError
from games.papertales import ENGINE
from games.papertales.catalog import fold, label, unit
from games.papertales.state import PaperTalesState
from games.replay import apply
from tests.games.papertales.helpers import (
    card,
    hand,
    kingdom,
    table,
    take,
    to_construction,
    to_deployment,
    unit_spec,
)

VERBS = (
    "draft",
    "deploy",
    "move",
    "discard",
    "keep",
    "ready",
    "build",
    "upgrade",
    "pass",
    "choose",
)


def hidden_cards(state: PaperTalesState, seat: int) -> set[int]:
    p = state["players"][seat]
    cards = set(p["hand"]) | set(p["packet"]) | {n["card"] for n in p["plan"]["new"]}
    return cards | ({p["kept"]} if p["kept"] is not None else set())


def hidden_names(state: PaperTalesState, seat: int) -> set[str]:
    """Every way to name the seat's hidden cards: labels and unit names, English and Polish."""
    found = set()
    for c in hidden_cards(state, seat):
        found |= {label(c), label(c, "pl"), unit(c).name, unit(c).pl}
    return {fold(n) for n in found}


def probes(state: PaperTalesState, seat: int) -> list[tuple[str, ...]]:
    """Every verb with junk, with nothing, and with hidden names in every argument slot."""
    names = sorted(label(c) for c in hidden_cards(state, seat))
    first, second = names[0], names[-1]
    shapes = [
        ("nonsense",),
        (),
        ("Forest",),  # a prefix of several units
        (first,),
        (first, "middle"),
        (first, second),
        (first, "front"),
        (first, "back"),
        (first, "discard", "nonsense"),
        (first, "discard", second),
        ("nonsense", "discard", first),
        (first, "discard"),
        ("none",),
        ("Town",),
        ("Tavern", "2"),
        ("Temple", first),
    ]
    return [(verb, *" ".join(shape).split()) for verb in (*VERBS, "fly") for shape in shapes]


def refusals(state: PaperTalesState, rng: Rng, seat: int) -> list[str]:
    """Send every probe as the seat; each one either applies (on a copy) or is refused."""
    texts = []
    for verb, *args in probes(state, seat):
        work = json.loads(json.dumps(state))
        try:
            apply(ENGINE, work, Action(seat, verb, tuple(args)), Rng(rng.seed, rng.position), "X")
        except RuleError as refused:
            texts.append(str(refused))
    return texts


def assert_names_nothing(texts: Iterable[str], secret: set[str]) -> int:
    count = 0
    for text in texts:
        folded = fold(text)
        for name in secret:
            assert name not in folded, f"refusal names hidden {name!r}: {text}"
        count += 1
    return count


def packet(state: PaperTalesState, seat: int, names: list[str]) -> None:
    """Give a seat this packet to draft from."""
    p = state["players"][seat]
    state["deck"] += p["packet"]
    p["packet"] = [take(state, unit_spec(n)[0]) for n in names]
    p["picked"] = False
    state["phase"] = "recruit"


RECRUIT_PACKET = ["Forest Child 3", "Archer 2", "Giant Snake", "Forest Spirit", "Kraken"]


def test_the_reported_probe_no_longer_lists_the_packet() -> None:
    state, rng = table(3)
    packet(state, 0, RECRUIT_PACKET)
    for seat in (1, 2):
        packet(state, seat, ["Knight 1"] if seat == 1 else ["Knight 2"])
    with pytest.raises(RuleError) as refused:
        apply(ENGINE, state, Action(0, "draft", ("nonsense",)), rng, "Gosia")
    text = str(refused.value)
    assert "/hand" in text
    assert not any(name in text for name in ("Forest", "Archer", "Giant", "Kraken"))


@pytest.mark.parametrize("players", [2, 3])
def test_draft_refusals_name_no_hidden_card(players: int) -> None:
    state, rng = table(players)
    packet(state, 0, RECRUIT_PACKET)
    hand(state, 0, ["Demon", "Necromancer"])
    state["players"][0]["kept"] = take(state, card("Relic of Wisdom"))
    for seat in range(1, players):
        packet(state, seat, [f"Knight {seat}", f"Farmer {seat}"])
    kingdom(state, 0, [("Woodcutter", "front")])
    secret = hidden_names(state, 0)
    assert_names_nothing(refusals(state, rng, 0), secret)
    # After picking, every further probe is refused as out of turn: still nothing named.
    move = ENGINE.legal(state, 0)[0]
    apply(ENGINE, state, Action(0, move.verb, move.args), rng, "Gosia")
    secret |= hidden_names(state, 0)
    assert assert_names_nothing(refusals(state, rng, 0), secret) > 100


def test_deploy_refusals_name_no_hidden_card() -> None:
    state, rng = table(3)
    kingdom(state, 0, ["Woodcutter", "Hunter", ("Farmer", "back")], gold=5)
    hand(state, 0, ["Forest Child 1", "Forest Spirit", "Kraken", "Demon", "Giant Snake"])
    to_deployment(state)
    for command in (("deploy", "Demon", "back"), ("keep", "Giant", "Snake")):
        apply(ENGINE, state, Action(0, command[0], command[1:]), rng, "Gosia")
    secret = hidden_names(state, 0)
    texts = refusals(state, rng, 0)
    # The full rows, the row already held and the discard of a face-down card are provoked too.
    texts += refusals_of(state, rng, 0, [("move", "Demon", "back"), ("deploy", "Kraken", "front")])
    assert_names_nothing(texts, secret)
    apply(ENGINE, state, Action(0, "ready", ()), rng, "Gosia")
    assert assert_names_nothing(refusals(state, rng, 0), secret) > 100


def refusals_of(
    state: PaperTalesState, rng: Rng, seat: int, commands: list[tuple[str, ...]]
) -> list[str]:
    texts = []
    for verb, *args in commands:
        work = json.loads(json.dumps(state))
        with pytest.raises(RuleError) as refused:
            apply(ENGINE, work, Action(seat, verb, tuple(args)), rng, "X")
        texts.append(str(refused.value))
    return texts


def test_build_refusals_name_no_hidden_card() -> None:
    state, rng = table(3)
    kingdom(state, 0, [("Woodcutter", "back")], {"Town": 1}, gold=1)
    state["players"][0]["kept"] = take(state, card("Kraken"))
    to_construction(state)
    secret = hidden_names(state, 0)
    texts = refusals(state, rng, 0)
    texts += refusals_of(
        state, rng, 0, [("build", "Town"), ("upgrade", "Mine"), ("build", "Temple", "2")]
    )
    assert_names_nothing(texts, secret)

"""Legal moves: what the seat to move may send now, written exactly as the handlers read it."""

from __future__ import annotations

from games.base import Move
from games.gotown.catalog import JOKER, NUMBERS, WORDS, kind
from games.gotown.state import GoTownState
from games.i18n import Name, _

DONE = Move("done", (), _("end the turn"))
FROM = Name({"en": "from", "pl": "od"})
FLOOR = Name({"en": "floor", "pl": "piętro"})


def held_kinds(state: GoTownState, seat: int) -> set[str]:
    return {kind(card) for card in state["hands"][seat]}


def opponents(state: GoTownState, seat: int) -> list[int]:
    """The other seats in turn order after this one."""
    count = len(state["names"])
    return [(seat + step) % count for step in range(1, count)]


def _builds(held: set[str]) -> list[Move]:
    moves = [
        Move("build", (low, str(9 - int(low))))
        for low in NUMBERS[:4]
        if low in held and str(9 - int(low)) in held
    ]
    if JOKER in held:
        moves += [Move("build", (JOKER, number)) for number in NUMBERS if number in held]
    return moves


def _steals(state: GoTownState, seat: int, held: set[str]) -> list[Move]:
    moves: list[Move] = []
    for other in opponents(state, seat):
        tower = state["towers"][other]
        if not tower or tower[-1]["dog"]:
            continue
        for value in tower[-1]["values"]:
            mine = str(9 - value)
            if mine in held:
                moves.append(Move("steal", (mine, FROM, state["names"][other])))
    return moves


def _dog_plays(state: GoTownState, seat: int, held: set[str]) -> list[Move]:
    """A dog onto one of the seat's own floors; a bone onto any floor a dog guards."""
    names = state["names"]
    moves: list[Move] = []
    if "dog" in held:
        moves += [
            Move("play", (WORDS["dog"], str(i + 1)))
            for i, floor in enumerate(state["towers"][seat])
            if not floor["dog"]
        ]
    if "bone" in held:
        for other in range(len(names)):
            for i, floor in enumerate(state["towers"][other]):
                if floor["dog"]:
                    moves.append(Move("play", (WORDS["bone"], names[other], FLOOR, str(i + 1))))
    return moves


def _aimed_plays(state: GoTownState, other: int, held: set[str]) -> list[Move]:
    """The cards played at one opponent: hammer, wreck, thief, milkshake."""
    name, tower = state["names"][other], state["towers"][other]
    moves: list[Move] = []
    if "hammer" in held and tower and not tower[-1]["dog"]:
        moves.append(Move("play", (WORDS["hammer"], name)))
    if "wreck" in held and tower:
        moves.append(Move("play", (WORDS["wreck"], name)))
    if "thief" in held and state["hands"][other]:
        moves.append(Move("play", (WORDS["thief"], name)))
    if "milkshake" in held:
        moves.append(Move("play", (WORDS["milkshake"], name)))
    return moves


def _specials(state: GoTownState, seat: int, held: set[str]) -> list[Move]:
    moves = _dog_plays(state, seat, held)
    others = opponents(state, seat)
    for other in others:
        moves += _aimed_plays(state, other, held)
    if "superthief" in held and any(state["hands"][other] for other in others):
        moves.append(Move("play", (WORDS["superthief"],)))
    if "donut" in held:
        moves.append(Move("play", (WORDS["donut"],)))
    return moves


def plays(state: GoTownState, seat: int) -> list[Move]:
    """Every build, steal and card play the seat's hand allows on the table as it is, whoever's
    turn it is (skipped turns aside)."""
    held = held_kinds(state, seat)
    return [*_builds(held), *_steals(state, seat, held), *_specials(state, seat, held)]


def can_play(state: GoTownState, seat: int) -> bool:
    return bool(plays(state, seat))


def legal_moves(state: GoTownState, seat: int) -> list[Move]:
    """Everything the seat may do now; /done is always among them for the player to move."""
    if state["winner"] is not None or seat != state["turn"]:
        return []
    if state["skips"][seat]:
        return [DONE]
    return [*plays(state, seat), DONE]

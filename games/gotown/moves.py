"""Legal moves: what the seat to move may send now, written by the verbs' own grammar."""

from __future__ import annotations

from games.args import Context, offer
from games.base import Move
from games.gotown.catalog import JOKER, NUMBERS, kind
from games.gotown.grammar import BUILD, PLAY, STEAL, context
from games.gotown.state import GoTownState
from games.i18n import _

DONE = Move("done", (), _("end the turn"))


def held_kinds(state: GoTownState, seat: int) -> set[str]:
    return {kind(card) for card in state["hands"][seat]}


def opponents(state: GoTownState, seat: int) -> list[int]:
    """The other seats in turn order after this one."""
    count = len(state["names"])
    return [(seat + step) % count for step in range(1, count)]


def _build(words: Context, first: str, second: str) -> Move:
    return offer("build", BUILD, {"A": first, "B": second}, words)


def play_move(
    words: Context, card_kind: str, player: int | None = None, floor: int | None = None
) -> Move:
    """/play of a special card, at a player and a floor when given."""
    values = {"CARD": card_kind, "PLAYER": player, "N": floor}
    return offer("play", PLAY, {k: v for k, v in values.items() if v is not None}, words)


def _builds(words: Context, held: set[str]) -> list[Move]:
    moves = [
        _build(words, low, str(9 - int(low)))
        for low in NUMBERS[:4]
        if low in held and str(9 - int(low)) in held
    ]
    if JOKER in held:
        moves += [_build(words, JOKER, number) for number in NUMBERS if number in held]
    return moves


def _steals(words: Context, state: GoTownState, seat: int, held: set[str]) -> list[Move]:
    moves: list[Move] = []
    for other in opponents(state, seat):
        tower = state["towers"][other]
        if not tower or tower[-1]["dog"]:
            continue
        for value in tower[-1]["values"]:
            mine = str(9 - value)
            if mine in held:
                moves.append(offer("steal", STEAL, {"CARD": mine, "PLAYER": other}, words))
    return moves


def _dog_plays(words: Context, state: GoTownState, seat: int, held: set[str]) -> list[Move]:
    """A dog onto one of the seat's own floors; a bone onto any floor a dog guards."""
    moves: list[Move] = []
    if "dog" in held:
        moves += [
            play_move(words, "dog", floor=i + 1)
            for i, floor in enumerate(state["towers"][seat])
            if not floor["dog"]
        ]
    if "bone" in held:
        for other in range(len(state["names"])):
            for i, floor in enumerate(state["towers"][other]):
                if floor["dog"]:
                    moves.append(play_move(words, "bone", other, i + 1))
    return moves


def _aimed_plays(words: Context, state: GoTownState, other: int, held: set[str]) -> list[Move]:
    """The cards played at one opponent: hammer, wreck, thief, milkshake."""
    tower = state["towers"][other]
    moves: list[Move] = []
    if "hammer" in held and tower and not tower[-1]["dog"]:
        moves.append(play_move(words, "hammer", other))
    if "wreck" in held and tower:
        moves.append(play_move(words, "wreck", other))
    if "thief" in held and state["hands"][other]:
        moves.append(play_move(words, "thief", other))
    if "milkshake" in held:
        moves.append(play_move(words, "milkshake", other))
    return moves


def _specials(words: Context, state: GoTownState, seat: int, held: set[str]) -> list[Move]:
    moves = _dog_plays(words, state, seat, held)
    others = opponents(state, seat)
    for other in others:
        moves += _aimed_plays(words, state, other, held)
    if "superthief" in held and any(state["hands"][other] for other in others):
        moves.append(play_move(words, "superthief"))
    if "donut" in held:
        moves.append(play_move(words, "donut"))
    return moves


def plays(state: GoTownState, seat: int) -> list[Move]:
    """Every build, steal and card play the seat's hand allows on the table as it is, whoever's
    turn it is (skipped turns aside)."""
    held = held_kinds(state, seat)
    words = context(state)
    return [
        *_builds(words, held),
        *_steals(words, state, seat, held),
        *_specials(words, state, seat, held),
    ]


def can_play(state: GoTownState, seat: int) -> bool:
    return bool(plays(state, seat))


def legal_moves(state: GoTownState, seat: int) -> list[Move]:
    """Everything the seat may do now; /done is always among them for the player to move."""
    if state["winner"] is not None or seat != state["turn"]:
        return []
    if state["skips"][seat]:
        return [DONE]
    return [*plays(state, seat), DONE]

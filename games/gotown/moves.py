"""Legal moves of the seat to move, and a bot that builds, steals, attacks the leader and guards."""

from __future__ import annotations

from games.base import Move, Rng, State
from games.gotown.cards import JOKER, NUMBERS, kind

DONE = Move("done", (), "end the turn")


def _kinds(state: State, seat: int) -> set[str]:
    return {kind(card) for card in state["hands"][seat]}


def _opponents(state: State, seat: int) -> list[int]:
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


def _steals(state: State, seat: int, held: set[str]) -> list[Move]:
    moves: list[Move] = []
    for other in _opponents(state, seat):
        tower = state["towers"][other]
        if not tower or tower[-1]["dog"]:
            continue
        for value in tower[-1]["values"]:
            mine = str(9 - value)
            if mine in held:
                moves.append(Move("steal", (mine, "from", state["names"][other])))
    return moves


def _specials(state: State, seat: int, held: set[str]) -> list[Move]:
    names = state["names"]
    moves: list[Move] = []
    own = state["towers"][seat]
    if "dog" in held:
        moves += [
            Move("play", ("dog", str(i + 1))) for i, floor in enumerate(own) if not floor["dog"]
        ]
    if "bone" in held:
        for other in range(len(names)):
            for i, floor in enumerate(state["towers"][other]):
                if floor["dog"]:
                    moves.append(Move("play", ("bone", names[other], "floor", str(i + 1))))
    opponents = _opponents(state, seat)
    for other in opponents:
        tower = state["towers"][other]
        if "hammer" in held and tower and not tower[-1]["dog"]:
            moves.append(Move("play", ("hammer", names[other])))
        if "wreck" in held and tower:
            moves.append(Move("play", ("wreck", names[other])))
        if "thief" in held and state["hands"][other]:
            moves.append(Move("play", ("thief", names[other])))
        if "milkshake" in held:
            moves.append(Move("play", ("milkshake", names[other])))
    if "superthief" in held and any(state["hands"][other] for other in opponents):
        moves.append(Move("play", ("superthief",)))
    if "donut" in held:
        moves.append(Move("play", ("donut",)))
    return moves


def legal_moves(state: State, seat: int) -> list[Move]:
    """Everything the seat may do now; /done is always among them for the player to move."""
    if state["winner"] is not None or seat != state["turn"]:
        return []
    if state["skips"][seat]:
        return [DONE]
    held = _kinds(state, seat)
    return [*_builds(held), *_steals(state, seat, held), *_specials(state, seat, held), DONE]


def _leader(state: State, seat: int) -> int:
    """The opponent with the most floors (the nearest in turn order on a tie)."""
    return max(_opponents(state, seat), key=lambda other: len(state["towers"][other]))


def bot_choice(state: State, seat: int, rng: Rng) -> Move:
    """Build, steal (from the leader first), hit the leader, guard the top, rob, stall, else pass."""
    moves = legal_moves(state, seat)
    if len(moves) == 1:
        return moves[0]
    leader = state["names"][_leader(state, seat)]
    builds = [move for move in moves if move.verb == "build"]
    if builds:
        plain = [move for move in builds if JOKER not in move.args]
        return (plain or builds)[0]
    steals = [move for move in moves if move.verb == "steal"]
    if steals:
        return next((move for move in steals if move.args[-1] == leader), steals[0])
    plays = {move.args: move for move in moves if move.verb == "play"}
    top = len(state["towers"][seat])
    leader_top = str(len(state["towers"][_leader(state, seat)]))
    preferred = [
        ("hammer", leader),
        ("wreck", leader),
        *([("bone", leader, "floor", leader_top)] if "hammer" in _kinds(state, seat) else []),
        ("dog", str(top)),
        ("superthief",),
        ("milkshake", leader),
        ("donut",),
    ]
    for args in preferred:
        if args in plays:
            return plays[args]
    thieves = [move for move in plays.values() if move.args[0] == "thief"]
    if thieves:
        return rng.choice(thieves)
    return DONE

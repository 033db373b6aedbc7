"""/play: the special cards (dog, bone, jack-hammer, wrecking ball, thieves, milkshake, donut)."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from games.base import Event, Rng, RuleError, private, public
from games.gotown.catalog import JOKER, NAMES, a, is_number, name
from games.gotown.flow import DONUT_SKIP, played, require_free_turn
from games.gotown.hands import hand_line, take_card
from games.gotown.moves import opponents
from games.gotown.parse import (
    Target,
    floor_only,
    need_player,
    read_target,
    split_card,
    words_of,
)
from games.gotown.state import GoTownState
from games.gotown.towers import check_top, floor_cards, floor_text

Special = Callable[[GoTownState, int, list[str], Rng], list[Event]]
"""One special card's effect: (state, seat, the words after the card, rng)."""


def _opponent(state: GoTownState, seat: int, target: Target, card_kind: str, refusal: str) -> int:
    victim = need_player(target, f"/play {card_kind} Bob")
    if victim == seat:
        raise RuleError(refusal)
    return victim


def _no_floor(target: Target, card_kind: str) -> None:
    """Thieves and milkshakes aim at a player, not at a floor."""
    if target.floor is not None:
        raise RuleError(
            f"A {NAMES[card_kind]} aims at a player, not a floor; e.g. /play {card_kind} Bob."
        )


def _dog(state: GoTownState, seat: int, words: list[str], rng: Rng) -> list[Event]:
    """A dog guards one of the player's own floors (the top one unless a floor is named)."""
    tower = state["towers"][seat]
    if not tower:
        raise RuleError("You have no floor to guard yet; build one first.")
    only, named = floor_only(words)
    if not only:
        raise RuleError(
            "A dog guards one of your own floors: /play dog for the top floor or /play dog 2."
        )
    number = len(tower) if named is None else named
    if not 1 <= number <= len(tower):
        raise RuleError(f"You have no floor {number}; your floors are 1 to {len(tower)}.")
    floor = tower[number - 1]
    if floor["dog"]:
        raise RuleError(f"Your floor {number} already has a dog; each floor takes one dog at most.")
    floor["dog"] = take_card(state, seat, "dog")
    who = state["names"][seat]
    return [public(f"{who} puts a guard dog on floor {number} ({floor_text(floor)}).", board=True)]


def _guarded(state: GoTownState, seat: int) -> list[int]:
    return [i + 1 for i, floor in enumerate(state["towers"][seat]) if floor["dog"]]


def _bone(state: GoTownState, seat: int, words: list[str], rng: Rng) -> list[Event]:
    """A bone lures a dog away: the dog and the bone go to the discard pile."""
    names = state["names"]
    owners = [other for other in range(len(names)) if _guarded(state, other)]
    if not owners:
        raise RuleError("There is no guard dog in play, so a bone cannot be played now.")
    target = read_target(names, words)
    if target.seat is None and len(owners) == 1:
        target = Target(owners[0], target.floor)
    owner = need_player(target, "/play bone Bob")
    guarded = _guarded(state, owner)
    if not guarded:
        dog_owners = ", ".join(names[other] for other in owners)
        raise RuleError(f"{names[owner]} has no guard dog; dogs guard floors of: {dog_owners}.")
    number = guarded[-1] if target.floor is None else target.floor
    if number not in guarded:
        floors = ", ".join(str(n) for n in guarded)
        raise RuleError(f"{names[owner]}'s floor {number} has no dog; guarded floors: {floors}.")
    floor = state["towers"][owner][number - 1]
    bone = take_card(state, seat, "bone")
    state["discard"] += [cast(str, floor["dog"]), bone]
    floor["dog"] = None
    return [
        public(
            f"{names[seat]} plays a bone: the dog on {names[owner]}'s floor {number} is lured "
            "away; dog and bone go to the discard pile.",
            board=True,
        )
    ]


def _destroy(
    state: GoTownState, seat: int, words: list[str], card_kind: str, wrecking: bool
) -> list[Event]:
    label = NAMES[card_kind]
    target = read_target(state["names"], words)
    victim = _opponent(
        state, seat, target, card_kind, f"A {label} destroys an opponent's top floor, not your own."
    )
    check_top(state, victim, target.floor, "destroy", "destroyed")
    tower = state["towers"][victim]
    victim_name = state["names"][victim]
    top = tower[-1]
    if top["dog"] and not wrecking:
        raise RuleError(
            f"{victim_name}'s top floor is guarded by a dog, which stops a jack-hammer; play a "
            "bone first or use the wrecking ball."
        )
    tower.pop()
    state["discard"] += [*floor_cards(top), take_card(state, seat, card_kind)]
    extra = " and its guard dog" if top["dog"] else ""
    who = state["names"][seat]
    return [
        public(
            f"{who} plays a {label} on {victim_name}'s floor {len(tower) + 1} "
            f"({floor_text(top)}): its two cards{extra} go to the discard pile.",
            board=True,
        )
    ]


def _hammer(state: GoTownState, seat: int, words: list[str], rng: Rng) -> list[Event]:
    return _destroy(state, seat, words, "hammer", wrecking=False)


def _wreck(state: GoTownState, seat: int, words: list[str], rng: Rng) -> list[Event]:
    return _destroy(state, seat, words, "wreck", wrecking=True)


def _rob_hand(state: GoTownState, seat: int, victim: int, rng: Rng) -> tuple[str, Event]:
    """Move one random card from the victim's hand; the victim learns privately which one."""
    hand = state["hands"][victim]
    taken = hand.pop(rng.randbelow(len(hand)))
    state["hands"][seat].append(taken)
    thief = state["names"][seat]
    note = private(
        victim, f"{thief} takes your {name(taken)}. Your hand: {hand_line(state, victim)}."
    )
    return taken, note


def _holders(state: GoTownState, seat: int) -> list[int]:
    return [other for other in opponents(state, seat) if state["hands"][other]]


def _thief(state: GoTownState, seat: int, words: list[str], rng: Rng) -> list[Event]:
    """Take one random card from one opponent who holds cards."""
    holders = _holders(state, seat)
    if not holders:
        raise RuleError("No opponent holds a card, so a thief has nothing to steal.")
    target = read_target(state["names"], words)
    victim = _opponent(state, seat, target, "thief", "A thief robs an opponent, not yourself.")
    _no_floor(target, "thief")
    if victim not in holders:
        allowed = ", ".join(state["names"][other] for other in holders)
        raise RuleError(
            f"{state['names'][victim]} holds no cards; rob a player who holds some: {allowed}."
        )
    state["discard"].append(take_card(state, seat, "thief"))
    taken, note = _rob_hand(state, seat, victim, rng)
    who, victim_name = state["names"][seat], state["names"][victim]
    return [
        public(f"{who} plays a thief and takes a card from {victim_name}'s hand."),
        note,
        private(
            seat,
            f"You take {a(name(taken))} from {victim_name}. Your hand: {hand_line(state, seat)}.",
        ),
    ]


def _superthief(state: GoTownState, seat: int, words: list[str], rng: Rng) -> list[Event]:
    """Take one random card from every opponent who holds any (at least one must)."""
    holders = _holders(state, seat)
    if not holders:
        raise RuleError("No opponent holds a card, so the super-thief has nothing to steal.")
    if words:
        raise RuleError("The super-thief robs every opponent at once; play it as /play superthief.")
    state["discard"].append(take_card(state, seat, "superthief"))
    notes: list[Event] = []
    got: list[str] = []
    for victim in holders:
        taken, note = _rob_hand(state, seat, victim, rng)
        notes.append(note)
        got.append(f"{a(name(taken))} from {state['names'][victim]}")
    who = state["names"][seat]
    robbed = [state["names"][victim] for victim in holders]
    victims = " and ".join([", ".join(robbed[:-1]), robbed[-1]] if len(robbed) > 1 else robbed)
    return [
        public(f"{who} plays the super-thief and takes a card from {victims}."),
        *notes,
        private(seat, f"You take {', '.join(got)}. Your hand: {hand_line(state, seat)}."),
    ]


def _milkshake(state: GoTownState, seat: int, words: list[str], rng: Rng) -> list[Event]:
    """The milkshake waits in front of an opponent; each one costs them a turn, in queue order."""
    target = read_target(state["names"], words)
    victim = _opponent(
        state, seat, target, "milkshake", "A milkshake goes in front of an opponent, not yourself."
    )
    _no_floor(target, "milkshake")
    state["skips"][victim].append(take_card(state, seat, "milkshake"))
    victim_name = state["names"][victim]
    pending = len(state["skips"][victim])
    turns = "the next turn" if pending == 1 else f"the next {pending} turns"
    who = state["names"][seat]
    return [
        public(
            f"{who} puts a milkshake in front of {victim_name}: {victim_name} sits out {turns}.",
            board=True,
        )
    ]


def _donut(state: GoTownState, seat: int, words: list[str], rng: Rng) -> list[Event]:
    """The truck stands on the table; every opponent sits out a turn; it leaves when play returns."""
    if words:
        raise RuleError("The donut truck stops every opponent at once; play it as /play donut.")
    state["donut"] = {"card": take_card(state, seat, "donut"), "owner": seat}
    for other in opponents(state, seat):
        state["skips"][other].append(DONUT_SKIP)
    who = state["names"][seat]
    return [
        public(
            f"{who} parks the donut truck on the table: every opponent sits out a turn.",
            board=True,
        )
    ]


SPECIALS: dict[str, Special] = {
    "dog": _dog,
    "bone": _bone,
    "hammer": _hammer,
    "wreck": _wreck,
    "thief": _thief,
    "superthief": _superthief,
    "milkshake": _milkshake,
    "donut": _donut,
}


def play(state: GoTownState, seat: int, args: list[str], rng: Rng) -> list[Event]:
    """/play CARD [PLAYER] [floor N]: the special card named first does the rest."""
    require_free_turn(state, seat)
    words = words_of(args)
    if not words:
        raise RuleError("Name a special card, e.g. /play dog, /play hammer Bob or /play donut.")
    card_kind, rest = split_card(state["names"], words)
    if is_number(card_kind) or card_kind == JOKER:
        raise RuleError(
            f"{a(NAMES[card_kind]).capitalize()} is a floor card; use it with /build or /steal, "
            "and /play for special cards."
        )
    events = SPECIALS[card_kind](state, seat, rest, rng)
    played(state)
    return events

"""/play: the special cards (dog, bone, jack-hammer, wrecking ball, thieves, milkshake, donut)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from games.base import Event, Rng, RuleError, State, private, public
from games.gotown.cards import JOKER, NAMES, a, find_in_hand, is_number, kind, name, parse_kind
from games.gotown.flow import DONUT_SKIP, hand_line
from games.gotown.towers import check_top, floor_cards, floor_text, split_floor, target_seat

Handler = Callable[[State, int, str, list[str], Rng], list[Event]]


def _opponent(state: State, seat: int, words: Sequence[str], card: str, refusal: str) -> int:
    target = target_seat(state, words, f"/play {kind(card)} Bob")
    if target == seat:
        raise RuleError(refusal)
    return target


def _dog(state: State, seat: int, card: str, words: list[str], rng: Rng) -> list[Event]:
    """A dog guards one of the player's own floors (the top one unless a floor is named)."""
    tower = state["towers"][seat]
    if not tower:
        raise RuleError("You have no floor to guard yet; build one first.")
    if words and words[0].casefold() == "floor":
        words = words[1:]
    if len(words) > 1 or (words and not words[0].isdigit()):
        raise RuleError(
            "A dog guards one of your own floors: /play dog for the top floor or /play dog 2."
        )
    number = int(words[0]) if words else len(tower)
    if not 1 <= number <= len(tower):
        raise RuleError(f"You have no floor {number}; your floors are 1 to {len(tower)}.")
    floor = tower[number - 1]
    if floor["dog"]:
        raise RuleError(f"Your floor {number} already has a dog; each floor takes one dog at most.")
    state["hands"][seat].remove(card)
    floor["dog"] = card
    who = state["names"][seat]
    return [public(f"{who} puts a guard dog on floor {number} ({floor_text(floor)}).", board=True)]


def _guarded(state: State, seat: int) -> list[int]:
    return [i + 1 for i, floor in enumerate(state["towers"][seat]) if floor["dog"]]


def _bone(state: State, seat: int, card: str, words: list[str], rng: Rng) -> list[Event]:
    """A bone lures a dog away: the dog and the bone go to the discard pile."""
    owners = [other for other in range(len(state["names"])) if _guarded(state, other)]
    if not owners:
        raise RuleError("There is no guard dog in play, so a bone cannot be played now.")
    words, number = split_floor(words)
    if not words and len(owners) == 1:
        target = owners[0]
    else:
        target = target_seat(state, words, "/play bone Bob")
    guarded = _guarded(state, target)
    target_name = state["names"][target]
    if not guarded:
        dog_owners = ", ".join(state["names"][other] for other in owners)
        raise RuleError(f"{target_name} has no guard dog; dogs guard floors of: {dog_owners}.")
    number = guarded[-1] if number is None else number
    if number not in guarded:
        floors = ", ".join(str(n) for n in guarded)
        raise RuleError(f"{target_name}'s floor {number} has no dog; guarded floors: {floors}.")
    floor = state["towers"][target][number - 1]
    state["hands"][seat].remove(card)
    state["discard"] += [floor["dog"], card]
    floor["dog"] = None
    who = state["names"][seat]
    return [
        public(
            f"{who} plays a bone: the dog on {target_name}'s floor {number} is lured away; "
            "dog and bone go to the discard pile.",
            board=True,
        )
    ]


def _destroy(state: State, seat: int, card: str, words: list[str], wrecking: bool) -> list[Event]:
    words, number = split_floor(words)
    label = NAMES[kind(card)]
    target = _opponent(
        state, seat, words, card, f"A {label} destroys an opponent's top floor, not your own."
    )
    check_top(state, target, number, "destroy", "destroyed")
    tower = state["towers"][target]
    target_name = state["names"][target]
    top = tower[-1]
    if top["dog"] and not wrecking:
        raise RuleError(
            f"{target_name}'s top floor is guarded by a dog, which stops a jack-hammer; play a "
            "bone first or use the wrecking ball."
        )
    tower.pop()
    state["hands"][seat].remove(card)
    state["discard"] += [*floor_cards(top), card]
    extra = " and its guard dog" if top["dog"] else ""
    who = state["names"][seat]
    return [
        public(
            f"{who} plays a {label} on {target_name}'s floor {len(tower) + 1} "
            f"({floor_text(top)}): its two cards{extra} go to the discard pile.",
            board=True,
        )
    ]


def _hammer(state: State, seat: int, card: str, words: list[str], rng: Rng) -> list[Event]:
    return _destroy(state, seat, card, words, wrecking=False)


def _wreck(state: State, seat: int, card: str, words: list[str], rng: Rng) -> list[Event]:
    return _destroy(state, seat, card, words, wrecking=True)


def _rob_hand(state: State, seat: int, victim: int, rng: Rng) -> tuple[str, Event]:
    """Move one random card from the victim's hand; the victim learns privately which one."""
    hand = state["hands"][victim]
    taken = hand.pop(rng.randbelow(len(hand)))
    state["hands"][seat].append(taken)
    thief = state["names"][seat]
    note = private(
        victim, f"{thief} takes your {name(taken)}. Your hand: {hand_line(state, victim)}."
    )
    return taken, note


def _holders(state: State, seat: int) -> list[int]:
    count = len(state["names"])
    others = [(seat + step) % count for step in range(1, count)]
    return [other for other in others if state["hands"][other]]


def _thief(state: State, seat: int, card: str, words: list[str], rng: Rng) -> list[Event]:
    """Take one random card from one opponent who holds cards."""
    holders = _holders(state, seat)
    if not holders:
        raise RuleError("No opponent holds a card, so a thief has nothing to steal.")
    victim = _opponent(state, seat, words, card, "A thief robs an opponent, not yourself.")
    if victim not in holders:
        allowed = ", ".join(state["names"][other] for other in holders)
        raise RuleError(
            f"{state['names'][victim]} holds no cards; rob a player who holds some: {allowed}."
        )
    state["hands"][seat].remove(card)
    state["discard"].append(card)
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


def _superthief(state: State, seat: int, card: str, words: list[str], rng: Rng) -> list[Event]:
    """Take one random card from every opponent who holds any (at least one must)."""
    holders = _holders(state, seat)
    if not holders:
        raise RuleError("No opponent holds a card, so the super-thief has nothing to steal.")
    if words:
        raise RuleError("The super-thief robs every opponent at once; play it as /play superthief.")
    state["hands"][seat].remove(card)
    state["discard"].append(card)
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


def _milkshake(state: State, seat: int, card: str, words: list[str], rng: Rng) -> list[Event]:
    """The milkshake waits in front of an opponent; each one costs them a turn, in queue order."""
    victim = _opponent(
        state, seat, words, card, "A milkshake goes in front of an opponent, not yourself."
    )
    state["hands"][seat].remove(card)
    state["skips"][victim].append(card)
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


def _donut(state: State, seat: int, card: str, words: list[str], rng: Rng) -> list[Event]:
    """The truck stands on the table; every opponent sits out a turn; it leaves when play returns."""
    if words:
        raise RuleError("The donut truck stops every opponent at once; play it as /play donut.")
    state["hands"][seat].remove(card)
    state["donut"] = {"card": card, "owner": seat}
    for other in range(len(state["names"])):
        if other != seat:
            state["skips"][other].append(DONUT_SKIP)
    who = state["names"][seat]
    return [
        public(
            f"{who} parks the donut truck on the table: every opponent sits out a turn.",
            board=True,
        )
    ]


HANDLERS: dict[str, Handler] = {
    "dog": _dog,
    "bone": _bone,
    "hammer": _hammer,
    "wreck": _wreck,
    "thief": _thief,
    "superthief": _superthief,
    "milkshake": _milkshake,
    "donut": _donut,
}


def play(state: State, seat: int, args: Sequence[str], rng: Rng) -> list[Event]:
    """/play CARD [target]: dispatch on the special card named first."""
    words = list(args)
    if not words:
        raise RuleError("Name a special card, e.g. /play dog, /play hammer Bob or /play donut.")
    card_kind, used = parse_kind(words)
    if is_number(card_kind) or card_kind == JOKER:
        raise RuleError(
            f"{a(NAMES[card_kind]).capitalize()} is a floor card; use it with /build or /steal, and /play "
            "for special cards."
        )
    card = find_in_hand(state["hands"][seat], card_kind)
    if card is None:
        raise RuleError(f"You hold no {NAMES[card_kind]}; check your cards with /hand.")
    return HANDLERS[card_kind](state, seat, card, words[used:], rng)

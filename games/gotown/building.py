"""/build and /steal: the two ways to add a floor, and the immediate win at the goal."""

from __future__ import annotations

from collections.abc import Sequence

from games.base import Event, RuleError, State, public
from games.gotown.cards import JOKER, NAMES, a, find_in_hand, is_number, parse_kind
from games.gotown.towers import (
    card_text,
    check_top,
    floor_text,
    new_floor,
    split_floor,
    target_seat,
)

PAIRS = "1+8, 2+7, 3+6 or 4+5"


def parse_kinds(words: Sequence[str]) -> list[str]:
    """Every card kind named in the words; '4+5' and '4,5' split like '4 5'."""
    rest = " ".join(words).replace("+", " ").replace(",", " ").split()
    kinds: list[str] = []
    while rest:
        found, used = parse_kind(rest)
        kinds.append(found)
        rest = rest[used:]
    return kinds


def _add_floor(
    state: State, seat: int, cards: list[str], values: list[int], how: str
) -> list[Event]:
    tower = state["towers"][seat]
    tower.append(new_floor(cards, values))
    name = state["names"][seat]
    events = [public(f"{name} {how} floor {len(tower)} with {floor_text(tower[-1])}.", board=True)]
    if len(tower) >= state["goal"]:
        state["winner"] = seat
        events.append(public(f"{name} completes floor {len(tower)} and wins GoTown!", board=True))
    return events


def build(state: State, seat: int, args: Sequence[str]) -> list[Event]:
    """Two hand cards that add up to 9 become the next floor; a joker takes 9 - partner."""
    kinds = parse_kinds(args)
    if len(kinds) != 2:
        raise RuleError(
            "Build with exactly two cards that add up to 9, e.g. /build 4 5 or /build ? 3."
        )
    for card_kind in kinds:
        if not is_number(card_kind) and card_kind != JOKER:
            raise RuleError(
                f"A {NAMES[card_kind]} is not a floor card; build with two number cards that add "
                f"up to 9 ({PAIRS}) or a ? with one number card."
            )
    first, second = kinds
    if first == second == JOKER:
        raise RuleError(
            "Two jokers cannot pair with each other; pair a ? with a number card 1 to 8."
        )
    if JOKER not in kinds and int(first) + int(second) != 9:
        raise RuleError(
            f"{first}+{second} makes {int(first) + int(second)}, not 9; a floor needs two cards "
            f"that add up to 9 ({PAIRS})."
        )
    hand = state["hands"][seat]
    cards = [find_in_hand(hand, first), find_in_hand(hand, second)]
    for card, card_kind in zip(cards, kinds, strict=True):
        if card is None:
            raise RuleError(f"You hold no {NAMES[card_kind]}; check your cards with /hand.")
    numbers = [int(k) for k in kinds if k != JOKER]
    values = [int(k) if k != JOKER else 9 - numbers[0] for k in kinds]
    chosen = [card for card in cards if card is not None]
    for card in chosen:
        hand.remove(card)
    return _add_floor(state, seat, chosen, values, "builds")


def steal(state: State, seat: int, args: Sequence[str]) -> list[Event]:
    """/steal CARD from PLAYER [floor N]: a hand card plus one card of that player's top floor."""
    words = list(args)
    if not words:
        raise RuleError("Name your card and the player, e.g. /steal 4 from Bob.")
    card_kind, used = parse_kind(words)
    words = words[used:]
    if words and words[0].casefold() == "from":
        words = words[1:]
    if card_kind == JOKER:
        raise RuleError("A joker cannot be played to steal; steal with a number card 1 to 8.")
    if not is_number(card_kind):
        raise RuleError(
            f"A {NAMES[card_kind]} cannot steal a floor card; steal with a number card 1 to 8."
        )
    card = find_in_hand(state["hands"][seat], card_kind)
    if card is None:
        raise RuleError(f"You hold no {card_kind}; check your cards with /hand.")
    words, floor_number = split_floor(words)
    victim = target_seat(state, words, f"/steal {card_kind} from Bob")
    if victim == seat:
        raise RuleError("You cannot steal from your own tower; name an opponent.")
    check_top(state, victim, floor_number, "rob", "robbed")
    victim_name = state["names"][victim]
    tower = state["towers"][victim]
    top = tower[-1]
    if top["dog"]:
        raise RuleError(
            f"{victim_name}'s top floor is guarded by a dog; lure it away with a bone first."
        )
    wanted = 9 - int(card_kind)
    if wanted not in top["values"]:
        low, high = sorted(top["values"])
        raise RuleError(
            f"Your {card_kind} makes 9 with neither card of {victim_name}'s top floor "
            f"({floor_text(top)}); steal from it with {a(str(low))} or {a(str(high))}."
        )
    index = top["values"].index(wanted)
    taken = top["cards"][index]
    left = top["cards"][1 - index]
    tower.pop()
    state["hands"][seat].remove(card)
    state["discard"].append(left)
    name = state["names"][seat]
    events = [
        public(
            f"{name} plays {a(card_kind)} and steals the {card_text(taken, wanted)} from "
            f"{victim_name}'s floor {len(tower) + 1}; {victim_name}'s "
            f"{card_text(left, top['values'][1 - index])} is discarded."
        )
    ]
    return events + _add_floor(state, seat, [card, taken], [int(card_kind), wanted], "builds")

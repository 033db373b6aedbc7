"""/build and /steal: the two ways to add a floor, and the immediate win at the goal."""

from __future__ import annotations

from games.base import Event, Rng, RuleError, public
from games.gotown.catalog import JOKER, NAMES, a, is_number
from games.gotown.flow import played, require_free_turn
from games.gotown.hands import take_card
from games.gotown.parse import (
    need_player,
    parse_kinds,
    read_target,
    skip_from,
    split_card,
    words_of,
)
from games.gotown.state import GoTownState
from games.gotown.towers import card_text, check_top, floor_text, new_floor

PAIRS = "1+8, 2+7, 3+6 or 4+5"


def _add_floor(
    state: GoTownState, seat: int, cards: list[str], values: list[int], how: str
) -> list[Event]:
    tower = state["towers"][seat]
    tower.append(new_floor(cards, values))
    played(state)
    name = state["names"][seat]
    events = [public(f"{name} {how} floor {len(tower)} with {floor_text(tower[-1])}.", board=True)]
    if len(tower) >= state["goal"]:
        state["winner"] = seat
        events.append(public(f"{name} completes floor {len(tower)} and wins GoTown!", board=True))
    return events


def build(state: GoTownState, seat: int, args: list[str], rng: Rng) -> list[Event]:
    """/build A B: two hand cards that add up to 9 become the next floor; a joker takes 9 - partner."""
    require_free_turn(state, seat)
    kinds = parse_kinds(words_of(args))
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
    chosen = [take_card(state, seat, first), take_card(state, seat, second)]
    number = int(first if second == JOKER else second)
    values = [9 - number if k == JOKER else int(k) for k in kinds]
    return _add_floor(state, seat, chosen, values, "builds")


def steal(state: GoTownState, seat: int, args: list[str], rng: Rng) -> list[Event]:
    """/steal CARD from PLAYER [floor N]: a hand card plus one card of that player's top floor."""
    require_free_turn(state, seat)
    names = state["names"]
    words = words_of(args)
    if not words:
        raise RuleError("Name your card and the player, e.g. /steal 4 from Bob.")
    card_kind, rest = split_card(names, words)
    rest = skip_from(names, rest)
    if card_kind == JOKER:
        raise RuleError("A joker cannot be played to steal; steal with a number card 1 to 8.")
    if not is_number(card_kind):
        raise RuleError(
            f"A {NAMES[card_kind]} cannot steal a floor card; steal with a number card 1 to 8."
        )
    target = read_target(names, rest)
    victim = need_player(target, f"/steal {card_kind} from Bob")
    if victim == seat:
        raise RuleError("You cannot steal from your own tower; name an opponent.")
    check_top(state, victim, target.floor, "rob", "robbed")
    victim_name = names[victim]
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
    card = take_card(state, seat, card_kind)
    tower.pop()
    state["discard"].append(left)
    events = [
        public(
            f"{names[seat]} plays {a(card_kind)} and steals the {card_text(taken, wanted)} from "
            f"{victim_name}'s floor {len(tower) + 1}; {victim_name}'s "
            f"{card_text(left, top['values'][1 - index])} is discarded."
        )
    ]
    return events + _add_floor(state, seat, [card, taken], [int(card_kind), wanted], "builds")

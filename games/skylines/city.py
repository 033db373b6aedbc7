"""A player's city: stacks of built and tucked cards, their visible icons, heights and discounts."""

from __future__ import annotations

from collections import Counter

from games.i18n import _
from games.skylines.cards import Catalog
from games.skylines.state import Passive, SkylinesState, Stack

PASSIVE_EVENTS = (
    "tuck",
    "basic_discard",
    "basic_advance",
    "basic_draw",
    "build_over",
    "sprawl",
    "claim",
    "cost",
)
"""When a city's passive fires ('cost' lowers a type's building cost instead)."""

Target = tuple[str, int]  # ("over", i) | ("gap", i) | ("left", -1) | ("right", -1)


def spots(state: SkylinesState, seat: int) -> list[Stack | None]:
    city: list[Stack | None] = state["cities"][seat]
    return city


def top_of(state: SkylinesState, seat: int, index: int) -> str:
    stack = spots(state, seat)[index]
    assert stack is not None
    return stack["built"][-1]


def stack_cards(stack: Stack) -> list[str]:
    return stack["built"] + stack["tucked"]


def type_icons(cat: Catalog, stack: Stack | None) -> Counter[str]:
    """Building-type icons stay visible on built-over and tucked cards (ruling 4)."""
    total: Counter[str] = Counter()
    if stack is not None:
        total.update(cat.cards[name].type for name in stack_cards(stack))
    return total


def visible_types(state: SkylinesState, cat: Catalog, seat: int) -> Counter[str]:
    total: Counter[str] = Counter()
    for stack in spots(state, seat):
        if stack is not None:
            total.update(cat.cards[name].type for name in stack_cards(stack))
    return total


def landmarks(state: SkylinesState, cat: Catalog, seat: int) -> int:
    return sum(
        1
        for stack in spots(state, seat)
        if stack is not None
        for name in stack_cards(stack)
        if cat.card(name).landmark
    )


def tops(state: SkylinesState, seat: int) -> list[tuple[int, str]]:
    return [(i, s["built"][-1]) for i, s in enumerate(spots(state, seat)) if s is not None]


def top_sites(state: SkylinesState, cat: Catalog, seat: int) -> Counter[str]:
    """Site icons count on top cards only (ruling 4)."""
    return Counter(
        site for _, name in tops(state, seat) if (site := cat.card(name).site) is not None
    )


def heights(state: SkylinesState, seat: int) -> list[int]:
    """Height counts built cards, city included; tucked cards add nothing (ruling 5)."""
    return [len(s["built"]) for s in spots(state, seat) if s is not None]


def tallest(state: SkylinesState, seat: int) -> int:
    return max(heights(state, seat), default=0)


def buildings(state: SkylinesState, seat: int) -> int:
    return len(heights(state, seat))


def city_stack(state: SkylinesState, seat: int) -> int:
    city = state["city"][seat]
    return next(i for i, s in enumerate(spots(state, seat)) if s is not None and city in s["built"])


def city_on_top(state: SkylinesState, seat: int) -> bool:
    city = state["city"][seat]
    return any(name == city for _, name in tops(state, seat))


def passive(state: SkylinesState, cat: Catalog, seat: int, event: str) -> Passive | None:
    """The city's passive for this event, only while the city card is a top card."""
    city = cat.cities.get(state["city"][seat] or "")
    if city is None or city.passive is None or city.passive["on"] != event:
        return None
    return city.passive if city_on_top(state, seat) else None


def targets(state: SkylinesState, seat: int, where: str) -> list[Target]:
    """Where a card may go: over a stack, into a gap, or sprawling left or right."""
    found: list[Target] = []
    city = spots(state, seat)
    if where in ("any", "over"):
        found += [("over", i) for i, s in enumerate(city) if s is not None]
    if where in ("any", "sprawl"):
        found += [("left", -1), ("right", -1)]
        found += [("gap", i) for i, s in enumerate(city) if s is None]
    return found


def neighbours(state: SkylinesState, seat: int, target: Target) -> list[Stack | None]:
    """The stacks whose icons discount a card built at target (ruling 2)."""
    city = spots(state, seat)
    kind, i = target
    if kind == "left":
        return [city[0]]
    if kind == "right":
        return [city[-1]]
    around = [city[j] for j in (i - 1, i + 1) if 0 <= j < len(city)]
    return around + ([city[i]] if kind == "over" else [])


def around(state: SkylinesState, cat: Catalog, seat: int, target: Target) -> Counter[str]:
    """All type icons that can discount a card built at target."""
    total: Counter[str] = Counter()
    for stack in neighbours(state, seat, target):
        if stack is not None:
            total.update(cat.cards[name].type for name in stack_cards(stack))
    return total


def cost(
    cat: Catalog,
    card: str,
    icons: Counter[str],
    less: int,
    free: bool,
    bonus: Passive | None,
) -> int:
    """Printed cost minus the icons around the spot, the city's cost bonus and the action's own
    discount, never below 0; `icons` is `around(...)` and `bonus` is `passive(..., "cost")`."""
    if free:
        return 0
    info = cat.cards[card]
    price = info.cost - icons[cat.discounted_by[info.type]] - less
    if bonus is not None and bonus["type"] == info.type:
        price -= bonus["by"]
    return max(0, price)


def place(state: SkylinesState, seat: int, card: str, target: Target) -> None:
    city = spots(state, seat)
    kind, i = target
    fresh: Stack = {"built": [card], "tucked": []}
    if kind == "over":
        stack = city[i]
        assert stack is not None
        stack["built"].append(card)
    elif kind == "gap":
        city[i] = fresh
    elif kind == "left":
        city.insert(0, fresh)
        state["mayor"][seat] += 1
    else:
        city.append(fresh)


def remove_top(state: SkylinesState, seat: int, index: int) -> list[str]:
    """Take a stolen top card away; an emptied stack leaves a gap (ruling 14). Returns freed tucks."""
    city = spots(state, seat)
    stack = city[index]
    assert stack is not None
    stack["built"].pop()
    if stack["built"]:
        return []
    freed = stack["tucked"]
    city[index] = None
    if state["mayor"][seat] == index:
        state["mayor"][seat] = city_stack(state, seat)
    while city[-1] is None:
        city.pop()
    while city[0] is None:
        city.pop(0)
        state["mayor"][seat] -= 1
    return freed


def spoken(target: Target) -> str:
    kind, i = target
    if kind == "over":
        return _("over building {n}", n=i + 1)
    if kind == "gap":
        return _("in gap {n}", n=i + 1)
    return _("on the left") if kind == "left" else _("on the right")

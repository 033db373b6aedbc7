"""The effect vocabulary mayor actions, city passives and achievements are written in, and its checks."""

from __future__ import annotations

from typing import Any

from games.base import RuleError

TRACK_WORDS = ("profit", "prestige", "population", "any", "split", "lowest", "each", "same")
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
TESTS = ("types_visible", "height", "landmarks_visible", "site_top", "tracks_all")
COMMON = {"do", "may", "upto", "if", "per"}
# Each kind: its own fields (besides COMMON) and which of them are required.
KINDS: dict[str, tuple[set[str], set[str]]] = {
    "draw": ({"n", "from"}, {"n", "from"}),
    "tuck": ({"n", "from", "under", "each"}, {"n", "from", "under"}),
    "discard": ({"n", "each", "then"}, {"n"}),
    "advance": ({"n", "track", "different"}, {"n", "track"}),
    "build": ({"n", "from", "where", "discount", "free", "type"}, set()),
    "claim": ({"n"}, set()),
    "steal": ({"what", "type"}, {"what"}),
    "declare": (set(), set()),
    "reveal": ({"n"}, {"n"}),
    "look": ({"n", "keep"}, {"n", "keep"}),
    "copy": (set(), set()),
}
ENUMS: dict[tuple[str, str], tuple[str, ...]] = {
    ("draw", "from"): ("choice", "deck", "row", "next"),
    ("tuck", "from"): ("hand", "row", "deck"),
    ("tuck", "under"): ("this", "any", "different"),
    ("advance", "track"): TRACK_WORDS,
    ("build", "from"): ("hand", "row", "hand_or_row"),
    ("build", "where"): ("any", "sprawl", "over"),
    ("steal", "what"): ("hand_random", "hand_choice", "top"),
}
COUNTS = ("visible", "beside", "site_top")

SUMMARY = """Effect vocabulary (each mayor action is a list of steps, done in order):
- draw n from choice (card row or deck, chosen per card) | deck | row | next (next level's deck).
- tuck n from hand | row | deck, under this (the card your mayor stands on) | any top card | different top cards; 'each' steps run per card tucked.
- discard n (the cost of 'Discard N: ...'): 'then' steps run once it is paid, 'each' steps per card.
- advance n on profit | prestige | population | any (one chosen track) | split (each step chosen) | lowest | each (all three) | same (the track just used); a negative n declines; 'different' means a track not chosen earlier in the action.
- build n from hand | row | hand_or_row, where any | sprawl | over, with discount d, free, or only of a type.
- claim n achievements you qualify for; steal hand_random | hand_choice (look, then take) | top (a top card of a type, tucked under this card).
- declare a type, then reveal n deck cards and keep those of that type; look at n deck cards and keep some; copy another top card's mayor action.
- Any step may carry 'may' or 'upto' (you may stop or skip it), 'if' (drawn_type T | visible T | matched) and 'per' (count visible | beside | site_top of an icon, with max and plus)."""


def _fail(where: str, field: str, must: str) -> RuleError:
    return RuleError(f"Card file: {where}, field '{field}' {must}.")


def _whole(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _check_if(cond: Any, where: str, path: str, types: tuple[str, ...]) -> None:
    if not isinstance(cond, dict) or len(cond) != 1:
        raise _fail(where, path, "must be an object with one of drawn_type, visible, matched")
    key, value = next(iter(cond.items()))
    if key in ("drawn_type", "visible"):
        if value not in types:
            raise _fail(where, f"{path}.{key}", "must be one of " + ", ".join(types))
    elif key == "matched":
        if value is not True:
            raise _fail(where, f"{path}.matched", "must be true")
    else:
        raise _fail(where, path, "must use drawn_type, visible or matched")


def _check_per(
    per: Any, where: str, path: str, types: tuple[str, ...], sites: tuple[str, ...]
) -> None:
    if not isinstance(per, dict) or per.get("count") not in COUNTS:
        raise _fail(where, f"{path}.count", "must be one of " + ", ".join(COUNTS))
    icons = sites if per["count"] == "site_top" else types
    if per.get("icon") not in icons:
        raise _fail(where, f"{path}.icon", "must be one of " + ", ".join(icons))
    for key in per:
        if key not in ("count", "icon", "max", "plus"):
            raise _fail(where, f"{path}.{key}", "is not a known field")
    if "max" in per and not _whole(per["max"], 1, 20):
        raise _fail(where, f"{path}.max", "must be a whole number from 1 to 20")
    if "plus" in per and not _whole(per["plus"], 0, 20):
        raise _fail(where, f"{path}.plus", "must be a whole number from 0 to 20")


def _check_step(
    step: Any, where: str, path: str, types: tuple[str, ...], sites: tuple[str, ...]
) -> None:
    if not isinstance(step, dict):
        raise _fail(where, path, "must be an object with a 'do' field")
    kind = step.get("do")
    if kind not in KINDS:
        raise _fail(where, f"{path}.do", "must be one of " + ", ".join(KINDS))
    own, required = KINDS[kind]
    for key in required:
        if key not in step:
            raise _fail(where, f"{path}.{key}", "is missing")
    for key, value in step.items():
        field = f"{path}.{key}"
        if key not in own and key not in COMMON:
            raise _fail(where, field, f"is not a field of a '{kind}' step")
        if (kind, key) in ENUMS and value not in ENUMS[(kind, key)]:
            raise _fail(where, field, "must be one of " + ", ".join(ENUMS[(kind, key)]))
        if key == "n":
            low = -20 if kind == "advance" else 1
            if not _whole(value, low, 20) or value == 0:
                raise _fail(where, field, f"must be a non-zero whole number from {low} to 20")
        elif key in ("may", "upto", "different", "free") and not isinstance(value, bool):
            raise _fail(where, field, "must be true or false")
        elif key in ("keep", "discount") and not _whole(value, 0 if key == "discount" else 1, 20):
            raise _fail(where, field, "must be a whole number from 0 to 20")
        elif key == "type" and value is not None and value not in types:
            raise _fail(where, field, "must be null or one of " + ", ".join(types))
        elif key in ("each", "then"):
            check_steps(value, where, field, types, sites)
        elif key == "if":
            _check_if(value, where, field, types)
        elif key == "per":
            _check_per(value, where, field, types, sites)
    if kind == "look" and step["keep"] > step["n"]:
        raise _fail(where, f"{path}.keep", "must not be more than n")


def check_steps(
    steps: Any, where: str, path: str, types: tuple[str, ...], sites: tuple[str, ...]
) -> None:
    """Refuse, naming the card and field, any effect that is not a list of known steps."""
    if not isinstance(steps, list):
        raise _fail(where, path, "must be a list of steps")
    for index, step in enumerate(steps):
        _check_step(step, where, f"{path}[{index}]", types, sites)


def check_passive(passive: Any, where: str, types: tuple[str, ...], sites: tuple[str, ...]) -> None:
    if not isinstance(passive, dict) or passive.get("on") not in PASSIVE_EVENTS:
        raise _fail(where, "passive_effect.on", "must be one of " + ", ".join(PASSIVE_EVENTS))
    if passive["on"] == "cost":
        if passive.get("type") not in types:
            raise _fail(where, "passive_effect.type", "must be one of " + ", ".join(types))
        if not _whole(passive.get("by"), 1, 20):
            raise _fail(where, "passive_effect.by", "must be a whole number from 1 to 20")
        return
    if not isinstance(passive.get("once_per_turn", False), bool):
        raise _fail(where, "passive_effect.once_per_turn", "must be true or false")
    check_steps(passive.get("effect"), where, "passive_effect.effect", types, sites)


def check_test(test: Any, where: str, sites: tuple[str, ...]) -> None:
    if not isinstance(test, dict) or test.get("check") not in TESTS:
        raise _fail(where, "test.check", "must be one of " + ", ".join(TESTS))
    if not _whole(test.get("min"), 1, 99):
        raise _fail(where, "test.min", "must be a whole number from 1 to 99")
    if test["check"] == "site_top" and test.get("site") not in sites:
        raise _fail(where, "test.site", "must be one of " + ", ".join(sites))

"""Loading the card set: the package's original sample (data/cards.json) or a group's own card
file, every field and number checked, refused with the card and field named."""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any, cast

from games.base import RuleError
from games.i18n import N_, Name, _, said
from games.skylines.achievements import MEASURES as TESTS
from games.skylines.cards import MEASURES, ROUND_END, Achievement, Award, Card, Catalog, City
from games.skylines.city import PASSIVE_EVENTS
from games.skylines.effects.registry import check_steps, fail
from games.skylines.grammar import WORDS, forms, keyword, norm
from games.skylines.state import Passive, SkylinesState, Step, Test

MAX_FILE_CHARS = 200_000
MAX_CARDS = 400
MAX_CITIES = 40
MAX_ACHIEVEMENTS = 20
MAX_AWARDS = 10
MAX_TYPES = 10
MAX_SITES = 10
MAX_NAME = 40
MAX_TEXT = 300
MAX_POINTS = 20  # stars, chips, award points, bonuses
KINDS = {
    "card": N_("card"),
    "city": N_("city"),
    "achievement": N_("achievement"),
    "award": N_("award"),
}
"""The entries of a card file, as a refusal names them."""

SECTIONS = (
    "tracks",
    "score_track",
    "card_row_size",
    "deal_per_player_at_round_start",
    "discounted_by",
    "site_icons",
    "cities",
    "achievements",
    "bonus_chips_face_down",
    "game_end_awards",
)
"""Top-level fields a card file may leave out, taking the sample's (only 'cards' is required)."""


def _get(obj: dict[str, Any], where: str, field: str) -> Any:
    if field not in obj:
        raise fail(where, field, _("is missing"))
    return obj[field]


def _int(obj: dict[str, Any], where: str, field: str, low: int = 0, high: int = 99) -> int:
    value = _get(obj, where, field)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise fail(
            where, field, _("must be a whole number from {low} to {high}", low=low, high=high)
        )
    return value


def _text(obj: dict[str, Any], where: str, field: str, limit: int = MAX_TEXT) -> str:
    value = _get(obj, where, field)
    if not isinstance(value, str) or not value.strip():
        raise fail(where, field, _("must be a non-empty text"))
    if len(value.strip()) > limit:
        raise fail(where, field, _("must be at most {limit} characters long", limit=limit))
    return value.strip()


def _named_in(obj: dict[str, Any], where: str, field: str, limit: int = MAX_TEXT) -> str:
    """A text, as a `Name` when the entry also gives it in Polish (field_pl)."""
    english = _text(obj, where, field, limit)
    if f"{field}_pl" not in obj:
        return english
    return Name({"en": english, "pl": _text(obj, where, f"{field}_pl", limit)})


def _name(obj: dict[str, Any], where: str) -> str:
    """The entry's name as its readers see it: a `Name` when it has a Polish one too."""
    name = _named_in(obj, where, "name", MAX_NAME)
    for form in forms(name):
        if not any(ch.isalpha() for ch in form) or keyword(form) in WORDS:
            raise fail(where, "name", _("must hold a letter and not be a command word like 'row'"))
        if norm(form) == norm(ROUND_END):
            raise fail(
                where,
                "name",
                _("must not be '{name}' (that is the round-end card)", name=ROUND_END),
            )
    return name


def _choice(obj: dict[str, Any], where: str, field: str, allowed: tuple[str, ...]) -> str:
    value = _get(obj, where, field)
    if value not in allowed:
        raise fail(where, field, _("must be one of {choices}", choices=", ".join(allowed)))
    return str(value)


def _site(obj: dict[str, Any], where: str, sites: tuple[str, ...]) -> str | None:
    value = obj.get("site")
    if value is not None and value not in sites:
        raise fail(where, "site", _("must be null or one of {sites}", sites=", ".join(sites)))
    return cast(str | None, value)


def _list(data: dict[str, Any], field: str, minimum: int, maximum: int) -> list[Any]:
    value = data.get(field)
    if not isinstance(value, list) or not minimum <= len(value) <= maximum:
        raise RuleError(
            _(
                "Card file: field '{field}' must be a list of {minimum} to {maximum} entries.",
                field=field,
                minimum=minimum,
                maximum=maximum,
            )
        )
    return value


def _named(entry: Any, kind: str, index: int) -> tuple[dict[str, Any], str]:
    what = said(KINDS[kind])
    if not isinstance(entry, dict):
        raise RuleError(
            _("Card file: {kind} number {n} must be an object.", kind=what, n=index + 1)
        )
    name = entry.get("name")
    short = isinstance(name, str) and 0 < len(name) <= MAX_NAME
    if short:
        return entry, _("{kind} '{name}'", kind=what, name=name)
    return entry, _("{kind} number {n}", kind=what, n=index + 1)


def _names(value: Any, field: str, limit: int) -> tuple[str, ...]:
    if (
        not isinstance(value, list)
        or len(value) > limit
        or not all(isinstance(s, str) and 0 < len(s) <= MAX_NAME for s in value)
    ):
        raise RuleError(
            _(
                "Card file: field '{field}' must list at most {limit} names of up to "
                "{most} characters.",
                field=field,
                limit=limit,
                most=MAX_NAME,
            )
        )
    return tuple(value)


def _discounts(data: dict[str, Any]) -> dict[str, str]:
    table = data.get("discounted_by")
    if not isinstance(table, dict) or not 2 <= len(table) <= MAX_TYPES:
        raise RuleError(
            _(
                "Card file: field 'discounted_by' must map each building type (2 to {most}) "
                "to the type that discounts it.",
                most=MAX_TYPES,
            )
        )
    _names(list(table), "discounted_by", MAX_TYPES)
    for kind, by in table.items():
        if by not in table:
            raise fail("discounted_by", kind, _("must name one of the building types"))
    return {str(k): str(v) for k, v in table.items()}


def _card(entry: Any, index: int, types: tuple[str, ...], sites: tuple[str, ...]) -> Card:
    obj, where = _named(entry, "card", index)
    name = _name(obj, where)
    landmark = obj.get("landmark", False)
    if not isinstance(landmark, bool):
        raise fail(where, "landmark", _("must be true or false"))
    effect = _get(obj, where, "effect")
    check_steps(effect, where, "effect", types, sites)
    return Card(
        name=name,
        level=_int(obj, where, "level", 1, 4),
        type=_choice(obj, where, "type", types),
        cost=_int(obj, where, "cost", 0, 20),
        gains=(
            _int(obj, where, "profit", 0, 20),
            _int(obj, where, "prestige", 0, 20),
            _int(obj, where, "population", 0, 20),
        ),
        site=_site(obj, where, sites),
        landmark=landmark,
        text=_named_in(obj, where, "mayor_action"),
        effect=tuple(cast(list[Step], effect)),
    )


def _passive(passive: Any, where: str, types: tuple[str, ...], sites: tuple[str, ...]) -> Passive:
    if not isinstance(passive, dict) or passive.get("on") not in PASSIVE_EVENTS:
        raise fail(
            where,
            "passive_effect.on",
            _("must be one of {choices}", choices=", ".join(PASSIVE_EVENTS)),
        )
    if passive["on"] == "cost":
        if passive.get("type") not in types:
            raise fail(
                where,
                "passive_effect.type",
                _("must be one of {choices}", choices=", ".join(types)),
            )
        _int(passive, where, "by", 1, MAX_POINTS)
        return cast(Passive, passive)
    if not isinstance(passive.get("once_per_turn", False), bool):
        raise fail(where, "passive_effect.once_per_turn", _("must be true or false"))
    check_steps(passive.get("effect"), where, "passive_effect.effect", types, sites)
    return cast(Passive, passive)


def _city(entry: Any, index: int, types: tuple[str, ...], sites: tuple[str, ...]) -> City:
    obj, where = _named(entry, "city", index)
    passive = obj.get("passive_effect")
    return City(
        name=_name(obj, where),
        type=_choice(obj, where, "type", types),
        site=_site(obj, where, sites),
        text=_named_in(obj, where, "passive"),
        passive=None if passive is None else _passive(passive, where, types, sites),
    )


def _test(test: Any, where: str, sites: tuple[str, ...]) -> Test:
    if not isinstance(test, dict) or test.get("check") not in TESTS:
        raise fail(where, "test.check", _("must be one of {choices}", choices=", ".join(TESTS)))
    _int(test, where, "min", 1, 99)
    if test["check"] == "site_top" and test.get("site") not in sites:
        raise fail(where, "test.site", _("must be one of {choices}", choices=", ".join(sites)))
    return cast(Test, test)


def _achievement(entry: Any, index: int, sites: tuple[str, ...]) -> Achievement:
    obj, where = _named(entry, "achievement", index)
    return Achievement(
        name=_name(obj, where),
        text=_named_in(obj, where, "requirement"),
        stars=_int(obj, where, "stars", 0, MAX_POINTS),
        test=_test(_get(obj, where, "test"), where, sites),
    )


def _award(entry: Any, index: int) -> Award:
    obj, where = _named(entry, "award", index)
    return Award(
        name=_name(obj, where),
        text=_named_in(obj, where, "rule"),
        points=_int(obj, where, "points", 0, MAX_POINTS),
        measure=_choice(obj, where, "measure", MEASURES),
    )


def _tracks(data: dict[str, Any]) -> tuple[int, tuple[int, ...], int]:
    obj = data.get("tracks")
    if not isinstance(obj, dict):
        raise RuleError(_("Card file: field 'tracks' must be an object."))
    end = _int(obj, "tracks", "end_space", 4, 99)
    lines = _get(obj, "tracks", "scoring_lines_after_space")
    if not isinstance(lines, list) or not all(
        isinstance(x, int) and not isinstance(x, bool) and 0 <= x < end for x in lines
    ):
        raise fail(
            "tracks",
            "scoring_lines_after_space",
            _("must list whole numbers below {end}", end=end),
        )
    return end, tuple(sorted(set(lines))), _int(obj, "tracks", "first_to_end_bonus", 0, MAX_POINTS)


def _score_end(data: dict[str, Any]) -> int:
    obj = data.get("score_track", {})
    if not isinstance(obj, dict):
        raise RuleError(_("Card file: field 'score_track' must be an object."))
    return _int(obj, "score_track", "end_space", 10, 999) if "end_space" in obj else 60


def _unique(names: list[str], kind: str) -> None:
    """Names (in each of their languages) must differ, or typing one could name two."""
    seen: set[str] = set()
    for name in names:
        folded = {norm(form) for form in forms(name)}
        if folded & seen:
            raise RuleError(
                _(
                    "Card file: the {kind} name '{name}' is used twice (case, spaces and "
                    "punctuation aside); names must be unique.",
                    kind=kind,
                    name=name,
                )
            )
        seen |= folded


def _polish_names(value: Any, field: str, known: tuple[str, ...]) -> dict[str, str]:
    """An optional map from the file's own names (types, sites) to their Polish names."""
    if value is None:
        return {}
    if not isinstance(value, dict) or not all(
        key in known and isinstance(pl, str) and 0 < len(pl.strip()) <= MAX_NAME
        for key, pl in value.items()
    ):
        raise RuleError(
            _(
                "Card file: field '{field}' must map names of the file to Polish names of up "
                "to {most} characters.",
                field=field,
                most=MAX_NAME,
            )
        )
    return {key: Name({"en": key, "pl": pl.strip()}) for key, pl in value.items()}


def _own_or_borrowed(data: dict[str, Any], merged: dict[str, Any], field: str, of: str) -> Any:
    """A Polish map the file gives, or the sample's when the file borrows what it names."""
    return merged.get(field) if field in data or of not in data else None


def build_catalog(data: Any, fallback: dict[str, Any] | None = None) -> Catalog:
    """Validate a whole card file; sections it leaves out come from `fallback` (the sample)."""
    if not isinstance(data, dict):
        raise RuleError(_("Card file: the top level must be a JSON object with a 'cards' list."))
    merged = dict(fallback or {})
    merged.update(data)
    if fallback is not None:
        merged["provenance"] = data.get("provenance", "")
    types = tuple(_discounts(merged))
    sites = _names(merged.get("site_icons", []), "site_icons", MAX_SITES)
    cards = [_card(e, i, types, sites) for i, e in enumerate(_list(merged, "cards", 20, MAX_CARDS))]
    cities = [
        _city(e, i, types, sites) for i, e in enumerate(_list(merged, "cities", 2, MAX_CITIES))
    ]
    achievements = [
        _achievement(e, i, sites)
        for i, e in enumerate(_list(merged, "achievements", 0, MAX_ACHIEVEMENTS))
    ]
    awards = [_award(e, i) for i, e in enumerate(_list(merged, "game_end_awards", 0, MAX_AWARDS))]
    chips = _list(merged, "bonus_chips_face_down", len(achievements), MAX_ACHIEVEMENTS)
    if not all(
        isinstance(c, int) and not isinstance(c, bool) and 0 <= c <= MAX_POINTS for c in chips
    ):
        raise RuleError(
            _(
                "Card file: field 'bonus_chips_face_down' must list whole numbers 0 to {most}.",
                most=MAX_POINTS,
            )
        )
    _unique([c.name for c in cards] + [c.name for c in cities], _("card or city"))
    _unique([a.name for a in achievements], _("achievement"))
    for level in range(1, 5):
        count = sum(1 for c in cards if c.level == level)
        if count < 5:
            raise RuleError(
                _(
                    "Card file: level {level} has {count} cards; each level needs at least 5.",
                    level=level,
                    count=count,
                )
            )
    names: dict[str, str] = {
        str(n): n
        for n in [
            *(a.name for a in awards),
            *(a.name for a in achievements),
            *(c.name for c in cities),
            *(c.name for c in cards),
        ]
        if isinstance(n, Name)
    }
    names |= _polish_names(
        _own_or_borrowed(data, merged, "type_names_pl", "discounted_by"), "type_names_pl", types
    )
    names |= _polish_names(
        _own_or_borrowed(data, merged, "site_icons_pl", "site_icons"), "site_icons_pl", sites
    )
    end, lines, bonus = _tracks(merged)
    top = _("top level")
    provenance = merged.get("provenance", "")
    return Catalog(
        provenance=provenance[:MAX_TEXT] if isinstance(provenance, str) else "",
        cards={str(c.name): plain(c) for c in cards}
        | {
            str(c.name): Card(str(c.name), 0, c.type, 0, (0, 0, 0), c.site, False, c.text, ())
            for c in cities
        },
        cities={str(c.name): City(str(c.name), c.type, c.site, c.text, c.passive) for c in cities},
        achievements=tuple(Achievement(str(a.name), a.text, a.stars, a.test) for a in achievements),
        chips=tuple(chips),
        awards=tuple(Award(str(a.name), a.text, a.points, a.measure) for a in awards),
        discounted_by=_discounts(merged),
        sites=sites,
        track_end=end,
        lines=lines,
        end_bonus=bonus,
        score_end=_score_end(merged),
        row_size=_int(merged, top, "card_row_size", 1, 10),
        deal=_int(merged, top, "deal_per_player_at_round_start", 0, 10),
        custom=fallback is not None,
        borrowed=tuple(s for s in SECTIONS if fallback is not None and s not in data),
        names=names,
    )


def plain(card: Card) -> Card:
    """The card keyed and kept by its English name (the catalog's `names` say it to readers)."""
    return Card(
        str(card.name),
        card.level,
        card.type,
        card.cost,
        card.gains,
        card.site,
        card.landmark,
        card.text,
        card.effect,
    )


def sample_data() -> dict[str, Any]:
    """The sample card file, parsed anew at each call (the caller's to change): `load` keeps
    the catalogues built from it."""
    text = resources.files("games.skylines").joinpath("data/cards.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


@lru_cache(maxsize=16)
def load(text: str | None) -> Catalog:
    """The sample set (text None) or a group's card file given as its JSON text (after a
    UTF-8 byte-order mark, if its editor wrote one)."""
    if text is None:
        return build_catalog(sample_data())
    if len(text) > MAX_FILE_CHARS:
        raise RuleError(
            _(
                "The card file is {size} characters long; at most {most} are allowed.",
                size=len(text),
                most=MAX_FILE_CHARS,
            )
        )
    try:
        data = json.loads(text.removeprefix("\ufeff"))  # a byte-order mark is no part of it
    except json.JSONDecodeError as exc:
        raise RuleError(
            _(
                "The card file is not valid JSON (line {line}, column {column}: {problem}).",
                line=exc.lineno,
                column=exc.colno,
                problem=exc.msg,
            )
        ) from None
    except RecursionError:
        raise RuleError(_("The card file nests its JSON too deeply.")) from None
    except ValueError:  # a number of more than 4300 digits
        raise RuleError(_("The card file is not valid JSON (a number is far too long).")) from None
    return build_catalog(data, sample_data())


def catalog_of(state: SkylinesState) -> Catalog:
    return load(state["cards_file"])

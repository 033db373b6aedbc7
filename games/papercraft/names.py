"""The names players read for the built-in data, in their language (data/units.json "pl"), and
folding so the Polish reads back with or without diacritics.

State keeps the English names (plain JSON); a message wraps them as `Name`s when it says them.
Units pasted with /unit add keep the names their players gave."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from functools import cache, lru_cache
from types import MappingProxyType
from typing import Any

from games.i18n import N_, Name, _, joined, said
from games.papercraft.catalog import ability_key, builtin_abilities, data
from games.papercraft.state import Ability, Piece, Unit, Weapon


@cache
def _polish() -> Mapping[str, Any]:
    return MappingProxyType(data()["pl"])


def fold(text: str) -> str:
    """Lower case without diacritics, so 'Łucznicy' and 'lucznicy' read alike."""
    text = text.casefold().replace("ł", "l")
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def _named(english: str, polish: Mapping[str, str]) -> str:
    pl = polish.get(english)
    return Name({"en": english, "pl": pl}) if pl else english


def unit_name(name: str) -> str:
    """A unit kind's name: built-in units in the reader's language, pasted ones as given."""
    return _named(name, _polish()["units"])


def piece_name(piece: Piece) -> str:
    """A unit on the table, numbered as it is (Legion Grobowy 2 for Grave Legion 2)."""
    return named_piece(piece["name"], piece["kind"])


@lru_cache(maxsize=1024)
def named_piece(label: str, kind: str) -> str:
    """`piece_name` by a unit's label and kind, made once (a Name never changes once made): every
    view names every unit."""
    pl = _polish()["units"].get(kind)
    if not pl or not label.startswith(kind):
        return label
    return Name({"en": label, "pl": pl + label[len(kind) :]})


def pieces_named(pieces: Iterable[Piece], sep: str = ", ") -> str:
    return joined((piece_name(p) for p in pieces), sep)


def weapon_name(unit: Unit, weapon: Weapon) -> str:
    """An attack's name: a built-in unit's in the reader's language, a pasted unit's as given."""
    if unit["name"] not in _polish()["units"]:
        return weapon["name"]
    return _named(weapon["name"], _polish()["attacks"])


def ability_name(entry: Ability | str) -> str:
    """A built-in ability's name (one the referee applies) in the reader's language."""
    if isinstance(entry, str):
        return _named(entry, {k: v["name"] for k, v in _polish()["abilities"].items()})
    if "effect" not in entry:
        return entry["name"]
    return ability_name(entry["name"])


def ability_text(entry: Ability) -> str:
    """A built-in ability's text in the reader's language; a pasted one's as given."""
    found = _polish()["abilities"].get(entry["name"])
    if found is None or "effect" not in entry:
        return entry["text"]
    for known in builtin_abilities().get(entry["name"].casefold(), ()):
        if ability_key(known["text"]) == ability_key(entry["text"]):
            return Name({"en": entry["text"], "pl": found["text"]})
    return entry["text"]


def attack_type(name: str) -> str:
    return _named(name, _polish()["attack_types"])


def either(items: Iterable[str]) -> str:
    """'A', 'A or B', 'A or B or C' in the reader's language."""
    kept = list(items)
    if len(kept) < 2:
        return kept[0] if kept else ""
    return _("{first} or {last}", first=either(kept[:-1]), last=kept[-1])


def both(items: Iterable[str]) -> str:
    """'A', 'A and B', 'A and B and C' in the reader's language."""
    kept = list(items)
    if len(kept) < 2:
        return kept[0] if kept else ""
    return _("{first} and {last}", first=both(kept[:-1]), last=kept[-1])


def attack_types(names: Iterable[str]) -> str:
    return either(attack_type(n) for n in names)


def armor_type(name: str) -> str:
    return _named(name, _polish()["armor_types"])


def primary_type(name: str) -> str:
    return _named(name, _polish()["primary_types"])


def template_name(name: str) -> str:
    return _named(name, _polish()["templates"])


CHAT_LABEL = N_("added in this chat with /unit add")
FILE_LABEL = N_("from this table's units file")


def label_name(label: str) -> str:
    """A unit's provenance as listings show it."""
    if label in (CHAT_LABEL, FILE_LABEL):
        return said(label)
    return _named(label, _polish()["labels"])


def nation_name(nation: str) -> str:
    return _named(nation, _polish()["nations"])


def licence() -> str:
    return Name({"en": data()["licence"], "pl": _polish()["licence"]})


def range_text(attack: Weapon) -> str:
    if attack["melee"]:
        if attack["range"] == 1:
            return _("melee")
        return _('{inches}" (melee)', inches=attack["range"])
    return f'{attack["range"]}"'


def attack_line(unit: Unit, attack: Weapon) -> str:
    return _(
        "{attack}: {types}, {reach}, {hit}, {damage}",
        attack=weapon_name(unit, attack),
        types=attack_types(attack["types"]),
        reach=range_text(attack),
        hit=f"{attack['hit']:+d}",
        damage=attack["damage"],
    )


def ability_label(entry: Ability) -> str:
    if "effect" in entry:
        return ability_name(entry)
    return _("{ability} (not enforced)", ability=entry["name"])


def unit_line(unit: Unit) -> str:
    """One line for listings, with the provenance label kept visible."""
    attacks = joined((attack_line(unit, a) for a in unit["attacks"]), "; ")
    abilities = joined((ability_label(a) for a in unit["abilities"]), ", ", empty=_("none"))
    fields = {
        "unit": unit_name(unit["name"]),
        "points": unit["points"],
        "label": label_name(unit["label"]),
        "primary": primary_type(unit["primary"]),
        "template": template_name(unit["template"]),
        "hp": unit["hp"],
        "move": unit["move"],
        "dodge": f"{unit['dodge']:+d}",
        "armor": armor_type(unit["armor"]),
        "attacks": attacks,
        "abilities": abilities,
    }
    if unit.get("nation"):
        return _(
            "{unit} ({points} pts, {label}, {nation}): {primary} {template}, HP {hp}, "
            'move {move}", dodge {dodge}, armor {armor}; {attacks}; abilities: {abilities}',
            nation=nation_name(unit["nation"] or ""),
            **fields,
        )
    return _(
        "{unit} ({points} pts, {label}): {primary} {template}, HP {hp}, "
        'move {move}", dodge {dodge}, armor {armor}; {attacks}; abilities: {abilities}',
        **fields,
    )

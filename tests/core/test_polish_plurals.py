"""Polish plural and case forms: every counted message of every catalogue has its three Polish
forms, chosen as Polish counts (1; 2-4, 22-24; 5-21, 25...), and every counted noun reads right
for 1, 2, 5, 22 and 25, in the case its sentence needs."""

from __future__ import annotations

import re
from functools import cache

import pytest

from bot import catalogue
from bot.i18n import say
from games.i18n import _, _n

COUNTS = {1: 0, 2: 1, 4: 1, 5: 2, 12: 2, 14: 2, 21: 2, 22: 1, 24: 1, 25: 2, 112: 2, 122: 1}
"""A count and the Polish form it takes: one, few (2-4 but not 12-14), many."""
WITHOUT_NOUN = {
    "{n} LP",
    "{n} more to mark.",
    "You look at: {cards}. Keep {n} with /take CARD.",
    "{who} puts {tokens} on each of {n} other unit.",
}
"""Counted messages whose count stands alone (`{n} PL`, `Jeszcze do zaznaczenia: {n}`)."""
NOUNS = {
    "{n} gold": ("Moneta", "Monety", "Monet"),
    "{n} card": ("karta", "karty", "kart"),
    "{n} unit": ("Jednostka", "Jednostki", "Jednostek"),
    "{n} War": ("Wojna", "Wojny", "Wojen"),
    "{n} age token": ("znacznik Przemijania", "znaczniki Przemijania", "znaczników Przemijania"),
    "{n} floor": ("piętro", "piętra", "pięter"),
    "{n} game": ("gra", "gry", "gier"),
    "{n} win": ("wygrana", "wygrane", "wygranych"),
    "{n} War won": ("wygrana Wojna", "wygrane Wojny", "wygranych Wojen"),
    "{n} level-2 building": ("Budynek", "Budynki", "Budynków"),
    "{n} unit of strength 3+": ("Jednostka", "Jednostki", "Jednostek"),
    "{n} gold of Income": ("moneta Dochodu", "monety Dochodu", "monet Dochodu"),
    "{count} success": ("sukces", "sukcesy", "sukcesów"),
    "{count} failure": ("porażka", "porażki", "porażek"),
    "at most {n} roll": ("rzut", "rzuty", "rzutów"),
    "at most {sides} side": ("ściana", "ściany", "ścian"),
}
"""Every counted noun standing alone, in the nominative (as lists and scores use them)."""


@cache
def plural_messages() -> list[tuple[str, str]]:
    """(singular, plural) msgid of every counted message."""
    return [m.id for m in catalogue.extract() if isinstance(m.id, tuple)]  # type: ignore[misc]


def params(singular: str, plural: str, n: int) -> dict[str, str]:
    """Every placeholder of a counted message filled, its count with n."""
    count = "sides" if "{sides}" in singular else "count" if "{count}" in singular else "n"
    filled = {name: f"<{name}>" for name in catalogue.placeholders(singular + plural)}
    return filled | {count: str(n)}


def said(singular: str, plural: str, n: int) -> str:
    return say(_n(singular, plural, n, **params(singular, plural, n)), "pl")


def test_every_counted_message_has_three_forms_chosen_as_polish_counts() -> None:
    polish = catalogue.read("pl")
    messages = plural_messages()
    assert len(messages) > 80
    for singular, plural in messages:
        forms = polish[singular].string
        assert isinstance(forms, tuple) and len(forms) == 3 and all(forms), singular
        for n, form in COUNTS.items():
            expected = forms[form].format(**params(singular, plural, n))
            assert said(singular, plural, n) == expected, (singular, n)
        if singular not in WITHOUT_NOUN:  # a counted word changes with the count
            shapes = {said(singular, plural, n).replace(str(n), "N") for n in (1, 2, 5)}
            assert len(shapes) > 1, singular


@pytest.mark.parametrize("msgid", sorted(NOUNS))
def test_every_counted_noun_reads_right(msgid: str) -> None:
    one, few, many = NOUNS[msgid]
    plural = next(p for s, p in plural_messages() if s == msgid)
    for n, form in ((1, one), (2, few), (5, many), (22, few), (25, many), (12, many)):
        text = said(msgid, plural, n)
        assert re.search(rf"(?<!\d){n} {re.escape(form)}(?!\w)", text), (n, text)


def test_counted_nouns_keep_their_case_in_sentences() -> None:
    """A count inside a sentence is said where its noun's form does not depend on the verb:
    after a colon (the nominative) or as the sentence's own accusative."""
    price, gold = _n("{n} gold", "{n} gold", 3), _n("{n} gold", "{n} gold", 1)
    refused = _(
        "The {building} costs you {price} and you have {gold}.",
        building="Miasto",
        price=price,
        gold=gold,
    )
    assert say(refused, "pl") == "Budynek Miasto kosztuje: 3 Monety; twój skarbiec: 1 Moneta."
    drafted = _n("Recruitment is over: {n} card drafted each.", "", 1)
    assert say(drafted, "pl").endswith("każdy wybrał 1 kartę.")
    assert say(_n("Recruitment is over: {n} card drafted each.", "", 22), "pl").endswith(
        "22 karty."
    )
    assert say(_n("Recruitment is over: {n} card drafted each.", "", 25), "pl").endswith("25 kart.")
    owed = _n("You still owe {n} of your marks; place them with /mark before /done.", "", 1)
    assert say(owed, "pl").startswith("Zostało ci jeszcze 1 zaznaczenie;")

"""What Paper Tales players type: each verb's arguments, with their words in both languages."""

from __future__ import annotations

from games.base import Arg
from games.i18n import Name, _
from games.papertales.catalog import BUILDINGS

NO_CARD = -1
"""The card value of 'none' (/keep none, /choose none)."""
FRONT = Name({"en": "front", "pl": "przód"})
BACK = Name({"en": "back", "pl": "tył"})
ROW_WORDS = {"front": FRONT, "back": BACK}
"""A row as a command word (what buttons send is English, what the reader sees is theirs)."""
DISCARD = Name({"en": "discard", "pl": "odrzuć"})
NONE = Name({"en": "none", "pl": "nic"})

ROW = Arg("ROW", "choice", _("The row: front or back."), choices=(FRONT, BACK))
BUILDING = Arg(
    "BUILDING",
    "choice",
    _("One of your five buildings."),
    choices=tuple(Name({"en": b.name, "pl": b.pl}) for b in BUILDINGS),
)
DRAFT = (
    Arg("CARD", "card", _("The card you keep from your packet.")),
    Arg(
        "OTHER",
        "card",
        _("2 players: the card you discard."),
        required=False,
        literal=DISCARD,
    ),
)
DEPLOY = (Arg("CARD", "card", _("A card in your hand.")), ROW)
MOVE = (Arg("UNIT", "unit", _("A unit in your kingdom or a face-down card.")), ROW)
DISCARD_UNIT = (Arg("UNIT", "unit", _("The unit or face-down card.")),)
KEEP = (Arg("CARD", "card", _("A card in your hand, or none.")),)
BUILD = (BUILDING, Arg("LEVEL", "choice", _("1 or 2."), required=False, choices=("1", "2")))
UPGRADE = (BUILDING,)
CHOOSE = (Arg("UNIT", "unit", _("One of the units offered, or none where allowed.")),)

"""claim n achievements you qualify for."""

from __future__ import annotations

from typing import ClassVar

from games.base import Args, Move
from games.i18n import N_, _
from games.skylines.achievements import claim, claimable
from games.skylines.cards import Catalog
from games.skylines.context import Context
from games.skylines.effects.base import COUNT, Fields, Kind, card_moves, finish_one
from games.skylines.state import SkylinesState, Step


class Claim(Kind):
    name = "claim"
    verb = "achieve"
    fields: ClassVar[Fields] = {"n": COUNT}
    title = N_("claim")
    summary = N_("claim n achievements you qualify for.")

    def prompt(self, state: SkylinesState, step: Step) -> str:
        return _("claim an achievement you qualify for: /achieve NAME")

    def moves(self, state: SkylinesState, cat: Catalog, seat: int, step: Step) -> list[Move]:
        return card_moves("achieve", cat, claimable(state, cat, seat))

    def answer(self, t: Context, seat: int, step: Step, args: Args) -> None:
        name = args.one("NAME", str)
        finish_one(t.state, step)
        claim(t, seat, name)


KIND = Claim()

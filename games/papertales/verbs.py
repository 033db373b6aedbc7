"""The Paper Tales verbs: one declaration each, with typed arguments and the handler."""

from __future__ import annotations

from games.args import by_words
from games.base import Arg, Event, GameVerb, Rng, RuleError, Verb
from games.i18n import _
from games.papertales import build, choices, deploy, draft, reveal
from games.papertales.catalog import BUILDINGS
from games.papertales.moves import entry_for
from games.papertales.state import PaperTalesState

ROW = Arg("ROW", "choice", _("The row: front or back."), choices=("front", "back"))
BUILDING = Arg(
    "BUILDING", "choice", _("One of your five buildings."), choices=tuple(b.name for b in BUILDINGS)
)


def _discard(state: PaperTalesState, seat: int, args: list[str], rng: Rng) -> list[Event]:
    """While deploying: plan a discard; after the reveal: give up a unit you cannot pay for."""
    if state["phase"] == "pay":
        return reveal.act_pay_discard(state, seat, args, rng)
    return deploy.act_discard(state, seat, args, rng)


def _ready(state: PaperTalesState, seat: int, args: list[str], rng: Rng) -> list[Event]:
    """Finish Deployment, or Construction without building."""
    phase = state["phase"]
    if phase == "build":
        return build.act_pass(state, seat)
    if phase == "deploy":
        return deploy.act_ready(state, seat)
    if phase == "recruit":
        raise RuleError(_("Recruitment ends by itself; pick with /draft CARD."))
    if phase == "pay":
        raise RuleError(_("First give up a new unit you cannot pay for: /discard UNIT."))
    raise RuleError(_("Answer your open choice with /choose UNIT (see /hand)."))


def _pass(state: PaperTalesState, seat: int, args: list[str], rng: Rng) -> list[Event]:
    return build.act_pass(state, seat)


def _choose(state: PaperTalesState, seat: int, args: list[str], rng: Rng) -> list[Event]:
    """Answer an open choice; a player short of gold may name the unit to discard this way too."""
    entry = entry_for(state, seat)
    if entry is not None and entry["kind"] == "pay":
        return reveal.act_pay_discard(state, seat, args, rng)
    return choices.act_choose(state, seat, args, rng)


VERBS: tuple[GameVerb[PaperTalesState], ...] = (
    Verb(
        "draft",
        _("Keep a card from your packet (2 players: and discard another)."),
        by_words(draft.act_draft),
        args=(
            Arg("CARD", "card", _("The card you keep from your packet.")),
            Arg(
                "OTHER",
                "card",
                _("2 players: the card you discard."),
                required=False,
                literal="discard",
            ),
        ),
        examples=("/draft Knight", "/draft Demon discard Farmer 2"),
    ),
    Verb(
        "deploy",
        _("Place a hand card face down in your Front or Back row."),
        by_words(deploy.act_deploy),
        args=(Arg("CARD", "card", _("A card in your hand.")), ROW),
        examples=("/deploy Demon front",),
    ),
    Verb(
        "move",
        _("Move a unit in your kingdom to the other row before the reveal."),
        by_words(deploy.act_move),
        args=(Arg("UNIT", "unit", _("A unit in your kingdom or a face-down card.")), ROW),
        examples=("/move Hunter 1 back",),
    ),
    Verb(
        "discard",
        _("Discard a unit in play, take back a face-down card, or drop a unit you cannot pay for."),
        by_words(_discard),
        args=(Arg("UNIT", "unit", _("The unit or face-down card.")),),
        examples=("/discard Time Master 2",),
    ),
    Verb(
        "keep",
        _("Save one hand card for next turn (or none)."),
        by_words(deploy.act_keep),
        args=(Arg("CARD", "card", _("A card in your hand, or none.")),),
        examples=("/keep Knight", "/keep none"),
    ),
    Verb(
        "ready",
        _("Finish Deployment (or Construction without building)."),
        by_words(_ready),
        role="end_turn",
        label=_("Ready"),
        examples=("/ready",),
    ),
    Verb(
        "build",
        _("Build a new building at level 1, or straight at level 2."),
        by_words(build.act_build),
        args=(BUILDING, Arg("LEVEL", "choice", _("1 or 2."), required=False, choices=("1", "2"))),
        examples=("/build Town", "/build Tavern 2"),
    ),
    Verb(
        "upgrade",
        _("Upgrade a level-1 building to level 2."),
        by_words(build.act_upgrade),
        args=(BUILDING,),
        examples=("/upgrade Town",),
    ),
    Verb(
        "pass",
        _("Build nothing this turn."),
        by_words(_pass),
        role="end_turn",
        label=_("Pass"),
        examples=("/pass",),
    ),
    Verb(
        "choose",
        _("Answer an open choice: where age tokens go, whom a Healer saves, what you cannot pay."),
        by_words(_choose),
        args=(Arg("UNIT", "unit", _("One of the units offered, or none where allowed.")),),
        examples=("/choose Knight 1", "/choose none"),
    ),
)

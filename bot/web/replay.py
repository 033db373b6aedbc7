"""A finished game stepped through action by action, from its export (the table's own, or a
file given to the page): the board after each action, what it said (dice included), and the
seed checked against the commitment and every digest, as `paperref verify` checks them."""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Any

from bot.i18n import localise_view, say
from bot.web.draw import view_html
from bot.web.pages import document, outcome_html
from games.base import Action, Outcome, Rng, RuleError, View
from games.i18n import _
from games.registry import GAMES, engine_for
from games.replay import apply


@dataclass(frozen=True)
class Step:
    """The table after `number` actions (0: as set up)."""

    number: int
    total: int
    said: tuple[str, ...]
    view: View
    outcome: Outcome | None
    names: tuple[tuple[str, bool], ...]


def step_of(doc: dict[str, Any], number: int, lang: str) -> Step:
    """Replay the export from its seed up to action `number` (clamped to the game's length);
    a RuleError says where it no longer replays."""
    game = str(doc.get("game"))
    if game not in GAMES or not doc.get("seed"):
        raise RuleError(_("This is not a finished game's export."))
    engine = engine_for(game)
    seats = sorted(doc["seats"], key=lambda seat: seat["position"])
    names = [str(seat["name"]) for seat in seats]
    actions = doc.get("actions", [])
    number = max(0, min(number, len(actions)))
    rng = Rng(str(doc["seed"]))
    state, events = engine.setup(names, doc.get("options", {}), rng)
    for record in actions[:number]:
        action = Action(int(record["seat"]), str(record["verb"]), tuple(record["args"]))
        events = apply(engine, state, action, rng, names[action.seat], atomic=False)
    said = tuple(say(event.text, lang) for event in events if event.to is None)
    return Step(
        number=number,
        total=len(actions),
        said=said,
        view=localise_view(engine.view(state, None, figures=True), lang),
        outcome=engine.outcome(state) if number == len(actions) else None,
        names=tuple((name, bool(seat.get("bot"))) for name, seat in zip(names, seats, strict=True)),
    )


def _nav(base: str, step: Step, lang: str) -> str:
    links = [
        (0, _("First")),
        (step.number - 1, _("Previous")),
        (step.number + 1, _("Next")),
        (step.total, _("Last")),
    ]
    items = "".join(
        f'<a href="{escape(base)}?step={max(0, min(n, step.total))}" data-key="{key}">'
        f"{escape(say(label, lang))}</a> "
        for (n, label), key in zip(links, ("Home", "ArrowLeft", "ArrowRight", "End"), strict=True)
    )
    return f'<nav class="step" aria-label="{escape(say(STEPS, lang))}">{items}</nav>'


STEPS = _("Steps")
VERIFIED = _("verified")
KEYS = (
    "document.addEventListener('keydown',e=>{const a=document.querySelector("
    "'nav.step a[data-key=\"'+e.key+'\"]');if(a){location.href=a.href;}});"
)


def replay_document(
    doc: dict[str, Any], number: int, base: str, verified: tuple[bool, str], lang: str = "en"
) -> str:
    """One step's page: where it is in the game, what the action said, the board, and whether
    the export verifies (`verify_document`'s answer: seed against commitment, every digest)."""
    ok, why = verified
    step = step_of(doc, number, lang)
    title = say(_("Replay of {game}", game=engine_for(str(doc["game"])).title), lang)
    where = say(_("Action {number} of {total}", number=step.number, total=step.total), lang)
    checked = say(VERIFIED, lang) if ok else say(_("not verified: {why}", why=why), lang)
    check = f'<p class="{"verified" if ok else "failed"}">{escape(checked)}</p>'
    seed = escape(
        say(
            _(
                "Seed {seed}, commitment {commitment}",
                seed=doc["seed"],
                commitment=doc.get("commitment"),
            ),
            lang,
        )
    )
    said = "".join(f"<li>{escape(line)}</li>" for line in step.said)
    final = outcome_html(step.outcome, step.names, lang) if step.outcome is not None else ""
    body = (
        f"<header><h1>{escape(title)}</h1>{check}<p><small>{seed}</small></p></header>"
        f'{_nav(base, step, lang)}<h2 aria-live="polite">{escape(where)}</h2><ul class="log">{said}</ul>'
        f'{final}<section class="board">{view_html(step.view)}</section>'
        f"<script>{KEYS}</script>"
    )
    return document(title, body, lang, script=False)


def upload_document(lang: str = "en", refused: str = "") -> str:
    """The form that loads an /export file into a replay."""
    head = escape(say(_("Replay an exported game"), lang))
    label = escape(say(_("Export file"), lang))
    submit = escape(say(_("Replay"), lang))
    said = f'<p class="failed" role="alert">{escape(refused)}</p>' if refused else ""
    body = (
        f'<h1>{head}</h1>{said}<form method="post" action="/replay" enctype="multipart/form-data">'
        f'<label for="export">{label}</label> <input id="export" name="export" type="file" accept=".json,application/json">'
        f' <button type="submit">{submit}</button></form>'
    )
    return document(head, body, lang, script=False)

"""What each seat owes now and the legal moves that answer it."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import islice

from games.args import Context, Vocabulary, offer, refused
from games.base import Move
from games.i18n import _
from games.papertales import grammar
from games.papertales.catalog import find_card, fold, match_card, name, unit, words
from games.papertales.costs import affordable
from games.papertales.faces import short
from games.papertales.kingdom import free, layout
from games.papertales.state import PaperTalesState, Pending, Row

CHOICE_PHASES = ("pay", "time", "alch", "heal")
MAX_NAME_WORDS = 4
"""The most words a card's label takes ('Poszukiwaczka przygód 2' takes three)."""
ROWS: tuple[Row, Row] = ("front", "back")
NONE_FOLDED = frozenset(fold(form) for form in grammar.NONE.forms.values())
"""'none' in each language, folded as typed words are."""


def two_players(state: PaperTalesState) -> bool:
    return len(state["names"]) == 2


def owes_pick(state: PaperTalesState, seat: int) -> bool:
    """The seat holds a packet and has not picked from it yet."""
    p = state["players"][seat]
    return state["phase"] == "recruit" and bool(p["packet"]) and not p["picked"]


def owes_ready(state: PaperTalesState, seat: int) -> bool:
    """The seat is still deploying."""
    return state["phase"] == "deploy" and not state["players"][seat]["ready"]


def owes_build(state: PaperTalesState, seat: int) -> bool:
    """The seat has not built, upgraded or passed this Construction."""
    return state["phase"] == "build" and not state["players"][seat]["ready"]


def entry_for(state: PaperTalesState, seat: int) -> Pending | None:
    """The seat's first open choice, if the current phase has one."""
    if state["phase"] not in CHOICE_PHASES:
        return None
    return next((e for e in state["pending"] if e["seat"] == seat), None)


def candidates(state: PaperTalesState, entry: Pending) -> list[int]:
    """Cards an open choice may name: revealed units that cost gold (pay), dying units the
    source may save (save), or any unit of the seat's kingdom (age tokens)."""
    p = state["players"][entry["seat"]]
    if entry["kind"] == "pay":
        return [n["card"] for n in p["unpaid"] if unit(n["card"]).cost > 0]
    if entry["kind"] == "save":
        rules = [e for e in unit(entry["source"] or 0).hook("aging") if e.action == "save"]
        ages = {s["card"]: s["age"] for s in p["units"]}
        return [
            c for c in p["dying"] if any(all(cond.holds(ages[c]) for cond in r.save) for r in rules)
        ]
    return [s["card"] for s in p["units"]]


def waiting(state: PaperTalesState) -> list[int]:
    """Seats that still owe a choice in the current phase, without building move lists."""
    seats = range(len(state["names"]))
    phase = state["phase"]
    if phase == "recruit":
        return [s for s in seats if owes_pick(state, s)]
    if phase == "deploy":
        return [s for s in seats if owes_ready(state, s)]
    if phase == "build":
        return [s for s in seats if owes_build(state, s)]
    return sorted({e["seat"] for e in state["pending"]}) if phase != "over" else []


def legal(state: PaperTalesState, seat: int) -> list[Move]:
    """The moves of the current phase for this seat."""
    phase = state["phase"]
    if phase == "recruit":
        return draft_moves(state, seat)
    if phase == "deploy":
        return deploy_moves(state, seat)
    if phase == "build":
        return build_moves(state, seat)
    return choice_moves(state, seat)


def _distinct(cards: Sequence[int]) -> list[int]:
    """One card per unit name: identical copies are the same choice."""
    seen: dict[str, int] = {}
    for c in cards:
        seen.setdefault(name(c), c)
    return list(seen.values())


def draft_moves(state: PaperTalesState, seat: int, limit: int | None = None) -> list[Move]:
    """One pick per distinct unit (2 players: each pick with each discard); the first `limit`
    of them (a packet's buttons: not every pairing is written out to be dropped)."""
    if not owes_pick(state, seat):
        return []
    return list(islice(_draft_moves(state, seat), limit))


def _draft_moves(state: PaperTalesState, seat: int) -> Iterator[Move]:
    packet = state["players"][seat]["packet"]
    picks = _distinct(packet)
    said = context(state, seat)
    if not two_players(state) or len(packet) < 2:
        for c in picks:
            yield offer("draft", grammar.DRAFT, {"CARD": c}, said, _("Draft {card}", card=short(c)))
        return
    for c in picks:
        rest = [d for d in packet if d != c]
        for d in _distinct(rest):
            label = _("Draft {card}, discard {other}", card=short(c), other=short(d))
            yield offer("draft", grammar.DRAFT, {"CARD": c, "OTHER": d}, said, label)


def deploy_moves(state: PaperTalesState, seat: int, limit: int | None = None) -> list[Move]:
    """Ready, deploys into open rows, keeps, moves and discards; the first `limit` of them."""
    if not owes_ready(state, seat):
        return []
    return list(islice(_deploy_moves(state, seat), limit))


def _deploy_moves(state: PaperTalesState, seat: int) -> Iterator[Move]:
    p = state["players"][seat]
    said = context(state, seat)
    yield Move("ready")
    open_rows = [r for r in ROWS if free(p, r) > 0]
    for c in _distinct(p["hand"]):
        for r in open_rows:
            label = _("Deploy {card} {row}", card=short(c), row=grammar.ROW_WORDS[r])
            yield offer("deploy", grammar.DEPLOY, {"CARD": c, "ROW": r}, said, label)
        if p["kept"] is None:
            yield offer("keep", grammar.KEEP, {"CARD": c}, said, _("Keep {card}", card=short(c)))
    for c, r, _new in layout(p):
        other = "back" if r == "front" else "front"
        if other in open_rows:
            yield offer("move", grammar.MOVE, {"UNIT": c, "ROW": other}, said)
        yield offer("discard", grammar.DISCARD_UNIT, {"UNIT": c}, said)
    if p["kept"] is not None:
        yield offer("keep", grammar.KEEP, {"CARD": grammar.NO_CARD}, said)


def build_moves(state: PaperTalesState, seat: int) -> list[Move]:
    """Pass plus every affordable construction."""
    if not owes_build(state, seat):
        return []
    said = context(state, seat)
    moves = [Move("pass")]
    for building, level, upgrade in affordable(state["players"][seat]):
        if upgrade:
            moves.append(offer("upgrade", grammar.UPGRADE, {"BUILDING": building}, said))
        else:
            values = {"BUILDING": building, "LEVEL": str(level)}
            moves.append(offer("build", grammar.BUILD, values, said))
    return moves


def choice_moves(state: PaperTalesState, seat: int) -> list[Move]:
    """Every answer to the seat's first open choice (a unit to discard when it cannot pay)."""
    entry = entry_for(state, seat)
    if entry is None:
        return []
    said = context(state, seat)
    verb, args = (
        ("discard", grammar.DISCARD_UNIT) if entry["kind"] == "pay" else ("choose", grammar.CHOOSE)
    )
    moves = [offer(verb, args, {"UNIT": c}, said) for c in candidates(state, entry)]
    if entry["kind"] == "save":
        moves.append(offer("choose", grammar.CHOOSE, {"UNIT": grammar.NO_CARD}, said))
    return moves


def pay_default(state: PaperTalesState, seat: int) -> int:
    """The unit discarded when the player does not choose: pay in the order deployed and drop
    the first unit the gold no longer covers."""
    p = state["players"][seat]
    gold = p["gold"]
    for n in p["unpaid"]:
        cost = unit(n["card"]).cost
        if cost > gold:
            return n["card"]
        gold -= max(cost, 0)
    return next(n["card"] for n in p["unpaid"] if unit(n["card"]).cost > 0)


def _shown(card: int) -> str:
    return grammar.NONE if card == grammar.NO_CARD else words(card)[0]


def _cards(
    candidates: Sequence[int], where: str, *, any_copy: bool, secret: bool, none: bool
) -> Vocabulary:
    """A card among the candidates by its label, name or the start of its name ('none' too
    where allowed); the refusal is match_card's, which names no secret card."""

    def nothing(text: str) -> bool:
        return none and fold(text) in NONE_FOLDED

    def strict(words: Sequence[str]) -> int:
        text = " ".join(words)
        if nothing(text):
            return grammar.NO_CARD
        return match_card(text, candidates, where, any_copy=any_copy, secret=secret)

    def lookup(words: Sequence[str]) -> int | None:
        text = " ".join(words)
        return grammar.NO_CARD if nothing(text) else find_card(text, candidates, any_copy=any_copy)

    return Vocabulary(lookup, _shown, lambda words: refused(strict, words), MAX_NAME_WORDS)


def context(state: PaperTalesState, seat: int) -> Context:
    """Reading this seat's words: a card is one of its packet (Recruitment) or hand, a unit one
    its open choice offers, else one of its planned kingdom."""
    p = state["players"][seat]
    if state["phase"] == "recruit":
        cards = _cards(p["packet"], _("in your packet"), any_copy=True, secret=True, none=False)
    else:
        deploying = state["phase"] == "deploy"
        cards = _cards(p["hand"], _("in your hand"), any_copy=True, secret=True, none=deploying)
    entry = entry_for(state, seat)
    if entry is not None and entry["kind"] == "pay":
        where = _("among your unpaid units")
        units = _cards(candidates(state, entry), where, any_copy=False, secret=False, none=False)
    elif entry is not None:
        saving = entry["kind"] == "save"
        where = _("you may choose")
        units = _cards(candidates(state, entry), where, any_copy=False, secret=False, none=saving)
    else:
        kingdom = [c for c, _row, _new in layout(p)]
        units = _cards(kingdom, _("in your kingdom"), any_copy=False, secret=True, none=False)
    return Context(state["names"], {"card": cards, "unit": units})

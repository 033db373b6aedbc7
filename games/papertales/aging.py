"""Phase 6, Aging, and the end of the game: deaths, death abilities, final scoring."""

from __future__ import annotations

from games.base import Event, public
from games.i18n import _, joined, to_json
from games.papertales.catalog import BUILDING_BY_NAME, card_names, local, unit
from games.papertales.choices import prompt_pending
from games.papertales.effects import Kingdom, dies, slot_gains
from games.papertales.kingdom import apply_gain
from games.papertales.state import PaperTalesState, Player, UnitSlot
from games.papertales.texts import gold, lp, units


def start_aging(state: PaperTalesState) -> list[Event]:
    """Mark the dying; each unit able to save one of them asks its owner."""
    state["phase"] = "heal"
    for seat, p in enumerate(state["players"]):
        p["dying"] = [s["card"] for s in p["units"] if dies(s)]
        ages = {s["card"]: s["age"] for s in p["units"]}
        for slot in p["units"]:
            for effect in unit(slot["card"]).hook("aging"):
                savable = [c for c in p["dying"] if all(r.holds(ages[c]) for r in effect.save)]
                if effect.action == "save" and savable:
                    state["pending"].append(
                        {"seat": seat, "kind": "save", "source": slot["card"], "tokens": 0}
                    )
    return prompt_pending(state)


def signed(amount: int, kind: str) -> str:
    """'+3 LP', '-1 gold'."""
    said = (lp if kind == "lp" else gold)(abs(amount))
    return joined(("+" if amount >= 0 else "-", said), "")


def _note(amount: int, kind: str, source: str) -> str:
    return _("{source} {amount}", source=local(source), amount=signed(amount, kind))


def death_rewards(p: Player, dead: list[UnitSlot]) -> list[str]:
    """The dying units' own abilities (gains before losses), then every Aging ability of the
    kingdom that counts the dying (the dead included); LP never drops below 0."""
    kingdom = Kingdom(p, dying=dead)
    own = [
        (amount, kind, unit(slot["card"]).name)
        for slot in dead
        for amount, kind in slot_gains(slot, "death", kingdom)
    ]
    own.sort(key=lambda part: part[0] < 0)
    _, _, watching = kingdom.gains("aging")
    notes = []
    for amount, kind, source in own + watching:
        done = apply_gain(p, kind, amount)
        notes.append(_note(done, kind, source))
    return notes


def finish_aging(state: PaperTalesState) -> list[Event]:
    """Death abilities, discard the dead, then every survivor takes one token."""
    lines: list[str] = [_("Turn {turn}, Aging:", turn=state["turn"])]
    for seat, p in enumerate(state["players"]):
        dead = [s for s in p["units"] if s["card"] in p["dying"]]
        notes = death_rewards(p, dead)
        for slot in dead:
            p["units"].remove(slot)
            state["discard"].append(slot["card"])
        for slot in p["units"]:
            slot["age"] += 1
        p["dying"] = []
        lines.append(
            _(
                "{name}: {dead} died{notes}; {units} age by 1; {lp}, {gold}.",
                name=state["names"][seat],
                dead=card_names([s["card"] for s in dead]),
                notes=_(" ({notes})", notes=joined(notes)) if notes else "",
                units=units(len(p["units"])),
                lp=lp(p["lp"]),
                gold=gold(p["gold"]),
            )
        )
    return [public(joined(lines, "\n"), board=True)]


def final_scoring(state: PaperTalesState) -> list[Event]:
    """After turn 4: building LP and every end-of-game ability."""
    state["phase"] = "over"
    lines: list[str] = [_("The game is over. Final scoring:")]
    for seat, p in enumerate(state["players"]):
        built = sum(BUILDING_BY_NAME[b].lp[level - 1] for b, level in p["buildings"].items())
        apply_gain(p, "lp", built)
        gains: list[str] = [_("{amount} from buildings", amount=signed(built, "lp"))]
        for amount, kind, source in Kingdom(p).gains("end")[2]:
            done = apply_gain(p, kind, amount)
            gains.append(
                _("{amount} from the {source}", amount=signed(done, kind), source=local(source))
            )
        line = _(
            "{name}: {gains}; {lp}, {gold}.",
            name=state["names"][seat],
            gains=joined(gains),
            lp=lp(p["lp"]),
            gold=gold(p["gold"]),
        )
        state["final"].append(to_json(line))
        lines.append(line)
    return [public(joined(lines, "\n"), board=True)]

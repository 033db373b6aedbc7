"""Phase 6, Aging, and the end of the game: deaths, death abilities, final scoring."""

from __future__ import annotations

from games.base import Event, public
from games.papertales.catalog import BUILDING_BY_NAME, labels, local, unit
from games.papertales.choices import prompt_pending
from games.papertales.effects import Kingdom, dies, slot_gains
from games.papertales.kingdom import apply_gain
from games.papertales.state import PaperTalesState, Player, UnitSlot


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


def _note(amount: int, kind: str, source: str, lang: str) -> str:
    sign = "+" if amount >= 0 else ""
    return f"{local(source, lang)} {sign}{amount} {'LP' if kind == 'lp' else 'gold'}"


def death_rewards(p: Player, dead: list[UnitSlot], lang: str = "en") -> list[str]:
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
        notes.append(_note(done, kind, source, lang))
    return notes


def finish_aging(state: PaperTalesState) -> list[Event]:
    """Death abilities, discard the dead, then every survivor takes one token."""
    lines = [f"Turn {state['turn']}, Aging:"]
    for seat, p in enumerate(state["players"]):
        dead = [s for s in p["units"] if s["card"] in p["dying"]]
        notes = death_rewards(p, dead, state["lang"])
        for slot in dead:
            p["units"].remove(slot)
            state["discard"].append(slot["card"])
        for slot in p["units"]:
            slot["age"] += 1
        p["dying"] = []
        line = f"{state['names'][seat]}: {labels(state, [s['card'] for s in dead])} died"
        if notes:
            line += f" ({', '.join(notes)})"
        lines.append(line + f"; {len(p['units'])} units age by 1; {p['lp']} LP, {p['gold']} gold.")
    return [public("\n".join(lines), board=True)]


def final_scoring(state: PaperTalesState) -> list[Event]:
    """After turn 4: building LP and every end-of-game ability."""
    state["phase"] = "over"
    lines = ["The game is over. Final scoring:"]
    for seat, p in enumerate(state["players"]):
        built = sum(BUILDING_BY_NAME[b].lp[level - 1] for b, level in p["buildings"].items())
        apply_gain(p, "lp", built)
        detail = f"{state['names'][seat]}: +{built} LP from buildings"
        _, _, parts = Kingdom(p).gains("end")
        for amount, kind, source in parts:
            done = apply_gain(p, kind, amount)
            what = "LP" if kind == "lp" else "gold"
            detail += f", +{done} {what} from the {local(source, state['lang'])}"
        state["final"].append(detail + f"; {p['lp']} LP, {p['gold']} gold.")
        lines.append(state["final"][-1])
    return [public("\n".join(lines), board=True)]

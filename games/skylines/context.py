"""The context one move works in: the state, its card catalog, the table's rng, and the events
the move has to tell so far."""

from __future__ import annotations

from dataclasses import dataclass, field

from games.base import Event, Rng, private, public
from games.skylines.cards import Catalog
from games.skylines.state import SkylinesState


@dataclass
class Context:
    state: SkylinesState
    cat: Catalog
    rng: Rng
    out: list[Event] = field(default_factory=list)

    def name(self, seat: int) -> str:
        return str(self.state["names"][seat])

    def say(self, text: str, *, board: bool = False, reveal: bool = False) -> None:
        """A public event; `reveal` when it shows something hidden until now (deck cards, choices)."""
        self.out.append(public(text, board=board, reveals=reveal))

    def tell(self, seat: int, text: str, *, reveals: bool = True) -> None:
        self.out.append(private(seat, text, reveals=reveals))

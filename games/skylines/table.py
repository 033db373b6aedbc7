"""What one action works on: the state, its catalog, the table's rng and the events to send."""

from __future__ import annotations

from dataclasses import dataclass, field

from games.base import Event, Rng, State, private, public
from games.skylines.catalog import Catalog


@dataclass
class Table:
    state: State
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

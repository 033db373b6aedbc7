"""A result stored before results kept each seat's side gets it from its table's state (Papercraft
2v2 `teams`): the leaderboard rates stored results again in order, and read without sides a 2v2
game was four players alone, not the two teams its ratings were moved by.

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-28 00:30:00.000000
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None

RESULTS = sa.table(
    "results",
    sa.column("id", sa.Integer),
    sa.column("table_id", sa.Integer),
    sa.column("seats", sa.JSON),
)
TABLES = sa.table("tables", sa.column("id", sa.Integer), sa.column("state", sa.JSON))


def sided(seats: Any, state: Any) -> list[Any] | None:
    """The seats with their sides from the state's teams; None when there is nothing to add."""
    teams = state.get("teams") if isinstance(state, dict) else None
    if not isinstance(seats, list) or not isinstance(teams, list) or len(teams) != len(seats):
        return None
    if not all(isinstance(seat, dict) and "side" not in seat for seat in seats):
        return None
    return [{**seat, "side": int(team)} for seat, team in zip(seats, teams, strict=True)]


def upgrade() -> None:
    bind = op.get_bind()
    found = bind.execute(
        sa.select(RESULTS.c.id, RESULTS.c.seats, TABLES.c.state).join(
            TABLES, TABLES.c.id == RESULTS.c.table_id
        )
    ).all()
    for result_id, seats, state in found:
        given = sided(seats, state)
        if given is not None:
            bind.execute(RESULTS.update().where(RESULTS.c.id == result_id).values(seats=given))


def downgrade() -> None:
    """Nothing to undo: a release before this one reads a seat's side or leaves it alone."""

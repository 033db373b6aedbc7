"""tables.next_seq: the next action number kept on the table row (no max(seq) per command);
actions.snapshot: the state after every Nth action, so /undo replays only from the nearest

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-23 16:40:00.000000
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


# Plain ALTER TABLE on both databases (SQLite >= 3.35 drops columns natively): a batch
# "copy and move" of `tables` would cascade-delete every seat and action on SQLite.


def upgrade() -> None:
    op.add_column("tables", sa.Column("next_seq", sa.Integer(), nullable=False, server_default="1"))
    op.add_column("actions", sa.Column("snapshot", sa.JSON(), nullable=True))
    op.execute(
        "UPDATE tables SET next_seq = 1 + COALESCE("
        "(SELECT MAX(seq) FROM actions WHERE actions.table_id = tables.id), 0)"
    )


def downgrade() -> None:
    op.drop_column("actions", "snapshot")
    op.drop_column("tables", "next_seq")

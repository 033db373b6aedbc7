"""A table's options move to a row of their own (table_options), written once with the table:
a move rewrites its table's row, which SQLite writes whole, and a Papercraft table's options may
hold a units file or a chat's 300 units (up to 200 KB), written again at every move before.

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-27 16:30:00.000000
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "table_options",
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("table_id"),
    )
    op.execute("INSERT INTO table_options (table_id, options) SELECT id, options FROM tables")
    op.execute("ALTER TABLE tables DROP COLUMN options")


def downgrade() -> None:
    op.add_column("tables", sa.Column("options", sa.JSON(), nullable=False, server_default="{}"))
    op.execute(
        "UPDATE tables SET options ="
        " (SELECT options FROM table_options WHERE table_options.table_id = tables.id)"
    )
    op.drop_table("table_options")

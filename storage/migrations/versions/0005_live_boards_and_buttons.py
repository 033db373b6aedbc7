"""tables.board_message / board_after: the live board message of each table, edited in place;
button_sets: buttons whose payload is kept server-side (Telegram's 64 bytes of callback data)

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-02 10:00:00.000000
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


# Plain ALTER TABLE / CREATE TABLE on both databases: a batch "copy and move" of `tables` would
# cascade-delete every seat and action on SQLite.


def upgrade() -> None:
    op.add_column("tables", sa.Column("board_message", sa.String(length=64), nullable=True))
    op.add_column(
        "tables", sa.Column("board_after", sa.Integer(), nullable=False, server_default="0")
    )
    op.create_table(
        "button_sets",
        sa.Column("token", sa.String(length=32), nullable=False),
        sa.Column("platform", sa.String(length=20), nullable=False),
        sa.Column("chat_id", sa.String(length=64), nullable=False),
        sa.Column("version", sa.Integer(), nullable=True),
        sa.Column("buttons", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("token"),
    )
    op.create_index("ix_button_sets_created_at", "button_sets", ["created_at"])


def downgrade() -> None:
    op.drop_index("ix_button_sets_created_at", table_name="button_sets")
    op.drop_table("button_sets")
    op.drop_column("tables", "board_after")
    op.drop_column("tables", "board_message")

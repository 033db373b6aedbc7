"""turn deadlines, ratings, per-chat settings, timeout actions

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-28 10:00:00.000000
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("chats", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("settings", sa.JSON(), nullable=False, server_default=sa.text("'{}'"))
        )
    with op.batch_alter_table("actions", schema=None) as batch_op:
        batch_op.add_column(sa.Column("cause", sa.String(length=16), nullable=True))
    op.create_table(
        "deadlines",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("platform", sa.String(length=20), nullable=False),
        sa.Column("chat_id", sa.String(length=64), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=10), nullable=False),
        sa.Column("fire_at", sa.DateTime(), nullable=False),
        sa.Column("due_at", sa.DateTime(), nullable=False),
        sa.Column("claimed_until", sa.DateTime(), nullable=True),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("table_id", "seat"),
    )
    with op.batch_alter_table("deadlines", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_deadlines_fire_at"), ["fire_at"], unique=False)
    op.create_table(
        "ratings",
        sa.Column("platform", sa.String(length=20), nullable=False),
        sa.Column("chat_id", sa.String(length=64), nullable=False),
        sa.Column("game", sa.String(length=40), nullable=False),
        sa.Column("user_id", sa.String(length=64), nullable=False),
        sa.Column("name", sa.String(length=64), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("wins", sa.Integer(), nullable=False),
        sa.Column("rated", sa.Integer(), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("platform", "chat_id", "game", "user_id"),
    )


def downgrade() -> None:
    op.drop_table("ratings")
    with op.batch_alter_table("deadlines", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_deadlines_fire_at"))
    op.drop_table("deadlines")
    with op.batch_alter_table("actions", schema=None) as batch_op:
        batch_op.drop_column("cause")
    with op.batch_alter_table("chats", schema=None) as batch_op:
        batch_op.drop_column("settings")

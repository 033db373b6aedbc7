"""saved rolls, private rolls: who rolled and the result only the roller saw

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-29 10:00:00.000000
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("rolls", schema=None) as batch_op:
        batch_op.add_column(sa.Column("user_id", sa.String(length=64), nullable=True))
        batch_op.add_column(sa.Column("secret", sa.Text(), nullable=True))
    op.create_table(
        "saved_rolls",
        sa.Column("platform", sa.String(length=20), nullable=False),
        sa.Column("user_id", sa.String(length=64), nullable=False),
        sa.Column("name", sa.String(length=32), nullable=False),
        sa.Column("expression", sa.String(length=200), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("platform", "user_id", "name"),
    )


def downgrade() -> None:
    op.drop_table("saved_rolls")
    with op.batch_alter_table("rolls", schema=None) as batch_op:
        batch_op.drop_column("secret")
        batch_op.drop_column("user_id")

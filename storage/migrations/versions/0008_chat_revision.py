"""Chats get a revision, as tables have: every command's writes are checked against the rows it
read (no row locks), so a chat's generator, settings and data are never written over a newer copy.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-27 13:00:00.000000
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("chats", sa.Column("revision", sa.Integer(), nullable=False, server_default="0"))


def downgrade() -> None:
    op.drop_column("chats", "revision")

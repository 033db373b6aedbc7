"""The fake Bot API and a running Application, shared by every Telegram test module."""

from tests.telegram.test_telegram import fake, tg

__all__ = ["fake", "tg"]

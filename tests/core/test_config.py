"""Configuration: file plus PAPERREF_ environment, one clear line for a bad key, no secrets in logs."""

from __future__ import annotations

import logging
import subprocess
import sys
from pathlib import Path

import pytest

from bot.config import ConfigError, load_settings

EXAMPLE = Path(__file__).parents[2] / "config.example.toml"


def test_example_file_is_valid_and_defaults_to_sqlite_and_console() -> None:
    settings = load_settings(EXAMPLE, {})
    assert settings.database.url == "sqlite+aiosqlite:///paperref.db"
    assert settings.telegram.mode == "polling"


def test_environment_overrides_the_file(tmp_path: Path) -> None:
    env = {
        "PAPERREF_DATABASE_URL": "postgresql+asyncpg://u@h/db",
        "PAPERREF_DISCORD_TOKEN": "abc.def",
        "PAPERREF_DISCORD_GUILD_IDS": "1, 2",
        "PAPERREF_TELEGRAM_PORT": "9000",
    }
    settings = load_settings(EXAMPLE, env)
    assert settings.database.url == "postgresql+asyncpg://u@h/db"
    assert settings.discord.guild_ids == [1, 2]
    assert settings.telegram.port == 9000
    assert settings.discord.token is not None
    assert settings.discord.token.get_secret_value() == "abc.def"
    assert "abc.def" not in repr(settings) and "abc.def" not in str(settings.model_dump())


@pytest.mark.parametrize(
    ("content", "env", "key"),
    [
        ("[telegram]\nport = 70000\n", {}, "telegram.port"),
        ("[telegram]\nmode = 'carrier-pigeon'\n", {}, "telegram.mode"),
        ("[database]\nurl = 'paperref.db'\n", {}, "database.url"),
        ("[bot]\ncolour = 'blue'\n", {}, "bot.colour"),
        ("", {"PAPERREF_TELEGRAM_PORT": "x"}, "telegram.port"),
        ("[database\n", {}, "is not valid TOML"),
    ],
)
def test_a_bad_value_names_its_key(tmp_path: Path, content: str, env: dict, key: str) -> None:
    path = tmp_path / "config.toml"
    path.write_text(content)
    with pytest.raises(ConfigError) as error:
        load_settings(path, env)
    message = str(error.value)
    assert key in message and "\n" not in message


def test_startup_stops_with_one_line(tmp_path: Path) -> None:
    (tmp_path / "config.toml").write_text("[telegram]\nport = 0\n")
    done = subprocess.run(
        [sys.executable, "-m", "bot.cli", "console", "--script", "/dev/null"],
        cwd=tmp_path, capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL,
        env={"PATH": "", "PYTHONPATH": str(Path(__file__).parents[2])},
    )  # fmt: skip
    assert done.returncode == 2
    assert done.stderr.strip().count("\n") == 0
    assert done.stderr.startswith("config: telegram.port:")


def test_secrets_never_reach_the_log(caplog: pytest.LogCaptureFixture) -> None:
    settings = load_settings(EXAMPLE, {"PAPERREF_TELEGRAM_TOKEN": "123:SECRET"})
    with caplog.at_level(logging.DEBUG):
        logging.getLogger("paperref").info("settings: %s", settings)
    assert "SECRET" not in caplog.text and "**********" in caplog.text


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("PAPERREF_DISCORD_TOKN", "(did you mean PAPERREF_DISCORD_TOKEN?)"),
        ("PAPERREF_TELEGRAM_WEBHOOK", "(did you mean PAPERREF_TELEGRAM_WEBHOOK_URL?)"),
        ("PAPERREF_DATABSE_URL", "(did you mean PAPERREF_DATABASE_URL?)"),
        ("PAPERREF_COLOUR", "no such setting"),
    ],
)
def test_a_variable_that_sets_nothing_is_named(name: str, says: str) -> None:
    with pytest.raises(ConfigError) as error:
        load_settings(EXAMPLE, {name: "x", "PAPERREF_DISCORD_TOKEN": "t"})
    assert str(error.value).startswith(f"config: {name}: no such setting")
    assert str(error.value).endswith(says)


def test_the_config_path_and_the_tests_variables_are_no_mistake(tmp_path: Path) -> None:
    env = {
        "PAPERREF_CONFIG": str(EXAMPLE),
        "PAPERREF_TEST_POSTGRES_URL": "postgresql+asyncpg://h/t",
    }
    assert load_settings(None, env).database.url == "sqlite+aiosqlite:///paperref.db"
    with pytest.raises(ConfigError, match=r"^config: .*gone\.toml: no such file$"):
        load_settings(None, {"PAPERREF_CONFIG": str(tmp_path / "gone.toml")})
    with pytest.raises(ConfigError, match=r"^config: .*gone\.toml: no such file$"):
        load_settings(tmp_path / "gone.toml", {})


@pytest.mark.parametrize(
    "url",
    [
        "sqlite+aiosqlite:///paperref.db",
        "sqlite+aiosqlite:///:memory:",
        "postgresql+asyncpg://user:pw@host:5432/db",
    ],
)
def test_the_database_urls_the_store_can_use(url: str) -> None:
    assert load_settings(EXAMPLE, {"PAPERREF_DATABASE_URL": url}).database.url == url


@pytest.mark.parametrize(
    ("url", "says"),
    [
        (
            "postgresql://u:SECRET@h/db",
            "postgresql:// cannot be used: write postgresql+asyncpg://",
        ),
        (
            "postgres://u:SECRET@h/db",
            "postgres:// cannot be used: write postgresql+asyncpg://",
        ),
        ("sqlite:///paperref.db", "sqlite:// cannot be used: write sqlite+aiosqlite://"),
        ("postgresql+psycopg://u:SECRET@h/db", "postgresql+psycopg:// cannot be used"),
        ("mssql+aioodbc://u:SECRET@h/db", "mssql is not supported"),
        ("u:SECRET@h/db", "not a database URL"),
    ],
)
def test_a_database_url_the_store_cannot_use_says_what_to_write(url: str, says: str) -> None:
    with pytest.raises(ConfigError) as error:
        load_settings(EXAMPLE, {"PAPERREF_DATABASE_URL": url})
    message = str(error.value)
    assert message.startswith(f"config: database.url: {says}"), message
    assert "SECRET" not in message and "\n" not in message


def test_a_config_file_that_cannot_be_read(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_bytes(b"[bot]\nboard = '\xff'\n")
    with pytest.raises(ConfigError, match=r"^config: .*config\.toml: cannot be read \(.*utf-8"):
        load_settings(path, {})

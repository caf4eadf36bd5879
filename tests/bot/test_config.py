"""Settings: defaults, parsing and one clear line per bad variable."""

import pytest

from bot.core.config import ConfigError, load_settings


@pytest.fixture(autouse=True)
def clean_environment(monkeypatch, tmp_path):
    for name in ("BOT_TOKEN", "DATABASE_PATH", "CLUB_CHAT_ID", "ADMIN_IDS", "TELEGRAM_API_URL",
                 "RULESET", "PROTEST_WINDOW_MINUTES", "TIMEZONE", "LOG_LEVEL", "BACKUP_DIR",
                 "BACKUP_KEEP", "BACKUP_HOUR", "LOG_FORMAT", "HEALTH_LISTEN", "WEBHOOK_URL",
                 "WEBHOOK_SECRET", "WEBHOOK_LISTEN", "BACKUP_SEND_WEEKDAY"):  # fmt: skip
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)  # no stray .env


def test_defaults(monkeypatch):
    monkeypatch.setenv("BOT_TOKEN", "123:abc")
    settings = load_settings()
    assert str(settings.database_path) == "data/club.sqlite3"
    assert settings.club_chat_id is None and settings.admin_ids == frozenset()
    assert settings.telegram_api_url is None
    assert (settings.ruleset, settings.protest_window_minutes) == ("rules-8", 10)
    assert (settings.timezone, settings.log_level) == ("Europe/Moscow", "INFO")
    assert (settings.backup_dir, settings.backup_keep, settings.backup_hour) == (None, 14, 5)
    assert "abc" not in repr(settings) and "abc" not in str(settings.bot_token)


def test_values_from_environment_and_dotenv(monkeypatch, tmp_path):
    (tmp_path / ".env").write_text("BOT_TOKEN=1:x\nADMIN_IDS=5, 6\nCLUB_CHAT_ID=-100\n")
    monkeypatch.setenv("TELEGRAM_API_URL", "http://127.0.0.1:8081/")
    monkeypatch.setenv("RULESET", "rules-6.4")
    settings = load_settings()
    assert settings.admin_ids == {5, 6} and settings.club_chat_id == -100
    assert settings.telegram_api_url == "http://127.0.0.1:8081"
    assert settings.ruleset == "rules-6.4"


@pytest.mark.parametrize(("variable", "value", "expected"), [
    ("BOT_TOKEN", None, "BOT_TOKEN is not set"),
    ("BOT_TOKEN", "nonsense", "BOT_TOKEN is malformed"),
    ("ADMIN_IDS", "12,abc", "ADMIN_IDS is malformed"),
    ("CLUB_CHAT_ID", "club", "CLUB_CHAT_ID is malformed"),
    ("TELEGRAM_API_URL", "ftp://x", "TELEGRAM_API_URL is malformed"),
    ("RULESET", "rules-99", "RULESET is malformed"),
    ("PROTEST_WINDOW_MINUTES", "0", "PROTEST_WINDOW_MINUTES is malformed"),
    ("TIMEZONE", "Mars/Base", "TIMEZONE is malformed"),
    ("LOG_LEVEL", "LOUD", "LOG_LEVEL is malformed"),
    ("BACKUP_KEEP", "0", "BACKUP_KEEP is malformed"),
    ("BACKUP_HOUR", "24", "BACKUP_HOUR is malformed"),
    ("LOG_FORMAT", "xml", "LOG_FORMAT is malformed"),
    ("BACKUP_SEND_WEEKDAY", "8", "BACKUP_SEND_WEEKDAY is malformed"),
    ("HEALTH_LISTEN", "8080", "HEALTH_LISTEN is malformed"),
    ("WEBHOOK_URL", "ftp://x", "WEBHOOK_URL is malformed"),
    ("WEBHOOK_SECRET", "has spaces", "WEBHOOK_SECRET is malformed"),
])  # fmt: skip
def test_bad_setting_is_one_line_naming_the_variable(monkeypatch, variable, value, expected):
    if variable != "BOT_TOKEN":
        monkeypatch.setenv("BOT_TOKEN", "1:x")
    if value is not None:
        monkeypatch.setenv(variable, value)
    with pytest.raises(ConfigError) as caught:
        load_settings()
    assert str(caught.value).startswith(expected)
    assert "\n" not in str(caught.value)

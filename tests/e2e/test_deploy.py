"""Running it for real (issue 20, item 2): the systemd unit, and the bot as a normal package."""

import configparser
import os
import shutil
import subprocess
import sys

import pytest

from bot.app import SHUTDOWN_GRACE_SECONDS
from tests.harness import ROOT
from tests.timing import scaled

UNIT = ROOT / "deploy" / "mafia-bot.service"


def unit_settings() -> dict[str, str]:
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read_string(UNIT.read_text())
    return dict(parser["Service"])


def test_the_unit_restarts_on_failure_but_not_on_what_a_person_must_fix():
    service = unit_settings()
    assert service["Restart"] == "on-failure"
    assert {"2", "3", "4"} <= set(service["RestartPreventExitStatus"].split())
    assert service["KillSignal"] == "SIGTERM"
    assert float(service["TimeoutStopSec"]) > SHUTDOWN_GRACE_SECONDS  # the bot's own grace
    assert service["ExecStart"].endswith("/.venv/bin/python -m bot")  # the README's command
    assert service["EnvironmentFile"].endswith("/.env")
    assert service["WorkingDirectory"] in service["ExecStart"]


@pytest.mark.process
@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="no systemd-analyze here")
def test_the_unit_passes_systemd_analyze_verify(tmp_path):
    """Verified with its /opt/mafia-bot pointed at a folder that has what the unit names."""
    app = tmp_path / "app"
    (app / ".venv" / "bin").mkdir(parents=True)
    (app / ".venv" / "bin" / "python").symlink_to(sys.executable)
    (app / ".env").write_text("BOT_TOKEN=1:x\n")
    unit = tmp_path / "mafia-bot.service"
    unit.write_text(UNIT.read_text().replace("/opt/mafia-bot", str(app)))
    done = subprocess.run(
        ["systemd-analyze", "verify", str(unit)], capture_output=True, text=True, timeout=60
    )
    said = [line for line in (done.stdout + done.stderr).splitlines() if str(unit) in line]
    assert done.returncode == 0 and said == [], done.stdout + done.stderr


@pytest.mark.waits
@pytest.mark.process
@pytest.mark.slow  # builds a wheel and installs it into a fresh venv
def test_the_wheel_gives_the_mafia_bot_command(tmp_path):
    """``pip install`` of the built wheel into a fresh venv: ``mafia-bot --version`` runs, and
    without settings it stops with exit code 2 and one line, as the README says."""
    source = tmp_path / "source"  # a copy: building in the tree would leave build/ behind
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, source / name)
    for folder in ("bot", "handlers", "scoring", "migrations"):
        shutil.copytree(ROOT / folder, source / folder,
                        ignore=shutil.ignore_patterns("__pycache__"))  # fmt: skip
    pip = [sys.executable, "-m", "pip", "-q", "--disable-pip-version-check"]
    subprocess.run([*pip, "wheel", "--no-deps", "-w", str(tmp_path / "dist"), str(source)],
                   check=True, timeout=scaled(300))  # fmt: skip
    (wheel,) = (tmp_path / "dist").glob("mafia_club_bot-*.whl")
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=scaled(120))
    subprocess.run([str(venv / "bin" / "pip"), "install", "-q", "--disable-pip-version-check",
                    str(wheel)], check=True, timeout=scaled(600))  # fmt: skip
    command = venv / "bin" / "mafia-bot"
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("BOT_", "PYTHON"))}
    shown = subprocess.run([str(command), "--version"], capture_output=True, text=True,
                           cwd=tmp_path, env=clean, timeout=scaled(60))  # fmt: skip
    assert shown.returncode == 0 and shown.stdout.startswith("mafia-bot 0."), shown.stderr
    bare = subprocess.run([str(command)], capture_output=True, text=True, cwd=tmp_path,
                          env=clean, timeout=scaled(60))  # fmt: skip
    assert bare.returncode == 2 and "BOT_TOKEN" in bare.stderr, bare.stderr


def test_the_container_runs_the_readmes_command_with_its_database_on_a_volume():
    """Images cannot be built here (no registry, no container runtime): the Dockerfile is kept
    a thin mirror of the README, and what can be checked is checked."""
    lines = (ROOT / "deploy" / "Dockerfile").read_text().splitlines()
    instructions = [line for line in lines if line and not line.startswith(("#", " "))]
    assert 'ENTRYPOINT [".venv/bin/python", "-m", "bot"]' in instructions  # the README's command
    assert "STOPSIGNAL SIGTERM" in instructions
    assert any(line.startswith("USER ") and "root" not in line for line in instructions)
    assert 'VOLUME ["/app/data"]' in instructions  # DATABASE_PATH's default folder under /app
    health = next(line for line in lines if "healthz" in line)
    listen = next(line for line in instructions if line.startswith("ENV HEALTH_LISTEN="))
    assert listen.split("=", 1)[1] in health
    compose = (ROOT / "deploy" / "compose.yaml").read_text()
    assert "restart: on-failure" in compose and "/app/data" in compose
    for copied in ("bot", "handlers", "scoring", "seating", "migrations"):  # the wheel's packages
        assert f"COPY --chown=mafia:mafia {copied} {copied}" in instructions

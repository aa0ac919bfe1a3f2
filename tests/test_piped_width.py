"""Piped text output at its reader's width (issue 35): `COLUMNS=80 rococo balance | less` was
about 200 columns wide (a table row as wide as its longest verdict). Now a piped command keeps
to COLUMNS, else to the width of the terminal its other stream goes to; only with no terminal
at all (a file, a CI log) is a line never broken, so that a `grep` reads a row whole."""
from __future__ import annotations

import itertools
import os
import re
import sys
from pathlib import Path

import pytest

from interpreter.cli.main import main
from interpreter.ui import layout

FAIR = str(Path(__file__).resolve().parent.parent / "examples" / "tune_fair")
RUNS = {
    "balance": ["balance", "--games", "8", "--bots", "random"],
    "simulate": ["simulate", "--games", "2", "--players", "2", "--bots", "random"],
    "report": ["report", "--games", "2", "--skill-games", "0", "--bots", "random"],
    "tune": ["tune", "--module", FAIR, "--figure", "swap:tune_fair.bold:tune_fair.steady",
             "--prestige", "--bots", "random", "--games", "2", "--budget", "6"],
}


@pytest.mark.parametrize("command", RUNS)
def test_piped_output_keeps_to_COLUMNS(command, monkeypatch, capsys):
    if command == "tune":
        pytest.importorskip("optuna")
    monkeypatch.setenv("COLUMNS", "80")
    assert main([*RUNS[command], "--workers", "1", "--quiet"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) > 8
    assert max(len(line) for line in lines) <= 80, max(lines, key=len)
    assert not any("…" in line for line in lines)  # fitted, never cut


def test_balance_at_80_columns_is_a_paragraph_a_card(monkeypatch, capsys):
    """A table too wide for 80 columns gives each row a paragraph of `column: value` pairs
    (3 to 5 lines a card, not 14), its verdict wrapped under it."""
    monkeypatch.setenv("COLUMNS", "80")
    assert main([*RUNS["balance"], "--workers", "1", "--quiet"]) == 0
    lines = capsys.readouterr().out.splitlines()
    rows = [i for i, line in enumerate(lines) if line.startswith("#: ")]
    assert len(rows) > 20
    assert all(lines[i + 1].startswith("  ") for i in rows)
    assert all(re.match(r"#: [-\d]+  id: \S+  kind: ", lines[i]) for i in rows)
    assert max(b - a for a, b in itertools.pairwise(rows)) <= 5


def test_piped_to_no_terminal_a_row_stays_whole(monkeypatch, capsys):
    monkeypatch.delenv("COLUMNS", raising=False)
    assert main([*RUNS["balance"], "--workers", "1", "--quiet"]) == 0
    lines = capsys.readouterr().out.splitlines()
    rows = [line for line in lines if re.match(r"│ [-\d]+ +│ \S+ +│ ", line)]
    assert len(rows) > 20
    assert all(line.endswith("│") and len(line) > 120 for line in rows)  # id to verdict


class _Terminal:
    """sys.stderr as a terminal 72 columns wide, while stdout is piped."""

    def isatty(self) -> bool:
        return True

    def fileno(self) -> int:
        return 2


def test_piped_beside_a_terminal_takes_its_width(monkeypatch):
    monkeypatch.delenv("COLUMNS", raising=False)
    monkeypatch.setattr(sys, "stderr", _Terminal())
    monkeypatch.setattr(os, "get_terminal_size", lambda fd: os.terminal_size((72, 30)))
    assert layout.reader_width() == 72
    monkeypatch.setenv("COLUMNS", "100")  # COLUMNS first
    assert layout.reader_width() == 100
    monkeypatch.setenv("COLUMNS", "wide")  # not a number: ignored
    assert layout.reader_width() == 72

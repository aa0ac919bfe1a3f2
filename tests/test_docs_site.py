"""The documentation site builds with warnings as errors, and README stays a short entrance."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_readme_is_at_most_250_lines():
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 250, f"README.md has {len(lines)} lines: move the detail to a docs/ page"


def test_the_site_builds_strictly(tmp_path):
    pytest.importorskip("mkdocs", reason="the site needs the docs extra: pip install -e '.[docs]'")
    pytest.importorskip("material", reason="the site needs the docs extra: pip install -e '.[docs]'")
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict",
                           "--site-dir", str(tmp_path / "site")], cwd=ROOT, capture_output=True,
                          text=True, env=dict(os.environ, NO_MKDOCS_2_WARNING="1"))
    assert done.returncode == 0, done.stdout + done.stderr
    page = (tmp_path / "site" / "cli" / "index.html").read_text(encoding="utf-8")
    assert "rococo simulate" in page and "--mcts-iterations" in page

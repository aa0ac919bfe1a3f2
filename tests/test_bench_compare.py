"""`rococo bench --baseline REF`: two versions measured side by side in one run. The figures'
shape, how the best round is chosen and the refusals are tested; speed itself never is."""
from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from interpreter.cli import bench as command
from interpreter.cli.main import main
from interpreter.sim.bench import compare
from interpreter.sim.bench.runner import Sizes

TINY = Sizes(effect_runs=2, games=1, load_runs=1, save_runs=2,
             bot_decisions={"greedy": 20, "mcts:8": 2})


def _committed() -> bool:
    try:
        subprocess.run(["git", "rev-parse", "--verify", "HEAD"], cwd=compare.HERE, check=True,
                       capture_output=True)
    except (OSError, subprocess.CalledProcessError):
        return False
    return True


@pytest.mark.skipif(not _committed(), reason="needs this tree as a git checkout")
def test_a_commit_is_measured_beside_this_tree(monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(command, "QUICK", TINY)
    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")  # the measured processes write it anyway
    out = tmp_path / "compare.json"
    assert main(["bench", "--quick", "--baseline", "HEAD", "--repeats", "1",
                 "--json", str(out)]) == 0
    data = json.loads(out.read_text())
    meta = data["meta"]
    commit = subprocess.run(["git", "rev-parse", "HEAD"], cwd=compare.HERE, text=True,
                            capture_output=True, check=True).stdout.strip()
    assert meta["baseline"]["name"] == f"HEAD ({commit[:12]})"
    assert meta["repeats"] == 1 and meta["sizes"] == {
        "games": 1, "save_runs": 2, "effect_runs": 2,
        "bot_decisions": {"greedy": 20, "mcts:8": 2}}
    # processor time over wall time of the measuring processes: threads started by a probe's
    # libraries may take more than one core, never more than the machine has
    assert 0 < meta["cpu_share"] <= (os.cpu_count() or 1) + 0.05
    assert len(meta["loadavg_before"]) == 3
    assert [f["figure"] for f in data["figures"]] == [f.key for f in compare.FIGURES]
    unmeasured = {"bot_random", "bot_value", "bot_mcts:100"}  # not in TINY's bots
    for row in data["figures"]:
        if row["figure"] in unmeasured:
            assert row["baseline"] is row["current"] is row["speedup"] is None
            continue
        assert row["baseline"] > 0 and row["current"] > 0, row
        better = next(f for f in compare.FIGURES if f.key == row["figure"]).higher_is_better
        expected = row["current"] / row["baseline"] if better else \
            row["baseline"] / row["current"]
        assert row["speedup"] == pytest.approx(expected)
    assert [len(r) for r in data["rounds"].values()] == [1, 1]
    assert all(r[0]["random_4p"]["games"] == 1 and r[0]["random_4p"]["decisions"] > 100
               for r in data["rounds"].values())
    assert all(r[0]["env_4p"]["steps"] > 20 for r in data["rounds"].values())
    # each version's bytecode, as an installed package has it, is kept outside the checkouts
    cached = Path(compare.PYCACHE, *compare.HERE.parts[1:], "interpreter")
    assert any(p.name.startswith("__init__.") for p in cached.iterdir())
    assert all(r[0]["env_4p"]["engine_steps_per_s"] > 0 for r in data["rounds"].values())
    printed = capsys.readouterr().out
    assert "rococo --help" in printed and "speed-up" in printed and "best of 1" in printed


def test_the_best_round_is_the_fastest_and_the_ratio_is_the_median():
    rounds = [{"random_4p": {"games_per_s": g}, "clone_us": c, "median_ratio": m}
              for g, c, m in ((40.0, 300.0, 1.9), (55.0, 250.0, 1.5), (50.0, 280.0, 1.7))]
    figures = {f.key: f for f in compare.FIGURES}
    assert compare.best(figures["random_4p"], rounds) == 55.0
    assert compare.best(figures["clone_us"], rounds) == 250.0
    assert compare.best(figures["median_ratio"], rounds) == 1.7
    assert compare.best(figures["median_ratio"], [{"median_ratio": None}]) is None


def test_a_ref_that_is_neither_a_folder_nor_a_commit_is_refused(capsys):
    assert main(["bench", "--baseline", "no-such-ref-anywhere"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: --baseline no-such-ref-anywhere: neither a folder nor a "
                          "commit of the repository at ")
    assert "Traceback" not in err


def test_a_folder_that_is_not_a_checkout_is_refused(tmp_path, capsys):
    assert main(["bench", "--baseline", str(tmp_path)]) == 2
    assert capsys.readouterr().err == (
        f"error: --baseline {tmp_path}: the folder has no interpreter/ package, so it is not "
        f"a checkout of this project\n")


def test_repeats_must_be_a_positive_number(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["bench", "--baseline", "HEAD", "--repeats", "0"])
    assert exc.value.code == 2
    assert "argument --repeats: must be at least 1, not 0" in capsys.readouterr().err

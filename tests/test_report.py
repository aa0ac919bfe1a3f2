"""`rococo report`: one page per module combination from self-play, on every shipped
combination, side by side with `--against`, the same whatever plays the games."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from interpreter.cli.main import main
from interpreter.sim import report
from interpreter.sim.bots import DEFAULT_JUDGE

COMBINATIONS = [
    [], ["--edition", "original"], ["--with", "expert_tailoring"], ["--with", "fancy_dresses"],
    ["--with", "festivity_dresses"], ["--with", "jewelry_box"], ["--solo", "du_barry"],
    ["--solo", "masques", "--set", "masques.count=2"],
]


def run_report(tmp_path, capsys, *args: str, name: str = "report.json",
               bots: str = "greedy") -> dict:
    path = tmp_path / name
    assert main(["report", "--quiet", "--json", str(path), *args] +
                (["--bots", bots] if bots else [])) == 0
    capsys.readouterr()
    return json.loads(path.read_text())


@pytest.mark.parametrize("combo", COMBINATIONS, ids=lambda c: " ".join(c) or "deluxe")
def test_report_runs_on_every_shipped_combination(combo, tmp_path, capsys):
    data = run_report(tmp_path, capsys, "--games", "2", "--skill-games", "0", "--workers", "1",
                      *combo)
    (page,) = data["combinations"]
    assert page["games"] == 2 and page["faults"] == []
    assert page["length"]["rounds"]["mean"] == 7  # "The game is played over 7 rounds"
    assert page["length"]["turns"]["min"] > 0
    assert sum(s["rate"] for s in page["seats"]) == pytest.approx(1)
    assert [r["round"] for r in page["decisiveness"]["leader_wins"]] == [1, 2, 3, 4, 5, 6]
    assert "play" in page["branching"] and page["branching"]["play"]["options"] >= 1
    assert set(page["usage"]["never"]).isdisjoint(page["usage"]["always"])
    if "--solo" in combo:
        kinds = page["kinds_won"]
        assert sum(k["rate"] for k in kinds.values()) == pytest.approx(1)
        assert len(page["seats"]) == (3 if "masques" in combo else 2)
        assert page["seats"][0]["kind"] == "human"
    else:
        assert "kinds_won" not in page and len(page["seats"]) == 4


def test_deluxe_against_the_jewelry_box_side_by_side(tmp_path, capsys):
    both = run_report(tmp_path, capsys, "--games", "3", "--skill-games", "1", "--search",
                      "mcts:2", "--workers", "2", "--against", "--with jewelry_box")
    alone = run_report(tmp_path, capsys, "--games", "3", "--skill-games", "1", "--search",
                       "mcts:2", "--workers", "1", "--with", "jewelry_box", name="alone.json")
    a, b = both["combinations"]
    assert (a["name"], b["name"]) == ("deluxe", "deluxe + jewelry_box")
    assert b == alone["combinations"][0]  # the same seeds give the same page, alone or not
    assert "jewelry" in b["score_sources"] and "jewelry" not in a["score_sources"]
    assert b["usage"]["components"]["jewelry"] == 24
    rows = {r["figure"]: r for r in both["compare"]}
    turns = rows["turns per game"]
    assert turns["difference"] == pytest.approx(b["length"]["turns"]["mean"] -
                                                a["length"]["turns"]["mean"], abs=1e-3)
    assert turns["ci"][0] <= turns["difference"] <= turns["ci"][1]
    assert rows["prestige from jewelry"]["a"] == 0
    assert a["skill"]["random"]["games"] == 1 and "search" in b["skill"]


def test_the_html_page_has_five_plots_and_the_differences(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    page = tmp_path / "report.html"
    run_report(tmp_path, capsys, "--games", "2", "--skill-games", "0", "--workers", "1",
               "--against", "--edition original", "--html", str(page))
    text = page.read_text()
    assert text.count("<img alt=") == 5
    assert "<h1>Rococo report: deluxe against original</h1>" in text
    assert "<h2>B minus A (A = deluxe, B = original)</h2>" in text


def test_an_empty_against_is_the_plain_game_beside_a_pack(tmp_path, capsys):
    tribute = str(Path(__file__).resolve().parent.parent / "examples" / "tribute")
    data = run_report(tmp_path, capsys, "--games", "2", "--skill-games", "0", "--workers", "1",
                      "--module", tribute, "--against", "")
    assert [p["name"] for p in data["combinations"]] == ["deluxe + tribute", "deluxe"]
    assert data["combinations"][0]["usage"]["components"]["employee"] == \
        data["combinations"][1]["usage"]["components"]["employee"] + 2


@pytest.mark.parametrize(("against", "message"), [
    ("--games 3", "error: --against '--games 3': --games is not an option of a combination"),
    ("--with", "error: --against '--with': argument --with: expected one argument"),
])
def test_a_bad_against_is_refused_before_any_game(against, message, capsys):
    assert main(["report", "--games", "2", "--quiet", f"--against={against}"]) == 2
    assert capsys.readouterr().err.startswith(message)


def test_without_bots_the_default_judge_plays(tmp_path, capsys, monkeypatch):
    from interpreter.sim.judge import value

    monkeypatch.setattr(value, "WORLDS", 1)  # one dealt world a decision: a quicker game
    data = run_report(tmp_path, capsys, "--games", "1", "--skill-games", "0", "--workers", "1",
                      bots="")
    assert data["combinations"][0]["bots"] == DEFAULT_JUDGE


def test_decisiveness_shares_a_tied_lead_and_counts_lead_changes():
    records = [{"standings": [[0, 0], [3, 1]], "winners": [0]},
               {"standings": [[2, 0], [1, 4]], "winners": [0]}]
    figures = report.decisiveness(records)
    assert [r["rate"] for r in figures["leader_wins"]] == [0.75, 0.5]  # (1/2 + 1) / 2, (1 + 0) / 2
    assert report.lead_changes(records) == [1, 2]  # {0,1} -> {0} -> {0}; {0} -> {1} -> {0}

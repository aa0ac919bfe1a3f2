"""`rococo tune`: it finds the known fair amount of a planted card (examples/tune_fair: the
reference card gains 3 prestige), says when no value reaches the target, gives the same answer
whatever plays the games, and searches real and several parameters at once."""
from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from interpreter import load_ruleset
from interpreter.cli.main import main
from interpreter.core.errors import RulesError
from interpreter.loading.params import parse_setting
from interpreter.sim import tune

pytest.importorskip("optuna")

FAIR = str(Path(__file__).resolve().parent.parent / "examples" / "tune_fair")
SWAP = ["--figure", "swap:tune_fair.bold:tune_fair.steady", "--prestige"]


def run_tune(tmp_path, capsys, *args: str, name: str = "out.json") -> dict:
    path = tmp_path / name
    assert main(["tune", "--module", FAIR, *SWAP, "--bots", "greedy", "--quiet", "--json",
                 str(path), *args]) == 0
    capsys.readouterr()
    return json.loads(path.read_text())


def test_tune_finds_the_reference_cards_amount_within_one_step(tmp_path, capsys):
    data = run_tune(tmp_path, capsys, "--games", "12", "--workers", "2")
    found = data["found"]["values"]["tune_fair.amount"]
    assert abs(found - 3) <= 1
    assert data["reached"] is True
    assert data["verdict"].startswith(f"tune_fair.amount = {found} brings the figure to ")
    # with the reference in its place, the same amount plays the very same games
    three = next(c for c in data["candidates"] if c["values"] == {"tune_fair.amount": 3})
    assert three["figure"]["mean"] == 0 and three["figure"]["ci"] == [0, 0]
    # the neighbours one step either side, each played in full on the same seeds, either side
    # of the target
    below, above = sorted(data["neighbours"], key=lambda n: n["values"]["tune_fair.amount"])
    assert (below["values"], above["values"]) == ({"tune_fair.amount": found - 1},
                                                  {"tune_fair.amount": found + 1})
    assert below["games"] == above["games"] == 12
    assert below["figure"]["mean"] < 0 < above["figure"]["mean"]
    # more prestige on the card, more prestige for its holder: the figure grows with it
    means = [c["figure"]["mean"] for c in data["candidates"] if c["figure"]]
    assert means == sorted(means) and len(means) == 9


def test_a_target_no_value_reaches_is_said_with_the_closest_value(tmp_path, capsys):
    data = run_tune(tmp_path, capsys, "--games", "12", "--workers", "1",
                    "--param", "tune_fair.amount=0..2")
    assert data["reached"] is False
    assert data["found"]["values"] == {"tune_fair.amount": 2}
    fig = data["found"]["figure"]
    assert fig["ci"][1] < 0
    assert data["verdict"] == (
        f"no value reaches the target 0: the closest is tune_fair.amount = 2, at "
        f"{fig['mean']:+.3f} (95% CI {fig['ci'][0]:+.3f} to {fig['ci'][1]:+.3f})")
    assert [c["values"]["tune_fair.amount"] for c in data["candidates"]] == [0, 1, 2]


def test_the_same_answer_on_one_worker_two_workers_and_local_ray(tmp_path, capsys):
    ray = pytest.importorskip("ray")
    args = ["--games", "4", "--param", "tune_fair.amount=2..4", "--players", "2"]
    one = run_tune(tmp_path, capsys, *args, "--workers", "1", name="one.json")
    two = run_tune(tmp_path, capsys, *args, "--workers", "2", name="two.json")
    try:
        on_ray = run_tune(tmp_path, capsys, *args, "--ray", "local", name="ray.json")
    finally:
        ray.shutdown()
    assert one == two == on_ray
    assert len(one["candidates"]) == 3


def test_several_parameters_at_once_one_of_them_real(tmp_path, capsys):
    pack = tmp_path / "rate"
    pack.mkdir()
    (pack / "module.yaml").write_text(textwrap.dedent("""\
        module:
          id: rate
          kind: custom
          name: Rate
          version: "0.1"
          requires: [base]
          files: [cards.yaml]
          parameters:
            share: {default: 0.5, min: 0.0, max: 1.0, description: prestige per garment}
            extra: {default: 1, min: 0, max: 2}
        """))
    (pack / "cards.yaml").write_text(textwrap.dedent("""\
        kind: employees
        hire:
          - id: rate.card
            name: Rate card
            level: 2
            type: journeyman
            bonus: gain floor(rate.share * 4) + rate.extra prestige
        """))
    path = tmp_path / "out.json"
    assert main(["tune", "--module", str(pack), "--param", "rate.share=0..1:0.5",
                 "--param", "rate.extra", "--figure", "seat:0", "--players", "2", "--bots", "greedy",
                 "--games", "2", "--budget", "40", "--workers", "1", "--quiet",
                 "--json", str(path)]) == 0
    data = json.loads(path.read_text())
    assert [p["key"] for p in data["parameters"]] == ["rate.share", "rate.extra"]
    seen = {(c["values"]["rate.share"], c["values"]["rate.extra"]) for c in data["candidates"]}
    assert seen <= {(s, e) for s in (0.0, 0.5, 1.0) for e in (0, 1, 2)}
    assert any(isinstance(s, float) and s != int(s) for s, _ in seen) or len(seen) >= 5
    assert data["games_played"] <= 40 + 4 * 2  # the budget, then the found value's neighbours


@pytest.mark.parametrize(("args", "message"), [
    (["--param", "tune_fair.amont"], "error: unknown parameter 'tune_fair.amont' (did you "
                                     "mean 'tune_fair.amount'?)"),
    (["--param", "tune_fair.amount=0..9"], "error: --param tune_fair.amount: 0..9 is not "
                                           "inside its declared range 0..8"),
    (["--param", "tune_fair.amount=1..x"], "error: --param 'tune_fair.amount=1..x': expected "
                                           "MODULE.NAME=LOW..HIGH (or LOW..HIGH:STEP, a step "
                                           "more than zero)"),
    (["--param", "tune_fair.amount=1..3:0"], "error: --param 'tune_fair.amount=1..3:0': "
                                             "expected MODULE.NAME=LOW..HIGH"),
    (["--param", "tune_fair.amount=nan..3"], "error: --param 'tune_fair.amount=nan..3': "
                                             "expected MODULE.NAME=LOW..HIGH"),
    (["--figure", "winner"], "error: unknown figure 'winner': give one of seat:S, kind:K, "
                             "holder:CARD, swap:CARD:REF"),
    (["--figure", "seat:4"], "error: figure seat:4: a 4-player game has seats 0 to 3"),
    (["--figure", "holder:tune_fair.bolt"], "error: unknown card, garment, decoration or "
                                            "component 'tune_fair.bolt'"),
    (["--figure", "kind:masque"], "error: figure kind:masque: no seat is of that kind"),
    (["--figure", "holder:tune_fair.bold", "--prestige", "tokns"],
     "error: --prestige tokns: no such score source (did you mean 'tokens'?)"),
    (["--prestige"], "error: --prestige measures a card's holders; figure 'seat:0' is a win "
                     "rate"),
    (["--set", "tune_fair.amount=2"], "error: tune_fair.amount is both set (--set) and "
                                      "searched (--param)"),
])
def test_a_bad_request_is_refused_before_any_game(args, message, capsys):
    assert main(["tune", "--module", FAIR, "--games", "2", "--quiet", *args]) == 2
    assert capsys.readouterr().err.startswith(message)


def test_a_ruleset_without_parameters_to_tune_says_how_to_name_one(capsys):
    assert main(["tune", "--games", "2", "--quiet"]) == 2
    assert "error: nothing to tune: name a parameter with --param MODULE.NAME" in \
        capsys.readouterr().err


def test_the_html_plots_the_figure_against_the_value(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    page = tmp_path / "tune.html"
    run_tune(tmp_path, capsys, "--games", "2", "--param", "tune_fair.amount=2..3",
             "--workers", "1", "--html", str(page))
    text = page.read_text()
    assert text.count("<img alt='the figure against tune_fair.amount'") == 1
    assert "<h1>Rococo tune: swap:tune_fair.bold:tune_fair.steady to 0</h1>" in text


def test_a_real_parameter_is_set_and_checked_like_a_whole_one(tmp_path):
    assert parse_setting("m.rate=0.25") == ("m.rate", 0.25)
    assert parse_setting("m.count=2") == ("m.count", 2)
    with pytest.raises(ValueError, match=r"m.rate: 'nan' is not a number or true/false"):
        parse_setting("m.rate=nan")
    pack = tmp_path / "p"
    pack.mkdir()
    (pack / "module.yaml").write_text(
        "module: {id: p, kind: custom, name: P, version: '1', requires: [base], files: [],\n"
        "         parameters: {rate: {default: 0.5, min: 0.0, max: 1.0}}}\n")
    rules = load_ruleset(extra_paths=[pack], params={"p.rate": 1})
    assert rules.params["p.rate"] == 1.0 and isinstance(rules.params["p.rate"], float)
    with pytest.raises(RulesError, match=r"parameter 'p.rate' must be 0.0 to 1.0, not 1.5"):
        load_ruleset(extra_paths=[pack], params={"p.rate": 1.5})
    with pytest.raises(RulesError, match=r"parameter 'p.rate' takes a real number, not True"):
        load_ruleset(extra_paths=[pack], params={"p.rate": True})


def test_the_figures_read_the_records_they_are_given():
    records = [{"winners": [0], "players": [{"seat": 0, "prestige": 10},
                                            {"seat": 1, "prestige": 5}], "items": {}},
               {"winners": [0, 1], "players": [{"seat": 0, "prestige": 7},
                                               {"seat": 1, "prestige": 7}], "items": {}}]
    rules = load_ruleset()
    seat0 = tune.measure(tune.parse_figure("seat:0"), rules, {"with": records}, 2)
    assert seat0 is not None and seat0["mean"] == pytest.approx(0.25)  # (1 + 0.5) / 2 - 0.5
    assert tune.gap({"mean": 1, "ci": [0.5, 1.5]}, 0) == 0.5
    assert tune.gap({"mean": 1, "ci": [-0.5, 1.5]}, 0) == 0


class _Planted(tune.Search):
    """A search whose candidates play no games: the figure of `amount` after n games is
    amount - 3, give or take 8 / sqrt(n), so the search itself is tested alone."""

    def play_to(self, values, games):
        self.played += games - len(self.seen.get(values, []))
        self.seen[values] = list(range(games))
        half = 8 / games ** 0.5
        mean = values[0] - 3
        entry = {"values": self.named(values), "games": games,
                 "figure": {"mean": mean, "ci": [mean - half, mean + half], "n": games},
                 "distance": abs(mean), "complete": games >= len(self.request.seeds)}
        self.candidates[values] = entry
        return entry


def test_a_candidate_stops_early_only_when_its_interval_is_farther_than_the_best_one():
    request = tune.Request(tune.GameSpec(), [tune.Param("m.amount", 0, 20)],
                           tune.parse_figure("seat:0"), 0.0, list(range(64)), budget=2000)
    assert request.rungs == [16, 32, 64]
    data = tune.run(_Planted(request))
    assert data["found"]["values"] == {"m.amount": 3} and data["reached"]
    early = [c for c in data["candidates"] if not c["complete"]]
    assert early  # the far values stopped at a quarter or half of their games
    best = data["found"]["figure"]
    for c in early:
        assert tune.gap(c["figure"], 0) > tune.reach(best, 0)
    assert data["games_played"] < 21 * 64

"""`rococo bench`: the shape of its JSON, and that every hand-written reference effect makes
exactly the change of the compiled effect it is measured against. Timings are never asserted."""
from __future__ import annotations

import json

import pytest

from interpreter.cli import main as cli
from interpreter.sim.bench import effects as fx
from interpreter.sim.bench.positions import CHECK_POSITIONS, play_to
from interpreter.sim.bench.reference import REFERENCES
from interpreter.sim.bench.runner import BOT_NAMES, PLAYER_COUNTS, Sizes

# Every position the equivalence is checked on, plus the end of a game (garments on the
# balcony, Livre converted).
POSITIONS = CHECK_POSITIONS + ((4, 5, 10 ** 6),)


@pytest.fixture(scope="module")
def positions(rules):
    return [play_to(rules, *p) for p in POSITIONS]


@pytest.fixture(scope="module")
def pure(rules, positions):
    return fx.classify(rules, positions)


def test_the_positions_are_mid_game_and_end_of_game(positions):
    states = [g.state for g in positions]
    assert [s["finished"] for s in states] == [False] * len(CHECK_POSITIONS) + [True]
    assert all(s["guests"] and s["decorations"] for s in states)
    assert states[-1]["balcony"]


def test_pure_effects_are_the_computations_and_the_rest_say_why(pure):
    chosen, excluded = pure
    ids = [rule_id for rule_id, _ in chosen]
    # the income, the four final-scoring steps written in the language, and every card whose
    # effect is arithmetic over the position
    assert "round.income" in ids and "final_scoring.tokens" in ids
    assert excluded["final_scoring.halls"] == "calls the verb hall_majorities"
    assert excluded["l1.thread_or_lace"] == "the effect needs an answer to 'gain 1 of'"
    assert len(ids) == 21 and not set(ids) & set(excluded)


def test_every_pure_effect_has_a_reference_and_no_reference_is_unused(pure):
    ids = {rule_id for rule_id, _ in pure[0]}
    assert set(REFERENCES) == ids


def test_each_reference_makes_exactly_the_compiled_change(rules, positions, pure):
    changed = set()
    for game in positions:
        side = rules.side_for(len(game.state["players"]))
        for rule_id, effect in pure[0]:
            for seat in range(len(game.state["players"])):
                compiled, by_hand = game.clone(), game.clone()
                compiled.run_effect(effect, seat)
                REFERENCES[rule_id](by_hand.state, seat, rules, side)
                assert by_hand.state == compiled.state, (rule_id, seat)
                if compiled.state != game.state:
                    changed.add(rule_id)
    # the comparison means something: every effect changes some position
    assert changed == set(REFERENCES)


def test_the_empty_effect_changes_nothing(rules, positions):
    game = positions[1]
    copy = game.clone()
    fx.compiled_run(fx.empty_effect(rules), 0)(copy)
    assert copy.state == game.state


def test_the_timing_helper_runs_on_fresh_copies(rules, positions):
    game = positions[0]
    before = json.dumps(game.state, sort_keys=True)
    livre = []

    def spend(g):
        livre.append(g.state["players"][0]["livre"])
        g.state["players"][0]["livre"] -= 1
    medians = fx.time_runs(game, (spend, spend), 3)
    assert len(livre) == 6 and len(set(livre)) == 1 and len(medians) == 2
    assert json.dumps(game.state, sort_keys=True) == before


TINY = Sizes(effect_runs=2, games=1, load_runs=1, save_runs=2,
             bot_decisions={"greedy": 30, "mcts:2": 3, "no such bot": 1})


def test_rococo_bench_writes_every_section_as_json_and_prints_tables(monkeypatch, tmp_path,
                                                                    capsys):
    from interpreter.cli import bench as command
    monkeypatch.setattr(command, "QUICK", TINY)
    out = tmp_path / "bench.json"
    assert cli.main(["bench", "--quick", "--json", str(out)]) == 0
    f = json.loads(out.read_text())
    assert f["meta"]["sizes"]["games"] == 1
    printed = capsys.readouterr().out
    assert "median ratio" in printed and "games/s" in printed and "from_json at the end" in printed
    assert set(f) == {"meta", "effects", "games", "bots", "load_ms", "import_ms", "load_runs",
                      "save", "env"}
    # each bot this version has: its answers in seat 0 over the processor time it chose for
    assert [(b["bot"], b["players"], b["decisions"]) for b in f["bots"]] == \
        [("greedy", 4, 30), ("mcts:2", 4, 3)]
    assert all(b["decisions_per_s"] == b["decisions"] / b["cpu_s"] for b in f["bots"])
    assert "Each bot's decisions per second" in printed
    assert f["env"]["players"] == 4 and f["env"]["games"] == 1 and f["env"]["steps"] > 20
    assert f["env"]["steps_per_s"] > 0 and "one-seat environment" in printed
    e = f["effects"]
    assert set(e) == {"position", "runs", "items", "excluded", "median_ratio",
                      "empty_effect_us", "empty_function_us",
                      "median_ratio_less_fixed_cost"}
    assert len(e["items"]) == 21
    assert all(set(i) == {"id", "effect", "compiled_us", "reference_us", "ratio"}
               for i in e["items"])
    assert [(g["players"], g["bots"]) for g in f["games"]] == \
        [(p, b) for b in BOT_NAMES for p in PLAYER_COUNTS]
    assert all(g["games"] == 1 and g["decisions"] > 100 and g["games_per_s"] > 0
               for g in f["games"])
    assert f["load_ms"] > 0 and f["import_ms"] > 0 and len(f["load_runs"]) == 1
    assert set(f["save"]) == {"game", "mid_decision", "bytes", "end_bytes", "to_json_us",
                              "clone_us", "drop_us", "from_json_decision_10_us",
                              "from_json_end_us"}
    assert f["save"]["end_bytes"] > f["save"]["bytes"] > 1000


def test_an_unwritable_json_file_is_refused_before_measuring(tmp_path, capsys):
    target = tmp_path / "no such folder" / "bench.json"
    assert cli.main(["bench", "--quick", "--json", str(target)]) == 2
    assert capsys.readouterr().err == \
        f"error: cannot write --json {target}: the folder {target.parent} does not exist\n"

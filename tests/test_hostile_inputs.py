"""Hostile inputs, second round (issue 17): module cycles, quantities past the ceiling, saves,
flow patches without steps, duplicate ids, absurd setup numbers. Each is refused (or stopped)
with a position and a sentence; never a traceback, never a silent change."""
from __future__ import annotations

import json
from pathlib import Path

import packwriter
import pytest

from interpreter import CorruptSaveError, Game, RuleFaultError, RulesErrors, load_ruleset, make_bot
from interpreter.cli.main import main
from interpreter.core.saves import seal


def write_pack(folder: Path, mid: str, requires: list[str], files: dict[str, str] | None = None,
               ) -> Path:
    return packwriter.write(folder, files or {}, mid, requires=requires)


# ---- 1. cyclic requires ---------------------------------------------------------------------

def test_a_module_that_requires_itself_is_a_positioned_cycle(tmp_path):
    pack = write_pack(tmp_path / "s", "s", ["base", "s"])
    with pytest.raises(RulesErrors) as info:
        load_ruleset(extra_paths=[pack])
    [err] = info.value.errors
    assert str(err).splitlines()[0] == (
        f"{pack / 'module.yaml'}:5:20: module 's' requires itself: s -> s")


def test_two_modules_that_require_each_other_name_the_cycle(tmp_path):
    a = write_pack(tmp_path / "a", "a", ["base", "b"])
    b = write_pack(tmp_path / "b", "b", ["a"])
    with pytest.raises(RulesErrors) as info:
        load_ruleset(extra_paths=[a, b])
    [err] = info.value.errors
    assert str(err).splitlines()[0] == (
        f"{b / 'module.yaml'}:5:14: modules require each other in a cycle: a -> b -> a")


def test_a_longer_cycle_is_named_in_full(tmp_path):
    packs = [write_pack(tmp_path / "a", "a", ["base", "b"]),
             write_pack(tmp_path / "b", "b", ["c"]),
             write_pack(tmp_path / "c", "c", ["a"])]
    with pytest.raises(RulesErrors) as info:
        load_ruleset(extra_paths=packs)
    [err] = info.value.errors
    assert "modules require each other in a cycle: a -> b -> c -> a" in str(err)
    assert err.span.file == str(packs[2] / "module.yaml")


@pytest.mark.parametrize("command", [["validate", "{pack}"],
                                     ["play", "--humans", "0", "--module", "{pack}"]])
def test_validate_and_play_report_a_cycle_without_a_traceback(tmp_path, capsys, command):
    pack = write_pack(tmp_path / "s", "s", ["base", "s"])
    assert main([arg.format(pack=pack) for arg in command]) == 1
    err = capsys.readouterr().err
    assert "module 's' requires itself: s -> s" in err
    assert "Traceback" not in err and "RecursionError" not in err


# ---- 4. flow patches, duplicate ids, set-up numbers ------------------------------------------

def load_errors(pack: Path) -> list:
    with pytest.raises(RulesErrors) as info:
        load_ruleset(extra_paths=[pack])
    return info.value.errors


def test_a_flow_patch_whose_phase_has_no_steps_is_a_schema_error(tmp_path):
    pack = write_pack(tmp_path / "p", "p", ["base"], {"flow.yaml": (
        "kind: flow\npatches:\n  - after: income\n    phase:\n      id: extra\n"
        "      name: Extra\n")})
    [err] = load_errors(pack)
    assert str(err).splitlines()[0] == (
        f"{pack / 'flow.yaml'}:5:7: patches/0/phase: needs exactly one of the keys each_player, "
        "turns, once, steps")


def test_a_flow_patch_whose_phase_has_an_empty_step_list_is_refused(tmp_path):
    pack = write_pack(tmp_path / "p", "p", ["base"], {"flow.yaml": (
        "kind: flow\npatches:\n  - after: income\n    phase:\n      id: extra\n"
        "      steps: []\n")})
    [err] = load_errors(pack)
    assert err.span.line == 6 and "should be non-empty" in err.message


def test_a_procedure_defined_twice_is_refused_at_the_second(tmp_path):
    pack = write_pack(tmp_path / "p", "p", ["base"], {"flow.yaml": (
        "kind: flow\nprocedures:\n  - id: twice\n    effect: gain 1 livre\n"
        "  - id: twice\n    effect: gain 2 livre\n")})
    [err] = load_errors(pack)
    flow = pack / "flow.yaml"
    assert str(err).splitlines()[0] == (
        f"{flow}:5:9: duplicate procedure id 'twice' (first at {flow}:3:9)")


def test_a_procedure_defined_again_by_another_module_is_refused(tmp_path):
    pack = write_pack(tmp_path / "p", "p", ["base"], {"flow.yaml": (
        "kind: flow\nprocedures:\n  - id: take_favor_if_free\n    effect: gain 1 livre\n")})
    with pytest.raises(RulesErrors) as info:
        load_ruleset(extra_paths=[pack], expansions=["expert_tailoring"])
    [err] = info.value.errors
    assert err.span.file == str(pack / "flow.yaml") and err.span.line == 3
    assert err.message.startswith("duplicate procedure id 'take_favor_if_free' (first at "
                                  "rules/expansions/expert_tailoring/flow.yaml:6:9)")


def test_a_zone_declared_twice_is_refused_at_the_second(tmp_path):
    pack = write_pack(tmp_path / "p", "p", ["base"], {"flow.yaml": (
        "kind: flow\nzones:\n  - id: pile\n    holds: garments\n"
        "  - id: pile\n    holds: tiles\n")})
    [err] = load_errors(pack)
    flow = pack / "flow.yaml"
    assert str(err).splitlines()[0] == f"{flow}:5:9: duplicate zone id 'pile' (first at {flow}:3:9)"


def test_a_module_zone_may_not_take_a_pile_of_the_game(tmp_path):
    pack = write_pack(tmp_path / "p", "p", ["base"], {"flow.yaml": (
        "kind: flow\nzones:\n  - id: garment_bag\n    holds: tiles\n")})
    [err] = load_errors(pack)
    assert err.span.line == 3
    assert err.message.startswith("duplicate zone id 'garment_bag' (first at "
                                  "rules/base/game.yaml:")


@pytest.mark.parametrize("key, value, limit", [("min_staff", 100000000, 20),
                                               ("livre", 10**9, 1000),
                                               ("thread", 5000, 100), ("lace", 5000, 100)])
def test_set_up_numbers_have_an_upper_bound(tmp_path, key, value, limit):
    game = (Path(__file__).resolve().parents[1] / "rules" / "base" / "game.yaml").read_text()
    old = {"min_staff": "min_staff: 4", "livre": "livre: 15", "thread": "thread: 1",
           "lace": "lace: 1"}[key]
    assert old in game
    pack = write_pack(tmp_path / "p", "p", ["base"], {
        "game.yaml": "replace: true\n" + game.replace(old, f"{key}: {value}", 1)})
    [err] = load_errors(pack)
    assert err.message == f"setup/{key}: should be at most {limit}, not {value}"
    assert err.span.file == str(pack / "game.yaml")


# ---- 2. every quantity stays under the ceiling ------------------------------------------------

def doubling_pack(tmp_path: Path, effect: str = "repeat 30 times { gain my.livre livre }") -> Path:
    return write_pack(tmp_path / "p", "p", ["base"], {"flow.yaml": (
        "kind: flow\npatches:\n  - after: income\n    phase:\n      id: doubling\n"
        f"      each_player: {effect}\n")})


def play_until_fault(game):
    bots = [make_bot("random", seat) for seat in range(len(game.state["players"]))]
    while not game.is_over():
        d = game.decision()
        answer = bots[d.seat].choose(game, d)
        before, history = json.dumps(game.state, sort_keys=True), list(game.history)
        try:
            game.apply(answer)
        except RuleFaultError as fault:
            return fault, before, history
    raise AssertionError("the game ended without a fault")


def test_a_gain_past_the_ceiling_is_a_fault_at_the_gain_and_the_game_is_restored(tmp_path):
    pack = doubling_pack(tmp_path)
    game = Game.new(load_ruleset(extra_paths=[pack]), players=2, seed=3)
    fault, before, history = play_until_fault(game)
    flow = pack / "flow.yaml"
    assert str(fault).splitlines()[0].startswith(
        f"{flow}:6:38: the step 'doubling' failed: gaining ")
    assert "Livre would make " in fault.message and "over the ceiling of 1,000,000,000" \
        in fault.message
    assert json.dumps(game.state, sort_keys=True) == before and game.history == history
    assert max(p["livre"] for p in game.state["players"]) <= 1_000_000_000


def test_a_constant_gain_past_the_ceiling_names_its_own_statement(tmp_path):
    pack = doubling_pack(tmp_path, "gain 1 livre; repeat 100 times { repeat 100 times { gain 1000000 livre } }")
    game = Game.new(load_ruleset(extra_paths=[pack]), players=2, seed=3)
    fault, before, _ = play_until_fault(game)
    assert fault.span.file == str(pack / "flow.yaml") and fault.span.line == 6
    assert fault.span.column == len("      each_player: gain 1 livre; repeat 100 times { repeat 100 times { ") + 1
    assert json.dumps(game.state, sort_keys=True) == before


def test_prestige_past_the_ceiling_is_a_fault_too(tmp_path):
    pack = doubling_pack(tmp_path, "repeat 100 times { repeat 100 times { gain 1000000 prestige } }")
    game = Game.new(load_ruleset(extra_paths=[pack]), players=2, seed=3)
    fault, _, _ = play_until_fault(game)
    assert "Prestige" in fault.message and "over the ceiling" in fault.message
    assert all(p["prestige"] <= 1_000_000_000 for p in game.state["players"])


# ---- 3. saves: every number bounded, the CLI verifies by replay ------------------------------

@pytest.fixture(scope="module")
def saved_game(rules_module):
    game = Game.new(rules_module, players=2, seed=5)
    bots = [make_bot("greedy", seat) for seat in range(2)]
    for _ in range(40):
        d = game.decision()
        game.apply(bots[d.seat].choose(game, d))
    return game


@pytest.fixture(scope="module")
def rules_module():
    return load_ruleset()


def resealed(game, edit) -> str:
    data = json.loads(game.to_json())
    edit(data)
    return json.dumps(seal(data))


def set_path(path: tuple, value):
    def edit(data):
        node = data
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
    return edit


def test_a_resealed_save_with_a_4001_digit_number_is_refused(rules_module, saved_game):
    text = resealed(saved_game, set_path(("state", "players", 0, "livre"), 10**4000))
    with pytest.raises(CorruptSaveError) as info:
        Game.from_json(rules_module, text)
    assert str(info.value) == "not a save file: a number of 4,001 digits (the limit is 20)"


@pytest.mark.parametrize("path, value, where", [
    (("state", "players", 0, "livre"), 1_000_000_001, "state/players/0/livre"),
    (("state", "players", 1, "prestige"), 2_000_000_000, "state/players/1/prestige"),
    (("state", "players", 0, "thread"), 10**18, "state/players/0/thread"),
    (("state", "players", 0, "score", "play"), -10**12, "state/players/0/score/play"),
    (("state", "round"), 10**9, "state/round"),
    (("state", "seed"), 10**19, "state/seed"),
    (("seed"), -10**19, "seed"),
    (("state", "cursor", "phase"), 10**6, "state/cursor/phase"),
    (("state", "cursor", "index"), 10**6, "state/cursor/index"),
])
def test_every_number_of_a_save_is_bounded(rules_module, saved_game, path, value, where):
    path = path if isinstance(path, tuple) else (path,)
    with pytest.raises(CorruptSaveError) as info:
        Game.from_json(rules_module, resealed(saved_game, set_path(path, value)))
    assert str(info.value).startswith(f"save file is damaged: {where}: {value}")


def test_not_a_number_is_not_a_save(rules_module, saved_game):
    text = saved_game.to_json().replace('"meta":{}', '"meta":{"x":NaN}')
    with pytest.raises(CorruptSaveError, match="not a save file: NaN is not a number a save "
                                               "holds"):
        Game.from_json(rules_module, json.dumps(seal(json.loads(text))))


def test_play_load_verifies_by_replay_unless_told_not_to(rules_module, saved_game, tmp_path,
                                                          capsys):
    """The seal is a plain sha256 anyone can recompute: an edited, resealed save that follows
    the schema and the invariants is caught only by replaying its history, which `--load` does
    by default."""
    livre = saved_game.state["players"][0]["livre"]
    edited = tmp_path / "edited.json"
    edited.write_text(resealed(saved_game, set_path(("state", "players", 0, "livre"),
                                                    livre + 50)))
    assert Game.from_json(rules_module, edited.read_text()).state["players"][0]["livre"] \
        == livre + 50  # the API's default is the cheap check
    assert main(["play", "--load", str(edited), "--humans", "0"]) == 1
    err = capsys.readouterr().err
    assert "save file is damaged: its state does not match its history" in err
    assert main(["play", "--load", str(edited), "--humans", "0", "--no-verify"]) == 0
    honest = tmp_path / "honest.json"
    honest.write_text(saved_game.to_json())
    for flags in ([], ["--verify"]):
        assert main(["play", "--load", str(honest), "--humans", "0", *flags]) == 0


def test_a_scenario_position_may_not_set_a_quantity_past_the_ceiling(tmp_path):
    from interpreter.scenario.files import read_scenarios
    path = tmp_path / "rich.yaml"
    path.write_text("scenarios:\n  - name: rich\n    position:\n      players:\n"
                    "        0: {livre: 1000000001}\n    run: {effect: gain 1 livre}\n")
    with pytest.raises(RulesErrors) as info:
        read_scenarios(path)
    assert [str(e) for e in info.value.errors] == [
        f"{path}:5:20: scenarios/0/position/players/0/livre: 1000000001 is greater than the "
        "maximum of 1000000000"]

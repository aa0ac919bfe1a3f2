"""Hostile inputs, third round (issue 35 part 2): packs and saves that got through round two.
Each is refused with a position and a sentence, or stopped as a positioned fault; never a
traceback, a hang or a silent change."""
from __future__ import annotations

import copy
import json
import pickle
import re
from pathlib import Path

import packwriter
import pytest
from conftest import MISSING_RECORDS, jewelry_game, resealed

from interpreter import (
    CorruptSaveError,
    Game,
    IllegalDecisionError,
    RuleFaultError,
    RulesErrors,
    load_ruleset,
    make_bot,
)
from interpreter.cli.main import main
from interpreter.core.decisions import Option


def write_pack(folder: Path, files: dict[str, str], listed: str | None = None,
               mid: str = "p") -> Path:
    return packwriter.write(folder, files, mid, None if listed is None else [listed])


def load_errors(pack: Path) -> list[str]:
    with pytest.raises(RulesErrors) as info:
        load_ruleset(extra_paths=[pack])
    return [str(e).splitlines()[0] for e in info.value.errors]


def play(rules, seed: int = 1, players: int | None = None) -> Game:
    game = Game.new(rules, players=players, seed=seed)
    bots = [make_bot("random", s) for s in range(len(game.state["players"]))]
    while not game.is_over():
        d = game.decision()
        game.apply(bots[d.seat].choose(game, d))
    return game


# ---- 2. tracebacks shown to a user -------------------------------------------------------------

def test_a_header_that_lists_itself_is_refused_at_the_listing(tmp_path):
    pack = write_pack(tmp_path / "p", {"flow.yaml": "kind: flow\n"}, listed="module.yaml")
    assert load_errors(pack) == [f"{pack / 'module.yaml'}:6:11: file 'module.yaml' is the "
                                 "module's own header; list only its rules files"]


def test_a_setup_move_into_a_per_player_zone_fills_the_start_players_own(tmp_path):
    """`move_all ..., into mine` with `mine` per player: a zone argument may name either kind
    (as `shuffle zone` does), so the start player's own pile receives the tiles."""
    pack = write_pack(tmp_path / "p", {"flow.yaml": (
        "kind: flow\nzones:\n  - id: pile\n    holds: tiles\n  - id: mine\n    holds: tiles\n"
        "    per_player: true\nsetup:\n  - id: fill\n    effect: move_all zone resource_bag, "
        "into pile\n  - id: take\n    effect: move_all zone pile, into mine\n")})
    game = Game.new(load_ruleset(extra_paths=[pack]), players=2, seed=4)
    start = game.state["start_player"]
    mine = [p["zones"]["mine"] for p in game.state["players"]]
    assert len(mine[start]) > 20 and mine[1 - start] == [] and game.state["zones"]["pile"] == []


def test_a_policy_gap_in_set_up_is_a_positioned_fault(tmp_path):
    pack = write_pack(tmp_path / "p", {"flow.yaml": (
        "kind: flow\nseats: {humans: 1}\nseat_kinds:\n  - id: bot\n    name: Bot\n    count: 1\n"
        "    setup_effect: let n = choose number from 0 to 3\n    policy:\n      bonus: [true]\n")})
    with pytest.raises(RuleFaultError) as info:
        Game.new(load_ruleset(extra_paths=[pack]), players=2, seed=9)
    assert str(info.value).splitlines()[0] == (
        f"{pack / 'flow.yaml'}:7:19: the seat kind 'bot' failed before the game's first "
        "decision: the Bot seat reached the question 'choose a number for n' (number), which "
        f"its module's policy (at {pack / 'flow.yaml'}:8:5) does not answer (seed 9); no game "
        "was made")


# ---- 3. duplicates and bad references ----------------------------------------------------------

TRIGGER = "  - id: boom\n    on: acquire\n    effect: gain 1 livre\n"
DISPLAY = ("  - id: shelf\n    holds: garments\n    source: garment_bag\n"
           "    discard: garment_discard\n    prices: [1, 2]\n")
KIND = ("  - id: bot\n    name: Bot\n    count: 1\n    policy: {otherwise: [first]}\n")


@pytest.mark.parametrize("body, line, col, what", [
    ("triggers:\n" + TRIGGER + TRIGGER, 6, 9, "trigger id 'boom'"),
    ("displays:\n" + DISPLAY + DISPLAY, 8, 9, "display id 'shelf'"),
    ("setup:\n  - id: s\n    effect: gain 1 livre\n  - id: s\n    effect: gain 1 livre\n",
     5, 9, "setup step id 's'"),
    ("seats: {humans: 1}\nseat_kinds:\n" + KIND + KIND, 8, 9, "seat kind id 'bot'"),
])
def test_an_id_given_twice_is_refused_at_the_second(tmp_path, body, line, col, what):
    pack = write_pack(tmp_path / "p", {"flow.yaml": "kind: flow\n" + body})
    [err] = load_errors(pack)
    assert err.startswith(f"{pack / 'flow.yaml'}:{line}:{col}: duplicate {what} (first at "
                          f"{pack / 'flow.yaml'}:")


def test_a_seat_kind_card_given_twice_is_refused(tmp_path):
    pack = write_pack(tmp_path / "p", {"flow.yaml": (
        "kind: flow\nseats: {humans: 1}\nzones:\n"
        + "".join(f"  - {{id: {z}, holds: cards, per_player: true}}\n"
                  for z in ("s_supply", "s_hand", "s_discard"))
        + "seat_kinds:\n  - id: bot\n    name: Bot\n    count: 1\n"
        "    zones: [s_supply, s_hand, s_discard]\n    cards:\n      - {id: c1, action: 1}\n"
        "      - {id: c1, action: 2}\n    policy: {otherwise: [first]}\n")})
    [err] = load_errors(pack)
    assert err == (f"{pack / 'flow.yaml'}:14:14: duplicate card id 'c1' of the seat kind "
                   f"(first at {pack / 'flow.yaml'}:13:14)")


def test_a_misspelt_when_module_is_refused_not_skipped(tmp_path):
    pack = write_pack(tmp_path / "p", {"x.yaml": "kind: flow\n"},
                      listed="{file: x.yaml, when: [jewelery_box]}")
    assert load_errors(pack) == [
        f"{pack / 'module.yaml'}:6:33: 'when:' names unknown module 'jewelery_box' (did you "
        "mean 'jewelry_box'?); the file would never be loaded"]


def test_replace_on_the_modules_own_procedure_is_refused(tmp_path):
    proc = "  - id: twice\n    effect: gain 1 livre\n"
    pack = write_pack(tmp_path / "p", {
        "a.yaml": "kind: flow\nprocedures:\n" + proc,
        "b.yaml": "kind: flow\nprocedures:\n" + proc.replace("\n    effect",
                                                                "\n    replace: true\n    effect")})
    assert load_errors(pack) == [
        f"{pack / 'b.yaml'}:3:9: procedure 'twice' is the module's own (declared at "
        f"{pack / 'a.yaml'}:3:9): change it there; 'replace: true' replaces another module's"]


def test_an_unknown_policy_key_is_refused(tmp_path):
    pack = write_pack(tmp_path / "p", {"flow.yaml": (
        "kind: flow\nseats: {humans: 1}\nseat_kinds:\n" + KIND.replace("otherwise", "hier"))})
    [err] = load_errors(pack)
    assert err.startswith(f"{pack / 'flow.yaml'}:7:14: the seat kind 'bot': unknown kind of "
                          "question 'hier' in its policy (did you mean 'hire'?); known: hand, ")


# ---- 5. no final scoring at all ----------------------------------------------------------------

FINAL_STEPS = ("livre", "crowns", "favor", "halls", "fireworks", "balcony", "statues", "tokens")


def test_a_game_whose_final_scoring_is_all_removed_ends_after_its_last_round(tmp_path):
    pack = write_pack(tmp_path / "p", {"flow.yaml": "kind: flow\npatches:\n" + "".join(
        f"  - remove: {step}\n" for step in FINAL_STEPS)})
    rules = load_ruleset(extra_paths=[pack])
    assert rules.final_phases == ()
    game = play(rules, seed=2, players=2)
    assert game.is_over() and game.state["round"] == rules.rounds
    assert [p["score"].get("final", 0) for p in game.state["players"]] == [0, 0]
    assert Game.from_json(rules, game.to_json(), verify=True).state == game.state


# ---- 6. tampered, resealed saves ---------------------------------------------------------------

@pytest.fixture(scope="module")
def jewelry_save() -> tuple:
    rules, game = jewelry_game()
    return rules, json.loads(game.to_json())


@pytest.mark.parametrize("name", MISSING_RECORDS)
def test_a_resealed_save_missing_a_record_is_refused(jewelry_save, name, tmp_path, capsys):
    rules, data = jewelry_save
    edit, message = MISSING_RECORDS[name]
    text = resealed(data, edit)
    with pytest.raises(CorruptSaveError) as info:
        Game.from_json(rules, text)
    assert str(info.value) == message
    path = tmp_path / "save.json"
    path.write_text(text)
    assert main(["play", "--load", str(path), "--humans", "0", "--with", "jewelry_box"]) == 1
    assert message in capsys.readouterr().err


# ---- 7. a float too large for a save -----------------------------------------------------------

def test_a_float_that_reads_as_infinity_is_refused_on_load(jewelry_save):
    """`1e400` in `meta`, sealed as json reads it (infinity): refused on load, not by the
    game's next save."""
    rules, data = jewelry_save
    text = resealed(data, lambda d: d["meta"].__setitem__("x", float("inf")))
    assert text.count("Infinity") == 1
    with pytest.raises(CorruptSaveError) as info:
        Game.from_json(rules, text.replace("Infinity", "1e400"))
    assert str(info.value) == "not a save file: 1e400 is not a number a save holds (too large)"


# ---- 8. undo is atomic -------------------------------------------------------------------------

def test_an_undo_that_cannot_replay_leaves_the_game_as_it_was(jewelry_save):
    rules, data = jewelry_save
    answer = data["history"][0][1]
    text = resealed(data, lambda d: d["history"][0].__setitem__(1, answer + "x"))
    game = Game.from_json(rules, text)  # the cheap check does not replay the history
    before = (game.to_json(), game.decision(), list(game.history))
    with pytest.raises(IllegalDecisionError) as info:
        game.undo(29)
    assert str(info.value).startswith("cannot take back 29 decisions: the game's history does "
                                      f"not replay ('{answer}x' is not a legal answer to ")
    assert str(info.value).endswith("; the game is as it was")
    assert (game.to_json(), game.decision(), list(game.history)) == before
    game.undo(1)  # within the waiting step, or by replay: the game still plays on
    bot = make_bot("random", 0)
    game.apply(bot.choose(game, game.decision()))


# ---- 9. an option's value cannot be changed in place -----------------------------------------

def test_an_option_value_cannot_be_changed_in_place(rules_base):
    """`o.value["price"] = -50` at a tile decision (README: options are immutable values): the
    value handed out refuses the change, and the decision reads, labels and answers as offered
    (the campaign of 10,000 illegal answers found `decision.to_json()` raising KeyError -50
    once a handed-out value had been changed)."""
    game = Game.new(rules_base, players=2, seed=3)
    bot = make_bot("greedy", 0)
    while game.decision().kind != "tile":
        game.apply(bot.choose(game, game.decision()))
    decision = game.decision()
    option = decision.options[0]
    price = option.value["price"]
    before = game.to_json()
    for change in (lambda v: v.__setitem__("price", -50), lambda v: v.update(price=-50),
                   lambda v: v.pop("price"), lambda v: v.clear(), lambda v: v.setdefault("x"),
                   lambda v: v.__delitem__("price"), lambda v: v.popitem()):
        with pytest.raises(TypeError, match=r"^an option's value cannot be changed: copy it "):
            change(option.value)
    assert option.value["price"] == price and decision.to_json()["options"][0] == \
        option.to_json()
    assert game.to_json() == before
    mine = copy.deepcopy(option.value)  # a copy is the caller's own, plain JSON data
    mine["price"] = -50
    assert type(mine) is dict and dict(option.value, price=-50) == mine
    assert pickle.loads(pickle.dumps(option.value)) == option.value
    assert json.loads(json.dumps(option.value)) == option.value
    for answer in (mine, Option(mine)):
        with pytest.raises(IllegalDecisionError, match="is not a legal answer to 'acquire a "
                                                      "resource tile'"):
            game.apply(answer)
    assert game.to_json() == before
    game.clone().apply_value(option.value)  # a handed-out value answers as its option does
    game.apply(option)
    assert json.loads(game.to_json()) != json.loads(before)


def test_a_nested_option_value_cannot_be_changed_either():
    from interpreter.core.decisions import frozen_copy
    value = frozen_copy({"pay": {"livre": 2}, "tiles": ["t1", "t2"], "n": 1})
    with pytest.raises(TypeError):
        value["pay"]["livre"] = 0
    with pytest.raises(TypeError):
        value["tiles"].append("t3")
    assert value == {"pay": {"livre": 2}, "tiles": ["t1", "t2"], "n": 1}
    thawed = copy.deepcopy(value)
    thawed["pay"]["livre"] = 0
    thawed["tiles"].append("t3")
    assert type(thawed["pay"]) is dict and type(thawed["tiles"]) is list


@pytest.fixture(scope="module")
def rules_base():
    return load_ruleset()


# ---- 12. messages ------------------------------------------------------------------------------

@pytest.mark.parametrize("version, message", [
    ("4", 'save file version "4" is not a number (this engine reads version 4, written as the '
          "number 4)"),
    (None, "save file has no version (this engine reads version 4, written as the number 4)"),
    (4.0, "save file version 4.0 is not a number (this engine reads version 4, written as the "
          "number 4)"),
])
def test_a_save_version_that_is_no_number_says_so(jewelry_save, version, message):
    rules, data = jewelry_save
    with pytest.raises(CorruptSaveError) as info:
        Game.from_json(rules, resealed(data, lambda d: d.__setitem__("version", version)))
    assert str(info.value) == message


def test_a_parameter_of_a_module_without_parameters_says_so(tmp_path):
    pack = write_pack(tmp_path / "m", {"flow.yaml": "kind: flow\n"}, mid="m")
    with pytest.raises(RulesErrors) as info:
        load_ruleset(extra_paths=[pack], params={"m.count": 2})
    assert str(info.value) == "unknown parameter 'm.count': module 'm' declares no parameters"
    with pytest.raises(RulesErrors) as info:
        load_ruleset(params={"masques.count": 2})
    assert str(info.value) == "unknown parameter 'masques.count': module 'masques' is not loaded"


def test_a_parameter_out_of_range_on_the_command_line_is_blamed_there(capsys):
    assert main(["validate", "--solo", "masques", "--set", "masques.count=5"]) == 1
    err = capsys.readouterr().err
    assert re.search(r"^parameter 'masques.count' must be 1 to 4, not 5 \(given as "
                     r"masques.count=5; declared at rules/solo/masques/module.yaml:\d+:7\)$", err,
                     re.MULTILINE)
    assert not re.search(r"module.yaml:\d+:7: ", err)


def test_a_policy_gap_names_the_policy(tmp_path):
    """A question the policy leaves open names where the policy is written, whatever effect
    asked it (no `<engine>:0:0`)."""
    pack = write_pack(tmp_path / "p", {"flow.yaml": (
        "kind: flow\nseats: {humans: 1}\nseat_kinds:\n  - id: bot\n    name: Bot\n    count: 1\n"
        "    policy:\n      bonus: [true]\n")})
    with pytest.raises(RuleFaultError) as info:
        Game.new(load_ruleset(extra_paths=[pack]), players=2, seed=1)
    assert str(info.value) == (
        "rules/base/game.yaml:70:18: the step 'select' failed before the game's first decision: "
        "the Bot seat reached the question 'choose a card for your hand (1 of 3)' (hand), which "
        f"its module's policy (at {pack / 'flow.yaml'}:7:5) does not answer (seed 1); no game "
        "was made")
    from interpreter.core.faults import describe_fault
    from interpreter.core.seats import UnansweredQuestion
    bare = describe_fault(UnansweredQuestion("gap", info.value.span), 1, 2)
    assert bare.span == info.value.span and str(bare).split(": ", 1)[1].startswith("a rule "
                                                                                  "failed: gap")


# ---- 4. what a save would refuse is refused at load --------------------------------------------

def test_a_minimum_staff_above_the_start_staff_is_refused_at_load(tmp_path):
    """(The other case of 2.4, a display given twice, is refused as a duplicate id above.)"""
    patch = "kind: flow\ngame: {setup: {min_staff: %d}}\n"
    pack = write_pack(tmp_path / "p", {"flow.yaml": patch % 100})
    assert load_errors(pack) == [
        f"{pack / 'flow.yaml'}:2:27: min_staff 100 is more than the 5 start cards a player's "
        "staff begins with: every game would break it from the start (and its saves be "
        "refused)"]
    fine = write_pack(tmp_path / "q", {"flow.yaml": patch % 5})
    game = Game.new(load_ruleset(extra_paths=[fine]), players=2, seed=1)
    assert Game.from_json(game.rules, game.to_json()).state == game.state



# ---- 1. the work of an effect is bounded -------------------------------------------------------

def nested(open_: str, inner: str, depth: int) -> str:
    return open_ * depth + inner + " }" * depth


def filters(pile: str, depth: int) -> str:
    """`gain count(PILE where count(PILE where ... > 0) > 0) livre`, `depth` wheres deep."""
    expr = pile
    for _ in range(depth):
        expr = f"{pile} where count({expr}) > 0"
    return f"gain count({expr}) livre"


@pytest.mark.parametrize("effect, loop, depth", [
    (nested("each player { ", "gain 1 livre", 14), "each player", 14),
    (filters("players", 6), "where", 6),
    (filters("zone.resource_discard", 4), "where", 4),
    (nested("repeat 100 times { ", "gain 1 livre", 4), "repeat", 4),
])
def test_nested_loops_past_the_work_limit_are_refused_at_load(tmp_path, effect, loop, depth):
    pack = write_pack(tmp_path / "p", {"flow.yaml": (
        "kind: flow\npatches:\n  - after: income\n    phase:\n      id: nested\n"
        f"      each_player: '{effect}'\n")})
    [err] = load_errors(pack)
    assert f"{pack / 'flow.yaml'}:6:" in err
    assert f": this {loop} may take more than 1,000,000 steps in one run ({depth} loops " \
           "nested: " in err


def test_nested_loops_under_the_limit_still_load_and_run(tmp_path):
    pack = write_pack(tmp_path / "p", {"flow.yaml": (
        "kind: flow\npatches:\n  - after: income\n    phase:\n      id: nested\n"
        f"      each_player: '{nested('each player { ', 'gain 1 livre', 3)}'\n")})
    game = Game.new(load_ruleset(extra_paths=[pack]), players=2, seed=1)
    game.run_effect(nested("each player { ", "gain 1 livre", 3), seat=0)
    assert [p["livre"] for p in game.state["players"]] == [15 + 4, 15 + 4]


def test_a_trigger_that_starts_itself_again_and_again_is_stopped(tmp_path):
    """`start_trigger trigger boom` x3 in boom's own effect, until game_end, on acquire: each
    acquire would triple the triggers (3.6 GB); the number started at once is bounded."""
    pack = write_pack(tmp_path / "p", {"flow.yaml": (
        "kind: flow\ntriggers:\n  - id: boom\n    on: acquire\n    until: game_end\n"
        "    effect: start_trigger trigger boom; start_trigger trigger boom; "
        "start_trigger trigger boom\n"
        "  - id: light\n    on: round_start\n    effect: start_trigger trigger boom\n")})
    game = Game.new(load_ruleset(extra_paths=[pack]), players=2, seed=3)
    with pytest.raises(RuleFaultError) as info:
        play(game.rules, seed=3, players=2)
    assert ": the trigger 'boom' failed: more than 1,000 triggers and lasting effects " \
           "started at once" in str(info.value)
    assert str(info.value).startswith(f"{pack / 'flow.yaml'}:6:")




@pytest.mark.parametrize("edit, why", [
    (lambda d: d["state"]["counters"].pop("focus"), "the counters ['focus'] are missing"),
    (lambda d: d["state"]["counters"].__setitem__("focus", "x"),
     "state/counters/focus: 'x' is not of type 'integer'"),
    (lambda d: d["state"]["counters"].__setitem__("fame", 3), "unknown counters ['fame']"),
    (lambda d: d["state"]["players"][1].__setitem__("kind", "blue_01"),
     "seat 1 is of kind 'blue_01', which these rules do not have (human, masque)"),
    (lambda d: d["state"]["players"][1].__setitem__("kind", "human"),
     "the seats are of the kinds ['human', 'human'], not the ['human', 'masque'] these rules "
     "seat"),
])
def test_a_resealed_save_with_a_modules_counter_or_seat_kind_damaged_is_refused(edit, why):
    """Found by the campaign of 3,000 tampered saves: a Masques save without its `focus`
    counter loaded, then every game stopped at the next hire on KeyError 'focus'; one whose
    Masque was of an unknown kind stopped on `<engine>:0:0: a rule failed: StopIteration`."""
    rules = load_ruleset(expansions=["masques"])
    game = Game.new(rules, players=2, seed=2)
    data = json.loads(game.to_json())
    with pytest.raises(CorruptSaveError) as info:
        Game.from_json(rules, resealed(data, edit))
    assert str(info.value) == f"save file is damaged: {why}"


def test_a_save_nested_too_deeply_is_refused_as_no_save(rules_base):
    """5,000 nested brackets: refused by `Game.from_json` as by the web's replays (where the
    web campaign found a plain-text 500: the server read the JSON first, unguarded)."""
    for text in ("[" * 5000 + "]" * 5000, '{"a": ' * 5000 + "1" + "}" * 5000):
        with pytest.raises(CorruptSaveError) as info:
            Game.from_json(rules_base, text)
        assert str(info.value) == "not a save file: its data is nested too deeply"

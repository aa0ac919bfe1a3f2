"""The Original edition (issue 7): its rules quoted from the Original English rulebook (seed 000,
eggertspiele 2013), each against the engine with `--edition original`."""
from __future__ import annotations

import pytest

from interpreter import Game, load_ruleset, make_bot
from interpreter.cli.main import main
from interpreter.core.errors import RulesError
from interpreter.core.integrity import problems

STACKS = ["resource_stack_1", "resource_stack_2", "resource_stack_3"]
AMONG = "[" + ", ".join(STACKS) + "]"


@pytest.fixture(scope="module")
def rules():
    return load_ruleset(edition="original")


def _all_tiles(state) -> list[str]:
    tiles = list(state["resource_bag"]) + list(state["resource_discard"])
    tiles += [t for d in state["drawers"] for t in d if t is not None]
    tiles += [t for z in STACKS for t in state["zones"][z]]
    tiles += [t for p in state["players"] for t in p["tiles"]]
    return tiles


def test_the_module_is_an_edition_that_replaces_deluxe(rules):
    assert rules.modules == ("base", "original")
    with pytest.raises(RulesError, match="conflict"):
        load_ruleset(modules=["base", "deluxe", "original"])


# 000, Setup 4: "Shuffle all the Resource tiles and place them as multiple face-down stacks next
# to the Warehouse section of the Game board." Phase 1 C: "Fill each empty space of the 3
# Warehouse segments with a face-up Resource tile drawn randomly from any Resource stack."
def test_resource_tiles_lie_in_face_down_stacks_not_in_a_bag(rules):
    for players in (2, 5):
        game = Game.new(rules, players=players, seed=11)
        state = game.state
        assert state["resource_bag"] == []
        sizes = [len(state["zones"][z]) for z in STACKS]
        displayed = sum(t is not None for d in state["drawers"] for t in d)
        assert displayed == 3 * game.side.tiles_per_drawer
        assert sum(sizes) == 48 - displayed
        assert min(sizes) >= 10  # 48 tiles dealt onto 3 stacks, 9 or 12 of them then drawn
        assert sorted(_all_tiles(state)) == sorted(rules.tiles)
        # face down: another player sees how many tiles each stack holds, never which
        view = game.view(0)
        assert [view["zones"][z] for z in STACKS] == sizes


def test_the_deluxe_edition_keeps_its_bag(rules):
    game = Game.new(load_ruleset(), players=3, seed=11)
    assert game.state["zones"] == {}
    assert len(game.state["resource_bag"]) == 48 - 9


# 000, Phase 1 C: "If all Resource stacks run out, shuffle the discarded Resource tiles and place
# them face down as new stacks. (If these new stacks should still not suffice to fill all empty
# spaces, these spaces are left empty.)"
def test_run_out_stacks_are_rebuilt_from_the_discards(rules):
    game = Game.new(rules, players=3, seed=5)
    state = game.state
    for z in STACKS:  # every stack used up: its tiles are on the discard pile
        state["resource_discard"].extend(state["zones"][z])
        state["zones"][z].clear()
    for drawer in state["drawers"]:
        state["resource_discard"].extend(drawer)
        drawer[:] = [None] * len(drawer)
    discarded = len(state["resource_discard"])
    game.run_effect(f"refill_resources among {AMONG}", seat=0)
    assert [d.count(None) for d in state["drawers"]] == [0, 0, 0]
    assert state["resource_discard"] == []
    assert sum(len(state["zones"][z]) for z in STACKS) == discarded - 9
    assert problems(rules, state, game.side) == []


def test_with_too_few_tiles_the_segments_stay_partly_empty(rules):
    game = Game.new(rules, players=3, seed=5)
    state = game.state
    keep = state["zones"]["resource_stack_1"][:2]
    for z in STACKS:
        state["zones"][z].clear()
    for drawer in state["drawers"]:
        drawer[:] = [None] * len(drawer)
    state["resource_discard"][:] = keep
    game.run_effect(f"refill_resources among {AMONG}", seat=0)
    assert [[t is not None for t in d] for d in state["drawers"]] == \
        [[True, True, False], [False] * 3, [False] * 3]


# 000, Overview of the Employee bonuses, row 1: "Gain 1 face-down Resource tile from 1 of the
# Resource stacks by paying 1 Livre. As usual, keep the tile as silk or discard it immediately
# for Thread/Lace." and "... from 1 of the Resource stacks free of charge."
@pytest.mark.parametrize("card, price", [("l1.buy_from_bag", 1), ("l1.free_from_bag", 0)])
def test_level_one_bonus_takes_the_top_tile_of_a_chosen_stack(rules, card, price):
    game = Game.new(rules, players=3, seed=9)
    state, me = game.state, game.state["players"][1]
    top = state["zones"]["resource_stack_2"][-1]
    livre, size = me["livre"], len(state["zones"]["resource_stack_2"])
    game.run_effect(rules.employees[card].bonus, seat=1, answers=["resource_stack_2", "keep"])
    assert me["tiles"] == [top]
    assert me["livre"] == livre - price
    assert len(state["zones"]["resource_stack_2"]) == size - 1


def test_level_one_bonus_may_discard_the_tile_for_its_thread_or_lace(rules):
    game = Game.new(rules, players=3, seed=9)
    state, me = game.state, game.state["players"][0]
    top = state["zones"]["resource_stack_3"][-1]
    option = "+".join(rules.tiles[top].conversions[0])
    before = {r: me[r] for r in ("thread", "lace")}
    game.run_effect(rules.employees["l1.free_from_bag"].bonus, seat=0,
                    answers=["resource_stack_3", option])
    assert me["tiles"] == []
    assert state["resource_discard"][-1] == top
    assert sum(me[r] - before[r] for r in ("thread", "lace")) == len(option.split("+"))


def test_a_player_only_chooses_among_stacks_that_hold_tiles(rules):
    game = Game.new(rules, players=3, seed=9)
    game.state["resource_discard"].extend(game.state["zones"]["resource_stack_1"])
    game.state["zones"]["resource_stack_1"].clear()
    question = game.next_question(rules.employees["l1.free_from_bag"].bonus, seat=0)
    assert [o.value for o in question.options] == ["resource_stack_2", "resource_stack_3"]
    assert [o.label for o in question.options] == ["the second face-down Resource stack",
                                                   "the third face-down Resource stack"]


# 000, Note in general: "Whenever you gain Prestige Points, take the appropriate amount from the
# Prestige Point tokens supply and place it face down in front of you. You may keep your score
# hidden until the end of the game." and "You may not keep your money hidden."
def test_prestige_is_hidden_from_the_others_until_the_game_ends(rules):
    game = Game.new(rules, players=3, seed=2)
    game.state["players"][1]["prestige"] = 7
    view = game.view(0)
    assert [p["prestige"] for p in view["players"]] == [0, None, None]
    assert [p["livre"] for p in view["players"]] == [15, 15, 15]
    assert game.view(1)["players"][1]["prestige"] == 7
    bots = [make_bot("random", s) for s in range(3)]
    while not game.is_over():
        d = game.decision()
        game.apply(bots[d.seat].choose(game, d))
    assert [p["prestige"] for p in game.view(0)["players"]] == \
        [p["prestige"] for p in game.state["players"]]


def test_deluxe_prestige_stays_public():
    game = Game.new(load_ruleset(), players=3, seed=2)
    assert None not in [p["prestige"] for p in game.view(0)["players"]]


# Seeds README, colour correspondence: "yellow dress (13 tiles, common) | blue gown", "red dress
# (10 tiles) | green gown", "green coat (13 tiles, common) | pink frock coat", "blue coat (6
# tiles, rare) | orange frock coat". 000: "EITHER a woman in a yellow or red Ladies' dress OR a
# man in a green or blue Men's coat".
def test_colours_and_kinds_read_as_the_originals(rules):
    names = {c: rules.word(c) for c in ("blue", "green", "pink", "orange")}
    assert names == {"blue": "yellow", "green": "red", "pink": "green", "orange": "blue"}
    counts = {}
    for g in rules.garments.values():
        key = f"{rules.word(g.color)} {rules.word(g.kind)}"
        counts[key] = counts.get(key, 0) + 1
    assert counts == {"yellow ladies' dress": 13, "red ladies' dress": 10,
                      "green men's coat": 13, "blue men's coat": 6}


def _cards(capsys, *args) -> str:
    assert main(["cards", *args]) == 0
    return " ".join(capsys.readouterr().out.split())  # the table's line wraps undone


def test_cards_speak_the_originals_words(capsys):
    text = _cards(capsys, "--edition", "original")
    flat = text.replace("│", " ")
    flat = " ".join(flat.split())
    # 000, row 2: "Gain 1 Livre from the bank for each of your yellow Dresses on the Game board.
    # Gain 2 Livres for each of your red Dresses on the Game board."
    assert "Gain 1 Livre for each of your yellow Dresses on the board and 2 Livre for each of" \
        " your red Dresses on the board." in flat
    # 000, row 2: "Perform 1 additional "Make a Dress" action ... If you make a Dress that
    # requires yellow or green bales of silk, you may surrender 1 bale fewer (green OR yellow)"
    assert "Perform 1 additional Make a Dress action (regardless of your Main action). If you" \
        " make a Dress that requires yellow or green bales of silk, you can use 1 less bale of" \
        " silk (yellow OR green)" in flat
    assert "You can't make a Master Dress with this action." in flat
    # 000, row 4: "... red bales of silk, you may surrender up to 2 red bales fewer"
    assert "you can use up to 2 less red bales of silk" in flat
    # 000, row 4: "Gain 2 Livres from the bank for each of your green Dresses on the Game board.
    # Gain 1 Prestige Point for each of your blue Dresses on the Game board."
    assert "Gain 2 Livre for each of your green Dresses on the board and 1 Prestige for each of" \
        " your blue Dresses on the board." in flat
    # 000, row 5: "Each blue bale gives you 1 Prestige Point, each red bale gives you 1 Prestige
    # Point, any combination of 2 bales (green and/or yellow) gives you 1 Prestige Point."
    assert "1 Prestige for each blue or red bale and 1 Prestige for every 2 green or yellow" \
        " bales" in flat
    # 000, row 6: "2 Prestige Points for each pair of 1 Women's dress and 1 Men's coat"
    assert "Gain 2 Prestige for each set of 1 ladies' dress and 1 men's coat." in flat
    # 000, row 3/4: "depends on the total number of cards in your Employee deck"
    assert "the number of cards in your Employee deck: 5 or 6: 2 Livre" in flat
    # 000, row 1: "Gain 1 face-down Resource tile from 1 of the Resource stacks"
    assert "Pay 1 Livre to take 1 face-down Resource tile from 1 of the Resource stacks." in flat
    assert "Take 1 face-down Resource tile from 1 of the Resource stacks." in flat
    words = " ".join(w for w in flat.split() if "_" not in w)  # not the ids (pink_01)
    for deluxe in ("the bag", "Garment", "gown", "frock coat", "pink", "orange", "staff",
                   "Tailor"):
        assert deluxe not in words, deluxe
    assert "Dresses" in flat and "yellow ladies' dress" in flat and "blue men's coat" in flat
    assert "3 yellow silk, 1 Lace" in flat


def test_deluxe_cards_keep_the_deluxe_words(capsys):
    flat = " ".join(_cards(capsys).replace("│", " ").split())
    assert "Gain 1 Livre for each of your blue Garments on the board" in flat
    assert "randomly take 1 Resource from the bag" in flat.lower() or \
        "Randomly take 1 Resource from the bag" in flat
    assert "Gain 2 Prestige for each set of 1 gown and 1 frock coat." in flat
    assert "blue gown" in flat and "Employee deck" not in flat


# Where the player reads the board: 000's "Fountain" with "an upper row and a lower row", the
# "King's hall (the hall beneath the Terrace)", the Warehouse segments and the Workshop.
def test_the_board_reads_in_the_originals_words(rules):
    from rich.console import Console

    from interpreter.ui import render
    game = Game.new(rules, players=2, seed=3)
    console = Console(width=200, record=True)
    console.print(render.board(game, 0))
    out = console.export_text()
    for word in ("Workshop windows", "Warehouse segment", "King's hall", "Fountain (upper row)",
                 "Fountain (lower row)", "Terrace x2", "face down"):
        assert word in out, word
    for deluxe in ("Catering Kitchen", "Royal Hall", "Garment Design", "balcony", "drawer"):
        assert deluxe not in out, deluxe


def test_validate_and_diff(capsys):
    assert main(["validate", "--edition", "original"]) == 0
    assert "ok: modules base, original" in capsys.readouterr().out
    assert main(["diff", "--edition", "original"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    for change in ("l1.buy_from_bag", "l1.free_from_bag", "prepare.resources",
                   "resource_stack_1", "private", "prestige", "'Favor card'"):
        assert change in out, change


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_complete_games(rules, players, bot):
    seed = 40 + players
    game = Game.new(rules, players=players, seed=seed)
    bots = [make_bot(bot, seed + s) for s in range(players)]
    n = 0
    while not game.is_over():
        d = game.decision()
        if n % 20 == 0:
            assert problems(rules, game.state, game.side) == []
        game.apply(bots[d.seat].choose(game, d))
        n += 1
    assert problems(rules, game.state, game.side) == []
    assert game.state["round"] == 7
    assert sorted(_all_tiles(game.state)) == sorted(rules.tiles)
    assert Game.from_json(rules, game.to_json()).state == game.state


@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_simulate_command(bot, capsys):
    for players in ("2", "5"):
        assert main(["simulate", "--edition", "original", "--players", players, "--games", "3",
                     "--bots", bot, "--workers", "1"]) == 0


def test_the_expansions_combine_with_the_original_edition():
    rules = load_ruleset(edition="original",
                         expansions=("fancy_dresses", "festivity_dresses", "expert_tailoring"))
    game = Game.new(rules, players=4, seed=3)
    # Fancy Dresses' 5 tiles are shuffled into the stacks with the others
    assert game.state["resource_bag"] == []
    assert sorted(_all_tiles(game.state)) == sorted(rules.tiles)
    assert len(rules.tiles) == 53
    bots = [make_bot("greedy", s) for s in range(4)]
    while not game.is_over():
        d = game.decision()
        game.apply(bots[d.seat].choose(game, d))
    assert problems(rules, game.state, game.side) == []


def test_step_names_are_the_originals(rules):
    names = {p.id: p.name for p in rules.final_phases}
    assert names["tokens"] == "E) Score Property markers"
    assert names["balcony"] == "C) Watch the Fireworks from the Terrace"
    prepare = next(p for p in rules.round_phases if p.id == "prepare")
    assert [s.name for s in prepare.steps] == [
        "A) Favor card > Starting Player", "B) New employee cards",
        "C) New Resource tiles (from the face-down Resource stacks)", "D) New Dress tiles"]

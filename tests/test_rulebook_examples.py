"""The worked examples and rules of the Deluxe rulebook, each as a scenario on a hand-built position.

Every test builds a position by editing `game.state` right after `Game.new`, then runs exactly the
rule under test (a phase step, a final-scoring step, a main action or a card bonus) from the
rules data, and checks the outcome with exact numbers.
"""
from __future__ import annotations

import pytest
from rulesdsl import EffectAbort

from interpreter import Game, IllegalDecisionError, make_bot

from conftest import (card, decision_of, dump, final_step, garments_of_color, place,
                      prepare_step, round_step, values)

FOUR = 4  # a 4-player game uses the "large" side


def _garment(rules, color, master=None, **silk):
    """The first garment of `color` with exactly this silk (and master flag, if given)."""
    for g in rules.garments.values():
        if g.color == color and dict(g.silk) == silk and (master is None or g.master == master):
            return g.id
    raise LookupError((color, silk, master))


# -- Phase 4: income -------------------------------------------------------------------------

def test_income_example_george_eve_mike(make_game, rules):
    """Rulebook, Phase 4 example: "George (purple) only collects the basic income of 5 Livre.
    Eve (black) collects an income of 8 Livre (5+3). Her Trademark token in the right side of the
    Catering Kitchen gains her 3 extra Livre (for 3 Garment tiles on the board). Mike (blue)
    collects an income of 9 Livre (5+3+1). His Trademark token in the left side ... gains him 3
    extra Livre (as he has funded 3 Decorations including the 2 in the Catering Kitchen) and his
    Trademark token in the right side ... another 1 Livre (for 1 Garment tile on the board)."
    """
    game = make_game(FOUR)
    george, eve, mike = 0, 1, 3
    blue = garments_of_color(rules, "blue", 5)
    game.state["decorations"].update({"kitchen_right.1": eve, "kitchen_left.1": mike,
                                      "kitchen_right.2": mike, "statue.1": mike})
    for space, g in zip(["hall_2.1", "hall_3.1", "hall_4.1"], blue):
        place(game, eve, space, g)
    place(game, mike, "hall_5.2", blue[3])
    place(game, george, "hall_5.4", blue[4])  # George's garment earns him nothing extra
    game.state["all_halls"] = [mike]  # "Trademark tokens on the All Halls Bonus ... do not count"
    income = round_step(rules, "income")
    for seat in (george, eve, mike):
        game.run_effect(income, seat)
    livre = [p["livre"] for p in game.state["players"]]
    assert (livre[george], livre[eve], livre[mike]) == (5, 8, 9)
    assert livre[2] == 0  # nobody else was paid


def test_income_paid_at_end_of_round_7_before_final_scoring(make_game, rules):
    """Rulebook: "You will also receive your income at the end of the 7th Round (last Round)
    before End of Game Scoring." Each player has 5 Livre when round 7's income phase begins:
    5 + 5 income = 10 Livre = 1 prestige at final scoring, and the game is over."""
    game = make_game(3, livre=5)
    state = game.state
    state["round"] = 7
    game.jump({"stage": "round", "phase": [p.id for p in rules.round_phases].index("income"),
               "index": 0})
    assert game.is_over() and game.decision() is None
    assert [(p["livre"], p["score"]) for p in state["players"]] == [(0, {"livre": 1})] * 3


# -- Final scoring -----------------------------------------------------------------------------

def test_statues_example_mike_two_statues_seven_garments(make_game, rules):
    """Rulebook, Statues example: "Mike has a total of 2 Trademark tokens on Statues. He has a
    total of 7 Garments on the board: one set of 4 different colors, which earns him 8 Prestige
    Points, another set of 2 different colored Garments (blue and green), which earns him 4
    Prestige Points, and a third green Garment, which can't be used in this scoring."
    """
    game = make_game(FOUR)
    mike = 2
    game.state["decorations"].update({"statue.1": mike, "statue.2": mike})
    gs = (garments_of_color(rules, "blue", 2) + garments_of_color(rules, "pink", 1)
          + garments_of_color(rules, "green", 3) + garments_of_color(rules, "orange", 1))
    spaces = ["royal_hall.1", "royal_hall.2", "hall_2.1", "hall_2.2", "hall_3.1", "hall_3.2",
              "hall_4.1"]
    for space, g in zip(spaces, gs):
        place(game, mike, space, g)
    game.run_effect(final_step(rules, "statues"), mike, score_key="statues")
    p = game.state["players"][mike]
    assert p["prestige"] == 12
    assert p["score"] == {"statues": 12}


def test_statue_scores_at_most_8_and_nothing_without_statue(make_game, rules):
    """Rulebook: "you will earn 2 Prestige Points for each different color of your Garments on
    the board up to 4 ... a maximum of 8 Prestige Points per Statue." """
    game = make_game(FOUR)
    gs = sum((garments_of_color(rules, c, 2) for c in ("blue", "pink", "green", "orange")), [])
    for i, g in enumerate(gs):
        place(game, 0, f"hall_{2 + i % 4}.{1 + i // 4}", g)
        place(game, 1, f"royal_hall.{1 + i % 7}", garments_of_color(rules, "blue", 13)[5 + i % 7]) \
            if i < 1 else None
    game.state["decorations"]["statue.3"] = 0
    game.run_effect(final_step(rules, "statues"), 0)
    game.run_effect(final_step(rules, "statues"), 1)
    assert game.state["players"][0]["prestige"] == 8
    assert game.state["players"][1]["prestige"] == 0


def _hall_game(make_game, players=FOUR):
    return make_game(players)


def test_hall_majority_tie_broken_by_master_guest_spaces(make_game, rules):
    """Original rulebook, Final scoring A, example (a 3-player game: its fireworks example is
    6/2): "Eve gets 3 Prestige Points. George gets 1 Prestige Point. Even though Eve and George
    are tied for the majority, Eve wins the tie since she has more Dresses on Master Guest spaces
    (1) than George (0)." The hall of the example is worth 3/1: hall_5 on the 1-3 player side."""
    game = make_game(3)
    assert game.side.id == "small"
    hall = next(h for h in game.side.halls if tuple(h.majority) == (3, 1))
    master = next(s for s in hall.guest_spaces if game.side.guest_spaces[s].master)
    plain = next(s for s in hall.guest_spaces if not game.side.guest_spaces[s].master)
    eve, george, mike = 0, 1, 2
    b = garments_of_color(rules, "blue", 2)
    place(game, eve, master, b[0], master_made=True)
    place(game, george, plain, b[1])
    game.run_effect(final_step(rules, "halls"), 0, score_key="halls")
    assert [p["prestige"] for p in game.state["players"]] == [3, 1, 0]
    assert game.state["players"][eve]["score"] == {"halls": 3}
    assert game.state["players"][george]["score"] == {"halls": 1}


def test_hall_majority_tie_loser_is_second(make_game, rules):
    """Rulebook, Majority in each Hall: "A tie is decided in favor of the tied player with more
    Garments on Master Guest spaces in this Hall." The loser of the tie is then second."""
    game = make_game(FOUR)
    b = garments_of_color(rules, "blue", 4)
    place(game, 0, "hall_2.1", b[0]); place(game, 0, "hall_2.2", b[1])
    place(game, 1, "hall_2.3", b[2], master_made=True); place(game, 1, "hall_2.5", b[3])
    game.run_effect(final_step(rules, "halls"), 0, score_key="halls")
    prestige = [p["prestige"] for p in game.state["players"]]
    assert prestige == [3, 6, 0, 0]  # hall_2 on the large side is 6/3
    assert game.state["players"][1]["score"] == {"halls": 6}


def test_hall_majority_tie_then_broken_by_musician(make_game, rules):
    """Rulebook: "If still tied, the tied player with the musician decoration in this area wins
    the tie." """
    game = make_game(FOUR)
    b = garments_of_color(rules, "blue", 4)
    place(game, 0, "hall_4.1", b[0]); place(game, 0, "hall_4.3", b[1], master_made=True)
    place(game, 2, "hall_4.2", b[2]); place(game, 2, "hall_4.4", b[3], master_made=True)
    game.state["decorations"]["hall_4.musician"] = 2
    game.run_effect(final_step(rules, "halls"), 0, score_key="halls")
    assert [p["prestige"] for p in game.state["players"]] == [2, 0, 5, 0]  # hall_4 is 5/2


def test_hall_majority_full_tie_all_get_first_nobody_second(make_game, rules):
    """Rulebook: "If there is no such player, all tied players receive full rewards. If there is
    a tie for 1st place, no one receives the prestige points for 2nd place in this area." """
    game = make_game(FOUR)
    b = garments_of_color(rules, "blue", 5)
    place(game, 0, "royal_hall.1", b[0]); place(game, 0, "royal_hall.2", b[1])
    place(game, 1, "royal_hall.3", b[2]); place(game, 1, "royal_hall.5", b[3])
    place(game, 3, "royal_hall.6", b[4])  # would be second, but first place is tied
    game.state["decorations"]["royal_hall.musician"] = 2  # a musician owner without garments
    game.run_effect(final_step(rules, "halls"), 0, score_key="halls")
    assert [p["prestige"] for p in game.state["players"]] == [8, 8, 0, 0]  # royal hall 8/4


def test_hall_majority_second_place_and_empty_halls(make_game, rules):
    """Rulebook: "the player with the most Garments receives the higher number of Prestige
    Points and the player with the second most Garments receives the lower number"; the other
    halls are empty and give nothing."""
    game = make_game(FOUR)
    b = garments_of_color(rules, "blue", 6)
    for i in range(3):
        place(game, 2, f"hall_3.{i + 1}", b[i])
    place(game, 0, "hall_3.5", b[3]); place(game, 0, "hall_3.6", b[4])
    place(game, 1, "hall_5.1", b[5])
    game.run_effect(final_step(rules, "halls"), 0, score_key="halls")
    # hall_3: seat 2 first (6), seat 0 second (3); hall_5: seat 1 alone (5)
    assert [p["prestige"] for p in game.state["players"]] == [3, 5, 6, 0]


def test_two_player_rule_no_second_place_in_halls_and_fireworks(make_game, rules):
    """Rulebook: "Special Rule for 2 Players: In the Halls, Only the player who wins the majority
    in each Hall gains Prestige Points there. No one receives Prestige Points for 2nd place."
    and for Fireworks: "Only the player with the most Fireworks Decorations gains Prestige
    Points." """
    game = make_game(2)
    b = garments_of_color(rules, "blue", 3)
    place(game, 0, "royal_hall.1", b[0]); place(game, 0, "royal_hall.2", b[1])
    place(game, 1, "royal_hall.4", b[2])
    game.state["decorations"].update({"fireworks.1": 1, "fireworks.2": 1, "fireworks.3": 0})
    game.run_effect(final_step(rules, "halls"), 0, score_key="halls")
    game.run_effect(final_step(rules, "fireworks"), 0, score_key="fireworks")
    p0, p1 = game.state["players"]
    assert p0["score"] == {"halls": 6}  # small side royal hall 6/3: no 3 for seat 1
    assert p1["score"] == {"fireworks": 6}  # small side fireworks 6/2: no 2 for seat 0
    # the same position with 3 players does award second place
    game3 = make_game(3)
    for k in ("guests", "decorations"):
        game3.state[k] = game.state[k]
    game3.run_effect(final_step(rules, "halls"), 0, score_key="halls")
    game3.run_effect(final_step(rules, "fireworks"), 0, score_key="fireworks")
    assert [p["prestige"] for p in game3.state["players"]] == [6 + 2, 3 + 6, 0]


def test_fireworks_tie_broken_by_rightmost_space(make_game, rules):
    """Rulebook, Majority in Fireworks: "If there is a tie, the tied player whose Trademark token
    is on the most expensive Fireworks Decoration (furthest to the right) wins the tie." """
    game = make_game(FOUR)
    game.state["decorations"].update({"fireworks.1": 0, "fireworks.5": 0,
                                      "fireworks.2": 1, "fireworks.4": 1, "fireworks.3": 2})
    game.run_effect(final_step(rules, "fireworks"), 0, score_key="fireworks")
    assert [p["prestige"] for p in game.state["players"]] == [7, 3, 0, 0]
    game = make_game(FOUR)
    game.state["decorations"].update({"fireworks.4": 0, "fireworks.5": 1,
                                      "fireworks.1": 2, "fireworks.2": 2})
    game.run_effect(final_step(rules, "fireworks"), 0, score_key="fireworks")
    assert [p["prestige"] for p in game.state["players"]] == [0, 3, 7, 0]


@pytest.mark.parametrize("players,first,second", [(4, 7, 3), (5, 7, 3), (3, 6, 2)])
def test_fireworks_7_3_large_side_6_2_small_side(make_game, rules, players, first, second):
    """Rulebook: "Depending on the side of the board, the player with the most Fireworks
    Decorations gains 7 or 6 Prestige Points. The player with the second most ... 3 or 2." """
    game = make_game(players)
    game.state["decorations"].update({"fireworks.1": 1, "fireworks.2": 1, "fireworks.3": 0})
    game.run_effect(final_step(rules, "fireworks"), 0, score_key="fireworks")
    prestige = [p["prestige"] for p in game.state["players"]]
    assert prestige[:2] == [second, first] and sum(prestige) == first + second


# -- Tailor a garment ----------------------------------------------------------------------------

def _tailor_position(make_game, rules, tiles=("res_16", "res_43", "res_01")):
    game = make_game(FOUR, livre=10, lace=1)
    state = game.state
    state["garment_display"] = [None] * 8
    state["garment_display"][4] = "blue_01"
    state["garment_bag"].remove("blue_01") if "blue_01" in state["garment_bag"] else None
    mike = 1
    state["players"][mike]["tiles"] = list(tiles)
    return game, mike


def test_tailoring_example_master_makes_blue_01(make_game, rules):
    """Rulebook, Tailor a Garment example: "In order to make the blue Garment, Mike plays a Master
    employee (because the Garment depicts a gold thimble only a Master can tailor it). First, he
    pays 4 Livre to the bank. Then he discards 1 Lace token and 2 Resource tiles for 3 blue bales
    of silk (the excess green bale is wasted)." """
    assert rules.tiles["res_16"].silk == {"blue": 2}
    assert rules.tiles["res_43"].silk == {"blue": 1, "green": 1}
    g = rules.garments["blue_01"]
    assert (dict(g.silk), g.thread, g.lace, g.master) == ({"blue": 3}, 0, 1, True)
    game, mike = _tailor_position(make_game, rules)
    assert game.side.garment_costs[4] == 4
    master = card(game, mike, "master_1")
    tailor = rules.actions["tailor"].effect
    game.state["garment_display"][7] = "blue_04"  # a second garment (2 blue, costs 0)
    d = decision_of(game, tailor, mike, played=master)
    assert d.kind == "garment"
    assert values(d) == [{"garment": "blue_01", "cost": 4}, {"garment": "blue_04", "cost": 0}]
    # the tile set {res_16, res_43} is the only one that covers 3 blue: no question about it
    choice = {"garment": "blue_01", "cost": 4}
    assert decision_of(game, tailor, mike, answers=[choice], played=master).kind == "rent"
    game.run_effect(tailor, mike, answers=[choice, {"sell": True}], played=master)
    p = game.state["players"][mike]
    assert p["livre"] == 10 - 4 + g.value
    assert p["lace"] == 0
    assert p["tiles"] == ["res_01"]  # the pink tile was not needed; nothing is returned
    assert sorted(game.state["resource_discard"]) == ["res_16", "res_43"]
    assert game.state["garment_display"][4] is None
    assert game.state["garment_display"][7] == "blue_04"
    assert game.state["garment_discard"] == ["blue_01"]


def test_tailoring_example_rent_takes_the_guest_space(make_game, rules):
    """Rulebook: "Turn the Garment over to the rental side and place it into any empty guest space
    ... place 1 of your Trademark tokens on the tile." """
    game, mike = _tailor_position(make_game, rules)
    master = card(game, mike, "master_2")
    game.run_effect(rules.actions["tailor"].effect, mike, answers=[{"space": "hall_2.3"}],
                    played=master)
    assert game.state["guests"] == {"hall_2.3": {"garment": "blue_01", "owner": mike,
                                                 "master_made": True}}
    assert game.state["players"][mike]["livre"] == 6


def test_journeyman_may_not_tailor_a_master_garment(make_game, rules):
    """Rulebook: "Some Design Patterns depict a Gold Thimble. These Garments can only be tailored
    if you played a Master for the Tailor a Garment action." The option is not offered."""
    game, mike = _tailor_position(make_game, rules)
    p = game.state["players"][mike]
    p["hand"] = [card(game, mike, "journeyman"), card(game, mike, "master_1")]
    p["supply"] = [c for c in p["supply"] if c not in p["hand"]]
    d = decision_of(game, round_step(rules, "actions"), mike)
    assert d.kind == "play"
    offered = values(d)
    assert {"card": card(game, mike, "journeyman"), "action": "tailor"} not in offered
    assert {"card": card(game, mike, "master_1"), "action": "tailor"} in offered
    with pytest.raises(EffectAbort):
        decision_of(game, rules.actions["tailor"].effect, mike,
                    played=card(game, mike, "journeyman"))


def test_tailor_needs_thread_and_lace_tokens_not_tiles(make_game, rules):
    """Rulebook: "You must already have any necessary Thread or Lace tokens in front of you as you
    are not allowed to convert any of your Resources tiles for those items at this time." """
    game, mike = _tailor_position(make_game, rules)
    game.state["players"][mike]["lace"] = 0
    with pytest.raises(IllegalDecisionError):
        game.run_effect(rules.actions["tailor"].effect, mike, answers=[{"sell": True}],
                        played=card(game, mike, "master_1"))
    assert game.state["players"][mike]["tiles"] == ["res_16", "res_43", "res_01"]


def test_forced_sale_when_no_guest_space_fits(make_game, rules):
    """Rulebook: "If you use the Tailor a Garment action and there are no longer any suitable guest
    spaces available, you must sell the Garment instead." Every space but the Master guest spaces
    is full, and a Journeyman's garment may not go there: the only option is to sell."""
    game = make_game(FOUR, livre=3, lace=0)
    state = game.state
    spare = [g for g in sorted(rules.garments) if g != "blue_04"]
    for i, (space_id, space) in enumerate(game.side.guest_spaces.items()):
        if not space.master:
            place(game, 2, space_id, spare[i])
    blue = "blue_04"  # 2 blue bales, no tokens, not Master-only
    state["garment_display"] = [None] * 8
    state["garment_display"][6] = blue  # costs 1
    jm = 0
    state["players"][jm]["tiles"] = ["res_16"]
    journeyman = card(game, jm, "journeyman")
    d = decision_of(game, rules.actions["tailor"].effect, jm, played=journeyman)
    assert d is None  # the only answer (sell) answers itself
    game.run_effect(rules.actions["tailor"].effect, jm, played=journeyman)
    assert state["players"][jm]["livre"] == 3 - 1 + rules.garments[blue].value
    assert state["garment_discard"] == [blue]
    assert blue not in [g["garment"] for g in state["guests"].values()]
    # a Master tailor may still rent it to a Master guest space
    game2 = make_game(FOUR, livre=3)
    for k in ("guests", "garment_display"):
        game2.state[k] = __import__("copy").deepcopy(state[k])
    game2.state["garment_display"][6] = blue
    game2.state["players"][jm]["tiles"] = ["res_16"]
    d = decision_of(game2, rules.actions["tailor"].effect, jm, played=card(game2, jm, "master_1"))
    master_spaces = [s for s, sp in game2.side.guest_spaces.items() if sp.master]
    assert d.kind == "rent"
    assert values(d) == [{"sell": True}] + [{"space": s} for s in master_spaces]


def test_master_guest_spaces_only_for_master_made_garments(make_game, rules):
    """Rulebook: "Garments can only be placed in the Master guest spaces in each Hall (marked with
    a gold thimble) if the Garment was made by a Master tailor regardless of whether or not the
    tile shows a gold thimble on its Design Pattern side." """
    game = make_game(FOUR, livre=10)
    state = game.state
    state["garment_display"] = [None] * 8
    state["garment_display"][7] = "blue_04"  # not Master-only, costs 0
    state["players"][0]["tiles"] = ["res_16"]
    tailor = rules.actions["tailor"].effect
    by_jm = values(decision_of(game, tailor, 0, played=card(game, 0, "journeyman")))
    by_master = values(decision_of(game, tailor, 0, played=card(game, 0, "master_1")))
    master_spaces = {s for s, sp in game.side.guest_spaces.items() if sp.master}
    normal = {s for s in game.side.guest_spaces} - master_spaces
    assert {v["space"] for v in by_jm if "space" in v} == normal
    assert {v["space"] for v in by_master if "space" in v} == normal | master_spaces
    game.run_effect(tailor, 0, answers=[{"space": "hall_3.3"}], played=card(game, 0, "master_1"))
    assert state["guests"]["hall_3.3"]["master_made"] is True


@pytest.mark.parametrize("space,key,gain", [("royal_hall.1", "livre", 3), ("hall_2.1", "thread", 1),
                                            ("royal_hall.3", "lace", 1), ("hall_5.4", "livre", 2),
                                            ("hall_2.2", "livre", 0)])
def test_guest_space_rewards(make_game, rules, space, key, gain):
    """Rulebook: "If the guest space offers a reward, you gain it immediately when you place the
    Garment in the space: Gain the amount of Livre depicted from the bank. Gain 1 Thread token
    from the supply. Gain 1 Lace token from the supply." """
    game = make_game(FOUR, livre=0)
    state = game.state
    state["garment_display"] = [None] * 8
    state["garment_display"][7] = "blue_04"
    state["players"][0]["tiles"] = ["res_16"]
    before = dict(state["players"][0])
    game.run_effect(rules.actions["tailor"].effect, 0, answers=[{"space": space}],
                    played=card(game, 0, "journeyman"))
    after = state["players"][0]
    for k in ("livre", "thread", "lace"):
        assert after[k] - before[k] == (gain if k == key else 0)


def test_guest_space_reward_free_resource_tile(make_game, rules):
    """Rulebook: "If available, gain 1 Resource tile from any row in the Resource tile display
    drawers free of charge. You must decide immediately whether to keep the tile in your hidden
    supply as silk or to gain the depicted Thread and/or Lace." """
    game = make_game(FOUR, livre=0)
    state = game.state
    state["garment_display"] = [None] * 8
    state["garment_display"][7] = "blue_04"
    state["players"][0]["tiles"] = ["res_16"]
    state["drawers"] = [["res_01", "res_02", "res_03", "res_05"], ["res_06"], []]
    tailor = rules.actions["tailor"].effect
    jm = card(game, 0, "journeyman")
    d = decision_of(game, tailor, 0, answers=[{"space": "royal_hall.6"}], played=jm)
    assert d.kind == "tile"
    assert {v["price"] for v in values(d)} == {0}  # free even from a drawer of 4
    assert len(d.options) == 5
    game.run_effect(tailor, 0, answers=[{"space": "royal_hall.6"},
                                        {"drawer": 0, "tile": "res_02", "price": 0},
                                        "thread+lace"], played=jm)
    p = state["players"][0]
    assert (p["livre"], p["thread"], p["lace"], p["tiles"]) == (0, 1, 1, [])
    assert state["drawers"][0] == ["res_01", "res_03", "res_05"]
    assert state["resource_discard"] == ["res_16", "res_02"]


# -- Hire, acquire -----------------------------------------------------------------------------

def test_hire_costs_5_3_1_0_as_the_display_shrinks(make_game, rules):
    """Rulebook, Hire a New Employee: "If there are 4 cards in the display, pay 5 Livres ... 3
    cards ... 3 Livres ... 2 cards ... 1 Livre ... only 1 card in the display, it is free. ...
    put it in your hand." """
    game = make_game(FOUR, livre=20)
    state = game.state
    master = card(game, 0, "master_1")
    hire = rules.actions["hire"].effect
    display = list(state["hire_display"])
    assert len(display) == 4
    spent = []
    for c in display:
        before = state["players"][0]["livre"]
        game.run_effect(hire, 0, answers=[c], played=master)
        spent.append(before - state["players"][0]["livre"])
    assert spent == [5, 3, 1, 0]
    assert state["players"][0]["hand"] == display
    assert state["hire_display"] == []
    with pytest.raises(IllegalDecisionError, match="cannot be done"):
        game.run_effect(hire, 0, played=master)


def test_hire_not_offered_without_the_livre(make_game, rules):
    """A hire costing 5 with 4 Livre is not possible; only a Master may hire."""
    game = make_game(FOUR, livre=4)
    p = game.state["players"][0]
    p["hand"] = [card(game, 0, "master_1"), card(game, 0, "journeyman")]
    d = decision_of(game, round_step(rules, "actions"), 0)
    assert not [v for v in values(d) if v["action"] == "hire"]
    p["livre"] = 5
    d = decision_of(game, round_step(rules, "actions"), 0)
    assert [v for v in values(d) if v["action"] == "hire"] == \
        [{"card": card(game, 0, "master_1"), "action": "hire"}]


def test_resource_prices_2_1_0_by_drawer_count(make_game, rules):
    """Rulebook, Acquire Resources: "If there are 3 or 4 tiles in the drawer, the tile costs 2
    Livres. If there are 2 tiles in the drawer, the tile costs 1 Livre. If only 1 tile remains in
    the drawer, the tile is free." """
    game = make_game(FOUR, livre=10)
    game.state["drawers"] = [["res_01", "res_02", "res_03", "res_04"], ["res_05", "res_06"],
                             ["res_07"]]
    d = decision_of(game, rules.actions["acquire"].effect, 0)
    price = {v["tile"]: v["price"] for v in values(d)}
    assert price == {"res_01": 2, "res_02": 2, "res_03": 2, "res_04": 2,
                     "res_05": 1, "res_06": 1, "res_07": 0}
    game.state["drawers"][0].pop()
    d = decision_of(game, rules.actions["acquire"].effect, 0)
    assert {v["tile"]: v["price"] for v in values(d)}["res_01"] == 2
    # with 1 Livre only the drawers costing 0 or 1 are offered
    game.state["players"][0]["livre"] = 1
    d = decision_of(game, rules.actions["acquire"].effect, 0)
    assert sorted(v["tile"] for v in values(d)) == ["res_05", "res_06", "res_07"]
    # no tiles at all: the action cannot be performed
    game.state["drawers"] = [[], [], []]
    with pytest.raises(IllegalDecisionError):
        game.run_effect(rules.actions["acquire"].effect, 0)


def test_acquire_example_mike_buys_2_pink(make_game, rules):
    """Rulebook, Acquire example: "Mike plays an apprentice and wants to buy the Resource tile ...
    that depicts 2 bales of pink silk. Since there are 3 tiles in that drawer, he pays 2 Livres
    ... he must immediately decide to either: a) Place the Resource tile on his tile rack ... OR
    b) Discard the tile and obtain either 1 Thread or 1 Lace token. He decides to keep the silk." """
    assert rules.tiles["res_01"].silk == {"pink": 2}
    game = make_game(FOUR, livre=7)
    mike = 3
    game.state["drawers"] = [["res_02"], ["res_05", "res_01", "res_06"], []]
    acquire = rules.actions["acquire"].effect
    choice = {"drawer": 1, "tile": "res_01", "price": 2}
    d = decision_of(game, acquire, mike, answers=[choice])
    assert d.kind == "keep" and values(d) == ["keep", "thread", "lace"]
    keep_game = game.clone()
    keep_game.run_effect(acquire, mike, answers=[choice, "keep"])
    p = keep_game.state["players"][mike]
    assert (p["livre"], p["tiles"], p["thread"], p["lace"]) == (5, ["res_01"], 0, 0)
    assert keep_game.state["drawers"][1] == ["res_05", "res_06"]
    game.run_effect(acquire, mike, answers=[choice, "lace"])
    p = game.state["players"][mike]
    assert (p["livre"], p["tiles"], p["thread"], p["lace"]) == (5, [], 0, 1)
    assert game.state["resource_discard"] == ["res_01"]


# -- Depute ------------------------------------------------------------------------------------

def _staff_of_four(game, seat, hand):
    """Staff of exactly 4: `hand` plus start cards in the supply; the rest removed."""
    p = game.state["players"][seat]
    rest = [c for c in p["supply"] if c not in hand]
    p["hand"] = list(hand)
    p["supply"] = rest[: 4 - len(hand)]
    game.state["removed_employees"] += rest[4 - len(hand):]
    return rest[4 - len(hand):]


def test_depute_limit_staff_of_four(make_game, rules):
    """Rulebook, Depute: "you must always retain a staff of at least 4 Employee cards. If you only
    have 4 Employees, you can't use the Depute action either as a Main action or via a Bonus
    action." """
    game = make_game(FOUR, livre=5)
    seat = 0
    dfb = "l1.depute_for_bonus"
    game.state["hire_display"].remove(dfb) if dfb in game.state["hire_display"] else \
        game.state["hire_deck"].remove(dfb)
    removed = _staff_of_four(game, seat, [dfb, card(game, seat, "apprentice_2")])
    assert len(game.state["players"][seat]["supply"]) == 2
    play = round_step(rules, "actions")
    d = decision_of(game, play, seat)
    assert d.kind == "play"
    assert not [v for v in values(d) if v["action"] == "depute"]
    # the deputing bonus is not offered after the main action: the turn needs no more answers
    assert decision_of(game, play, seat, answers=[{"card": dfb, "action": None}]) is None
    # with a fifth card the depute main action and the depute bonus are both offered
    game.state["players"][seat]["discard"] = [removed[0]]
    game.state["removed_employees"].remove(removed[0])
    d = decision_of(game, play, seat)
    assert {"card": dfb, "action": "depute"} in values(d)
    assert {"card": card(game, seat, "apprentice_2"), "action": "depute"} in values(d)
    d = decision_of(game, play, seat, answers=[{"card": dfb, "action": None}])
    assert d.kind == "bonus"


@pytest.mark.parametrize("start_id,payout", [("master_1", 10), ("journeyman", 7),
                                             ("apprentice_1", 4)])
def test_depute_values_10_7_4(make_game, rules, start_id, payout):
    """Rulebook, Depute: "When you depute an Employee, you receive the amount of Livres indicated
    near the carriage at the bottom of the Employee card" (Master 10, Journeyman 7, Apprentice 4)
    and the card is removed from the game, once its bonus had its last chance (end of the turn):
    the action alone pays and marks the card as leaving."""
    game = make_game(FOUR, livre=1)
    c = card(game, 2, start_id)
    p = game.state["players"][2]
    p["supply"].remove(c)
    p["played"] = c
    game.run_effect(rules.actions["depute"].effect, 2, played=c)
    assert p["livre"] == 1 + payout
    assert p["played"] == c and p["deputing"] == [c]
    game = make_game(FOUR, livre=1)
    c = card(game, 2, start_id)
    p = game.state["players"][2]
    p["supply"].remove(c)
    p["hand"] = [c]
    game.run_effect(round_step(rules, "actions"), 2, answers=[{"card": c, "action": "depute"},
                                                              False])
    assert p["livre"] == 1 + payout
    assert p["played"] is None and c not in p["supply"] + p["discard"] + p["hand"]
    assert game.state["removed_employees"] == [c] and p["deputing"] == []


def test_deputed_card_may_still_use_its_bonus(make_game, rules):
    """Rulebook: "After you receive the Livres for deputing the Employee, you can now use the Bonus
    action ... one last time before the card is removed from the game." Played through a turn:
    depute the 'gain 2 Livre' apprentice, then use its bonus: 4 + 2 Livre."""
    game = make_game(FOUR, livre=0)
    c = card(game, 1, "apprentice_2")
    p = game.state["players"][1]
    p["supply"].remove(c)
    p["hand"] = [c]
    game.run_effect(round_step(rules, "actions"), 1, answers=[{"card": c, "action": "depute"},
                                                              True])
    assert p["livre"] == 6
    assert c in game.state["removed_employees"] and c not in p["discard"]
    assert len(p["supply"]) == 4 and p["hand"] == [] and p["played"] is None


# -- Phase 2 -----------------------------------------------------------------------------------

def test_phase2_eve_two_cards_left_then_new_supply_from_discards(make_game, rules):
    """Rulebook, Phase 2 example: "Because she only has 2 cards remaining there, she must take
    these 2 cards into her hand first. Since her Employee supply is now empty and she still needs
    to select a card, she creates a new facedown Employee supply by taking all of her faceup
    Employee discards ... Now, she may select any 1 card in this new Employee supply." """
    game = make_game(FOUR)
    eve = 1
    p = game.state["players"][eve]
    s = list(p["supply"])
    p["supply"], p["discard"] = s[:2], s[2:]
    game.state["round"] = 2
    select = round_step(rules, "select")
    d = decision_of(game, select, eve)
    assert d.kind == "hand" and d.seat == eve
    assert values(d) == s[2:]
    game.run_effect(select, eve, answers=[s[3]])
    assert p["hand"] == s[:2] + [s[3]]
    assert sorted(p["supply"]) == sorted([s[2], s[4]])
    assert p["discard"] == []


def test_phase2_exactly_three_cards_no_choice(make_game, rules):
    """Rulebook: "If you have exactly 3 cards in your Employee supply, you have no choice as you
    must take these 3 cards into your hand. Your Employee supply is now empty" and "You always
    make a new Employee supply from your Employee discards only when you need to select a card
    and your Employee supply is empty – never before that moment!" """
    game = make_game(FOUR)
    p = game.state["players"][0]
    s = list(p["supply"])
    p["supply"], p["discard"] = s[:3], s[3:]
    select = round_step(rules, "select")
    assert decision_of(game, select, 0) is None
    game.run_effect(select, 0)
    assert p["hand"] == s[:3] and p["supply"] == [] and p["discard"] == s[3:]


# -- Queen's Favor -----------------------------------------------------------------------------

def test_queens_favor(make_game, rules):
    """Rulebook, Claim the Queen's Favor: "take it ... and immediately gain 5 Livres ... At the
    beginning of the next Round, take the Start Player token and return the Queen's Favor token
    ... This action can only be performed by 1 player each Round ... If you have the Queen's
    Favor tile in your possession at the end of the final Round, you will also receive 3 Prestige
    Points during final scoring." """
    game = make_game(FOUR, livre=2)
    state = game.state
    start = state["start_player"]
    claimer = (start + 2) % 4
    game.run_effect(rules.actions["favor"].effect, claimer,
                    played=card(game, claimer, "journeyman"))
    assert state["players"][claimer]["livre"] == 7 and state["favor"] == claimer
    # a second claim this round is not offered to anyone
    other = (claimer + 1) % 4
    state["players"][other]["hand"] = [card(game, other, "master_1")]
    d = decision_of(game, round_step(rules, "actions"), other)
    assert "favor" not in {v["action"] for v in values(d)}
    # an apprentice can never claim it
    state["favor"] = None
    state["players"][other]["hand"] = [card(game, other, "apprentice_1")]
    assert "favor" not in {v["action"] for v in
                           values(decision_of(game, round_step(rules, "actions"), other))}
    state["favor"] = claimer
    # next round: the claimer becomes start player and the token goes back
    game.run_effect(prepare_step(rules, "favor"), start)
    assert state["start_player"] == claimer and state["favor"] is None
    # held at the end: 3 prestige
    state["favor"] = claimer
    for seat in range(4):
        game.run_effect(final_step(rules, "favor"), seat, score_key="favor")
    assert [p["prestige"] for p in state["players"]] == [3 if s == claimer else 0
                                                         for s in range(4)]


def test_queens_favor_in_play_next_round_start_player(rules):
    """Played through the flow: whoever claims the favor in round 1 starts round 2."""
    game = Game.new(rules, players=3, seed=11)
    claimed = None
    while game.state["round"] == 1:
        d = game.decision()
        favor = [o for o in d.options if d.kind == "play" and o.value["action"] == "favor"]
        if favor and claimed is None:
            claimed = d.seat
            game.apply(favor[0])
            continue
        game.apply(d.options[0])
    assert claimed is not None
    assert game.state["start_player"] == claimed and game.state["favor"] is None


# -- All-halls bonus -----------------------------------------------------------------------------

def test_all_halls_bonus_on_fifth_hall(make_game, rules):
    """Rulebook, All Halls Bonus: "You are represented in a Hall as soon as you have at least 1 of
    your Trademark tokens on a Garment or on a musician Decoration in that Hall. As soon as you
    are represented in each of the 5 Halls, immediately place 1 of your Trademark tokens in the
    most valuable empty space ... No player can occupy more than 1 space." """
    game = make_game(FOUR, livre=30)
    state = game.state
    b = garments_of_color(rules, "blue", 13)
    for i, hall in enumerate(["royal_hall", "hall_2", "hall_3", "hall_4"]):
        place(game, 0, f"{hall}.2", b[i])
    state["decorations"]["hall_2.musician"] = 1
    for i, hall in enumerate(["royal_hall", "hall_3", "hall_4"]):
        place(game, 1, f"{hall}.1", b[4 + i])
    # seat 0 rents a garment in hall 5: all halls -> the 8-point space
    state["garment_display"] = [None] * 8
    state["garment_display"][7] = "blue_04"
    state["players"][0]["tiles"] = ["res_16"]
    assert state["all_halls"] == []
    game.run_effect(rules.actions["tailor"].effect, 0, answers=[{"space": "hall_5.2"}],
                    played=card(game, 0, "journeyman"))
    assert state["all_halls"] == [0]
    # seat 1 funds the hall 5 musician: represented everywhere -> the next space (6)
    game.run_effect(rules.actions["fund"].effect, 1,
                    answers=[{"space": "hall_5.musician", "cost": 4}])
    assert state["all_halls"] == [0, 1]
    # seat 0 adds another garment: still one space only
    state["garment_display"][7] = "blue_07"
    state["players"][0]["tiles"] = ["res_05"]
    game.run_effect(rules.actions["tailor"].effect, 0, answers=[{"space": "hall_5.5"}],
                    played=card(game, 0, "journeyman"))
    assert state["all_halls"] == [0, 1]
    tokens = final_step(rules, "tokens")
    for seat in (0, 1):
        game.run_effect(tokens, seat, score_key="tokens")
    garment_points = lambda seat: sum(rules.garments[g["garment"]].prestige  # noqa: E731
                                      for g in state["guests"].values() if g["owner"] == seat)
    assert state["players"][0]["score"]["tokens"] == garment_points(0) + 8
    # seat 1: garments + musicians (hall_2: 2, hall_5: 1) + all halls 6
    assert state["players"][1]["score"]["tokens"] == garment_points(1) + 2 + 1 + 6


def test_all_halls_bonus_not_a_decoration_for_income(make_game, rules):
    """Rulebook: "The Trademark token placed here is not a Decoration and is never scored for
    Decorations." and "Trademark tokens on the All Halls Bonus are not Decorations and do not
    count for additional income." """
    game = make_game(FOUR)
    game.state["decorations"]["kitchen_left.1"] = 0
    game.state["all_halls"] = [0]
    game.run_effect(round_step(rules, "income"), 0)
    assert game.state["players"][0]["livre"] == 5 + 1
    game.run_effect("gain floor(count(my.decorations) / 2) prestige", 0)
    assert game.state["players"][0]["prestige"] == 0


# -- Balcony, tokens, livre ----------------------------------------------------------------------

def test_balcony_best_garment_to_biggest_multiplier(make_game, rules):
    """Rulebook, Admire the Fireworks: "Each player may now assign 1 of their Garments from the
    Royal Hall to each Fireworks Decoration on the balcony they have funded ... Extra Garments
    will remain in the Royal Hall." and Trademark Tokens Scoring: "multiply the Prestige Points on
    each Garment by that Fireworks Decoration factor (x2 or x3)." """
    game = make_game(FOUR)
    state = game.state
    by_prestige = {}
    for g in rules.garments.values():
        by_prestige.setdefault(g.prestige, g.id)
    g2, g3, g4 = by_prestige[2], by_prestige[3], by_prestige[4]
    place(game, 0, "royal_hall.1", g2)
    place(game, 0, "royal_hall.2", g4)
    place(game, 0, "royal_hall.5", g3)
    place(game, 0, "hall_2.1", next(g.id for g in rules.garments.values()
                                    if g.prestige == 2 and g.id not in (g2, g3, g4)))
    state["decorations"].update({"fireworks.1": 0, "fireworks.4": 0, "statue.1": 0})
    game.run_effect(final_step(rules, "balcony"), 0, score_key="balcony")
    assert state["balcony"] == {"fireworks.4": {"garment": g4, "owner": 0},
                                "fireworks.1": {"garment": g3, "owner": 0}}
    assert set(state["guests"]) == {"royal_hall.1", "hall_2.1"}
    game.run_effect(final_step(rules, "tokens"), 0, score_key="tokens")
    # 4 x3 + 3 x2 + 2 + 2 (hall 2) + decorations 2 + 4 + 2
    assert state["players"][0]["score"] == {"tokens": 12 + 6 + 2 + 2 + 8}


def test_balcony_fewer_garments_than_fireworks(make_game, rules):
    """Rulebook: "If you have fewer Garments in the Royal Hall than funded Fireworks Decorations,
    any spaces left empty will be ignored." Another player's Royal Hall garment never moves."""
    game = make_game(FOUR)
    state = game.state
    b = garments_of_color(rules, "blue", 2)
    place(game, 0, "royal_hall.1", b[0])
    place(game, 1, "royal_hall.2", b[1])
    state["decorations"].update({"fireworks.2": 0, "fireworks.5": 0})
    game.run_effect(final_step(rules, "balcony"), 0)
    assert state["balcony"] == {"fireworks.5": {"garment": b[0], "owner": 0}}
    assert set(state["guests"]) == {"royal_hall.2"}


@pytest.mark.parametrize("livre,prestige,left", [(37, 3, 7), (9, 0, 9), (10, 1, 0), (0, 0, 0)])
def test_one_prestige_per_ten_livre(make_game, rules, livre, prestige, left):
    """Rulebook, End of Game Scoring 1: "Gain 1 Prestige Point for every 10 Livre you discard to
    the bank. (Keep any remaining Livre as a tiebreaker.)" """
    game = make_game(FOUR, livre=livre)
    game.run_effect(final_step(rules, "livre"), 2, score_key="livre")
    p = game.state["players"][2]
    assert (p["prestige"], p["livre"]) == (prestige, left)


def test_tie_broken_by_remaining_livre(make_game, rules):
    """Rulebook: "If there is a tie, the tied player with the most remaining Livre wins." """
    game = make_game(FOUR)
    for p, (pr, lv) in zip(game.state["players"], [(30, 2), (31, 0), (31, 5), (10, 9)]):
        p["prestige"], p["livre"] = pr, lv
    game.state["finished"] = True
    assert [r["seat"] for r in game.standings()] == [2, 1, 0, 3]
    assert game.winner() == 2


# -- Crown cards -----------------------------------------------------------------------------------

def _with_crown(game, seat, crown):
    if crown in game.state["hire_deck"]:
        game.state["hire_deck"].remove(crown)
    game.state["players"][seat]["discard"].append(crown)


@pytest.mark.parametrize("extra,points", [(-1, 2), (0, 2), (1, 5), (2, 5), (3, 8), (4, 8),
                                          (5, 11), (9, 11)])
def test_crown_staff_size_table(make_game, rules, extra, points):
    """Rulebook, Level VI: "One-time Bonus at the end of the game: Gain Prestige Points based on
    the total number of cards in your staff. 5 or 6 cards: 2 Prestige Points; 7 or 8 cards: 5;
    9 or 10 cards: 8; 11 or more cards: 11." (staff = 5 start cards + the crown + extra)"""
    game = make_game(FOUR)
    _with_crown(game, 0, "l6.crown_staff")
    others = [c for c in game.state["hire_deck"] if not c.startswith("l6.crown")][:max(0, extra)]
    if extra < 0:
        game.state["removed_employees"].append(game.state["players"][0]["supply"].pop())
    for c in others:
        game.state["hire_deck"].remove(c)
    game.state["players"][0]["hand"] = others
    game.run_effect(final_step(rules, "crowns"), 0, score_key="crowns")
    assert game.state["players"][0]["score"] == {"crowns": points}


def test_crown_thread_lace_pairs(make_game, rules):
    """Rulebook: "Gain 3 Prestige Points for each set of 1 Thread and 1 Lace that you discard
    (no limit)." """
    game = make_game(FOUR, thread=3, lace=2)
    _with_crown(game, 1, "l6.crown_thread_lace")
    game.run_effect(final_step(rules, "crowns"), 1, score_key="crowns")
    p = game.state["players"][1]
    assert (p["prestige"], p["thread"], p["lace"]) == (6, 1, 0)


def test_crown_master_guest_pairs_and_couples(make_game, rules):
    """Rulebook: "Gain 3 Prestige Points for each set of 2 Garments you have on Master Guest
    spaces." and "Gain 2 Prestige Points for each set of 1 lady's gown and 1 gentleman's frock
    coat that you have on the Game board." """
    game = make_game(FOUR)
    _with_crown(game, 0, "l6.crown_master_guests")
    _with_crown(game, 0, "l6.crown_couples")
    b = garments_of_color(rules, "blue", 3) + garments_of_color(rules, "green", 1)
    pk = garments_of_color(rules, "pink", 1)
    for space, g in zip(["hall_2.3", "hall_2.4", "hall_3.3", "hall_4.1"], b):
        place(game, 0, space, g, master_made=True)
    place(game, 0, "hall_4.3", pk[0], master_made=True)
    # 4 garments on master spaces -> 2 pairs -> 6; gowns 4, coats 1 -> 1 couple -> 2
    game.run_effect(final_step(rules, "crowns"), 0, score_key="crowns")
    assert game.state["players"][0]["score"] == {"crowns": 6 + 2}


def test_crown_card_has_no_bonus_during_play(make_game, rules):
    """Rulebook: "The Apprentice Level VI Employee cards have a Crown icon ... This Bonus only
    takes effect during the final scoring at the end of the game. They do not provide a Bonus
    during play." """
    game = make_game(FOUR, livre=0)
    crown = "l6.crown_couples"
    game.state["hire_deck"].remove(crown)
    game.state["players"][0]["hand"] = [crown]
    assert decision_of(game, round_step(rules, "actions"), 0,
                       answers=[{"card": crown, "action": None}]) is None


# -- Employee bonuses, Levels I-VI ---------------------------------------------------------------

def _bonus(rules, cid):
    return rules.employees[cid].bonus


def _own(game, seat, cid):
    """Put hire card `cid` into seat's discard (it is on the staff)."""
    for zone in ("hire_deck", "hire_display"):
        if cid in game.state[zone]:
            game.state[zone].remove(cid)
    game.state["players"][seat]["played"] = cid


def test_level1_simple_bonuses(make_game, rules):
    """Level I: "Gain 1 Livre from the bank." / "At no cost, take 1 Lace or 1 Thread token." /
    "Perform 1 additional Acquire Resources action (regardless of your Main action)." """
    game = make_game(FOUR, livre=3)
    p = game.state["players"][0]
    game.run_effect(_bonus(rules, "l1.livre"), 0, played="l1.livre")
    assert p["livre"] == 4
    game.run_effect(_bonus(rules, "l1.thread_or_lace"), 0, answers=["lace"])
    assert (p["thread"], p["lace"], p["livre"]) == (0, 1, 4)
    game.state["drawers"] = [["res_01", "res_02"], [], []]
    game.run_effect(_bonus(rules, "l1.acquire"), 0,
                    answers=[{"drawer": 0, "tile": "res_02", "price": 1}, "keep"])
    assert (p["livre"], p["tiles"]) == (3, ["res_02"])


def test_level1_resource_from_bag(make_game, rules):
    """Level I: "Pay 1 Livre to randomly take 1 Resource from the bag. As usual, either keep the
    tile ... or discard it immediately for Thread/Lace" and "At no cost, randomly take 1 Resource
    from the bag." """
    game = make_game(FOUR, livre=1)
    state = game.state
    state["resource_bag"] = ["res_05"]  # blue 3 | thread
    game.run_effect(_bonus(rules, "l1.buy_from_bag"), 0, answers=["keep"])
    p = state["players"][0]
    assert (p["livre"], p["tiles"], state["resource_bag"]) == (0, ["res_05"], [])
    # empty bag: the discards are returned to it first
    state["resource_discard"] = ["res_25"]
    game.run_effect(_bonus(rules, "l1.free_from_bag"), 0, answers=["thread"])
    assert (p["thread"], p["tiles"], state["resource_discard"]) == (1, ["res_05"], ["res_25"])
    # no Livre: the paid draw is not possible
    with pytest.raises(IllegalDecisionError):
        game.run_effect(_bonus(rules, "l1.buy_from_bag"), 0, answers=["keep"])


def test_level1_depute_for_bonus_uses_deputed_bonus_without_livre(make_game, rules):
    """Level I: "Depute any 1 Employee of your choice from your staff (including this one). Use
    that Employee's Bonus before discarding the card from the game. (You don't gain any Livre
    for deputing that employee.)" """
    game = make_game(FOUR, livre=0)
    cid = "l1.depute_for_bonus"
    _own(game, 0, cid)
    target = card(game, 0, "apprentice_2")  # "Gain 2 Livre from the bank."
    game.run_effect(_bonus(rules, cid), 0, answers=[target, True], played=cid)
    p = game.state["players"][0]
    assert p["livre"] == 2
    assert target in game.state["removed_employees"] and target not in p["supply"]
    assert p["played"] == cid  # the card itself stays on the staff


def test_level1_depute_for_bonus_may_skip_the_deputed_bonus(make_game, rules):
    """Every bonus may be forfeited, the deputed card's too: it still leaves the game."""
    game = make_game(FOUR, livre=0)
    cid = "l1.depute_for_bonus"
    _own(game, 0, cid)
    target = card(game, 0, "apprentice_2")
    game.run_effect(_bonus(rules, cid), 0, answers=[target, False], played=cid)
    p = game.state["players"][0]
    assert p["livre"] == 0
    assert target in game.state["removed_employees"]


def test_level1_depute_for_bonus_may_depute_itself(make_game, rules):
    """"(including this one)": the card itself may be deputed."""
    game = make_game(FOUR, livre=0)
    cid = "l1.depute_for_bonus"
    _own(game, 0, cid)
    d = decision_of(game, _bonus(rules, cid), 0, played=cid)
    assert cid in values(d) and len(d.options) == 6


@pytest.mark.parametrize("start_id,payout", [("master_2", 8), ("journeyman", 5),
                                             ("apprentice_2", 2)])
def test_level2_depute_for_livre_8_5_2(make_game, rules, start_id, payout):
    """Level II: "Depute any 1 Employee ... gain Livre from the bank based on the Employee type:
    Master: 8; Journeyman: 5; Apprentice: 2. (You may not use that Employee's Bonus.)" """
    game = make_game(FOUR, livre=0)
    cid = "l2.depute_for_livre"
    _own(game, 3, cid)
    target = card(game, 3, start_id)
    game.run_effect(_bonus(rules, cid), 3, answers=[target], played=cid)
    assert game.state["players"][3]["livre"] == payout  # the apprentice's +2 bonus is not used
    assert game.state["removed_employees"][-1] == target


def test_level2_blue_green_livre(make_game, rules):
    """Level II: "gain 1 Livre for each of your blue Garments and 2 Livre for each of your green
    Garments on the game board." """
    game = make_game(FOUR)
    for space, g in zip(["hall_2.1", "hall_2.2"], garments_of_color(rules, "blue", 2)):
        place(game, 0, space, g)
    place(game, 0, "hall_3.1", garments_of_color(rules, "green", 1)[0])
    place(game, 0, "hall_3.2", garments_of_color(rules, "pink", 1)[0])
    place(game, 1, "hall_4.1", garments_of_color(rules, "green", 2)[1])
    game.run_effect(_bonus(rules, "l2.blue_green_livre"), 0)
    assert game.state["players"][0]["livre"] == 1 + 1 + 2


def test_level2_tailor_one_less_blue_or_pink(make_game, rules):
    """Level II: "Perform 1 additional Tailor a Garment action ... If you tailor a Garment that
    requires blue or pink bales of silk, you can use 1 less bale of silk (blue OR pink) to
    complete the action. You can't tailor a Master Garment with this action." """
    game = make_game(FOUR, livre=10, lace=1, thread=1)
    state = game.state
    needs2 = _garment(rules, "blue", master=False, blue=2)
    state["garment_display"] = [None] * 8
    state["garment_display"][5] = needs2       # costs 3
    state["garment_display"][4] = "blue_01"    # Master-only: never offered by this bonus
    state["players"][0]["tiles"] = ["res_04"]  # a single blue bale
    cid = "l2.tailor_blue_pink"
    d = decision_of(game, _bonus(rules, cid), 0, played=cid)
    assert d.kind == "rent"  # the only garment and tile set were chosen automatically
    game.run_effect(_bonus(rules, cid), 0, answers=[{"sell": True}], played=cid)
    p = state["players"][0]
    assert p["tiles"] == [] and p["livre"] == 10 - 3 + rules.garments[needs2].value
    assert state["garment_display"][4] == "blue_01"
    # even played from a Master (via depute for bonus) it never tailors a Master garment, and
    # never makes a Master-made garment
    state["players"][0]["tiles"] = ["res_16", "res_43"]
    game2 = make_game(FOUR, livre=10, lace=1)
    game2.state["garment_display"] = [None] * 4 + ["blue_01"] + [None] * 3
    game2.state["players"][0]["tiles"] = ["res_04", "res_16"]
    with pytest.raises(IllegalDecisionError):
        game2.run_effect("tailor silk_discount 1, discount_colors [blue, pink], no_master_garment",
                         0, answers=[{"sell": True}], played=card(game2, 0, "master_1"))


def test_level2_tailor_discount_does_not_apply_to_green(make_game, rules):
    """The Level II discount is for blue or pink bales only: green_02 needs 2 green bales and the
    player has 1; the Level IV card (up to 2 fewer green) can make it."""
    assert dict(rules.garments["green_02"].silk) == {"green": 2}
    game = make_game(FOUR, livre=10)
    game.state["garment_display"] = [None] * 7 + ["green_02"]
    game.state["players"][0]["tiles"] = ["res_29"]  # 1 green
    with pytest.raises(EffectAbort):
        decision_of(game, _bonus(rules, "l2.tailor_blue_pink"), 0, played="l2.tailor_blue_pink")
    d = decision_of(game, _bonus(rules, "l4.tailor_green"), 0, played="l4.tailor_green")
    assert d.kind == "rent"


def test_level4_tailor_up_to_two_less_green(make_game, rules):
    """Level IV: "If you tailor a Garment that requires green bales of silk, you can use up to 2
    less green bales of silk to complete the action. You can't tailor a Master Garment." green_06
    needs 3 green and 1 Lace: 1 green bale is enough, none is not."""
    g = rules.garments["green_06"]
    assert (dict(g.silk), g.thread, g.lace, g.master) == ({"green": 3}, 0, 1, False)
    game = make_game(FOUR, livre=10, lace=1)
    game.state["garment_display"] = [None] * 7 + ["green_06"]
    game.state["players"][0]["tiles"] = ["res_29", "res_01"]  # 1 green, 2 pink
    cid = "l4.tailor_green"
    game.run_effect(_bonus(rules, cid), 0, answers=[{"sell": True}], played=cid)
    p = game.state["players"][0]
    assert p["tiles"] == ["res_01"] and p["livre"] == 10 + g.value and p["lace"] == 0
    game = make_game(FOUR, livre=10, lace=1)
    game.state["garment_display"] = [None] * 7 + ["green_06"]
    game.state["players"][0]["tiles"] = ["res_01"]
    with pytest.raises(IllegalDecisionError):
        game.run_effect(_bonus(rules, cid), 0, answers=[{"sell": True}], played=cid)
    # Master-only green garments are never offered, even with all the silk
    game = make_game(FOUR, livre=10, thread=5, lace=5)
    game.state["garment_display"] = [None] * 7 + ["green_04"]
    game.state["players"][0]["tiles"] = ["res_31"]
    with pytest.raises(IllegalDecisionError):
        game.run_effect(_bonus(rules, cid), 0, answers=[{"sell": True}], played=cid)


def test_level2_and_5_decoration_prestige(make_game, rules):
    """Level II and V: "Gain 1 Prestige Point for every 2 Decorations you have funded. (Do not
    include the All Halls Bonus.)" """
    game = make_game(FOUR)
    game.state["decorations"].update({"statue.1": 0, "statue.2": 0, "fireworks.1": 0,
                                      "kitchen_left.1": 0, "hall_2.musician": 0,
                                      "statue.3": 1})
    game.state["all_halls"] = [0]
    game.run_effect(_bonus(rules, "l2.decoration_prestige"), 0)
    game.run_effect(_bonus(rules, "l5.decoration_prestige"), 0)
    game.run_effect(_bonus(rules, "l2.decoration_prestige"), 1)
    assert game.state["players"][0]["prestige"] == 2 + 2
    assert game.state["players"][1]["prestige"] == 0
    assert game.state["players"][0]["score"] == {"play": 4}


def test_level3_decoration_livre_and_garment_prestige(make_game, rules):
    """Level III: "Gain 1 Livre from the bank for each Decoration you have funded." and "Gain 1
    Prestige Point for each set of 3 Garment tiles you have on the Game board." """
    game = make_game(FOUR)
    game.state["decorations"].update({"statue.1": 0, "fireworks.2": 0, "kitchen_right.3": 0})
    b = garments_of_color(rules, "blue", 7)
    for i, g in enumerate(b):
        place(game, 0, f"hall_{2 + i % 4}.{1 + i // 4}", g)
    game.run_effect(_bonus(rules, "l3.decoration_livre"), 0)
    game.run_effect(_bonus(rules, "l3.garment_prestige"), 0)
    p = game.state["players"][0]
    assert (p["livre"], p["prestige"]) == (3, 2)


def test_level3_fund_5_less_and_level6_fund_10_less(make_game, rules):
    """Level III: "Perform 1 additional Fund Decoration action ... for a 5 Livre discount." and
    Level VI: "... for a 10 Livre discount." """
    game = make_game(FOUR, livre=5)
    cid = "l3.fund_5_less"
    d = decision_of(game, _bonus(rules, cid), 0, played=cid)
    offered = {v["space"]: v["cost"] for v in values(d)}
    assert offered["fireworks.4"] == 5 and offered["kitchen_left.1"] == 0
    assert "fireworks.5" not in offered  # 12 - 5 = 7 > 5 Livre
    game.run_effect(_bonus(rules, cid), 0, answers=[{"space": "fireworks.4", "cost": 5}],
                    played=cid)
    assert game.state["decorations"] == {"fireworks.4": 0}
    assert game.state["players"][0]["livre"] == 0
    game.state["players"][0]["livre"] = 2
    game.run_effect(_bonus(rules, "l6.fund_10_less"), 0,
                    answers=[{"space": "fireworks.5", "cost": 2}])
    assert game.state["players"][0]["livre"] == 0 and game.state["decorations"]["fireworks.5"] == 0


@pytest.mark.parametrize("cid,table", [
    ("l3.staff_livre", {5: 2, 6: 2, 7: 6, 8: 6, 9: 10, 10: 10, 11: 14, 13: 14}),
    ("l4.staff_livre", {5: 1, 6: 1, 7: 3, 8: 3, 9: 5, 10: 5, 11: 7, 12: 7})])
def test_level3_and_4_staff_livre(make_game, rules, cid, table):
    """Level III: "5 or 6 cards: 2 Livre; 7 or 8 cards: 6 Livre; 9 or 10 cards: 10 Livre; 11 or
    more cards: 14 Livre". Level IV: "5 or 6 cards: 1 Livre; 7 or 8 cards: 3 Livre; 9 or 10
    cards: 5 Livre; 11 or more cards: 7 Livre". """
    for staff, livre in table.items():
        game = make_game(FOUR)
        _own(game, 0, cid)  # 5 start cards + this one
        extra = [c for c in game.state["hire_deck"]][: staff - 6] if staff >= 6 else []
        p = game.state["players"][0]
        if staff == 5:
            p["supply"].pop()
        for c in extra:
            game.state["hire_deck"].remove(c)
        p["discard"] = extra
        game.run_effect(_bonus(rules, cid), 0, played=cid)
        assert (staff, p["livre"]) == (staff, livre)


def test_level4_pink_orange(make_game, rules):
    """Level IV: "gain 2 Livre for each of your pink Garments and 1 Prestige Point for each of
    your orange Garments on the game board." """
    game = make_game(FOUR)
    pk = garments_of_color(rules, "pink", 2)
    org = garments_of_color(rules, "orange", 1)
    for space, g in zip(["hall_2.1", "hall_2.2", "hall_3.1"], pk + org):
        place(game, 0, space, g)
    place(game, 0, "hall_3.2", garments_of_color(rules, "blue", 1)[0])
    game.run_effect(_bonus(rules, "l4.pink_orange"), 0)
    p = game.state["players"][0]
    assert (p["livre"], p["prestige"]) == (4, 1)


def test_level4_livre_for_prestige_choose_a_number(make_game, rules):
    """Level IV: "Gain 1 Prestige Point for every 4 Livre you return to the bank (no limit)." """
    game = make_game(FOUR, livre=13)
    cid = "l4.livre_for_prestige"
    d = decision_of(game, _bonus(rules, cid), 0)
    assert d.kind == "number" and values(d) == [1, 2, 3]
    game.run_effect(_bonus(rules, cid), 0, answers=[2])
    p = game.state["players"][0]
    assert (p["livre"], p["prestige"]) == (5, 2)
    p["livre"] = 3
    with pytest.raises(IllegalDecisionError):
        game.run_effect(_bonus(rules, cid), 0)


def test_level6_livre_for_prestige(make_game, rules):
    """Level VI: "Gain 1 Prestige Point for every 3 Livre you return to the bank (no limit)." """
    game = make_game(FOUR, livre=10)
    cid = "l6.livre_for_prestige"
    assert values(decision_of(game, _bonus(rules, cid), 0)) == [1, 2, 3]
    game.run_effect(_bonus(rules, cid), 0, answers=[3])
    p = game.state["players"][0]
    assert (p["livre"], p["prestige"]) == (1, 3)


def test_level5_garment_livre_and_pairs(make_game, rules):
    """Level V: "Gain 1 Livre from the bank for each Garment you have on the Game board." and
    "Gain 1 Prestige Point for each set of 2 Garments you have on the Game board." """
    game = make_game(FOUR)
    for i, g in enumerate(garments_of_color(rules, "pink", 5)):
        place(game, 0, f"hall_{2 + i % 4}.{1 + i // 4}", g)
    game.run_effect(_bonus(rules, "l5.garment_livre"), 0)
    game.run_effect(_bonus(rules, "l5.garment_pairs"), 0)
    p = game.state["players"][0]
    assert (p["livre"], p["prestige"]) == (5, 2)


def test_level5_silk_for_prestige(make_game, rules):
    """Level V: "Discard any number of Resource tiles and gain Prestige Points for the bales of
    silk on these tiles. 1 Prestige Point for each orange or green silk bale, and 1 Prestige Point
    for any combination of 2 bales of pink and/or blue silk." """
    game = make_game(FOUR)
    p = game.state["players"][0]
    # green 3, orange 2, pink 2 + blue 1 (3 pink/blue -> 1), and a tile kept back
    p["tiles"] = ["res_25", "res_38", "res_01", "res_04", "res_05"]
    cid = "l5.silk_for_prestige"
    game.run_effect(_bonus(rules, cid), 0,
                    answers=["res_25", "res_38", "res_01", "res_04", None])
    assert p["prestige"] == 3 + 2 + 1
    assert p["tiles"] == ["res_05"]
    assert game.state["resource_discard"] == ["res_25", "res_38", "res_01", "res_04"]
    # choosing nothing discards nothing and gains nothing
    game.run_effect(_bonus(rules, cid), 0, answers=[None])
    assert (p["prestige"], p["tiles"]) == (6, ["res_05"])


def test_start_card_bonuses(make_game, rules):
    """Start cards: "Pay 1 Livre to gain either 1 Lace or 1 Thread token: 1 time only." and
    "Gain 2 Livre from the bank." """
    game = make_game(FOUR, livre=1)
    p = game.state["players"][0]
    game.run_effect(rules.employees[card(game, 0, "journeyman")].bonus, 0, answers=["thread"])
    assert (p["livre"], p["thread"]) == (0, 1)
    with pytest.raises(IllegalDecisionError):
        game.run_effect(rules.employees[card(game, 0, "journeyman")].bonus, 0, answers=["lace"])
    game.run_effect(rules.employees[card(game, 0, "apprentice_2")].bonus, 0)
    assert p["livre"] == 2


# -- Phase 1 -----------------------------------------------------------------------------------

def test_garment_display_renewal(make_game, rules):
    """Rulebook, Phase 1 D: "first discard any Garment tiles in the 2 rightmost spaces to the
    Garment discard area. Then, shift all other remaining Garment tiles in spaces to the right as
    far as possible ... Finally, fill each remaining empty spaces from right to left with a
    Garment tile drawn randomly from the bag" """
    game = make_game(FOUR)
    state = game.state
    everything = sorted(rules.garments)
    a, b, c, d, e, f = everything[:6]
    state["garment_display"] = [a, b, c, None, d, None, e, f]
    state["garment_bag"] = everything[6:]
    state["garment_discard"] = []
    game.run_effect(prepare_step(rules, "garments"), 0)
    disp = state["garment_display"]
    assert disp[4:] == [a, b, c, d]
    assert all(g in everything[6:] for g in disp[:4])
    assert state["garment_discard"] == [e, f]
    assert len(state["garment_bag"]) == len(everything) - 6 - 4


def test_garment_display_empty_bag_reshuffle_and_leftmost_empty(make_game, rules):
    """Rulebook: "If the Garment bag is empty, return all Garment tiles in the Garment discard area
    to the bag and mix them well. Then continue filling the spaces. If the Garment tiles run out,
    leave the leftmost spaces in the Garment Design display empty." """
    game = make_game(FOUR)
    state = game.state
    a, b, c, d, e, f, x = sorted(rules.garments)[:7]
    state["garment_display"] = [None, a, b, c, None, d, e, f]
    state["garment_bag"] = [x]
    state["garment_discard"] = []
    game.run_effect(prepare_step(rules, "garments"), 0)
    disp = state["garment_display"]
    # e, f discarded; a b c d shifted right; x from the bag, then e/f from the reshuffled
    # discards; the leftmost space stays empty
    assert disp[4:] == [a, b, c, d]
    assert disp[3] == x
    assert sorted(disp[1:3]) == sorted([e, f])
    assert disp[0] is None
    assert state["garment_bag"] == [] and state["garment_discard"] == []


def test_resource_refill_left_to_right_reshuffle_and_leave_empty(make_game, rules):
    """Rulebook, Phase 1 C: "Leave any remaining Resource tiles in place ... fill in any empty
    spaces with new Resource tiles drawn randomly from the Resource bag and placed faceup in order
    from left to right ... If the Resource bag is empty, return all used Resource tiles in the
    Resource discards area back to the bag ... If the Resources run out, leave any remaining
    spaces empty." """
    game = make_game(FOUR)
    state = game.state
    state["drawers"] = [["res_01"], [], ["res_02", "res_03", "res_04", "res_05"]]
    state["resource_bag"] = ["res_06", "res_07"]
    state["resource_discard"] = ["res_08", "res_09"]
    game.run_effect(prepare_step(rules, "resources"), 0)
    assert state["drawers"][0][0] == "res_01"
    assert sorted(state["drawers"][0][1:]) == ["res_06", "res_07", "res_08"] or \
        sorted(state["drawers"][0][1:]) == ["res_06", "res_07", "res_09"]
    assert len(state["drawers"][1]) == 1
    assert state["drawers"][2] == ["res_02", "res_03", "res_04", "res_05"]
    assert state["resource_bag"] == [] and state["resource_discard"] == []
    # a full refill with plenty of tiles: 4 per drawer on the large side
    state["drawers"] = [[], [], []]
    state["resource_bag"] = sorted(rules.tiles)
    game.run_effect(prepare_step(rules, "resources"), 0)
    assert [len(d) for d in state["drawers"]] == [4, 4, 4]


def test_new_employee_cards_remove_leftovers(make_game, rules):
    """Rulebook, Phase 1 B: "Remove any remaining Employee cards in the Hire New Employees display
    from the previous round from the game. Draw 4 new Employee cards from the top of the New
    Employees draw deck" """
    game = make_game(FOUR)
    state = game.state
    left = list(state["hire_display"][:2])
    state["hire_display"] = list(left)
    top4 = state["hire_deck"][:4]
    game.run_effect(prepare_step(rules, "employees"), 0)
    assert state["hire_display"] == top4
    assert state["removed_employees"] == left


def test_employee_deck_reveals_level_n_in_round_n(rules):
    """Rulebook: "In Rounds 1 through 6, the highest revealed Level number indicates the number
    of the current round. In Round 7, the New Employees draw deck will be empty after the final
    four Level VI cards have been placed in the display." """
    game = Game.new(rules, players=3, seed=5)
    bots = [make_bot("random", s) for s in range(3)]
    seen = {}
    while not game.is_over():
        r = game.state["round"]
        if r not in seen and game.state["cursor"]["stage"] == "round":
            levels = [rules.employees[c].level for c in game.state["hire_display"]]
            seen[r] = (levels, len(game.state["hire_deck"]))
        d = game.decision()
        game.apply(bots[d.seat].choose(game, d))
    assert sorted(seen) == [1, 2, 3, 4, 5, 6, 7]
    for r in range(1, 7):
        assert max(seen[r][0]) == r, (r, seen[r])
        assert len(seen[r][0]) == 4
    assert seen[7] == ([6, 6, 6, 6], 0)


def test_hired_card_joins_hand_and_is_played_same_round(rules):
    """Rulebook, Hire: "pick the Employee card of your choice and put it in your hand. This means
    you can use this card to perform 1 more action later in this same Round." """
    game = Game.new(rules, players=3, seed=2)
    hired = {}
    turns = {0: 0, 1: 0, 2: 0}
    while game.state["round"] == 1:
        d = game.decision()
        if d.kind == "play":
            turns[d.seat] += 1
            hire = [o for o in d.options if o.value["action"] == "hire"]
            if hire and d.seat not in hired:
                before = set(game.state["hire_display"])
                game.apply(hire[0])
                if game.decision() and game.decision().kind == "hire":
                    game.apply_index(0)
                hired[d.seat] = (before - set(game.state["hire_display"])).pop()
                assert hired[d.seat] in game.state["players"][d.seat]["hand"]
                continue
        game.apply(d.options[-1] if d.kind in ("bonus",) else d.options[0])
    assert hired
    for seat, c in hired.items():
        assert turns[seat] == 4
        assert c in game.state["players"][seat]["discard"] + game.state["players"][seat]["supply"]
    for seat in set(turns) - set(hired):
        assert turns[seat] == 3


def test_select_phase_round_one_choose_three_of_five(rules):
    """Rulebook, Phase 2: "Each player ... selects 3 Employee cards from among all of the cards
    currently in their Employee supply ... return the remaining cards to your Employee supply." """
    game = Game.new(rules, players=2, seed=4)
    first = game.state["start_player"]
    d = game.decision()
    assert (d.kind, d.seat, len(d.options)) == ("hand", first, 5)
    game.apply_index(0); game.apply_index(0)
    d = game.decision()
    assert (d.kind, d.seat, len(d.options)) == ("hand", first, 3)
    game.apply_index(0)
    p = game.state["players"][first]
    assert len(p["hand"]) == 3 and len(p["supply"]) == 2
    assert game.decision().seat == 1 - first

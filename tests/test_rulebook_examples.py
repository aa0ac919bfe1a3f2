"""The rules of the Deluxe rulebook that the scenario files do not cover yet, each on a
hand-built position.

The rulebook's worked examples (income, statues, hall and fireworks tie-breaks, balcony, crowns,
tailoring and guest spaces, hire and resource prices, the Queen's Favor, depute, phases 1 and 2,
the simpler card bonuses) are scenario files in `rules/base/scenarios/`, run by `rococo test`
and by tests/test_scenarios.py. Every test here builds a position by editing `game.state` right
after `Game.new`, then runs exactly the rule under test (a phase step, a final-scoring step, a
main action or a card bonus) and checks the outcome with exact numbers.
"""
from __future__ import annotations

import pytest
from conftest import (
    card,
    decision_of,
    final_step,
    garments_of_color,
    place,
    prepare_step,
    round_step,
    values,
)

from interpreter import Game, IllegalDecisionError, make_bot
from rulesdsl import EffectAbort

FOUR = 4  # a 4-player game uses the "large" side


def _garment(rules, color, master=None, **silk):
    """The first garment of `color` with exactly this silk (and master flag, if given)."""
    for g in rules.garments.values():
        if g.color == color and dict(g.silk) == silk and (master is None or g.master == master):
            return g.id
    raise LookupError((color, silk, master))


# -- Tailor a garment ----------------------------------------------------------------------------

def test_components_of_the_tailoring_and_acquire_examples(rules):
    """The scenario files' tailoring and acquire examples rely on these components being as the
    rulebook draws them: blue_01 needs 3 blue silk and 1 Lace and shows a gold thimble; res_16
    is 2 blue, res_43 1 blue + 1 green, res_01 2 pink; the 5th display space costs 4."""
    assert rules.tiles["res_16"].silk == {"blue": 2}
    assert rules.tiles["res_43"].silk == {"blue": 1, "green": 1}
    assert rules.tiles["res_01"].silk == {"pink": 2}
    g = rules.garments["blue_01"]
    assert (dict(g.silk), g.thread, g.lace, g.master, g.value) == ({"blue": 3}, 0, 1, True, 17)
    assert rules.side_for(4).garment_costs[4] == 4


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


# -- Depute ------------------------------------------------------------------------------------

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


# -- Queen's Favor -----------------------------------------------------------------------------

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
    garment_points = lambda seat: sum(rules.garments[g["garment"]].prestige
                                      for g in state["guests"].values() if g["owner"] == seat)
    assert state["players"][0]["score"]["tokens"] == garment_points(0) + 8
    # seat 1: garments + musicians (hall_2: 2, hall_5: 1) + all halls 6
    assert state["players"][1]["score"]["tokens"] == garment_points(1) + 2 + 1 + 6


# -- Balcony, tokens, livre ----------------------------------------------------------------------

def test_tie_broken_by_remaining_livre(make_game, rules):
    """Rulebook: "If there is a tie, the tied player with the most remaining Livre wins." """
    game = make_game(FOUR)
    for p, (pr, lv) in zip(game.state["players"], [(30, 2), (31, 0), (31, 5), (10, 9)]):
        p["prestige"], p["livre"] = pr, lv
    game.state["finished"] = True
    assert [r["seat"] for r in game.standings()] == [2, 1, 0, 3]
    assert game.winner() == 2
    assert game.winners() == [2]
    from interpreter.ui import render
    assert render.tie_rule(rules) == "Livre left breaks a tie"
    assert render.result_line(game).plain == \
        "Winner: yellow (C) with 31 prestige (Livre left breaks a tie)"
    game.state["players"][1]["livre"] = 5  # tied on both: they share the victory
    assert game.winners() == [1, 2]
    assert render.result_line(game).plain == "Winners (tied): black (B), yellow (C) with 31 prestige"


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


# -- Employee bonuses, Levels I-VI ---------------------------------------------------------------

def _bonus(rules, cid):
    return rules.employees[cid].bonus


def _own(game, seat, cid):
    """Put hire card `cid` into seat's discard (it is on the staff)."""
    for zone in ("hire_deck", "hire_display"):
        if cid in game.state[zone]:
            game.state[zone].remove(cid)
    game.state["players"][seat]["played"] = cid


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
    # the remaining tiles stay in their spaces: the first drawer's 2nd, the last drawer full
    state["drawers"] = [[None, "res_01", None, None], [None] * 4,
                        ["res_02", "res_03", "res_04", "res_05"]]
    state["resource_bag"] = ["res_06", "res_07"]
    state["resource_discard"] = ["res_08", "res_09"]
    game.run_effect(prepare_step(rules, "resources"), 0)
    first, second, third = state["drawers"]
    assert first[1] == "res_01" and None not in first
    assert sorted(first[:1] + first[2:]) in (["res_06", "res_07", "res_08"],
                                             ["res_06", "res_07", "res_09"])
    assert second[0] is not None and second[1:] == [None, None, None]  # left to right
    assert third == ["res_02", "res_03", "res_04", "res_05"]
    assert state["resource_bag"] == [] and state["resource_discard"] == []
    # a full refill with plenty of tiles: 4 per drawer on the large side
    state["drawers"] = [[None] * 4 for _ in range(3)]
    state["resource_bag"] = sorted(rules.tiles)
    game.run_effect(prepare_step(rules, "resources"), 0)
    assert [d.count(None) for d in state["drawers"]] == [0, 0, 0]


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
    game.apply_index(0)
    game.apply_index(0)
    d = game.decision()
    assert (d.kind, d.seat, len(d.options)) == ("hand", first, 3)
    game.apply_index(0)
    p = game.state["players"][first]
    assert len(p["hand"]) == 3 and len(p["supply"]) == 2
    assert game.decision().seat == 1 - first

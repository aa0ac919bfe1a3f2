"""Cards and piles (issue 12, S5/S6/S7/S9): names for pile contents, taking a card into a hand
or pile, removing one from the game without payout or minimum staff, using another card's
bonus, a setup step putting cards back into one level of the hire deck, hiring from a zone by
a condition written on the card, and a tailor that must sell."""
from __future__ import annotations

import pytest
from conftest import clean_game

from interpreter import IllegalDecisionError, load_ruleset


@pytest.fixture(scope="module")
def jb():
    return load_ruleset(expansions=["jewelry_box"])


def _start(game, seat, short):
    return f"start.{game.state['players'][seat]['color']}.{short}"


def test_discard_top_and_supply_names(rules):
    game = clean_game(rules, 3, 1)
    p1 = game.state["players"][1]
    p1["discard"] = [p1["supply"].pop(0), p1["supply"].pop(0)]
    game.run_effect("gain count(my.supply) livre", 1)
    assert p1["livre"] == 3
    game.run_effect("let p = choose one of opponents where count(discard) > 0\n"
                    "if p.discard_top = played then gain 1 prestige", 0, played=p1["discard"][-1])
    assert game.state["players"][0]["prestige"] == 1


def test_take_a_card_from_the_supply_into_the_discard_then_use_its_bonus(rules):
    """JB-52 "Choose 1 Employee from your facedown Employee supply and place them faceup into
    your discard pile ... Then immediately use that Employee's Bonus action." apprentice_2:
    "Gain 2 Livre from the bank." """
    game = clean_game(rules, 3, 1)
    card = _start(game, 0, "apprentice_2")
    game.run_effect("let c = choose one of my.supply\ntake card c, into discard\n"
                    "use_bonus card c", 0, answers=[card])
    me = game.state["players"][0]
    assert me["discard"] == [card] and card not in me["supply"] and me["livre"] == 2


def test_use_bonus_of_the_top_of_an_opponents_discard(rules):
    """JB-53 "Copy the Bonus action of the Employee lying on top of one opponent's discard pile.
    (Use that opponent's Employee Bonus just as if you had played that Employee yourself.)"
    apprentice_2: "Gain 2 Livre from the bank." """
    game = clean_game(rules, 2, 1)
    rival = game.state["players"][1]
    top = _start(game, 1, "apprentice_2")
    rival["supply"].remove(top)
    rival["discard"] = [top]
    game.run_effect("let p = choose one of opponents where count(discard) > 0\n"
                    "use_bonus card p.discard_top", 0)
    assert game.state["players"][0]["livre"] == 2 and rival["livre"] == 0
    assert rival["discard"] == [top]  # the card itself does not move


def test_remove_card_ignores_the_minimum_staff_and_pays_nothing(rules):
    game = clean_game(rules, 2, 1)
    me = game.state["players"][0]
    me["supply"] = me["supply"][:4]  # a staff of 4: depute is refused...
    card = me["supply"][0]
    with pytest.raises(IllegalDecisionError, match="a staff of 4 cannot depute"):
        game.run_effect("depute card choose one of my.supply", 0, answers=[card])
    game.run_effect("remove_card card choose one of my.supply", 0, answers=[card])
    assert card in game.state["removed_employees"] and len(me["supply"]) == 3
    assert me["livre"] == 0


def test_take_from_a_display_and_refuse_a_card_in_no_pile(rules):
    game = clean_game(rules, 2, 1)
    card = game.state["hire_display"][0]
    game.run_effect("take card choose one of zone.hire_display, into hand", 0, answers=[card])
    assert game.state["players"][0]["hand"] == [card] and card not in game.state["hire_display"]
    me = game.state["players"][0]
    playing = me["supply"].pop()
    me["played"] = playing  # the card being played lies in no pile
    with pytest.raises(IllegalDecisionError, match="is not in a pile it can be taken from"):
        game.run_effect("take card played, into discard", 0, played=playing)
    assert me["discard"] == []


def test_hire_from_a_zone_by_the_cards_condition(jb):
    """JB-26, JB-29 "This hiring condition must be met at the moment of hiring only"."""
    game = clean_game(jb, 3, 1)
    me = game.state["players"][0]
    me["zones"]["special_apprentice"] = ["jb.apprentice.prestige"]
    with pytest.raises(IllegalDecisionError, match="nothing to choose"):
        game.run_effect("hire_from zone special_apprentice", 0)
    me["prestige"] = 5
    game.run_effect("hire_from zone special_apprentice", 0)
    assert me["hand"] == ["jb.apprentice.prestige"] and me["zones"]["special_apprentice"] == []
    assert me["livre"] == 0  # free


def test_a_tailor_that_must_sell(rules):
    """JB-57 "You must sell this Garment for the value shown on the Garment"."""
    game = clean_game(rules, 2, 1, livre=20, thread=2, lace=2)
    gid = game.state["garment_display"][-1]
    g = rules.garments[gid]
    me = game.state["players"][0]
    me["tiles"] = [t for t, tile in rules.tiles.items()
                   if any(tile.silk.get(c, 0) for c in g.silk)]
    master = next(c for c, e in rules.employees.items() if e.type == "master" and not e.start)
    d = game.next_question("tailor sell_only", 0, played=master)
    assert d.kind == "garment"
    cost = rules.side_for(2).garment_costs[-1]
    answers = [{"garment": gid, "cost": cost}]
    d = game.next_question("tailor sell_only", 0, answers=answers, played=master)
    if d is not None and d.kind == "tiles":
        answers.append(d.options[0].value)
        d = game.next_question("tailor sell_only", 0, answers=answers, played=master)
    assert d is None  # renting is not offered: the only place, the bank, needs no question
    game.run_effect("tailor sell_only", 0, answers=answers, played=master)
    assert gid in game.state["garment_discard"] and game.state["guests"] == {}
    assert me["livre"] == 20 - cost + g.value


def test_a_tailor_check_that_must_sell_shares_no_list_it_could_change(rules):
    """`tailor sell_only` looks for no guest space: its check finds the garment with no free
    space listed, the empty value every `_Tailoring` starts with, which is shared and so
    cannot be one a caller could add to (a tuple); the check still sees the garment can be
    sold."""
    from interpreter.core.context import Context
    from interpreter.verbs import actions

    game = clean_game(rules, 2, 1, livre=20, thread=2, lace=2)
    gid = game.state["garment_display"][-1]
    g = rules.garments[gid]
    game.state["players"][0]["tiles"] = [t for t, tile in rules.tiles.items()
                                         if any(tile.silk.get(c, 0) for c in g.silk)]
    ctx = Context(game, 0)
    ctx.played = next(c for c, e in rules.employees.items() if e.type == "master" and not e.start)
    found = actions._tailoring(ctx, {"sell_only": True})
    assert gid in found.garments
    assert found.free == ()
    with pytest.raises(AttributeError):  # no `append`: nothing added reaches another call
        found.free.append("x")  # type: ignore[attr-defined]
    assert actions.can_tailor(ctx, {"sell_only": True}) is True
    assert actions._tailoring(ctx, {"sell_only": True}).free == ()


def test_setup_step_shuffles_cards_into_one_level(jb):
    game = clean_game(jb, 4, 2)
    state = game.state
    before = [jb.employees[c].level for c in state["hire_deck"]].count(5)
    assert len(state["zones"]["exam_masters"]) == 9
    game.run_effect("shuffle_into_level zone exam_masters, count 2, level 5", 0)
    levels = [jb.employees[c].level for c in state["hire_deck"]]
    assert levels.count(5) == before + 2 and levels == sorted(levels)
    assert len(state["zones"]["exam_masters"]) == 7

"""Jewelry Box, the Examinations half (001:785-985): the 28 new Employees' printed text against
the generated text, the setup that builds the exam decks and deals the specialised Apprentices,
who sees them, saves, and complete games with the invariants checked. The rules themselves are
scenario files in rules/expansions/jewelry_box/scenarios/ (run by tests/test_scenarios.py)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from ruamel.yaml import YAML
from test_card_text import normalise

from interpreter import Game, load_ruleset, make_bot
from interpreter.core.integrity import problems
from interpreter.core.labels import card_text

MODULE = Path(__file__).parents[1] / "rules" / "expansions" / "jewelry_box"

# Printed phrases that restate what the generated text says another way (each with why).
JB_SYNONYMS = (
    (r"\bfor each set of 2 trademark tokens? on decorations?\b", "for every 2 of your decoration"),
    (r"\bfor every set of 2 garments? you have on\b", "for every 2 of your garment on"),
    (r"\bfor each set of 2 apprentices?\b", "for every 2 of apprentice card"),
    # `my.decorations` never counts the All Halls Bonus
    (r"\btrademark tokens? on a decoration \(not including the all halls bonus\)", "decoration"),
)

# Cards whose generated text says the same rule in other words; pinned, so that a change of the
# rule or of the printer shows here.
WORDED_OTHERWISE = {
    "jb.journeyman.supply_bonus":
        "Choose one of the Employees in your supply (chosen), take chosen into your discard, "
        "then use the Employee Bonus of chosen as if you had played it.",
    "jb.journeyman.copy_discard":
        "Choose one of the other players for whom the number of Employees in the discard pile is "
        "more than 0 (rival), then use the Employee Bonus of the Employee on top of the discard "
        "pile of rival as if you had played it.",
    "jb.journeyman.sell_tailor":
        "Perform 1 additional Tailor a Garment action (regardless of your Main action). You "
        "must sell this Garment for the value shown on the Garment. You can't tailor a Master "
        "Garment with this action, then gain 1 Prestige.",
    "jb.master.blue_green_pairs":
        "Gain 1 Prestige for each set of 1 blue Garment and 1 green Garment.",
    "jb.master.no_green_no_orange":
        "If you have no green Garments on the board, gain 4 Livre. If you have no orange "
        "Garments on the board, gain 5 Livre.",
    # the cards that read jewels and Halls
    "jb.journeyman.halls_livre":
        "Gain 1 Livre for each of the Halls you are represented in.",
    "jb.journeyman.hall_pairs":
        "Choose one of the Halls (h), then gain 1 Prestige for every 2 of your Garments "
        "in the Hall h.",
    "jb.journeyman.rings_livre":
        "Gain 3 Livre for every 2 of your ring Jewelry tiles.",
    "jb.journeyman.jewels_prestige":
        "Gain 1 Prestige for every 3 of your Jewelry tiles.",
    "jb.master.hall_livre":
        "Choose one of the Halls (h), then gain 2 Livre for each of your Garments in "
        "the Hall h.",
    "jb.master.jewels_livre":
        "Gain 3 Livre for every 2 of your Jewelry tiles.",
    "jb.master.jewel_sets":
        "One-time Bonus at the end of the game: Gain 6 Prestige for each set of 1 "
        "necklace and blue Jewelry tile, 1 necklace and green Jewelry tile, 1 ring and "
        "pink Jewelry tile and 1 ring and orange Jewelry tile.",
    "jb.master.necklace_pairs":
        "One-time Bonus at the end of the game: Gain 3 Prestige for every 2 of your "
        "necklace Jewelry tiles.",
}




@pytest.fixture(scope="module")
def jb():
    return load_ruleset(expansions=["jewelry_box"])


def _entries():
    return YAML(typ="safe").load((MODULE / "employees.yaml").read_text())["hire"]


def _jb_normalise(text: str) -> str:
    text = text.lower()
    for pattern, replacement in JB_SYNONYMS:
        text = re.sub(pattern, replacement, text)
    return normalise(text)


def test_28_new_employees_9_9_10():
    """JB-03 "9 NEW MASTERS (Level V)", "9 NEW JOURNEYMEN (Level II)", "10 SPECIALIZED
    APPRENTICES (Level 0)" (001:756-773)."""
    entries = _entries()
    shape = sorted((e["level"], e["type"], e["start_in"]) for e in entries)
    assert shape.count((5, "master", "exam_masters")) == 9
    assert shape.count((2, "journeyman", "exam_journeymen")) == 9
    assert shape.count((0, "apprentice", "special_apprentices")) == 10
    assert len(entries) == 28


def test_an_examination_says_its_deck_must_not_be_empty(jb):
    """JB-34 "4) Next, take the entire Journeyman Employee deck and choose any one of them": an
    Examination takes a card of its deck, and its text says the deck must hold one in words
    ('is not empty'), not as a count."""
    for action in jb.actions.values():
        if "zone.exam_" in action.effect.source:
            assert " Examination deck is not empty: pay 5 Livre" in action.effect.text
            assert "the number of" not in action.effect.text.split(":")[0]


def test_every_new_card_says_what_it_prints(jb):
    same, pinned = set(), set()
    for e in _entries():
        card = jb.employees[e["id"]]
        if e["id"] in WORDED_OTHERWISE:
            assert card_text(card) == WORDED_OTHERWISE[e["id"]]
            pinned.add(e["id"])
            continue
        assert _jb_normalise(e["printed"]) == _jb_normalise(card_text(card)), e["id"]
        same.add(e["id"])
    assert len(same) == 28 - len(WORDED_OTHERWISE)
    assert pinned == set(WORDED_OTHERWISE)


def test_every_specialised_apprentice_gives_3_prestige_and_has_its_condition(jb):
    """JB-28 "when you play this Apprentice, gain 3 Prestige Points"; JB-30 one condition each."""
    apprentices = [e for e in _entries() if e["level"] == 0]
    assert {jb.employees[e["id"]].bonus.text for e in apprentices} == {"Gain 3 Prestige."}
    for e in apprentices:
        condition = jb.employees[e["id"]].hire_condition
        if e["id"] == "jb.apprentice.all_halls":  # "each of the 5 Halls": every Hall there is
            assert condition.source == "count(my.halls_present) = count(halls)"
            continue
        # each number the printed condition names is in the rule (3 coats, 30 Livre, 4/2/2...)
        printed_numbers = re.findall(r"\d+", e["printed_condition"].replace("once", "1"))
        assert printed_numbers and all(n in condition.source for n in printed_numbers), e["id"]
    assert jb.employees["jb.apprentice.coats"].hire_condition.text == \
        "the number of your frock coat Garments on the board is at least 3"


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_setup_builds_the_exam_decks_and_deals_one_apprentice_each(jb, players, seed):
    """JB-09..JB-13: 11 Masters, 2 of them back into level V with the base level V Apprentice
    and Journeyman ("These 4 cards are now placed facedown on top of the general Employee deck
    as the Level V cards"); the same for level II; 1 specialised Apprentice each, the rest
    returned to the box."""
    game = Game.new(jb, players=players, seed=seed)
    state = game.state
    exam_masters, exam_journeymen = state["zones"]["exam_masters"], \
        state["zones"]["exam_journeymen"]
    assert len(exam_masters) == len(exam_journeymen) == 9
    emp = jb.employees
    deck = state["hire_deck"] + state["hire_display"]
    level5 = [c for c in deck if emp[c].level == 5]
    level2 = [c for c in deck if emp[c].level == 2]
    assert len(level5) == len(level2) == 4
    assert sorted(emp[c].type for c in level5) == ["apprentice", "journeyman", "master", "master"]
    assert sorted(emp[c].type for c in level2) == ["apprentice", "journeyman", "journeyman",
                                                   "master"]
    assert all(emp[c].type == "master" for c in exam_masters)
    assert all(emp[c].type == "journeyman" for c in exam_journeymen)
    levels = [emp[c].level for c in state["hire_deck"]]
    assert levels == sorted(levels)  # still dealt level by level
    own = [p["zones"]["special_apprentice"] for p in state["players"]]
    assert all(len(z) == 1 and emp[z[0]].level == 0 for z in own)
    assert len(state["zones"]["special_apprentices"]) == 10 - players
    assert problems(jb, state, game.side) == []


def test_setup_is_random_but_fixed_by_the_seed(jb):
    def dealt(seed):
        s = Game.new(jb, players=4, seed=seed).state
        return s["zones"]["exam_masters"], [p["zones"] for p in s["players"]]
    assert dealt(5) == dealt(5)
    assert len({str(dealt(s)) for s in range(6)}) > 1


def test_only_its_owner_sees_a_specialised_apprentice_and_saves_keep_it(jb):
    """JB-14 "Each player can always look at his own specialized Apprentice but must keep this
    card facedown"."""
    game = Game.new(jb, players=3, seed=4)
    mine = game.state["players"][1]["zones"]["special_apprentice"]
    view = game.view(1)
    assert view["players"][1]["zones"]["special_apprentice"] == mine
    assert view["players"][0]["zones"]["special_apprentice"] == 1  # only how many
    assert game.view(0)["players"][1]["zones"]["special_apprentice"] == 1
    assert view["zones"]["exam_masters"] == 9  # a face-down deck: how many
    again = Game.from_json(jb, game.to_json())
    assert again.state == game.state


def test_a_save_whose_own_zone_is_missing_is_refused(jb):
    import json

    from interpreter import CorruptSaveError
    game = Game.new(jb, players=2, seed=1)
    data = json.loads(game.to_json())
    del data["state"]["players"][0]["zones"]
    with pytest.raises(CorruptSaveError):
        Game.from_json(jb, json.dumps(data))


@pytest.mark.parametrize("edition, expansions", [
    ("deluxe", ["jewelry_box"]), ("original", ["jewelry_box"]),
    ("deluxe", ["jewelry_box", "fancy_dresses", "festivity_dresses", "expert_tailoring"])],
    ids=["deluxe", "original", "all"])
def test_complete_games_with_the_invariants(edition, expansions):
    rules = load_ruleset(edition=edition, expansions=expansions)
    exams = 0
    for players in (2, 3, 4, 5):
        for bot in ("random", "greedy"):
            game = Game.new(rules, players=players, seed=players * 3 + len(expansions))
            bots = [make_bot(bot, s) for s in range(players)]
            n = 0
            while not game.is_over():
                d = game.decision()
                if n % 20 == 0:
                    assert problems(rules, game.state, game.side) == []
                option = bots[d.seat].choose(game, d)
                value = getattr(option, "value", option)
                if d.kind == "play" and value.get("action", "") in ("exam_journeyman",
                                                                    "exam_master"):
                    exams += 1
                game.apply(option)
                n += 1
            assert problems(rules, game.state, game.side) == []
            assert game.state["round"] == 7
            for p in game.state["players"]:
                assert p["journeyman_exam"] + p["master_exam"] == 1
    assert exams > 0  # the bots do take the exams now and then


def _owning(jb, jewels: list[str]) -> Game:
    """A 3-player game in which seat 0 owns the given jewels (taken out of wherever they lay)."""
    game = Game.new(jb, players=3, seed=4)
    state = game.state
    for jid in jewels:
        for pile in state["zones"].values():
            while jid in pile:
                pile.remove(jid)
        for row in state.get("displays", {}).values():
            row[:] = [None if x == jid else x for x in row]
        state["players"][0]["owned"]["jewelry"].append(jid)
    return game


@pytest.mark.parametrize("card, jewels, livre, prestige", [
    # JB-58 "Gain 3 Livre from the bank for each set of 2 rings you own."
    ("jb.journeyman.rings_livre", ["ring_pink_1", "ring_orange_1", "ring_pink_2",
                                   "necklace_blue_1"], 3, 0),
    # JB-59 "Gain 1 Prestige Point for every 3 Jewelry tiles you own."
    ("jb.journeyman.jewels_prestige", ["ring_pink_1", "ring_orange_1", "necklace_blue_1",
                                       "necklace_green_1", "necklace_green_2"], 0, 1),
    # JB-64 "Gain 3 Livre from the bank for every 2 Jewelry tiles you own."
    ("jb.master.jewels_livre", ["ring_pink_1", "ring_orange_1", "necklace_blue_1"], 3, 0),
])
def test_the_jewel_bonuses_count_the_jewels_owned(jb, card, jewels, livre, prestige):
    game = _owning(jb, jewels)
    me = game.state["players"][0]
    before = (me["livre"], me["prestige"])
    game.run_effect(jb.employees[card].bonus, 0)
    assert (me["livre"] - before[0], me["prestige"] - before[1]) == (livre, prestige)


@pytest.mark.parametrize("card, jewels, prestige", [
    # JB-67 "Gain 6 Prestige Points for each complete set of Jewelry tiles you own (1 blue
    # necklace, 1 green necklace, 1 pink ring, and 1 orange ring)."
    ("jb.master.jewel_sets", ["necklace_blue_1", "necklace_green_1", "ring_pink_1",
                              "ring_orange_1", "necklace_blue_2", "necklace_green_2",
                              "ring_pink_2"], 6),
    # JB-68 "Gain 3 Prestige Points for every set of 2 necklaces you own (any combination of
    # colors)."
    ("jb.master.necklace_pairs", ["necklace_blue_1", "necklace_green_1", "necklace_blue_2",
                                  "ring_pink_1"], 3),
])
def test_the_jewel_end_of_game_bonuses(jb, card, jewels, prestige):
    game = _owning(jb, jewels)
    me = game.state["players"][0]
    before = me["prestige"]
    game.run_effect(jb.employees[card].final, 0)
    assert me["prestige"] - before == prestige


def test_an_exam_task_needs_a_played_card_and_a_field_of_nothing_cannot_be_done(jb):
    """A Fund run outside a turn (no card played) marks no task instead of faulting: reading a
    field of nothing (`played.type` with no card played) makes the rule impossible."""
    from interpreter import IllegalDecisionError
    game = Game.new(jb, players=2, seed=1)
    with pytest.raises(IllegalDecisionError, match=r"nothing to read in played\.type"):
        game.run_effect("require played.type = apprentice", 0)
    before = dict(game.state["players"][0])
    game.state["players"][0]["livre"] = 30
    game.run_effect("fund", 0, answers=[{"space": "fireworks.1", "cost": 6}])
    assert game.state["players"][0]["task_fund"] == before.get("task_fund", 0)

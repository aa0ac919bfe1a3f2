"""Seats that play themselves (seat kinds, policies as data) and the Masques solo mode (003)."""
from __future__ import annotations

import pytest

from interpreter import load_ruleset
from interpreter.core.decisions import Decision, Option
from interpreter.core.engine import Game
from interpreter.core.integrity import problems
from interpreter.core.seats import UnansweredQuestion, policy_answer
from interpreter.sim.bots import make_bot

_RULES: dict = {}


def masques(count: int):
    if count not in _RULES:
        _RULES[count] = load_ruleset(expansions=["masques"], params={"masques.count": count})
    return _RULES[count]


def play(rules, seed: int, check=None) -> Game:
    game = Game.new(rules, seed=seed)
    bot = make_bot("greedy", seed)
    while not game.is_over():
        decision = game.decision()
        if check is not None:
            check(game, decision)
        game.apply(bot.choose(game, decision))
    return game


@pytest.mark.parametrize("count", [1, 2, 3, 4])
def test_seeded_solo_games_finish_and_no_masque_is_ever_asked(count):
    """"the player competes against 1-4 AI-controlled Masques": every question of the game is
    the person's (seat 0); the Masques' are answered by their module's policy."""
    rules = masques(count)

    def check(game, decision):
        assert decision.seat == 0, decision.prompt
        state = game.state
        assert all(p["livre"] >= 0 and p["thread"] >= 0 and p["lace"] >= 0
                   for p in state["players"])
        assert problems(rules, state, game.side) == []

    for seed in range(3):
        game = play(rules, seed, check)
        kinds = [p["kind"] for p in game.state["players"]]
        assert kinds == ["human"] + ["masque"] * count
        assert game.side.id == rules.side_for(count + 1).id  # the board counts every seat
        assert problems(rules, game.state, game.side) == []


def test_a_solo_game_is_deterministic_and_saves_mid_game():
    rules = masques(2)
    a, b = play(rules, 7), play(rules, 7)
    assert a.history == b.history and a.standings() == b.standings()
    game = Game.new(rules, seed=7)
    bot = make_bot("greedy", 7)
    for _ in range(40):
        game.apply(bot.choose(game, game.decision()))
    loaded = Game.from_json(rules, game.to_json(), verify=True)
    assert loaded.view(0) == game.view(0)
    replayed = Game.replay(rules, 3, 7, [v for _, v in game.history])
    assert replayed.state == game.state


def test_masque_setup():
    """"Shuffle 5 starting cards, place face-down in Employee supply. Draw top card to Discard
    pile (first Action card). Next 3 cards form hand." and "Starting materials ... (as per
    normal player)"."""
    game = Game.new(masques(3), seed=3)
    for masque in game.state["players"][1:]:
        assert (len(masque["supply"]), len(masque["discard"]), len(masque["hand"])) == (1, 1, 3)
        assert (masque["livre"], masque["thread"], masque["lace"]) == (15, 1, 1)
    assert game.state["counters"] == {"focus": 1}


def test_a_solo_mode_counts_its_own_seats():
    with pytest.raises(ValueError, match=r"^this game is played with 3 seats \(1 person and "
                                         r"2 Masque\), not 4$"):
        Game.new(masques(2), players=4, seed=1)


def test_reshuffle_keeps_the_top_card_of_the_discard_pile():
    """"If Discard pile exhausted, shuffle into new supply, leaving top card in Discard." FAQ:
    "If Masque Discard pile reshuffled, is top card preserved? Yes.\""""
    game = Game.new(masques(1), seed=5)
    masque = game.state["players"][1]
    cards = masque["supply"] + masque["discard"] + masque["hand"]
    masque["supply"], masque["hand"], masque["discard"] = [], [], cards
    top = cards[-1]
    game.run_effect("draw_hand count 3", seat=1)
    assert masque["discard"] == [top]
    assert len(masque["hand"]) == 3 and len(masque["supply"]) == 1


def _only_tile_in_bag(game, tile):
    state = game.state
    for t in list(state["resource_bag"]):
        state["resource_bag"].remove(t)
        state["resource_discard"].append(t)
    state["resource_discard"].remove(tile)
    state["resource_bag"].append(tile)


def test_focus_token_walks_down_by_the_items_of_the_drawn_tile_and_wraps():
    """"Draw Resource tile. Move Focus token down by number of items. Wrap around if needed.
    ... Hire that Employee." res_02 shows 1 blue bale, Thread and Lace: 3 items."""
    game = Game.new(masques(1), seed=2)
    display = list(game.state["hire_display"])
    assert len(display) == 4
    _only_tile_in_bag(game, "res_02")
    game.state["counters"]["focus"] = 3
    livre = game.state["players"][1]["livre"]
    game.run_effect("masque_hire", seat=1)
    # from the 3rd card, 3 down in 4: 3 -> 4 -> 1 -> 2
    assert game.state["counters"]["focus"] == 2
    assert display[1] in game.state["players"][1]["hand"]
    assert game.state["resource_discard"][-1] == "res_02"  # the drawn tile is discarded
    assert game.state["players"][1]["livre"] == livre       # "Masques never pay"


def test_hire_with_no_employee_makes_a_dress_instead():
    """"If no Employee, Make a Dress instead." (FAQ: "defaults to Make a Dress")"""
    game = Game.new(masques(1), seed=2)
    game.state["hire_display"].clear()
    before = len(game.state["guests"]) + len(game.state["garment_discard"])
    game.run_effect("masque_hire", seat=1, played=game.state["players"][1]["hand"][0])
    assert len(game.state["guests"]) + len(game.state["garment_discard"]) == before + 1


def test_fund_takes_the_kitchen_first_then_the_speciality_free():
    """"Order: Jeweller -> Fountain (top row first) -> Speciality -> Statue -> Hall ->
    Fireworks" ... "Always place in lowest-cost available space in category." ... "Masques never
    pay for actions.\""""
    rules = masques(1)
    game = Game.new(rules, seed=4)
    master = next(c for c in game.state["players"][1]["supply"] + game.state["players"][1][
        "hand"] + game.state["players"][1]["discard"] if rules.employees[c].type == "master")
    side = game.side
    livre = game.state["players"][1]["livre"]
    areas = []
    for _ in range(3):
        game.run_effect("masque_fund", seat=1, played=master)
        mine = [s for s, o in game.state["decorations"].items() if o == 1]
        areas = [side.decorations[s].area for s in mine]
    assert sorted(areas) == ["fireworks", "kitchen_left", "kitchen_right"]
    fireworks = [s for s in side.decorations.values() if s.area == "fireworks"]
    taken = next(s for s in mine if side.decorations[s].area == "fireworks")
    assert side.decorations[taken].cost == min(s.cost for s in fireworks)
    assert game.state["players"][1]["livre"] == livre


def test_acquire_with_no_tiles_is_skipped():
    """FAQ: "Can Masque acquire resources with no tiles? No, action skipped.\""""
    game = Game.new(masques(1), seed=4)
    for drawer in game.state["drawers"]:
        drawer.clear()
    before = (list(game.state["players"][1]["tiles"]), game.state["players"][1]["prestige"])
    game.run_effect("masque_acquire", seat=1, played=game.state["players"][1]["hand"][0])
    assert (game.state["players"][1]["tiles"], game.state["players"][1]["prestige"]) == before


def test_x_bonus_claims_the_favor_then_gains_5_livre_when_held():
    """"If Queen's Favor unclaimed: Claim it, gain 5 Livre." FAQ: "Can Masque claim Favor if
    already held? No, gains 5 Livre instead.\""""
    rules = masques(1)
    game = Game.new(rules, seed=4)
    kind = rules.seat_kinds[0]
    x_master = next(c for c in rules.employees if c.startswith("start.")
                    and rules.employees[c].type == "master" and rules.employees[c].bonus is None)
    livre = game.state["players"][1]["livre"]
    game.run_effect(kind.no_bonus, seat=1, played=x_master)
    assert game.state["favor"] == 1 and game.state["players"][1]["livre"] == livre + 5
    game.run_effect(kind.no_bonus, seat=1, played=x_master)
    assert game.state["favor"] == 1 and game.state["players"][1]["livre"] == livre + 10


def test_a_question_the_policy_does_not_answer_is_a_fault_not_a_question():
    kind = masques(1).seat_kinds[0]
    decision = Decision(1, "mystery", "pick a thing", [Option("a"), Option("b")])
    with pytest.raises(UnansweredQuestion, match=r"^the Masque seat reached the question 'pick "
                                                 r"a thing' \(mystery\), which its module's "
                                                 r"policy does not answer$"):
        policy_answer(kind, decision)
    assert policy_answer(kind, Decision(1, "rent", "rent", [Option({"sell": True}),
                                                            Option({"space": "x"})])) == {
        "space": "x"}


@pytest.mark.parametrize("text, printed", [
    ("gain count(sort_by(my.decorations, cost)) prestige",
     "for each of your Decorations from the lowest cost up"),
    ("discard tiles [first(my.tiles)]", "the first Resource tile"),
    ("discard tiles [nth(reverse(my.tiles), 2)]", "the second Resource tile from the end"),
    ("fund space min_by(free_decorations, cost), free",
     "with the lowest cost"),
])
def test_deterministic_choice_prints_as_card_text(text, printed):
    from rulesdsl import Origin, build_effect, effect_text
    rules = masques(1)
    compiled = build_effect(text, Origin("<t>"), rules.vocabulary)
    assert printed in effect_text(compiled.effect, rules.vocabulary)


def test_nth_past_the_end_stops_the_effect():
    game = Game.new(masques(1), seed=1)
    tiles = game.state["players"][1]["tiles"]
    assert tiles == []
    from interpreter.core.errors import IllegalDecisionError
    with pytest.raises(IllegalDecisionError, match="there is no item number 2 among 0"):
        game.run_effect("discard tiles [nth(my.tiles, 2)]", seat=1)

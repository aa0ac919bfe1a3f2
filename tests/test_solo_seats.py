"""Seats that play themselves (seat kinds, policies as data) and the Masques solo mode (003)."""
from __future__ import annotations

import json

import pytest

from interpreter import IllegalDecisionError, load_ruleset
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

    for seed in range(6):
        game = play(rules, seed, check)
        kinds = [p["kind"] for p in game.state["players"]]
        assert kinds == ["human"] + ["masque"] * count
        assert game.side.id == rules.side_for(count + 1).id  # the board counts every seat
        assert problems(rules, game.state, game.side) == []


def test_a_solo_game_is_deterministic_and_saves_mid_game():
    rules = masques(2)
    a, b = play(rules, 7), play(rules, 7)
    assert a.history == b.history and a.standings() == b.standings()
    saves_and_replays(rules, 7, 40)


def saves_and_replays(rules, seed: int, moves: int) -> None:
    """A game `moves` decisions in saves, loads (the person's view unchanged) and replays."""
    game = Game.new(rules, seed=seed)
    bot = make_bot("greedy", seed)
    for _ in range(moves):
        game.apply(bot.choose(game, game.decision()))
    loaded = Game.from_json(rules, game.to_json(), verify=True)
    assert loaded.view(0) == game.view(0)
    replayed = Game.replay(rules, len(game.state["players"]), seed,
                           [v for _, v in game.history])
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
        drawer[:] = [None] * len(drawer)
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
    from interpreter.core.context import Context
    kind = masques(1).seat_kinds[0]
    ctx = Context(Game.new(masques(1), seed=1), 1)
    decision = Decision(1, "mystery", "pick a thing", [Option("a"), Option("b")])
    at = kind.where  # where its policy is written
    assert (at.file, at.column) == ("rules/solo/masques/flow.yaml", 5)
    with pytest.raises(UnansweredQuestion, match=r"^the Masque seat reached the question 'pick "
                                                 r"a thing' \(mystery\), which its module's "
                                                 rf"policy \(at {at}\) does not answer$"):
        policy_answer(kind, decision, ctx)
    assert policy_answer(kind, Decision(1, "rent", "rent", [Option({"sell": True}),
                                                            Option({"space": "x"})]), ctx) == {
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


# ---- Madame du Barry (001) -----------------------------------------------------------------
def du_barry():
    if "du_barry" not in _RULES:
        _RULES["du_barry"] = load_ruleset(expansions=["du_barry"])
    return _RULES["du_barry"]


def barry_game(seed=1, card=None) -> Game:
    game = Game.new(du_barry(), seed=seed)
    if card is not None:
        game.state["players"][1]["turn_card"] = card
    return game


def test_du_barry_plays_with_the_deluxe_edition_and_the_jewelry_box_only():
    """001:989 "The Madame du Barry Solo Mode for Rococo Deluxe Edition and The Jewelry Box
    expansion (if desired)". Fancy and Festivity Dresses only add tiles, and whole games with
    them reach the end with no question left to her policy; Expert Tailoring's Garments give
    "a special Bonus when you rent them out" (001:1225) that her rules never answer, so the
    combination is refused where it is loaded, at the module's `conflicts`."""
    from interpreter import RulesErrors
    with pytest.raises(RulesErrors) as caught:
        load_ruleset(expansions=["du_barry", "expert_tailoring"])
    [err] = caught.value.errors
    assert "module 'du_barry' conflicts with 'expert_tailoring'" in err.message
    assert str(err.span).startswith("rules/solo/du_barry/module.yaml:")
    rules = load_ruleset(expansions=["du_barry", "fancy_dresses", "festivity_dresses",
                                     "jewelry_box"])
    for seed in range(1, 9):
        game = Game.new(rules, seed=seed)
        bot = make_bot("random", seed)
        while not game.is_over():
            game.apply(bot.choose(game, game.decision()))
        assert problems(game.rules, game.state, game.side) == [], seed


def test_du_barry_setup():
    """"she is given only 1 Thread and 1 Lace, but no Livre", "she is given the Start Player
    token", "the Starting Employee cards are placed facedown above her Player board" and "her
    Card supply": 25 cards."""
    game = barry_game()
    her = game.state["players"][1]
    assert (her["livre"], her["thread"], her["lace"]) == (0, 1, 1)
    assert game.state["start_player"] == 1
    assert len(her["supply"]) == 5 and her["hand"] == []
    own = her["zones"]["card_supply"] + her["zones"]["card_hand"] + her["zones"]["card_discard"]
    assert sorted(own) == sorted(du_barry().seat_kinds[0].cards)
    assert len(du_barry().seat_kinds[0].cards) == 25


def test_du_barry_games_finish_she_never_holds_livre_and_is_never_asked():
    rules = du_barry()

    def check(game, decision):
        assert decision.seat == 0, decision.prompt
        assert game.state["players"][1]["livre"] == 0  # "never gains or spends Livre"
        assert problems(rules, game.state, game.side) == []

    for seed in range(6):
        game = play(rules, seed, check)
        assert game.side.id == rules.side_for(2).id
        assert "resource_tiles" in game.state["players"][1]["score"] or \
            len(game.state["players"][1]["tiles"]) < 2


def test_a_du_barry_game_saves_replays_and_hides_her_face_down_cards():
    rules = du_barry()
    game = Game.new(rules, seed=11)
    bot = make_bot("greedy", 11)
    for _ in range(30):
        game.apply(bot.choose(game, game.decision()))
    loaded = Game.from_json(rules, game.to_json(), verify=True)
    assert loaded.state == game.state
    assert Game.replay(rules, 2, 11, [v for _, v in game.history]).state == game.state
    seen = game.view(0)["players"][1]["zones"]
    assert seen["card_supply"] == len(game.state["players"][1]["zones"]["card_supply"])
    assert seen["card_hand"] == len(game.state["players"][1]["zones"]["card_hand"])
    assert seen["card_discard"] == game.state["players"][1]["zones"]["card_discard"]


def test_du_barry_draws_4_hand_cards_each_round():
    """"Each Round shuffle all 25 Madame du Barry cards ... draws 4 random cards"."""
    game = barry_game()
    her = game.state["players"][1]
    assert len(her["zones"]["card_hand"]) == 4 and len(her["zones"]["card_supply"]) == 21


def test_favor_always_gains_3_prestige():
    """"Regardless of whether she could claim the Queen's Favor or not, she always gains 3
    Prestige Points for this action." (no 5 Livre: she never gains Livre)"""
    game = barry_game(card="card_01")
    game.run_effect("barry_favor", seat=1)
    her = game.state["players"][1]
    assert (game.state["favor"], her["prestige"], her["livre"]) == (1, 3, 0)
    game.run_effect("barry_favor", seat=1)
    assert her["prestige"] == 6


def test_acquire_takes_every_tile_of_the_drawer_or_else_3_prestige():
    """"acquires all available Resource tiles from the Drawer (1, 2, or 3) ... If the depicted
    drawers or drawer spaces are all empty, Madame du Barry gains 3 Prestige points instead.\""""
    game = barry_game(card="card_05")  # drawer 2
    drawer = list(game.state["drawers"][1])
    assert drawer
    game.run_effect("barry_acquire", seat=1)
    her = game.state["players"][1]
    assert her["tiles"] == drawer and game.state["drawers"][1] == [None, None, None]
    assert (her["thread"], her["lace"], her["prestige"]) == (1, 1, 0)
    game.run_effect("barry_acquire", seat=1)
    assert her["prestige"] == 3
    game = barry_game(card="card_07")  # the left space of every drawer
    lefts = [d[0] for d in game.state["drawers"]]
    game.run_effect("barry_acquire", seat=1)
    assert game.state["players"][1]["tiles"] == lefts


def test_tailor_the_second_garment_from_the_right_free_rented_in_the_revealed_hall():
    """"the second Garment from the right is made ... she neither pays any costs nor does she
    surrender any Resources ... always rented out ... Place the Garment into the Hall
    highlighted on the card's left ... If available, choose a Master Guest space.\""""
    game = barry_game(card="card_11")  # tailor, n = 2, from the right
    display = [g for g in game.state["garment_display"] if g is not None]
    want = display[-2]
    her = game.state["players"][1]
    revealed = her["zones"]["card_supply"][0]
    hall = du_barry().seat_kinds[0].cards[revealed]["hall"]
    game.run_effect("barry_tailor", seat=1)
    placed = [(s, g) for s, g in game.state["guests"].items() if g["owner"] == 1]
    assert [g["garment"] for _, g in placed] == [want]
    space = game.side.guest_spaces[placed[0][0]]
    assert space.hall == game.side.halls[hall - 1].id and space.master
    assert her["livre"] == 0 and her["zones"]["card_discard"] == [revealed]


def test_tailor_with_fewer_garments_takes_the_highest_cost_and_none_gives_3_prestige():
    """"If there are fewer Garment tiles than the card states, the Garment tile with the highest
    cost is tailored." "If no Garment tiles are available ... gains 3 Prestige points instead\""""
    game = barry_game(card="card_12")  # the 3rd from the right
    display = game.state["garment_display"]
    kept = [i for i, g in enumerate(display) if g is not None][-2:]
    for i, g in enumerate(display):
        if i not in kept and g is not None:
            game.state["garment_bag"].append(g)
            display[i] = None
    want = display[kept[0]]  # costs fall to the right: the left one costs more
    game.run_effect("barry_tailor", seat=1)
    assert [g["garment"] for g in game.state["guests"].values() if g["owner"] == 1] == [want]
    for i, g in enumerate(display):
        if g is not None:
            game.state["garment_bag"].append(g)
            display[i] = None
    game.run_effect("barry_tailor", seat=1)
    assert game.state["players"][1]["prestige"] == 3


def test_hire_the_second_from_the_left_into_her_employee_deck_and_one_more_turn():
    """"the second Employee card from the left is acquired ... Add the acquired Employee card to
    her Employee deck ... also add 1 facedown card from her Card supply ... to her hand cards.\""""
    game = barry_game(card="card_17")  # hire, n = 2, from the left
    for card in list(game.state["hire_display"]):
        if du_barry().employees[card].final is not None:
            game.state["hire_display"].remove(card)
    display = list(game.state["hire_display"])
    her = game.state["players"][1]
    hand = len(her["zones"]["card_hand"])
    game.run_effect("barry_hire", seat=1)
    assert display[1] in her["supply"] and display[1] not in game.state["hire_display"]
    assert len(her["zones"]["card_hand"]) == hand + 1 and her["livre"] == 0
    game.state["hire_display"].clear()
    game.run_effect("barry_hire", seat=1)
    assert her["prestige"] == 3  # "If no Employee cards are available ... 3 Prestige points"


def test_hire_prefers_the_crown_employee_worth_most_to_her_now():
    """"Madame du Barry will always hire the end-of-game bonus Employee that currently brings
    her the most Prestige Points, regardless of the direction and number stated on the card.\""""
    rules = du_barry()
    game = barry_game(card="card_16")
    crowns = sorted(c for c in rules.employees if rules.employees[c].final is not None)
    game.state["hire_display"][:] = [c for c in game.state["hire_display"]
                                     if rules.employees[c].final is None][:2] + crowns[:2]
    from interpreter.core.context import Context
    from interpreter.loading.game_vocabulary import final_value
    ctx = Context(game, 1)
    values = {c: final_value(ctx, c, 1) for c in crowns[:2]}
    game.run_effect("barry_hire", seat=1)
    hired = next(c for c in crowns[:2] if c in game.state["players"][1]["supply"])
    assert values[hired] == max(values.values())


def test_fund_the_least_expensive_space_of_the_type_free_then_3_prestige():
    """"she places a Trademark token onto the least expensive unoccupied Decoration space of
    the stated type for free ... If no more valid Decoration spaces of the given type are
    available, Madame du Barry gains 3 Prestige points instead." and "at most 1 Trademark token
    in each side of the Catering Kitchen. This also applies to Madame du Barry.\""""
    game = barry_game(card="card_22")  # kitchen
    side = game.side
    for _ in range(3):
        game.run_effect("barry_fund", seat=1)
    mine = sorted(side.decorations[s].area for s, o in game.state["decorations"].items()
                  if o == 1)
    assert mine == ["kitchen_left", "kitchen_right"]
    assert game.state["players"][1]["prestige"] == 3
    game = barry_game(card="card_25")  # statues
    game.run_effect("barry_fund", seat=1)
    statue = next(s for s, o in game.state["decorations"].items() if o == 1)
    assert side.decorations[statue].cost == min(
        d.cost for d in side.decorations.values() if d.area == "statue")


def test_she_collects_no_income_and_scores_1_prestige_per_2_tiles():
    """"Madame du Barry does not collect any income" and "she scores 1 Prestige Point for every
    2 Resource tiles she has collected"."""
    rules = du_barry()
    kind = rules.seat_kinds[0]
    game = barry_game()
    game.run_effect(kind.phases["income"], seat=1)
    assert game.state["players"][1]["livre"] == 0
    game.state["players"][1]["tiles"] = sorted(game.state["resource_bag"])[:5]
    final = next(p for p in rules.final_phases if p.id == "resource_tiles")
    game.run_effect(final.steps[0].effect, seat=1)
    game.run_effect(final.steps[0].effect, seat=0)
    assert (game.state["players"][1]["prestige"], game.state["players"][0]["prestige"]) == (2, 0)


def test_she_wins_ties():
    """"In the case of a tie, Madame du Barry wins, of course!\""""
    game = barry_game()
    for p in game.state["players"]:
        p["prestige"], p["livre"] = 50, 0
    assert game.standings()[0]["seat"] == 1
    assert game.winners() == [1]
    game.state["players"][0]["prestige"] = 51
    assert game.standings()[0]["seat"] == 0
    assert game.winners() == [0]


def test_she_wins_a_tie_against_a_person_with_livre_left():
    """"In the case of a tie, Madame du Barry wins, of course!" replaces the base game's "If
    there is a tie, the tied player with the most remaining Livre wins": 9 Livre left do not
    win the person a tie on prestige, and the sheet says whom a tie goes to."""
    from interpreter.ui import render
    game = barry_game()
    person, barry = game.state["players"]
    person["prestige"], person["livre"] = 80, 9
    barry["prestige"], barry["livre"] = 80, 0
    assert [r["seat"] for r in game.standings()] == [1, 0]
    assert game.winners() == [1]
    assert render.tie_rule(game.rules) == "a tie goes to Madame du Barry"
    assert render.result_line(game).plain == \
        "Winner: black (B, Madame du Barry) with 80 prestige (a tie goes to Madame du Barry)"
    person["prestige"] = 81
    assert game.winners() == [0]
    assert render.result_line(game).plain == "Winner: purple (A) with 81 prestige"


def test_no_python_file_names_a_solo_mode_or_its_automata():
    """The solo modes are YAML on generic seams: no Python file names a solo module, a seat
    kind, its name or one of its procedures."""
    from pathlib import Path

    from interpreter.loading.loader import available_modules
    solos = [m["id"] for m in available_modules() if m["kind"] == "solo"]
    assert sorted(solos) == ["du_barry", "masques"]
    words = set(solos)
    for rules in (du_barry(), masques(1)):
        for kind in rules.seat_kinds:
            words |= {kind.id, *(w.lower() for w in kind.name.split() if len(w) > 3)}
            words |= {c for c in kind.cards}
    words |= {"masque", "barry_", "masque_"}
    root = Path(__file__).resolve().parent.parent
    offenders = []
    for folder in ("interpreter", "rulesdsl"):
        for path in (root / folder).rglob("*.py"):
            text = path.read_text(encoding="utf-8").lower()
            offenders += [f"{path.name}: {w}" for w in sorted(words) if w in text]
    assert offenders == []


def test_the_commands_play_and_simulate_a_solo_mode(capsys):
    """`rococo play --solo ...` starts a game of one person against the automata (here watched:
    --humans 0); `simulate --solo` reports each automaton's results."""
    from interpreter.cli.main import main
    assert main(["play", "--solo", "du_barry", "--humans", "0", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "Winner:" in out and "(B, Madame du Barry)" in out
    assert main(["simulate", "--solo", "masques", "--set", "masques.count=2", "--games", "2",
                 "--quiet", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "2 games, 3 players" in out and "seat 2 (masque) win rate" in out
    assert "the bot in the person's seat beats every automaton" in out


def test_a_saved_solo_game_resumes_with_its_mode_and_parameters(tmp_path):
    """`rococo play --solo masques --set masques.count=3`, saved, then `rococo play --load FILE`
    alone resumes it with 3 Masques."""
    import subprocess
    import sys
    from pathlib import Path
    root = Path(__file__).resolve().parent.parent
    save = tmp_path / "solo.json"
    run = lambda *a, stdin="": subprocess.run(
        [sys.executable, "-m", "interpreter.cli.main", *a], cwd=root, input=stdin,
        capture_output=True, text=True, timeout=600)
    first = run("play", "--solo", "masques", "--set", "masques.count=3", "--seed", "4",
                stdin=f"save {save}\nquit\n")
    assert first.returncode == 0, first.stderr
    resumed = run("play", "--load", str(save), stdin="quit\n")
    assert resumed.returncode == 0, resumed.stderr
    assert "resumed" in resumed.stdout and "(B, Masque)" in resumed.stdout + first.stdout


def test_a_policy_preference_tests_the_fields_of_the_card_an_option_names():
    """003 "Masques never Depute red bonus Employees": `depute: [{crown: false}]` skips a crown
    card offered first; with only crown cards the policy matches nothing (a trial run, and so
    `possible` and an `either`, find the depute cannot be done)."""
    from interpreter.core.context import Context
    rules = masques(1)
    kind = rules.seat_kinds[0]
    assert kind.policy["depute"] == ({"crown": False},)
    ctx = Context(Game.new(rules, seed=1), 1)
    decision = Decision(1, "depute", "depute an employee",
                        [Option("l6.crown_staff"), Option("start.black.apprentice_2"),
                         Option("start.black.master_1")])
    assert policy_answer(kind, decision, ctx) == "start.black.apprentice_2"
    with pytest.raises(UnansweredQuestion):
        policy_answer(kind, Decision(1, "depute", "depute", [Option("l6.crown_staff"),
                                                               Option("l6.crown_couples")]), ctx)


def test_with_only_crown_cards_to_depute_the_masque_deputes_none_and_nothing_faults():
    """003 "Masques never Depute red bonus Employees", in play as in a trial run: a depute
    whose every option is a crown card cannot be done (the effect is undone and says why);
    inside an `either` the other alternative is done. A staff of 5 is the least that may
    depute: with the Jewelry Box's crown Masters there are enough crown cards."""
    game = Game.new(load_ruleset(expansions=["masques", "jewelry_box"],
                                 params={"masques.count": 1}), seed=1)
    masque = game.state["players"][1]
    crowns = ["l6.crown_staff", "l6.crown_thread_lace", "l6.crown_master_guests",
              "l6.crown_couples", "jb.master.jewel_sets"]
    masque["supply"], masque["hand"], masque["discard"] = list(crowns), [], []
    before = json.dumps(game.state, sort_keys=True)
    with pytest.raises(IllegalDecisionError, match=r"^the effect cannot be done: the Masque "
                                                   r"seat's policy for depute .* matches no "
                                                   r"option of"):
        game.run_effect("depute among my.staff", seat=1)
    assert json.dumps(game.state, sort_keys=True) == before
    livre = masque["livre"]
    game.run_effect("either { depute among my.staff } or { gain 2 livre }", seat=1)
    assert masque["supply"] == crowns
    assert masque["livre"] == livre + 2


def test_a_check_of_depute_among_decides_for_a_persons_seat_beside_an_automaton():
    """`depute among ...`'s check leaves the choice to the trial only for a seat a seat kind
    controls (its policy may refuse every card); a person's seat in the same game is decided
    by the check, as in a game without seat kinds, and says what the trial run says."""
    from interpreter.core.context import Context
    from interpreter.core.trial import search
    from interpreter.loading.static_checks import build_check
    from rulesdsl import Origin, build_effect

    rules = load_ruleset(expansions=["masques", "jewelry_box"], params={"masques.count": 1})
    effect = build_effect("depute among my.staff", Origin("<test>"), rules.vocabulary)
    check = build_check(effect.effect, rules.vocabulary)
    game = Game.new(rules, seed=1)
    person, masque = Context(game, 0), Context(game, 1)
    assert check(masque) is None  # its policy decides: the trial asks it
    assert check(person) is True is search(person, lambda c: effect.run(c, None))
    me = game.state["players"][0]
    me["supply"], me["hand"], me["discard"] = me["supply"][:4], [], []  # at the minimum staff
    assert check(person) is False is search(person, lambda c: effect.run(c, None))


def test_an_unknown_field_in_a_policy_preference_is_a_load_error(tmp_path, monkeypatch):
    import shutil
    from pathlib import Path

    from interpreter import RulesErrors
    from interpreter.loading import loader

    root = Path(__file__).resolve().parent.parent
    shutil.copytree(root / "rules", tmp_path / "rules")
    monkeypatch.setattr(loader, "RULES_DIR", tmp_path / "rules")
    flow = tmp_path / "rules" / "solo" / "masques" / "flow.yaml"
    text = flow.read_text()
    assert "depute: [{crown: false}]" in text
    flow.write_text(text.replace("depute: [{crown: false}]", "depute: [{crwon: false}]"))
    with pytest.raises(RulesErrors) as caught:
        load_ruleset(expansions=["masques"])
    [err] = caught.value.errors
    lines = flow.read_text().splitlines()
    line = next(i for i, s in enumerate(lines, 1) if "crwon" in s)
    assert str(err.span) == f"{flow}:{line}:{lines[line - 1].index('crwon') + 1}"
    assert err.message.startswith(
        "the seat kind 'masque': unknown field 'crwon' of the employee in its policy for depute "
        "(did you mean 'crown'?)")

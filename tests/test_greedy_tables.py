"""The greedy bot reads its per-component numbers from tables made once per ruleset
(sim/greedy_tables.py): its scores must be exactly what its formulas give, read from the
components themselves, at every kind of decision, with every module combination."""
import itertools
import random

import pytest
from conftest import sampled_positions
from packwriter import pack

from interpreter import Game, GreedyBot, load_ruleset, make_bot
from interpreter.core.seats import seat_plan
from interpreter.loading.loader import available_modules
from interpreter.sim.bots import NEED_RANK, _action_value
from interpreter.sim.greedy_tables import tables_for

RANK = {"master": 3, "journeyman": 2, "apprentice": 1}


def formula_scores(game, d) -> list[float] | None:
    """The greedy bot's formulas as written before the tables, straight from the components
    (None: a kind whose scorer reads no component)."""
    rules, state, side = game.rules, game.state, game.side
    cards, values = rules.employees, [o.value for o in d.options]
    me = state["players"][d.seat]
    if d.kind == "hand":
        return [RANK.get(cards[v].type, 1) + (0.5 if cards[v].bonus else 0) for v in values]
    if d.kind == "hire":
        return [cards[v].level + RANK.get(cards[v].type, 1) + (3 if cards[v].final is not None
                                                               else 0) for v in values]
    if d.kind == "depute":
        return [-RANK.get(cards[v].type, 1) - (1 if cards[v].bonus else 0) - cards[v].level
                for v in values]
    if d.kind == "play":
        out = []
        for v in values:
            card = cards[v["card"]]
            if v["action"] == "hire":  # hire early for more turns, late for final scoring
                value = 9.0 if any(c is not None and cards[c].final is not None
                                   for c in state["hire_display"]) else \
                    7.0 if state["round"] <= 4 and me["livre"] >= 10 else 1.0
            else:
                value = _action_value(tables_for(rules), me, state, rules.rounds, v["action"])
            value -= (RANK.get(card.type, 1) - NEED_RANK.get(v["action"], 1)) * 1.5
            out.append(value + 0.5 if card.bonus is not None else value)
        return out
    if d.kind == "garment":
        return [rules.garments[v["garment"]].prestige * 3 + rules.garments[v["garment"]].value / 8
                - v["cost"] / 2 for v in values]
    if d.kind == "tiles":
        return [-sum(sum(rules.tiles[t].silk.values()) for t in v) for v in values]
    if d.kind == "tile":
        want: dict[str, int] = {}
        for gid in state["garment_display"]:
            if gid is not None:
                for color, n in rules.garments[gid].silk.items():
                    want[color] = want.get(color, 0) + n
        return [sum(min(n, want.get(c, 0)) for c, n in rules.tiles[v["tile"]].silk.items())
                - v["price"] for v in values]
    if d.kind == "rent":
        out = []
        for v in values:
            if "sell" in v:
                out.append(2.0 if state["round"] >= rules.rounds else -5.0)
                continue
            space = side.guest_spaces[v["space"]]
            hall = side.halls_by_id[space.hall]
            count = sum(1 for s in hall.guest_spaces
                        if s in state["guests"] and state["guests"][s]["owner"] == d.seat)
            value = (4.0 if count == 0 else 2.0 - 0.5 * count) + (1.0 if space.master else 0.0)
            value += 1.5 if space.reward is not None else 0.0
            out.append(value + 0.5 if hall.royal else value)
        return out
    if d.kind == "fund":
        out = []
        for v in values:
            deco = side.decorations[v["space"]]
            value = deco.prestige * 2 - v["cost"] / 3
            if deco.area.startswith("kitchen"):
                value += max(0, rules.rounds - state["round"]) * 0.8
            if deco.area == "statue":
                value += len({rules.garments[g["garment"]].color
                              for g in state["guests"].values() if g["owner"] == d.seat}) * 1.5
            out.append(value + 2.0 if deco.area == "fireworks" else value)
        return out
    return None


COMBOS = [("deluxe", []), ("original", ["fancy_dresses", "festivity_dresses"]),
          ("deluxe", ["jewelry_box", "fancy_dresses", "festivity_dresses", "expert_tailoring"]),
          ("deluxe", ["jewelry_box", "du_barry"]), ("deluxe", ["jewelry_box", "masques"])]


@pytest.mark.parametrize("edition, expansions", COMBOS,
                         ids=["deluxe", "original+dresses", "all", "du_barry", "masques"])
def test_the_scores_read_from_the_tables_are_the_formulas_scores(edition, expansions):
    rules = load_ruleset(edition=edition, expansions=expansions)
    players = len(seat_plan(rules, rules.humans or 1)) if rules.seat_kinds else 3
    bot, kinds = make_bot("greedy", 5), set()
    for game in sampled_positions(rules, 8, random.Random(3), rate=0.5, players=players):
        d = game.decision()
        expected = formula_scores(game, d)
        if expected is not None:
            got = bot.scores(game, d)
            assert [(type(x), x) for x in got] == [(type(x), x) for x in expected], d.kind
            kinds.add(d.kind)
    # one seat decides in a solo game: fewer kinds come up in a few games
    assert ({"hand", "play", "tile"} if rules.seat_kinds else
            {"hand", "play", "tile", "rent", "fund", "hire", "garment"}) <= kinds


def test_the_tables_are_made_once_per_ruleset_and_kept_apart():
    deluxe, original = load_ruleset(), load_ruleset(edition="original")
    assert tables_for(deluxe) is tables_for(deluxe)
    assert tables_for(original) is not tables_for(deluxe)
    assert tables_for(original).tile_silk.keys() == original.tiles.keys()


def test_one_bot_moving_between_rulesets_scores_each_by_its_own_components():
    # the colours wanted are kept for the display last seen: a display of another ruleset
    # (the same garment ids, perhaps other silk) is worked out again
    bot = make_bot("greedy", 1)
    seen = 0
    for edition in ("deluxe", "original", "deluxe"):
        rules = load_ruleset(edition=edition)
        game = Game.new(rules, players=2, seed=8)
        other = make_bot("random", 2)
        while not game.is_over():
            d = game.decision()
            if d.kind == "tile":
                assert bot.scores(game, d) == formula_scores(game, d)
                seen += 1
            game.apply(other.choose(game, d))
    assert seen > 10


def test_choose_takes_the_first_best_of_score_plus_noise_and_draws_noise_for_every_option():
    rules = load_ruleset()
    game = Game.new(rules, players=4, seed=11)
    bot, twin, played = make_bot("greedy", 9), random.Random(9), 0
    while not game.is_over() and played < 150:
        d = game.decision()
        scores = bot.scores(game, d)
        values = [s + twin.random() * 0.01 for s in scores]
        assert bot.choose(game, d) is d.options[values.index(max(values))]
        game.apply(d.options[values.index(max(values))])
        played += 1


def test_without_noise_the_first_best_and_a_replaced_generator_draws_the_noise():
    # the bot looks `rng.random` up once: a generator put in its place draws from then on
    rules = load_ruleset()
    game = Game.new(rules, players=3, seed=4)
    plain, noisy = GreedyBot(3, noise=False), make_bot("greedy", 9)
    twin, played, ties = random.Random(9), 0, 0
    while not game.is_over() and played < 200:
        d = game.decision()
        scores = plain.scores(game, d)
        assert plain.choose_index(game, d) == scores.index(max(scores))
        ties += scores.count(max(scores)) > 1
        if played == 100:
            noisy.rng, twin = random.Random(21), random.Random(21)
        values = [s + twin.random() * 0.01 for s in noisy.scores(game, d)]
        assert noisy.choose_index(game, d) == values.index(max(values))
        game.apply(d.option_at(values.index(max(values))))
        played += 1
    assert played == 200 and ties > 5  # the first of equal scores was asked for


AREAS = """kind: flow
board:
  - area: garden
    decoration: {id: garden.1, cost: 4, prestige: 1}
  - area: obelisk
    decoration: {id: obelisk.1, cost: 5, prestige: 1}
  - area: terrace
    decoration: {id: terrace.1, cost: 6, prestige: 2, multiplier: 2}
  - area: folly
    decoration: {id: folly.1, cost: 3, prestige: 1}
  - area: gazebo
    majority: [5, 2]
    decoration: {id: gazebo.1, cost: 3, prestige: 1}
patches:
  - append: income
    effect: gain count(my.decorations where area = garden) livre
  - after: statues
    phase:
      id: obelisks
      each_player: gain 2 * min(count(my.decorations where area = obelisk), count(my.garments where color = blue)) prestige
  - after: obelisks
    phase:
      id: gazebos
      once: area_majority area gazebo
"""


def test_a_designer_s_new_decoration_area_is_worth_what_its_effects_do(tmp_path):
    """The bot reads what an area does from the rules, never its id: a new area paying an
    income each round is worth 0.8 a round left (as the Catering Kitchen), one final scoring
    counts with the garments' colours 1.5 per colour rented (as the statues), one with a
    balcony multiplier 1 and one whose majority is scored 1 (the fireworks have both: 2), one
    doing nothing its prestige less its cost."""
    rules = load_ruleset(extra_paths=[pack(tmp_path, {"flow.yaml": AREAS}, "areas")])
    areas = tables_for(rules).areas
    assert (areas.income, areas.colors, areas.balcony, areas.majority) == (
        {"garden", "kitchen_left", "kitchen_right"}, {"obelisk", "statue"},
        {"fireworks", "terrace"}, {"fireworks", "gazebo"})
    game = Game.new(rules, players=3, seed=2)
    game.state["round"] = 3
    blue, pink = (next(g for g, garment in rules.garments.items() if garment.color == c)
                  for c in ("blue", "pink"))
    some = iter(game.side.guest_spaces)
    game.state["guests"].update({next(some): {"garment": blue, "owner": 0},
                                 next(some): {"garment": pink, "owner": 0},
                                 next(some): {"garment": pink, "owner": 1}})
    values = ({"space": "garden.1", "cost": 4}, {"space": "obelisk.1", "cost": 5},
              {"space": "terrace.1", "cost": 6}, {"space": "folly.1", "cost": 3},
              {"space": "gazebo.1", "cost": 3}, {"space": "fireworks.1", "cost": 9})
    fireworks = game.side.decorations["fireworks.1"].prestige * 2
    assert make_bot("greedy", 1)._fund(game, 0, values) == [
        2 - 4 / 3 + (7 - 3) * 0.8, 2 - 5 / 3 + 2 * 1.5, 4 - 6 / 3 + 1.0, 2 - 3 / 3,
        2 - 3 / 3 + 1.0, fireworks - 9 / 3 + 2.0]


def test_every_shipped_ruleset_reads_its_areas_as_the_bot_always_scored_them():
    """The kitchens pay an income, the statues count colours, the fireworks have a balcony and
    a majority, in
    every edition with every subset of the expansions and each solo mode (with and without the
    Jewelry Box): the shipped games' greedy scores stay what they were (the Jeweler's and the
    musicians' areas do none of these)."""
    modules = available_modules()
    editions = sorted(m["id"] for m in modules if m["kind"] == "edition")
    expansions = sorted(m["id"] for m in modules if m["kind"] == "expansion")
    solos = sorted(m["id"] for m in modules if m["kind"] == "solo")
    combos = [list(c) for n in range(len(expansions) + 1)
              for c in itertools.combinations(expansions, n)]
    combos += [[s, *extra] for s in solos for extra in ([], ["jewelry_box"])]
    for edition in editions:
        for combo in combos:
            rules = load_ruleset(edition=edition, expansions=combo)
            areas = tables_for(rules).areas
            assert (areas.income, areas.colors, areas.balcony, areas.majority) == (
                {"kitchen_left", "kitchen_right"}, {"statue"}, {"fireworks"}, {"fireworks"}), \
                (edition, combo)

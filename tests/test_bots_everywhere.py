"""Issue 30: every bot, search included, plays every shipped combination (each edition, the
expansion subsets, both solo modes) with a fixed seed, answering only with legal options of the
real decision; a question that shows a seat a hidden pile is asked the same in its dealt worlds."""
from __future__ import annotations

import itertools
import random

import pytest

from interpreter import Game, load_ruleset, make_bot
from interpreter.core.integrity import problems
from interpreter.sim.bots import BOTS
from interpreter.sim.determinize import determinize
from interpreter.sim.mcts import option_key

EXPANSIONS = ("expert_tailoring", "fancy_dresses", "festivity_dresses", "jewelry_box")
# every bot by its spec, search at a tiny budget, the value bot with one dealt world (a bot
# added to BOTS joins by itself)
SPECS = tuple({"mcts": "mcts:2", "value": "value:1"}.get(name, name) for name in BOTS)

# The Deluxe edition with every expansion subset; the Original with none, each one and all four.
MULTI = [("deluxe", combo) for n in range(len(EXPANSIONS) + 1)
         for combo in itertools.combinations(EXPANSIONS, n)]
MULTI += [("original", combo) for combo in [(), *((e,) for e in EXPANSIONS), EXPANSIONS]]
SOLO = [(("du_barry",), {}), (("du_barry", "jewelry_box"), {}),
        (("masques",), {"masques.count": 1}), (("masques",), {"masques.count": 3}),
        (("masques", "jewelry_box"), {"masques.count": 2})]


def _legal_game(rules, seats: list[str], seed: int, **new) -> Game:
    """A complete game with a bot per asked seat; every answer is one of the real decision's
    options (checked before it is applied), the invariants hold at the end."""
    game = Game.new(rules, seed=seed, **new)
    bots: dict[int, object] = {}
    while not game.is_over():
        d = game.decision()
        bot = bots.get(d.seat)
        if bot is None:
            bot = bots[d.seat] = make_bot(seats[d.seat % len(seats)], seed * 10 + d.seat)
        answer = bot.choose(game, d)
        assert any(o == answer for o in d.options), (seats[d.seat % len(seats)], d.prompt)
        game.apply(answer)
    assert problems(rules, game.state, game.side) == []
    return game


@pytest.mark.parametrize("edition,combo", MULTI,
                         ids=["+".join((e, *c)) for e, c in MULTI])
def test_every_bot_plays_every_combination(edition, combo):
    """One game per combination with every bot in a seat (4 seats; a bot list shorter than
    that repeats from the first)."""
    rules = load_ruleset(edition=edition, expansions=combo)
    seats = list(SPECS) * 4
    game = _legal_game(rules, seats[:4], seed=len(combo) + 3, players=4)
    assert game.state["round"] == rules.rounds


@pytest.mark.parametrize("spec", SPECS)
@pytest.mark.parametrize("modules,params", SOLO,
                         ids=["+".join(m) + "".join(f"-{v}" for v in p.values())
                              for m, p in SOLO])
def test_every_bot_plays_both_solo_modes(spec, modules, params):
    rules = load_ruleset(expansions=modules, params=params)
    game = _legal_game(rules, [spec], seed=5)
    assert game.is_over()


def test_a_question_showing_a_hidden_pile_is_asked_the_same_in_every_dealt_world():
    """The Journeyman Examination deck is hidden, but taking the examination shows it to the
    seat: a determinization keeps what the question shows where it is (the 2-player game of
    seed 7, random bots, asks it at decision 105), and the search answers from it."""
    rules = load_ruleset(expansions=("jewelry_box",))
    game = Game.new(rules, players=2, seed=7)
    bots = [make_bot("random", 7 + s) for s in range(2)]
    while "Examination deck" not in game.decision().prompt:
        d = game.decision()
        game.apply(bots[d.seat].choose(game, d))
    real = game.decision()
    assert len(real.options) == 9
    deck = list(game.state["zones"]["exam_journeymen"])
    keys = [option_key(o.value) for o in real.options]
    for k in range(6):
        world = determinize(game, real.seat, random.Random(k))
        assert world.state["zones"]["exam_journeymen"] == deck
        assert [option_key(o.value) for o in world.decision().options] == keys
        assert [option_key(o.value) for o in world.clone().decision().options] == keys
    answer = make_bot("mcts:8", 1).choose(game, real)
    assert answer in real.options
    game.apply(answer)


def test_the_random_bot_picks_what_rng_choice_picks():
    """RandomBot writes out `random.Random._randbelow` (so that its compiled form makes no
    Python call): over every size of decision, the places `rng.choice` picks, draw for draw."""
    from interpreter.core.decisions import Decision

    bot, rng = make_bot("random", 7), random.Random(7)
    for size in [*range(1, 70), 127, 128, 129, 1000] * 5:
        decision = Decision.of_values(0, "choice", "pick", range(size), None)
        assert bot.choose_index(None, decision) == rng.choice(range(size))
        assert bot.choose(None, decision).value == rng.choice(range(size))


def test_the_random_bot_draws_from_the_generator_it_holds_now():
    """The bot keeps its generator's `getrandbits` between decisions: a generator given to it
    later is the one it draws from (as `rng.choice` of that generator would)."""
    from interpreter.core.decisions import Decision

    bot = make_bot("random", 7)
    decision = Decision.of_values(0, "choice", "pick", range(10), None)
    bot.choose_index(None, decision)
    bot.rng, rng = random.Random(3), random.Random(3)
    assert [bot.choose_index(None, decision) for _ in range(30)] == \
        [rng.choice(range(10)) for _ in range(30)]


def test_a_copy_of_the_random_bot_draws_from_its_own_generator():
    """A deep copy (or a pickle) of a bot that has drawn, so keeps its generator's
    `getrandbits`, draws from its own copy of the generator what the original would, and
    leaves the original's draws alone (deepcopy keeps a builtin method as it is: the copy drew
    from the original's generator)."""
    import copy
    import pickle

    from interpreter.core.decisions import Decision

    decision = Decision.of_values(0, "choice", "pick", range(10), None)
    for copied in (copy.deepcopy, lambda bot: pickle.loads(pickle.dumps(bot))):
        bot, first, second = (make_bot("random", 7) for _ in range(3))
        assert len({b.choose_index(None, decision) for b in (bot, first, second)}) == 1
        other = copied(bot)
        assert [other.choose_index(None, decision) for _ in range(20)] == \
            [first.choose_index(None, decision) for _ in range(20)]
        assert [bot.choose_index(None, decision) for _ in range(20)] == \
            [second.choose_index(None, decision) for _ in range(20)]

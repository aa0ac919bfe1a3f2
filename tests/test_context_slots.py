"""A context is made for every step: what it sets at creation is in slots, the rest keeps the
class's value until it changes (then it is the instance's own, in a dict made then). Compiled,
the class is a native one with no dict at all; both forms start from the same defaults and keep
a change to the instance that made it."""
from __future__ import annotations

from interpreter import Game, load_ruleset
from interpreter._core import FORM
from interpreter.core.context import Context
from interpreter.core.seats import seat_plan


def test_a_new_context_sets_its_slots_and_makes_no_dict():
    game = Game.new(load_ruleset(), players=3, seed=1)
    ctx = Context(game, 2)
    assert (ctx.engine, ctx.state, ctx.rules, ctx.side, ctx.tx, ctx.seat, ctx.score_key) == (
        game, game.state, game.rules, game.side, game.journal, 2, "play")
    assert ctx.side is game.side and ctx.side.players  # verbs read the board side from it
    assert Context(game, 0, "trial").score_key == "trial"
    if FORM.compiled:  # a native class: its fields are its own, no dict is ever made
        assert not hasattr(ctx, "__dict__")
    else:
        assert object.__getattribute__(ctx, "__dict__") == {}  # nothing changed yet
    assert (ctx.played, ctx.trial, ctx.risky, dict(ctx.event)) == (None, None, 0, {})


def test_a_changed_default_is_the_instance_own():
    game = Game.new(load_ruleset(), players=3, seed=1)
    ctx, other = Context(game, 1), Context(game, 1)
    budget = other.budget
    ctx.played = "l1.livre"
    ctx.risky += 1
    ctx.budget -= 5
    assert (ctx.played, ctx.risky, ctx.budget) == ("l1.livre", 1, budget - 5)
    assert (other.played, other.risky, other.budget) == (None, 0, budget)
    fresh = Context(game, 1)
    assert (fresh.played, fresh.risky, fresh.budget) == (None, 0, budget)


def test_a_context_gains_and_pays_through_the_journal():
    game = Game.new(load_ruleset(), players=3, seed=1)
    ctx = Context(game, 0)
    mark, before = game.journal.mark(), dict(game.state["players"][0])
    ctx.gain("livre", 3)
    ctx.gain("prestige", 2)
    ctx.pay("livre", 1)
    player = game.state["players"][0]
    assert player["livre"] == before["livre"] + 2 and player["score"]["play"] == 2
    game.journal.rollback(mark)
    assert game.state["players"][0] == before


def test_the_board_side_is_read_from_the_context():
    """Verbs and names read the side in play from the context (`ctx.side`), not through the
    game: a context given the other side sees that side's guest spaces (30 on the 4-5 player
    side, 22 on the 1-3 player side)."""
    rules = load_ruleset()
    game = Game.new(rules, players=4, seed=1)
    free = rules.vocabulary.names["free_spaces"].get
    ctx = Context(game, 0)
    assert len(free(ctx)) + len(game.state["guests"]) == 30
    ctx.side = next(s for s in rules.sides if 3 in s.players)
    assert len(free(ctx)) + len(game.state["guests"]) == 22
    assert game.side.players == (4, 5)


def test_gains_follow_the_rules_of_each_game_when_games_take_turns():
    """Whether the rules have seat kinds is each ruleset's own field (`has_seat_kinds`): games
    of two rulesets gaining in turn each keep their own (du Barry's seat never gains Livre, a
    seat of the base game does)."""
    base = Game.new(load_ruleset(), players=2, seed=1)
    solo = load_ruleset(expansions=["du_barry"])
    barry = Game.new(solo, players=len(seat_plan(solo, 1)), seed=1)
    seat = seat_plan(solo, 1).index("du_barry")
    for _ in range(2):
        for game, who, gained in ((base, 1, 2), (barry, seat, 0), (barry, 0, 2)):
            before = game.state["players"][who]["livre"]
            Context(game, who).gain("livre", 2)
            assert game.state["players"][who]["livre"] == before + gained

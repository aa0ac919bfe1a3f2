"""Issue 14: an action no card can do, known once a turn (`Effect.blocked`).

"You must always retain a staff of at least 4 Employee cards. If you only have 4 Employees, you
can't use the Depute action either as a Main action or via a Bonus action." (rulebook, Depute
this Employee). `depute card played` depends on the card played, so a turn's options ask about
it for every card in the hand; whether the staff is at its minimum does not, and is read once
(VerbDef.blocked, loading/static_checks.build_blocked). Where it says blocked, a trial run of
the effect, for any card, finds it cannot be done."""
from __future__ import annotations

import random

import pytest
from conftest import sampled_positions

from interpreter import Game, load_ruleset, make_bot
from interpreter.core.context import Context
from interpreter.core.trial import search
from interpreter.loading.static_checks import build_blocked, build_check
from interpreter.verbs.actions import can_depute
from rulesdsl import Origin, build_effect


@pytest.mark.parametrize("combo", [{}, {"expansions": ("jewelry_box",)}],
                         ids=["deluxe", "jewelry_box"])
def test_blocked_means_no_card_can_do_it(combo):
    """At a third of the decisions of random 4-player games, for every seat and every card of
    its staff: where an action or bonus says blocked, the trial and the check say it cannot be
    done; where the staff is above its minimum, it is not blocked, and its check for a position
    where `blocked` said False (Effect.unblocked) answers as its check. Both happen, and nothing
    changes."""
    rules = load_ruleset(**combo)
    effects = [(a.id, a.effect) for a in rules.actions.values()] + [
        (e.id, e.bonus) for e in rules.employees.values() if e.bonus is not None]
    effects = [(what, e) for what, e in effects if e.blocked is not None]
    assert [what for what, _ in effects if what in rules.actions] == ["depute"]
    rng = random.Random(7)
    tally = {True: 0, False: 0}
    for game in sampled_positions(rules, 3, rng):
        for seat, player in enumerate(game.state["players"]):
            ctx = Context(game, seat)
            staff = player["supply"] + player["hand"] + player["discard"] + (
                [player["played"]] if player["played"] else [])
            for what, effect in effects:
                blocked = effect.blocked(ctx)
                tally[blocked] += 1
                assert blocked is (len(staff) - len(player["deputing"])
                                   <= rules.setup["min_staff"]), (what, seat)
                for card in staff:
                    ctx.played = card
                    if blocked:
                        assert search(ctx, effect.run) is False, (what, card)
                        assert effect.check(ctx) is False, (what, card)
                    else:  # the check that does not read `blocked` again answers as the check
                        assert effect.unblocked(ctx) == effect.check(ctx), (what, card)
                ctx.played = None
    assert tally[True] > 50 and tally[False] > 50, tally


@pytest.mark.parametrize(("text", "blocked"), [
    ("depute card played, payout deputed.depute_value", True),
    ("depute among my.staff, with_bonus", True),
    ("gain 1 livre; depute card played", False),  # not the first statement
    ("fund", False),  # a verb without `blocked`
])
def test_which_effects_may_be_blocked(text, blocked):
    vocab = load_ruleset().vocabulary
    effect = build_effect(text, Origin("<test>"), vocab).effect
    assert (build_blocked(effect, vocab) is not None) is blocked


@pytest.mark.parametrize("text", [
    "depute card played, payout deputed.depute_value",
    "depute card played",
    "depute among my.staff, with_bonus",
    "require my.livre >= 0; depute card played",  # the check of its requires, then the verb's
    "pay 1 livre; depute card played",  # the check of its payment, then the verb's
    "gain 1 livre; depute card played",  # no check: the trial
])
def test_every_check_of_a_depute_reads_blocked_first(text):
    """`can_depute` leaves a staff at its minimum to `depute_blocked` (VerbDef.blocked: a check
    reads it first), and for a named card says True there: every way the loader builds a check
    over the verb reads `blocked` before it, so where the staff is at its minimum an effect's
    check never says it can be done, and a trial agrees that it cannot."""
    rules = load_ruleset()
    game = Game.new(rules, players=2, seed=1)
    me = game.state["players"][0]
    cards = me["supply"] + me["hand"] + me["discard"]  # a staff of its minimum, 3 in the hand
    me["hand"], me["supply"], me["discard"] = cards[:3], cards[3:rules.setup["min_staff"]], []
    assert len(me["hand"] + me["supply"]) == rules.setup["min_staff"] == 4
    ctx = Context(game, 0)
    ctx.played = me["hand"][0]
    assert can_depute(ctx, {"card": lambda: ctx.played}) is True  # the verb's `can` alone
    compiled = build_effect(text, Origin("<test>"), rules.vocabulary)
    check = build_check(compiled.effect, rules.vocabulary, compiled.analysis)
    assert check is None or check(ctx) is False
    assert search(ctx, compiled.run) is False


def test_games_play_the_same_without_checks():
    """Games of random bots played side by side on rules with no check and nothing blocked
    (trial runs only): every decision offers the very same options in the same order, and the
    games end the same: the single options, the blocked actions and the plain-loop checks offer
    exactly what trial runs offer."""
    rules, trial_only = load_ruleset(), load_ruleset()
    for effect in [a.effect for a in trial_only.actions.values()] + [
            e.bonus for e in trial_only.employees.values() if e.bonus is not None]:
        object.__setattr__(effect, "check", None)
        object.__setattr__(effect, "blocked", None)
        object.__setattr__(effect, "unblocked", None)
    for seed in (2, 3):
        game, again = Game.new(rules, players=4, seed=seed), Game.new(trial_only, players=4,
                                                                      seed=seed)
        bots = [make_bot("random", seed * 10 + s) for s in range(4)]
        while not game.is_over():
            d = game.decision()
            assert [o.value for o in again.decision().options] == [o.value for o in d.options]
            option = bots[d.seat].choose(game, d)
            game.apply(option)
            again.apply_value(option.value)
        assert again.is_over() and again.state == game.state

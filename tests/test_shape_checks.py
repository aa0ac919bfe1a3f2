"""Issue 14: effect shapes whose checks read the position (loading/static_checks.py).

An effect that starts with `require`s is known impossible without a trial run where one of them
does not hold. The Jewelry Box's Examinations are such effects: JB-33 "7. COMPLETE THE
JOURNEYMAN EXAMINATION ... 1) You must have a Trademark token in the Journeyman Examination
start area. 2) You must have completed each of the 4 Journeyman Examination tasks ... 3) You
must pay 5 Livres". Their turn options tried each Examination for every Apprentice or
Journeyman in every hand (about 120 trial runs a game); now the requires are read, and only a
player who meets them gets a trial. An effect that chooses a number and pays a multiple of it
(returning Livre for Prestige) can be done when the least number can be paid."""
from __future__ import annotations

import random

import pytest
from conftest import sampled_positions

from interpreter import Game, load_ruleset
from interpreter.core.context import Context
from interpreter.core.trial import search
from interpreter.loading.static_checks import build_check
from rulesdsl import Origin, build_effect


@pytest.mark.parametrize(("text", "livre", "answer"), [
    ("require my.livre > 3\ngain 1 prestige", 4, True),  # the rest cannot abort
    ("require my.livre > 3\ngain 1 prestige", 3, False),
    ("require my.livre > 3\nrequire my.thread > 20\ngain 1 prestige", 4, False),
    ("require my.livre > 3\nacquire", 4, True),  # the rest: acquire's own check
    ("require my.livre > 3\nacquire", 2, False),
    ("require my.livre > 3\nhire card choose one of hire_display", 4, None),  # rest tried
    ("require count(my.garments where color = blue) > 0\nfund", 9, False),
])
def test_leading_requires_are_read_then_the_rest_checked(text, livre, answer):
    """The check reads the requires in order; where they hold it says what the rest's check
    says (None where the rest has none); where it answers, a trial run says the same."""
    rules = load_ruleset()
    vocab = rules.vocabulary
    effect = build_effect(text, Origin("<test>"), vocab)
    check = build_check(effect.effect, vocab)
    game = Game.new(rules, players=4, seed=1)
    game.state["players"][0]["livre"] = livre
    ctx = Context(game, 0)
    assert check is not None and check(ctx) is answer
    if answer is not None:
        assert search(ctx, effect.run) is answer


def test_a_require_that_asks_is_not_read():
    """A condition that would ask a question (`possible`, a choice) is left to the trial."""
    vocab = load_ruleset().vocabulary
    effect = build_effect("require possible(pay 2 livre)\ngain 1 prestige", Origin("<test>"),
                          vocab).effect
    assert build_check(effect, vocab) is None


def test_the_examinations_are_read_as_the_trial_finds():
    """Jewelry Box, random 4-player games, a third of the decisions: for every seat and every
    card of its hand the Examinations' checks give the trial's answer; most are answered (the
    requires not met) and some are left to the trial (met), and nothing changes."""
    rules = load_ruleset(expansions=("jewelry_box",))
    exams = [a for a in rules.actions.values() if a.effect.source.startswith("require")]
    assert len(exams) == 2 and all(a.effect.check is not None for a in exams)
    rng = random.Random(33)
    tally = {True: 0, False: 0, None: 0}
    for game in sampled_positions(rules, 4, rng):
        for seat, player in enumerate(game.state["players"]):
            ctx = Context(game, seat)
            for card in player["hand"]:
                for action in exams:
                    ctx.played = card
                    known = action.effect.check(ctx)
                    tally[known] += 1
                    ctx.played = card
                    if known is not None:
                        assert known == search(ctx, action.effect.run), (action.id, card)
    assert tally[False] > 10 * (tally[None] + tally[True]) and tally[None] > 0, tally


@pytest.mark.parametrize(("text", "checked"), [
    ("let sets = choose number from 1 to floor(my.livre / 4)\npay 4 * sets livre\n"
     "gain sets prestige", True),
    ("let n = choose number from 0 to my.thread\npay n thread\ngain 2 * n livre", True),
    ("let n = choose number from 1 to 3\npay n * 2 livre\ngain n prestige", True),
    ("let n = choose number from 1 to 3\npay n * n livre", False),  # not a constant multiple
    ("let n = choose number from 1 to 3\npay 2 * n livre\npay 1 lace", False),  # may abort
    ("let n = choose number from 1 to 3\ngain n prestige", False),  # nothing paid
])
def test_which_chosen_payments_get_a_check(text, checked):
    vocab = load_ruleset().vocabulary
    effect = build_effect(text, Origin("<test>"), vocab).effect
    assert (build_check(effect, vocab) is not None) is checked


@pytest.mark.parametrize("livre", [0, 3, 4, 7, 8, 30])
def test_returning_livre_for_prestige_is_offered_from_4_livre(livre):
    """"Gain 1 Prestige Point for every 4 Livre you return to the bank (no limit)." (Level 4
    Journeyman): `let sets = choose number from 1 to floor(my.livre / 4)`, then pay 4 per set.
    The check, like the trial, offers it exactly when 4 Livre can be returned."""
    rules = load_ruleset()
    card = next(e for e in rules.employees.values() if e.bonus is not None
                and "floor(my.livre / 4)" in e.bonus.source)
    game = Game.new(rules, players=4, seed=1)
    game.state["players"][2]["livre"] = livre
    ctx = Context(game, 2)
    ctx.played = card.id
    assert card.bonus.check(ctx) is (livre >= 4) is search(ctx, card.bonus.run)

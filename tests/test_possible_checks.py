"""Issue 34: a `possible(...)` and an `either` alternative of a known shape are answered by the
static check of their statements (the vocabulary's `check_of`, made once as the effect is
compiled, from its one analysis), not by a trial run; the trial runs only where the check
cannot decide. Games on rules compiled with and without those checks offer the very same
options at every decision and end alike, with fewer trial runs."""
from __future__ import annotations

import dataclasses

import pytest

from interpreter import Game, load_ruleset, make_bot
from rulesdsl import Origin, build_effect, compiler


def _games(rules, seeds) -> tuple[list, int]:
    """The options of every decision of random games (4 seats, or the solo mode's own), each
    game's end, and how many trial runs they made in all."""
    seen: list = []
    searches = 0
    for seed in seeds:
        try:
            game = Game.new(rules, players=4, seed=seed)
        except ValueError:  # a solo mode: its own seats
            game = Game.new(rules, seed=seed)
        bots = [make_bot("random", seed * 10 + s) for s in range(len(game.state["players"]))]
        while not game.is_over():
            d = game.decision()
            seen.append([o.value for o in d.options])
            game.apply(bots[d.seat].choose(game, d))
        searches += game.trial_searches
        seen.append(game.state)
    return seen, searches


@pytest.mark.parametrize("toggles, seeds", [
    ({"expansions": ("masques",)}, (1, 2, 3)),        # possible(claim_favor)
    ({"expansions": ("du_barry", "jewelry_box")}, (1, 2)),  # either: Examination tasks
])
def test_checked_possibles_offer_what_trial_runs_offer(monkeypatch, toggles, seeds):
    checked, with_checks = _games(load_ruleset(**toggles), seeds)
    monkeypatch.setattr(compiler._Compiler, "_check_of", lambda self, stmts: None)
    tried, without = _games(load_ruleset(**toggles), seeds)
    assert checked == tried
    assert with_checks < 0.8 * without, (with_checks, without)


def test_a_possible_that_reads_a_local_is_left_to_its_trial():
    """A check sees no locals: `possible(...)` of statements reading a `let` gets none."""
    rules = load_ruleset()
    made: list = []
    counting = dataclasses.replace(rules.vocabulary, check_of=lambda e, v, a: made.append(e) or None)
    build_effect("let n = 2\nif possible(pay n livre) then gain 1 prestige", Origin("<t>"),
                 counting)
    assert made == []
    build_effect("if possible(pay 2 livre) then gain 1 prestige", Origin("<t>"), counting)
    assert len(made) == 1

"""Issue 14: the engine's faster paths change how fast a game runs, never what happens in it.

The step greenlet is reused from step to step, effects that use no local run without an env,
and a `depute among` question is exact (what could abort once a card is chosen is checked
before the question). The games, the options and the faults stay what they were."""
from __future__ import annotations

import json
import random

import pytest

from interpreter import Game, make_bot
from interpreter.core.errors import IllegalDecisionError
from rulesdsl import EffectAbort, Origin, build_effect


def _play(game: Game, bots: str, seed: int, decisions: int | None = None) -> None:
    seats = [make_bot(bots, seed * 31 + s) for s in range(len(game.state["players"]))]
    while not game.is_over() and (decisions is None or len(game.history) < decisions):
        d = game.decision()
        game.apply(seats[d.seat].choose(game, d))


@pytest.mark.parametrize("seed", [3, 11])
def test_a_game_cut_anywhere_and_resumed_from_a_save_ends_the_same(rules, seed):
    """Saving, loading and cloning mid-step give a fresh greenlet the waiting step: each copy
    then plays on (through greenlets it reuses) to the very game the original plays."""
    whole = Game.new(rules, players=4, seed=seed)
    _play(whole, "random", seed)
    cut = random.Random(seed).randrange(20, len(whole.history) - 20)
    game = Game.new(rules, players=4, seed=seed)
    for _seat, value in whole.history[:cut]:
        game.apply_value(value)
    for copy in (Game.from_json(rules, game.to_json()), game.clone(), game):
        for _seat, value in whole.history[cut:]:
            copy.apply_value(value)
        assert copy.is_over()
        assert json.dumps(copy.state, sort_keys=True) == json.dumps(whole.state, sort_keys=True)


def test_depute_among_never_offers_a_card_off_the_staff(make_game):
    """The cards of the display are on nobody's staff: none can be deputed, so there is
    nothing to choose (before, each was offered and then aborted the effect)."""
    game = make_game(4)
    with pytest.raises(EffectAbort, match="nothing to choose for: depute an employee"):
        game.next_question("depute among hire_display", 0)


def test_depute_among_leaves_out_a_card_whose_payout_cannot_be_worked_out(make_game):
    """Level II's "gain Livre based on the Employee" written with a payout that stops for a
    depute value past the list's end (the Masters' 10): only the others are offered, each
    paying its own amount."""
    effect = "depute among my.staff, payout nth([1, 2, 3, 4, 5, 6, 7], deputed.depute_value)"
    game = make_game(4, livre=0)
    staff = game.state["players"][0]["supply"]
    decision = game.next_question(effect, 0)
    offered = [o.value for o in decision.options]
    assert offered == [c for c in staff if "master" not in c]
    master = next(c for c in staff if "master" in c)
    with pytest.raises(IllegalDecisionError, match=f"'{master}' is not a legal answer"):
        game.run_effect(effect, 0, answers=[master])
    journeyman = next(c for c in offered if "journeyman" in c)
    game.run_effect(effect, 0, answers=[journeyman])
    assert game.state["players"][0]["livre"] == 7
    assert game.state["removed_employees"][-1] == journeyman


@pytest.mark.parametrize("text,changes", [
    ("gain 2 livre", {"livre": 2}),                        # no local: runs without an env
    ("gain 2 livre; pay 1 livre", {"livre": 1}),
    ("let n = 2; gain n livre", {"livre": 2}),              # a local: a fresh env
    ("gain count(my.supply where type = master) livre", {"livre": 2}),
])
def test_an_effect_runs_the_same_with_or_without_an_env(make_game, rules, text, changes):
    """`compiled.run(ctx)`, `(ctx, None)` and `(ctx, {})` make the same change."""
    from interpreter.core.context import Context
    effect = build_effect(text, Origin("<test>"), rules.vocabulary)
    results = []
    for args in ((), (None,), ({},)):
        game = make_game(4, livre=3)
        effect.run(Context(game, 0), *args)
        results.append({k: game.state["players"][0][k] for k in changes})
    assert results == [{k: 3 + v for k, v in changes.items()}] * 3



"""Issue 14: the engine's faster paths change how fast a game runs, never what happens in it.

The step greenlet is reused from step to step, effects that use no local run without an env,
and a `depute among` question is exact when every card listed can be deputed (what could abort
once a card is chosen is checked before the question). The games, the options and the faults
stay what they were."""
from __future__ import annotations

import json
import random

import pytest
from conftest import wrap_steps

from interpreter import Game, make_bot
from interpreter.core.errors import IllegalDecisionError
from rulesdsl import Origin, build_effect


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


def test_depute_among_is_exact_when_every_card_listed_can_be_deputed(make_game):
    """Level I "Depute any 1 Employee of your choice from your staff": every card listed can
    be deputed, so they are offered as they are, each paying its own payout (Level II's
    8/5/2 by type)."""
    effect = ("depute among my.staff, payout table(deputed.type; master -> 8, "
              "journeyman -> 5, apprentice -> 2)")
    game = make_game(4, livre=0)
    staff = list(game.state["players"][0]["supply"])
    assert [o.value for o in game.next_question(effect, 0).options] == staff
    apprentice = next(c for c in staff if "apprentice" in c)
    game.run_effect(effect, 0, answers=[apprentice])
    assert game.state["players"][0]["livre"] == 2
    assert game.state["removed_employees"][-1] == apprentice


def test_depute_among_with_a_card_left_out_asks_as_the_rules_list_them(make_game):
    """A payout that stops for a depute value past the list's end (the Masters' 10): the
    question lists every card, as before (the answers recorded do not depend on what is
    weeded out); a Master cannot be done, the Journeyman pays its own 7."""
    effect = "depute among my.staff, payout nth([1, 2, 3, 4, 5, 6, 7], deputed.depute_value)"
    game = make_game(4, livre=0)
    staff = list(game.state["players"][0]["supply"])
    assert [o.value for o in game.next_question(effect, 0).options] == staff
    master = next(c for c in staff if "master" in c)
    with pytest.raises(IllegalDecisionError, match="the effect cannot be done: there is no "
                                                   "item number 10 among 7"):
        game.run_effect(effect, 0, answers=[master])
    journeyman = next(c for c in staff if "journeyman" in c)
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




def _general_advance(rules, state, tx) -> None:
    """The flow's move past a finished step, the long way: the next index (or the next seat
    holding cards), then `_settle` looks whether the phase, the round or the game ended."""
    from interpreter.core import flow
    from interpreter.core.plan import plan_of
    cur = state["cursor"]
    phase = flow.phases_of(rules, state)[cur["phase"]]
    if phase.kind == "turns":
        nxt = flow._next_turn(plan_of(rules), state, cur["index"])
        tx.set(cur, "index", len(state["players"]) if nxt is None else nxt)
        if nxt is not None:
            return
    else:
        tx.set(cur, "index", cur["index"] + 1)
    flow._settle(plan_of(rules), state, tx)


@pytest.mark.parametrize("modules, players, seeds", [
    ((), 4, (1, 2)), ((), 2, (3,)), ((), 5, (4,)),
    (("fancy_dresses", "festivity_dresses", "expert_tailoring", "jewelry_box"), 3, (5, 6)),
    (("masques",), None, (7,)), (("du_barry",), None, (8,))])
def test_the_flow_moves_on_as_the_long_way_does(modules, players, seeds):
    """flow.advance settles the cursor only when a phase ends and tests the seat kinds once:
    after every step of whole games (set-up stages, turns, each-player and final phases,
    automaton seats), the state it leaves is the one the long way leaves, and the step it gives
    is the one `flow.current` reads there. Checked around the
    steps (`wrap_steps`; the engine's compiled flow calls flow.advance itself): when a step ends,
    the long way is taken on a copy; the next step's start (or the game's end) finds the state
    the flow's own advance left."""
    from interpreter import load_ruleset
    from interpreter.core.journal import Journal, copy_json
    rules = load_ruleset(expansions=list(modules))
    moves: list = []
    expected: list = []  # the long way's state after the step that ended last

    def compare(state):
        if expected:
            assert json.dumps(state, sort_keys=True) == json.dumps(expected.pop(),
                                                                   sort_keys=True)
            moves.append(state["cursor"] and state["cursor"]["stage"])

    def checked(run, ctx):
        compare(ctx.state)
        run()  # a step that aborts is rolled back by the flow: the next start is not compared
        other, own = copy_json(ctx.state), copy_json(ctx.state)
        _general_advance(ctx.rules, other, Journal())
        expected.append(other)
        from interpreter.core import flow  # what it gives is the next step, as `current` reads it
        assert flow.advance(ctx.rules, own, Journal()) == flow.current(ctx.rules, other)
        assert own == other
    rules = wrap_steps(rules, checked)
    for seed in seeds:
        game = Game.new(rules, players=players, seed=seed)
        _play(game, "random", seed)
        assert game.is_over()
        compare(game.state)
    assert {"round", "final", None} <= set(moves) and len(moves) > 100


def test_the_flow_reads_each_rulesets_phases_from_its_own_plan(rules):
    """The flow reads a ruleset's phases from its plan (core/plan.py), made once per ruleset:
    each stage's phases in order, their kinds as numbers, a final-scoring phase's steps scoring
    under its own id; a ruleset made from another (another flow) has its own plan, and a game
    given other rules runs their flow."""
    import dataclasses

    from interpreter.core import plan as plans
    plan = plans.plan_of(rules)
    assert plans.plan_of(rules) is plan and plan.rules is rules
    kinds = {"steps": plans.STEPS, "each_player": plans.EACH_PLAYER, "turns": plans.TURNS}
    for stage, phases in (("setup", rules.setup_phases), ("round", rules.round_phases),
                          ("final", rules.final_phases)):
        read = plan.stage(stage)
        assert [p.phase for p in read] == list(phases)
        assert [(p.id, p.kind, p.steps, p.count) for p in read] == [
            (p.id, kinds[p.kind], p.steps, len(p.steps)) for p in phases]
        assert {p.key for p in read} == ({p.id for p in phases} if stage == "final"
                                         else {"play"} if phases else set())
    assert plan.rounds == rules.rounds == 7 and not plan.kinds and plan.setup == ()
    assert [(p.id, p.kind, p.count) for p in plan.round] == [
        ("prepare", plans.STEPS, 4), ("select", plans.EACH_PLAYER, 1),
        ("actions", plans.TURNS, 1), ("income", plans.EACH_PLAYER, 1)]
    shorter = dataclasses.replace(rules, rounds=1, final_phases=rules.final_phases[:1])
    other = plans.plan_of(shorter)
    assert other is not plan and other.rounds == 1 and len(other.final) == 1
    game = Game.new(rules, players=3, seed=2)
    game.rules = shorter  # a tool may give a game other rules: its flow follows them
    assert game.table.plan is other
    _play(game, "random", 2)
    assert game.is_over() and game.state["round"] == 1
    assert set(game.state["players"][0]["score"]) <= {"play", rules.final_phases[0].id}


def test_games_of_one_ruleset_and_side_share_their_labels(rules):
    """A label depends only on the rules and the board side: games of them share one labeller
    (each label worked out once), whose labels are a fresh labeller's; another side or another
    ruleset has its own."""
    import dataclasses

    from interpreter.core.labels import Labeller
    one, two, five = (Game.new(rules, players=n, seed=n) for n in (4, 4, 5))
    assert one.label is two.label and one.clone().label is one.label
    assert (one.side is five.side) == (one.label is five.label)
    _play(one, "random", 4, 60)
    fresh = Labeller(rules, one.side)
    for card in [*rules.employees, *rules.tiles, *rules.garments, *one.side.guest_spaces]:
        assert one.label(card) == fresh(card)
    other = dataclasses.replace(rules, words={**rules.words, "blue": "Azure"})
    theirs = Game.new(other, players=4, seed=1).label
    blue = next(t for t, tile in rules.tiles.items() if "blue" in tile.silk)
    assert theirs is not one.label and "Azure" in theirs(blue) and "Azure" not in one.label(blue)


def test_the_random_bot_picks_what_random_choice_picks(rules):
    """The random bot draws its option as `random.Random(seed).choice(options)` would, over the
    decisions of whole games (so the same seeds give the same games as before)."""
    for seed in (2, 9):
        game = Game.new(rules, players=3, seed=seed)
        bot, twin = make_bot("random", seed), random.Random(seed)
        while not game.is_over():
            options = game.decision().options
            picked = bot.choose(game, game.decision())
            assert picked is twin.choice(options)
            game.apply(picked)

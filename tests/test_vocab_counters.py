"""How generated code counts and sums without making lists, and reads catalogue columns.

A vocabulary name's counter (NameDef.count) must give len() of its getter's list in every
position; a `where` counted or a field summed by a loop before the statement must give what the
closures give; a column read for the last ruleset seen must still follow the context's own.
"""
from __future__ import annotations

import random

import pytest
from test_rulesdsl_vocab import ORIGIN, VOCAB, FakeCtx

from interpreter import Game, load_ruleset
from interpreter.core.context import Context
from interpreter.sim.bots import make_bot
from rulesdsl import (
    EffectAbort,
    ListType,
    NameDef,
    RulesRuntimeError,
    compile_effect,
    parse_effect,
)

EXPANSIONS = ("jewelry_box", "fancy_dresses", "festivity_dresses", "expert_tailoring")


def positions(rules, games: int, seed: int):
    """Positions of seeded random-bot games, every few decisions up to their end."""
    rng = random.Random(seed)
    for g in range(games):
        players = 2 + g % 4
        game = Game.new(rules, players=players, seed=seed * 100 + g)
        bots = [make_bot("random", seed * 7 + g * 31 + s) for s in range(players)]
        every = rng.randint(3, 9)
        n = 0
        while not game.is_over():
            d = game.decision()
            assert d is not None
            game.apply(bots[d.seat].choose(game, d))
            n += 1
            if n % every == 0:
                yield game
        yield game  # its end: garments on the balcony, every decoration funded


@pytest.mark.parametrize("expansions", [(), EXPANSIONS])
def test_every_counter_agrees_with_the_length_of_its_list(expansions):
    rules = load_ruleset(expansions=expansions)
    counted = {name: d for name, d in rules.vocabulary.names.items() if d.count is not None}
    assert {"my.garments", "my.decorations", "my.staff", "my.hand"} <= set(counted)
    checked = nonzero = 0
    for game in positions(rules, 12, len(expansions) + 1):
        for seat in range(len(game.state["players"])):
            ctx = Context(game, seat)
            for name, d in counted.items():
                n = d.count(ctx)
                assert type(n) is int and n == len(d.get(ctx)), (name, seat)
                checked += 1
                nonzero += n > 0
    assert checked > 2000 and nonzero > checked // 3
    # the end of a game has garments on the balcony: the second loop of my.garments counts
    assert any(game.state["balcony"] for game in positions(rules, 4, 9))


def test_only_lists_have_counters():
    rules = load_ruleset()
    for name, d in rules.vocabulary.names.items():
        assert d.count is None or isinstance(d.type, ListType), name


def counting_vocab(calls: list):
    """The toy vocabulary with a counter for my.garments that notes each call."""
    garments = VOCAB.names["my.garments"]
    return VOCAB.extended({"my.garments": NameDef(
        garments.type, garments.get, garments.text,
        count=lambda ctx: calls.append("count") or len(ctx.garments))})


def test_generated_code_counts_with_the_counter_and_loops_over_a_where():
    calls: list = []
    text = ("gain count(my.garments) livre; gain count(my.garments where color = blue) + "
            "sum(my.garments.prestige) thread")
    compiled = compile_effect(parse_effect(text, ORIGIN), counting_vocab(calls))
    source = compiled.python
    assert "len(" not in source and "for " in source and "[" not in source  # no list made
    ctx = FakeCtx()
    compiled.run(ctx)
    assert calls == ["count"]
    assert ctx.log == [("gain", "livre", 3), ("gain", "thread", 2 + 10)]


def test_a_list_read_for_the_statement_is_counted_by_len():
    calls: list = []
    text = "gain count(my.garments where color = blue) + count(my.garments) livre"
    compiled = compile_effect(parse_effect(text, ORIGIN), counting_vocab(calls))
    assert "len(_l" in compiled.python
    ctx = FakeCtx()
    compiled.run(ctx)
    assert calls == [] and ctx.log == [("gain", "livre", 2 + 3)]


@pytest.mark.parametrize("text", [
    "gain count(my.garments where color = blue) * 2 + sum(my.garments.prestige) livre",
    "if my.livre > 3 and count(my.garments where prestige > 2) > 1 then gain 1 lace",
    "gain table(count(my.staff where type = master); 1 -> 5, 2.. -> 9) livre",
    "let n = count(my.garments where color = green); repeat n times { gain 1 thread }",
    "gain count(my.garments where count(my.staff where type = master) > 0) livre",
    "gain sum(my.tiles.orange) + count(my.tiles where orange >= 3) livre",
    "gain count(my.garments where prestige = 2 or color = green) livre",
    "require count(my.garments where color = pink) > 0; gain 1 livre",
])
def test_loops_do_what_the_closures_do(text):
    effect = parse_effect(text, ORIGIN)
    logs = []
    for generate in (True, False):
        compiled = compile_effect(effect, VOCAB, generate=generate)
        assert bool(compiled.python) == generate
        for garments in (None, {}, {"g1": {"color": "green", "prestige": 2}}):
            ctx = FakeCtx(garments=garments)
            try:
                compiled.run(ctx)
                error = ""
            except (EffectAbort, RulesRuntimeError) as exc:
                error = str(exc)
            logs.append((generate, ctx.log, error))
    assert [log[1:] for log in logs[:3]] == [log[1:] for log in logs[3:]]


def test_a_column_follows_the_context_from_one_ruleset_to_another():
    """The column kept for the last ruleset is not the one read for another."""
    base, original = load_ruleset(), load_ruleset(edition="original")
    field = base.vocabulary.records["garment"]["prestige"]
    games = [Game.new(base, players=3, seed=1), Game.new(original, players=3, seed=1)]
    for game in games * 3:
        column = field.column(Context(game, 0))
        assert column == game.rules.column("garments", "prestige")
        assert column is game.rules.column("garments", "prestige")
    side = base.vocabulary.records["decoration"]["area"]
    for players in (2, 4, 5, 2):
        game = Game.new(base, players=players, seed=1)
        assert side.column(Context(game, 0)) is game.side.column("decorations", "area")


def reading_vocab(reads: list, steady: bool):
    """The toy vocabulary whose my.garments notes each read, steady or not."""
    garments = VOCAB.names["my.garments"]
    return VOCAB.extended({"my.garments": NameDef(
        garments.type, lambda ctx: reads.append("read") or garments.get(ctx), garments.text,
        steady=steady)})


@pytest.mark.parametrize("text, steady_reads, reads", [
    # gains, payments, requires and ifs of them change resources only: a steady list holds
    ("gain count(my.garments where color = blue) livre; pay 1 livre; "
     "require count(my.garments where color = green) > 0; "
     "if count(my.garments where prestige > 2) > 0 then gain sum(my.garments.prestige) lace; "
     "gain count(my.garments where prestige = 2) thread", 1, 4),
    # a verb, a choice, or a repeat's next round may change anything: read again after them
    ("gain count(my.garments where color = blue) livre; tailor; "
     "gain count(my.garments where color = green) livre", 2, 2),
    ("gain count(my.garments where color = blue) livre or lace; "
     "gain count(my.garments where color = green) livre", 2, 2),
    ("repeat 2 times { gain count(my.garments where color = blue) livre }; "
     "gain count(my.garments where color = green) livre", 3, 3),
    # a branch that may change more than resources: read again after it
    ("if count(my.garments where color = blue) > 0 then { tailor }; "
     "gain count(my.garments where color = green) livre", 2, 2),
])
def test_a_steady_list_is_read_once_across_gains_and_payments(text, steady_reads, reads):
    effect = parse_effect(text, ORIGIN)
    results = []
    for steady in (True, False):
        log: list = []
        compiled = compile_effect(effect, reading_vocab(log, steady))
        ctx = FakeCtx(answers=["livre"])
        compiled.run(ctx)
        assert len(log) == (steady_reads if steady else reads), (steady, compiled.python)
        results.append((ctx.log, ctx.livre))
    closures = compile_effect(effect, reading_vocab([], False), generate=False)
    ctx = FakeCtx(answers=["livre"])
    closures.run(ctx)
    assert results == [(ctx.log, ctx.livre)] * 2


def test_the_steady_names():
    names = load_ruleset().vocabulary.names
    assert {n for n, d in names.items() if d.steady} >= {"my.garments", "my.decorations",
                                                        "my.staff"}
    assert not names["free_decorations"].steady  # what you can fund depends on your Livre


@pytest.mark.parametrize("text, passes", [
    ("gain count(my.garments where color = blue) + 2 * count(my.garments where color = green) "
     "+ sum(my.garments.prestige) livre", 1),
    ("let f = first(my.garments); gain count(my.garments where kind = gown and not "
     "(prestige > 1)) + count(my.garments where it = f) livre", 2),  # a local: its own loop
    ("gain min(count(my.decorations where area = statue), count(my.garments where "
     "color = pink)) + count(my.decorations where prestige >= 2) prestige", 2),
    ("gain count(my.garments where on_master_space) + count(my.garments where color = blue) "
     "livre", 2),  # a field read by its getter may raise: not joined
])
def test_safe_counts_over_one_list_share_one_loop(text, passes):
    rules = load_ruleset()
    effect = parse_effect(text, ORIGIN)
    generated = compile_effect(effect, rules.vocabulary)
    assert generated.python.count("for ") == passes, generated.python
    closures = compile_effect(effect, rules.vocabulary, generate=False)
    compared = 0
    for game in positions(rules, 4, 5):
        for seat in range(len(game.state["players"])):
            results = []
            for compiled in (generated, closures):
                g = game.clone()
                try:
                    compiled.run(Context(g, seat))
                    results.append(g.state["players"][seat])
                except (EffectAbort, RulesRuntimeError) as exc:
                    results.append(str(exc))
            assert results[0] == results[1]
            compared += 1
    assert compared > 100

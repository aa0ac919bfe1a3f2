"""Effects compiled to Python source (rulesdsl/codegen.py) do exactly what their closures do.

The closures of compiler.py are the reference meaning of every construct; the generated function
of each effect must make the same changes, ask the same questions, fail with the same message
and name the same position, on real positions of games with every expansion.
"""
from __future__ import annotations

import dataclasses
import json
import re

import pytest
from test_rulesdsl_vocab import ORIGIN, VOCAB, FakeCtx

from interpreter import Game, load_ruleset
from interpreter.core.errors import IllegalDecisionError, RuleFaultError
from interpreter.core.model import Effect
from interpreter.sim.bench.positions import play_to
from rulesdsl import (
    NUMBER,
    CompiledEffect,
    EffectAbort,
    NameDef,
    OptionDef,
    Origin,
    RulesRuntimeError,
    VerbDef,
    build_effect,
    compile_effect,
    parse_effect,
)
from rulesdsl.codegen import SPANS
from rulesdsl.runtime import Constant

EXPANSIONS = ("jewelry_box", "fancy_dresses", "festivity_dresses", "expert_tailoring")
# (players, seed, decisions): early, middle and the end of games, greedy bots
POSITIONS = ((2, 11, 40), (3, 12, 120), (4, 13, 200), (5, 14, 300), (4, 15, 10 ** 6))


@pytest.fixture(scope="module")
def full_rules():
    return load_ruleset(expansions=EXPANSIONS)


def effects_of(rules) -> list[tuple[str, Effect, str | None]]:
    """Every effect of the ruleset: (where it is, the effect, the card it is played as)."""
    out: list[tuple[str, Effect, str | None]] = []
    seen: set[int] = set()

    def walk(obj, path: str, played: str | None, depth: int = 0) -> None:
        if depth > 8 or id(obj) in seen:
            return
        seen.add(id(obj))
        if isinstance(obj, Effect):
            if isinstance(obj.compiled, CompiledEffect):
                out.append((path, obj, played))
            return
        if isinstance(obj, dict):
            for k, v in obj.items():
                walk(v, f"{path}.{k}", played, depth + 1)
        elif isinstance(obj, (list, tuple)):
            for i, v in enumerate(obj):
                walk(v, f"{path}[{i}]", played, depth + 1)
        elif dataclasses.is_dataclass(obj):
            card = getattr(obj, "id", None) if type(obj).__name__ == "Employee" else played
            for f in dataclasses.fields(obj):
                walk(getattr(obj, f.name), f"{path}.{f.name}", card, depth + 1)
    walk(rules, "rules", None)
    return out


def as_closures(effect: Effect, rules) -> Effect:
    compiled = compile_effect(effect.compiled.effect, rules.vocabulary, generate=False)
    assert not compiled.python
    return dataclasses.replace(effect, compiled=compiled)


def outcome(game: Game, effect: Effect, seat: int, played: str | None) -> tuple:
    """What running the effect does: its questions, and the state after (or the error)."""
    g, answers, asked = game.clone(), [], []
    try:
        for n in range(10):
            q = g.next_question(effect, seat, answers, played)
            if q is None:
                break
            asked.append((q.prompt, [o.value for o in q.options]))
            answers.append(q.options[n % len(q.options)].value)
        g.run_effect(effect, seat, answers, played)
    except (IllegalDecisionError, RulesRuntimeError, EffectAbort) as exc:
        return asked, type(exc).__name__, str(exc), json.dumps(g.state, sort_keys=True)
    return asked, "done", json.dumps(g.state, sort_keys=True)


def test_every_effect_of_every_expansion_is_generated(full_rules):
    effects = effects_of(full_rules)
    assert len(effects) > 100
    assert [path for path, e, _ in effects if not e.compiled.python] == []


def test_generated_effects_do_exactly_what_their_closures_do(full_rules):
    """Every effect, for every seat of games at their start, middle and end: the same
    questions, the same changes (rng included), the same errors."""
    effects = [(path, e, as_closures(e, full_rules), played)
               for path, e, played in effects_of(full_rules)]
    compared = done = 0
    for players, seed, decisions in POSITIONS:
        game = play_to(full_rules, players, seed, decisions)
        for path, generated, closures, played in effects:
            for seat in range(players):
                got = outcome(game, generated, seat, played)
                assert got == outcome(game, closures, seat, played), (path, seat)
                compared += 1
                done += got[1] == "done"
    assert compared > 2000 and done > compared // 3  # most of them really ran


@pytest.mark.parametrize("text", [
    "let n = floor(count(my.garments where color = blue) / 2); gain n * 3 livre",
    "if count(my.staff) > 2 and not (my.livre < 3) then { let x = 2; gain x thread } "
    "else { pay 1 livre }",
    "repeat 2 times { gain table(count(my.staff); 1..2 -> 10, 3 -> 20, 4.. -> 30) livre }",
    "gain max(count(my.garments where prestige >= 3), 1) + min(my.garments.prestige) livre",
    "gain sum(my.tiles.orange) + ceil(my.livre / 4) + floor(7 / 2) lace",
    "require my.livre >= 5; pay 5 livre; gain 1 thread or lace",
    "require my.livre >= 50; gain 1 livre",
    "gain 1 livre; gain 3 - my.livre lace",
    "let chosen = choose one of my.garments; gain count(my.garments where it = chosen) livre",
    "gain table(played.type; master -> 8, journeyman -> 5) livre",
    "gain count(my.garments as g where count(my.garments where color = g.color) > 1) livre",
    "let g = min_by(my.garments as g, count(my.garments where color = g.color)); "
    "gain g.prestige livre",
])
def test_fake_context_sees_the_same_calls(text):
    """Against the language tests' fake context: the same gains, pays and questions."""
    effect = parse_effect(text, ORIGIN)
    logs = []
    for generate in (True, False):
        compiled = compile_effect(effect, VOCAB, generate=generate)
        assert bool(compiled.python) == generate
        ctx = FakeCtx(answers=["g3", "lace"])
        try:
            compiled.run(ctx)
            error = ""
        except (EffectAbort, RulesRuntimeError) as exc:
            error = str(exc)
        logs.append((ctx.log, ctx.choices, ctx.livre, error))
    assert logs[0] == logs[1]


def test_the_source_names_only_what_the_generator_made():
    """Jinja2's rule: the rule's text never becomes code. Its let names are keys of a dict at
    most (quoted, for the closures it calls); every identifier is the generator's."""
    compiled = build_effect("let import_os = count(my.garments); let chosen = choose one of "
                            "my.garments; gain import_os livre", Origin("<t>"), VOCAB)
    code = re.sub(r"'[^']*'", "''", compiled.python)  # strings out
    assert "import_os" not in code and "chosen" not in code
    names = set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", code))
    made = {n for n in names if re.fullmatch(r"_[a-z]\d+|_[A-Za-z_]+", n)}
    assert set(compiled.run.__globals__["__builtins__"]) == {
        "bool", "int", "len", "max", "min", "range", "sum", "type"}  # no open, no __import__
    assert names - made <= {"def", "run", "ctx", "env", "None", "if", "is", "not", "gain",
                            "len", "int", "type", "or", "and", "else", "for", "in", "range",
                            "pay", "min", "max", "sum", "risky", "try", "finally", "True"}


def test_a_fault_in_generated_code_names_the_statement_and_its_line(make_game):
    """The position comes from the generated function's table of lines: the second gain's
    column, not the first's, and not the effect's start."""
    game = make_game()
    text = "gain 1 livre\ngain 1000000 * 1000 livre"
    effect = Effect(text, build_effect(text, Origin("<t>", line=5, column=3), game.rules
                                       .vocabulary), "", "a test", None)
    assert effect.compiled.run.__globals__[SPANS]
    game.state["players"][0]["livre"] = 5
    with pytest.raises(RulesRuntimeError):
        game.run_effect(effect, 0)
    from interpreter.core.faults import _running
    try:
        game.run_effect(effect, 0)
    except RulesRuntimeError as exc:
        found, span = _running(exc)
    assert found is effect and (span.line, span.column) == (6, 1)


def test_a_generated_effect_runs_without_the_wrapper_and_still_names_itself(make_game):
    """A generated effect is called directly (no `Effect.run` frame, one Python call fewer a
    run): each Effect has its own copy of the function, whose globals name it, so two effects
    made from one compiled effect each stand as the culprit of their own fault."""
    from interpreter.core.faults import culprit
    game = make_game()
    text = "gain 1 livre\ngain 1000000 * 1000 livre"
    compiled = build_effect(text, Origin("<t>"), game.rules.vocabulary)
    first, second = (Effect(text, compiled, "", owner, None) for owner in ("one", "two"))
    assert first.run is not second.run and first.run.__code__ is compiled.run.__code__
    assert "run" not in vars(Effect(text, compile_effect(parse_effect(text, Origin("<t>")),
                                    game.rules.vocabulary, generate=False), ""))  # the wrapper
    for effect in (second, first):
        with pytest.raises(RulesRuntimeError) as info:
            game.run_effect(effect, 0)
        assert culprit(info.value) is effect


def test_a_fault_is_described_the_same_with_closures(make_game):
    game = make_game()
    text = "repeat 2 times { gain 600 * 1000000 livre }"
    spans = []
    for generate in (True, False):
        compiled = compile_effect(parse_effect(text, Origin("<t>")), game.rules.vocabulary,
                                  generate=generate)
        effect = Effect(text, compiled, "", "a test", None)
        from interpreter.core.faults import describe_fault
        try:
            game.run_effect(effect, 0)
        except RulesRuntimeError as exc:
            fault = describe_fault(exc, 1, 0)
        assert isinstance(fault, RuleFaultError)
        spans.append((str(fault.span), fault.message))
    assert spans[0] == spans[1] and spans[0][0] == "<t>:1:18"


def test_a_shape_the_generator_leaves_out_runs_as_closures():
    """A closure the generated code would call inside a `where` (it needs the item in its
    env): the whole effect is compiled to closures, and does what they do."""
    text = "gain count(my.garments where prestige = last(my.garments.prestige)) livre"
    compiled = compile_effect(parse_effect(text, ORIGIN), VOCAB)
    assert compiled.python == ""
    ctx = FakeCtx(livre=3)
    compiled.run(ctx)
    assert ctx.log == [("gain", "livre", 1)]  # g3 alone has the last one's prestige, 5


def _fixed_vocab(value):
    """VOCAB with `game.size`, fixed at `value` for the ruleset (as game.yaml's numbers are),
    whose run-time read fails: a folded effect never makes it; and a verb keeping its option."""
    def unread(ctx):
        raise AssertionError("a fixed name is read at run time")

    def keep(ctx, args):
        ctx.log.append(("keep", args["size"], args["size"](), args["size"].bound("x", 1)))

    return dataclasses.replace(VOCAB.extended({"game.size": NameDef(
        NUMBER, unread, str(value), fixed=(value,))}), verbs={**VOCAB.verbs, "keep": VerbDef(
            {"size": OptionDef(NUMBER)}, keep, "keep {size}", binds={"x": NUMBER})})


def test_a_fixed_name_is_folded_as_a_number_is():
    vocab = _fixed_vocab(4)
    ctx = FakeCtx()
    build_effect("gain game.size + 1 livre\nkeep size game.size * 2", ORIGIN, vocab).run(ctx)
    ((_, gained, amount), (_, option, value, bound)) = ctx.log
    assert (gained, amount) == ("livre", 5)
    assert type(option) is Constant and (value, bound) == (8, 8)
    assert repr(option) == "<Constant 4 × 2>"  # the card's text: the name's


def test_a_fixed_name_that_is_no_amount_still_fails_when_it_runs():
    """A whole option's value is checked as the effect runs, whether it is folded or not."""
    effect = build_effect("tailor silk_discount game.size", ORIGIN, _fixed_vocab(-1))
    with pytest.raises(RulesRuntimeError, match="silk_discount"):
        effect.run(FakeCtx())


def test_a_pack_that_changes_the_hand_size_gets_its_own(tmp_path):
    """game.yaml's hand_size is folded into `select_hand size game.hand_size` for each ruleset
    loaded: a pack's 4 and the base game's 3, in one process (their generated code is kept
    once, by its source)."""
    from conftest import write_pack
    pack = write_pack(tmp_path / "p", {"g.yaml": "kind: flow\ngame: {hand_size: 4}\n"})
    for rules, size in ((load_ruleset(extra_paths=[pack]), 4), (load_ruleset(), 3)):
        game = Game.new(rules, players=2, seed=3)
        prompts = []
        while (d := game.decision()).kind == "hand":
            prompts.append(d.prompt)
            game.apply(d.option_at(0))
        assert prompts[-1] == f"choose a card for your hand ({size} of {size})"
        assert [len(p["hand"]) for p in game.state["players"]] == [size, size]

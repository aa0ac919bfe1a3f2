"""Issue 14: how a verb's check reads the call's options (loading/static_checks.py).

The check calls the verb's `can` with the options as the compiled call would give them; an
option that is a function of the verb's bindings alone ("3 or 4 tiles in the drawer: 2 Livre; 2
tiles: 1 Livre; 1 tile: free", the Acquire Resources price by `tiles_in_drawer`) is worked out
once for each value of them and shared by every call, and any other is evaluated afresh, in the
position at hand."""
from __future__ import annotations

import pytest

from interpreter import Game, load_ruleset
from interpreter.core.context import Context
from interpreter.core.trial import search
from interpreter.loading.static_checks import _of_bindings, _verb_check, build_check
from rulesdsl import Origin, build_effect


@pytest.mark.parametrize(("text", "shared"), [
    ("acquire price table(tiles_in_drawer; 3.. -> 2, 2 -> 1, 1 -> 0)", True),
    ("hire price table(cards_in_display; 4.. -> 5, 3 -> 3, 2 -> 1, 1 -> 0)", True),
    ("acquire price tiles_in_drawer - 1", True),
    ("acquire price count(my.tiles)", False),  # reads the position
    ("acquire price table(tiles_in_drawer; 1.. -> count(my.garments))", False),
    ("depute card played, payout deputed.depute_value", False),  # a field: not the binding
])
def test_which_options_are_functions_of_the_bindings(text, shared):
    vocab = load_ruleset().vocabulary
    call = build_effect(text, Origin("<test>"), vocab).effect.statements[0]
    binds = vocab.verbs[call.verb].binds
    assert any(_of_bindings(o.value, binds) for o in call.options
               if o.value is not None) is shared


def test_an_option_that_reads_the_position_is_read_in_each():
    """`acquire price count(my.tiles)` with 1 Livre: the same check, asked with a rack of 3, 0,
    1, 3 and 0 tiles in turn, follows the position, as the trial does (nothing is kept from one
    call to the next)."""
    rules = load_ruleset()
    vocab = rules.vocabulary
    effect = build_effect("acquire price count(my.tiles)", Origin("<test>"), vocab)
    check = build_check(effect.effect, vocab)
    assert check is not None
    game = Game.new(rules, players=4, seed=1)
    me = game.state["players"][0]
    me["livre"] = 1
    ctx = Context(game, 0)
    for n in (3, 0, 1, 3, 0):
        me["tiles"] = list(rules.tiles)[:n]
        assert check(ctx) is (n <= 1) is search(ctx, effect.run), n


def test_a_price_by_the_drawers_size_is_shared_and_still_exact():
    """The Acquire Resources price, shared by every call, gives the trial's answer with a drawer
    of each size and 0 to 2 Livre."""
    rules = load_ruleset()
    effect = rules.actions["acquire"].effect
    game = Game.new(rules, players=4, seed=1)
    me, drawers = game.state["players"][0], game.state["drawers"]
    tiles = [t for d in drawers for t in d]
    answers = set()
    for size in (4, 3, 2, 1, 0):
        for livre in (0, 1, 2):
            game.state["drawers"] = [tiles[:size], [], []]
            me["livre"] = livre
            ctx = Context(game, 0)
            known = effect.check(ctx)
            assert known is search(ctx, effect.run), (size, livre)
            answers.add(known)
    assert answers == {True, False}


def test_an_option_of_the_bindings_is_worked_out_once_per_value():
    """A `Memo` (an option that is a function of the verb's bindings) works a value out once
    for each value of the binding, whichever way it is asked (`bound` or by keyword), and a
    binding that cannot be a key (a list) every time."""
    from interpreter.verbs.checks import Memo, Printed

    asked: list = []

    def fn(printed, env):
        asked.append(dict(env))
        return len(env["n"]) if isinstance(env["n"], list) else env["n"] * 2

    memo = Memo(fn, Printed(None))
    assert [memo.bound("n", 3), memo.bound("n", 3), memo.bound("n", 4)] == [6, 6, 8]
    assert memo(n=3) == 6 and memo(n=3) == 6
    assert asked == [{"n": 3}, {"n": 4}, {"n": 3}]  # `bound` and keywords keep their own
    assert [memo.bound("n", [1, 2]), memo.bound("n", [1, 2])] == [2, 2]
    assert asked[3:] == [{"n": [1, 2]}, {"n": [1, 2]}]


def test_a_shared_option_tells_a_flag_from_a_number():
    """A `Memo` keys a value by the binding's type too: 1, True, 1.0 and Fraction(1) are equal
    and hash alike, yet each gets its own value, by `bound` and by keywords."""
    from fractions import Fraction

    from interpreter.verbs.checks import Memo, Printed

    asked: list = []

    def fn(printed, env):
        asked.append(env["n"])
        return type(env["n"]).__name__

    memo = Memo(fn, Printed(None))
    values = (1, True, 1.0, Fraction(1), 1, True)
    kinds = ["int", "bool", "float", "Fraction", "int", "bool"]
    assert [memo.bound("n", v) for v in values] == kinds
    assert [type(n).__name__ for n in asked] == kinds[:4]  # each kind worked out once
    assert [memo(n=v) for v in values] == kinds


@pytest.mark.parametrize("memo_of", ["check", "call"])
def test_a_shared_option_tells_a_flag_from_a_number_inside_a_tuple(memo_of):
    """Both memos of an option of the bindings (the check's `Memo`, the running call's
    `BoundMemo`) key a tuple's or a frozenset's items by their types too: (1,) and (True,) are
    equal and hash alike, yet each gets its own value, by `bound` and by keywords."""
    from fractions import Fraction

    from interpreter.verbs.checks import Memo, Printed
    from rulesdsl.memo import BoundMemo

    def fn(printed, env):
        return repr(env["n"])

    values = ((1,), (True,), (1.0,), ((1,),), ((True,),), (Fraction(1), 2), (True, 2),
              frozenset({1}), frozenset({True}), (1,), (True,), frozenset({True}))
    for read in ("bound", "keywords"):
        memo = Memo(fn, Printed(None)) if memo_of == "check" else BoundMemo(fn, "n")
        got = [memo.bound("n", v) if read == "bound" else memo(n=v) for v in values]
        assert got == [repr(v) for v in values]


def test_a_verb_reads_every_kind_of_option_alike():
    """`checks.called` and `checks.bound` give what calling the option gives, whichever object
    carries it: a check's `Lazy` (read natively), a check's `Memo` (a function of the
    bindings), or the running call's `Thunk` (rulesdsl)."""
    from interpreter.verbs.checks import Lazy, Memo, Named, Printed, bound, called
    from rulesdsl.runtime import Thunk

    def fn(ctx, env):
        return (ctx.seat, env.get("n", 0) * 10)

    ctx = Context(Game.new(load_ruleset(), players=2, seed=1), 1)  # a Lazy's ctx is typed
    for option in (Lazy(fn, ctx, {}, "n"), Thunk(fn, ctx, {}, "n")):
        assert called(option) == option() == (1, 0)
        assert bound(option, "n", 4) == option(n=4) == (1, 40)
    named = Named(lambda ctx: (ctx.seat, 0), ctx, "n")  # a name reads no binding
    assert called(named) == named() == bound(named, "n", 4) == named(n=4) == (1, 0)
    memo = Memo(lambda printed, env: env["n"] + 1, Printed(None))
    assert bound(memo, "n", 4) == memo(n=4) == 5


@pytest.mark.parametrize(("text", "named"), [
    ("depute card played, payout deputed.depute_value", {"card"}),  # `played`: a name
    ("acquire price my.livre", set()),  # a whole number: checked when run, as the call does
    ("acquire price count(my.tiles)", set()),  # an expression
])
def test_an_option_that_is_a_name_is_read_by_its_getter(text, named):
    """A check reads an option that is a name of the vocabulary (not a field of one, not a
    number the call checks is whole) by the name's getter: the same value as the option's
    closure, in every position."""
    from rulesdsl import compile_verb_options, verb_option_getters

    rules = load_ruleset()
    call = build_effect(text, Origin("<test>"), rules.vocabulary).effect.statements[0]
    getters = verb_option_getters(call, rules.vocabulary)
    assert set(getters) == named
    closures = {name: fn for name, fn, _ in compile_verb_options(call, rules.vocabulary)}
    game = Game.new(rules, players=2, seed=3)
    ctx = Context(game, 0)
    for card in [None, *game.state["players"][0]["hand"]]:
        ctx.played = card
        for name, get in getters.items():
            assert get(ctx) == closures[name](ctx, {}) == card


def test_depute_card_played_is_checked_for_each_card_as_tried():
    """`depute card played` (its `card` read by the getter of `played`) answers for each card
    of the hand what a trial run finds, in a position where it can and one where it cannot
    (a staff at its minimum)."""
    rules = load_ruleset()
    effect = build_effect("depute card played, payout deputed.depute_value", Origin("<test>"),
                          rules.vocabulary)
    check = build_check(effect.effect, rules.vocabulary, effect.analysis)
    game = Game.new(rules, players=2, seed=5)
    me = game.state["players"][0]
    me["hand"], me["supply"] = me["supply"][:3], me["supply"][3:]
    answers = []
    for staff_cut in (0, len(me["supply"])):  # then a staff of 3 in hand: at its minimum
        del me["supply"][:staff_cut]
        for card in me["hand"]:
            ctx = Context(game, 0)
            ctx.played = card
            answers.append(check(ctx))
            assert check(ctx) is search(Context(game, 0), _played(card, effect.run))
    assert True in answers and False in answers


def _depute_played():
    """The rules, a call `depute card played`, and two positions of a 2-player game: the
    first player's, and the second's, each playing a card of their own."""
    rules = load_ruleset()
    call = build_effect("depute card played", Origin("<test>"),
                        rules.vocabulary).effect.statements[0]
    game = Game.new(rules, players=2, seed=1)
    outer, inner = Context(game, 0), Context(game, 1)
    outer.played = game.state["players"][0]["supply"][0]
    inner.played = game.state["players"][1]["supply"][0]
    assert outer.played != inner.played
    return rules, call, outer, inner


def test_a_named_options_check_reads_its_own_position_even_within_another():
    """A check of `depute card played` gives every check one dict of its options, its `Named`
    pointed at the check's position for the call (static_checks._named_check). A check of the
    same call while a `can` reads that dict (within it) gets a dict of its own and reads its
    own position, and the outer one still reads its own after it; once done, the kept dict
    points at no position (keeps no game alive)."""
    from interpreter.verbs.checks import Named
    rules, call, outer, inner = _depute_played()
    seen: list = []
    given: list = []

    def can(ctx, args):
        given.append(args)
        seen.append(args["card"]())
        if ctx is outer:
            seen.append(check(inner))
            seen.append(args["card"]())
        return True
    check = _verb_check(call, can, rules.vocabulary)
    assert check(outer) is True
    assert seen == [outer.played, inner.played, True, outer.played]
    assert given[1] is not given[0]
    assert check(inner) is True and given[2] is given[0]  # the kept dict, given again
    assert seen[-1] == inner.played
    assert [o.ctx for o in given[0].values() if type(o) is Named] == [None]


def test_a_named_options_check_s_dict_is_taken_by_one_thread_at_a_time():
    """Another thread's check of the same call, run between a check's look at the kept dict
    and its taking it (forced here, in the Python form, by a tracer of the check's opcodes):
    one of them takes it, the other makes its own, and each reads its own position (before,
    both took it: the first one done pointed it at no position under the other's feet)."""
    import sys
    import threading

    from interpreter.loading import static_checks
    if not static_checks.__file__.endswith(".py"):
        pytest.skip("the compiled form runs no opcodes to trace (nor switches thread there)")
    rules, call, outer, inner = _depute_played()
    read: dict = {}
    inside, done = threading.Event(), threading.Event()

    def can(ctx, args):
        if ctx is inner:  # (the other thread: reads once this one is done)
            inside.set()
            done.wait(10)
        read[ctx] = args["card"]()
        done.set()
        return True
    check = _verb_check(call, can, rules.vocabulary)
    assert check(outer) is True  # (the kept dict made)
    done.clear()

    def answer() -> None:
        try:
            read["answer"] = check(inner)
        except AttributeError as error:  # (before: its Named read no position)
            read["answer"] = error
    other = threading.Thread(target=answer)

    def opcodes(frame, event, arg):
        if not other.is_alive() and not inside.is_set() and (
                "spare" in frame.f_locals or "spares" in frame.f_locals):
            other.start()  # the switch, between the look and the taking
            inside.wait(10)
        return opcodes

    def calls(frame, event, arg):
        if frame.f_code.co_name == "check" and frame.f_code.co_filename == static_checks.__file__:
            frame.f_trace_opcodes = True
            return opcodes
        return None
    sys.settrace(calls)
    try:
        assert check(outer) is True
    finally:
        sys.settrace(None)
        done.set()
    other.join(10)
    assert inside.is_set() and read["answer"] is True, read["answer"]
    assert read[outer] == outer.played and read[inner] == inner.played


def _played(card, run):
    def with_card(ctx):
        ctx.played = card
        run(ctx)
    return with_card


def test_a_verbs_check_never_changes_its_args():
    """A check gives a call's options that are the same for every check (flags, functions of
    the bindings) to the verb's `can` as the one dict it keeps: every `can` of the shipped
    actions and bonuses answers the same given its args read-only (a `can` that changed them
    would raise here), at a sample of random games' positions, for every seat and card."""
    import random
    from types import MappingProxyType

    from conftest import sampled_positions

    from interpreter.loading.static_checks import _verb_check

    rules = load_ruleset(expansions=("jewelry_box",))
    vocab = rules.vocabulary
    effects = [a.effect for a in rules.actions.values()] + [
        e.bonus for e in rules.employees.values() if e.bonus is not None]
    pairs = []
    for effect in effects:
        first = effect.compiled.effect.statements[0]
        verb = vocab.verbs.get(getattr(first, "verb", ""))
        if verb is not None and verb.can is not None and effect.check is not None:
            can = verb.can
            read_only = _verb_check(first, lambda ctx, args, can=can: can(
                ctx, MappingProxyType(args)), vocab, effect.compiled.analysis, verb.blocked)
            plain = _verb_check(first, can, vocab, effect.compiled.analysis, verb.blocked)
            pairs.append((plain, read_only))
    assert len({id(p) for p, _ in pairs}) > 20
    answers = set()
    for game in sampled_positions(rules, 2, random.Random(3), rate=0.1):
        for seat, player in enumerate(game.state["players"]):
            ctx = Context(game, seat)
            for card in player["hand"][:2] or [None]:
                ctx.played = card
                for plain, read_only in pairs:
                    answer = plain(ctx)
                    answers.add(answer)
                    assert read_only(ctx) == answer
    assert {True, False} <= answers

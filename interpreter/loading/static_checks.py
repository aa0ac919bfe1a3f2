"""Whether an effect can be done, known without a trial run: checks built at load time.

Offering an action or a bonus needs to know whether its effect can be carried through; the
general answer is a trial run (core/trial.py: run it, roll it back). For the common shapes the
answer can be read from the position instead, and this module builds, once per effect, a check
that does so (`Effect.check`):

- an effect none of whose statements can abort (each a `gain` of an amount that is a whole
  number whatever the position: a constant, a count of a list, ...) can always be done;
- an effect that starts with `require`s of conditions that neither ask nor draw at random
  cannot be done where one of them does not hold; where they all hold, the rest of it is
  checked as an effect of its own (or tried);
- an effect that chooses a number and pays a constant multiple of it (`let N = choose number
  from 1 to ...; pay 4 * N livre`), followed only by such gains (of N too), can be done exactly
  when there is a number to choose and the least of them can be paid;
- an effect that starts with a call of a verb declaring a `can` check (verbs/checks.py), whose
  options neither ask nor draw at random, or with a payment of a constant amount, followed only
  by such gains, can be done exactly when that call or payment can: the gains after it cannot
  abort;
- a payment of a constant amount followed by such a verb call (and such gains) can be done
  exactly when it can be paid and the call can be done once it is paid.

Anything else gets no check, and keeps its trial run. A check answers what the trial would:
True, False, or None where the verb cannot tell (then the trial runs). It changes nothing.
"""
from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from rulesdsl import (
    Analysis,
    EffectAbort,
    RecordType,
    RulesErrors,
    Vocabulary,
    analyse_effect,
    ast,
    compile_expression,
    compile_verb_options,
    verb_option_getters,
)
from rulesdsl.folding import NOT_CONSTANT, fold

from ..core.context import Context
from ..core.model import always_possible, ast_nodes
from ..verbs.checks import Lazy, Memo, Named, Printed

Check = Callable[[Any], "bool | None"]

# what may ask a question, draw at random or run a trial: never inside a check's options
_IMPURE = (ast.ChooseOne, ast.ChooseAny, ast.ChooseNumber, ast.Possible)


def build_check(effect: ast.Effect, vocab: Vocabulary, analysis: Analysis | None = None,
                unblocked: bool = False) -> Check | None:
    """The check of a compiled effect's AST, or None when its shape needs a trial run.
    `analysis` is the effect's own (`CompiledEffect.analysis`): a verb's options are compiled
    from it, not from a second analysis of the call. A verb's `can` leaves out what its
    `blocked` reads, and the check reads `blocked` first; `unblocked` builds it for an effect
    that starts with such a verb (Effect.unblocked), for a position where its `blocked` has just
    said False: that `blocked` is not read again."""
    stmts = effect.statements
    lead = 0  # the leading `require`s of pure conditions
    for stmt in stmts:
        if not (isinstance(stmt, ast.Require) and _pure(stmt.cond)):
            break
        lead += 1
    if lead:
        return _requires_check(stmts[:lead], _shape_check(stmts[lead:], vocab, analysis), vocab)
    return _shape_check(stmts, vocab, analysis, unblocked)


def _shape_check(stmts: tuple, vocab: Vocabulary, analysis: Analysis | None,
                 unblocked: bool = False) -> Check | None:
    """The check of statements of a known shape (see the module's docstring), or None
    (`unblocked`: a first verb's `blocked` is known to be False)."""
    if stmts and type(stmts[0]) is ast.Let and type(stmts[0].value) is ast.ChooseNumber:
        return _chosen_payment_check(stmts, vocab)
    if all(_cannot_abort(s, vocab) for s in stmts):
        return always_possible
    first, rest = stmts[0], stmts[1:]
    if type(first) is ast.Pay and rest and type(rest[0]) is ast.VerbCall:
        return _paid_check(first, _shape_check(rest, vocab, analysis))
    if not all(_cannot_abort(s, vocab) for s in rest):
        return None
    if type(first) is ast.Pay:
        return _pay_check(first)
    if type(first) is not ast.VerbCall:
        return None
    verb = vocab.verbs.get(first.verb)
    if verb is None or verb.can is None or not all(_pure(o.value) for o in first.options):
        return None
    return _verb_check(first, verb.can, vocab, analysis, None if unblocked else verb.blocked)


def build_blocked(effect: ast.Effect, vocab: Vocabulary) -> Check | None:
    """Whether an effect cannot be done now whichever card is played (Effect.blocked): for one
    that starts with a call of a verb declaring `blocked`, the verb's; otherwise None. The
    verb aborts there before it reads an option, so the whole effect aborts."""
    first = effect.statements[0] if effect.statements else None
    if type(first) is not ast.VerbCall:
        return None
    verb = vocab.verbs.get(first.verb)
    return None if verb is None else verb.blocked


def _requires_check(requires: tuple, then: Check | None, vocab: Vocabulary) -> Check | None:
    """The check of an effect that starts with `require`s of pure conditions: False where one
    does not hold (the effect aborts there, before it changes anything), else what the rest's
    check says (None when the rest has none: the trial runs)."""
    try:
        conds = tuple(compile_expression(r.cond, vocab) for r in requires)
    except RulesErrors:  # a condition that reads the effect's own names: left to the trial
        return None

    def check(ctx: Any) -> bool | None:
        budget = ctx.budget  # a `where` may spend repetitions: a trial gives them back
        try:
            for cond in conds:
                if not cond(ctx, {}):
                    return False
        except EffectAbort:
            return False
        finally:
            ctx.budget = budget
        return None if then is None else then(ctx)
    return check


def _chosen_payment_check(stmts: tuple, vocab: Vocabulary) -> Check | None:
    """`let N = choose number from LO to HI`, `pay K * N` of a resource, then gains that cannot
    abort (N a whole number): LO a whole constant, K a whole constant. A trial tries the
    numbers from the least, and the least costs least: it can be done exactly when there is a
    number to choose and K * LO can be paid."""
    let, pay, rest = stmts[0], stmts[1] if len(stmts) > 1 else None, stmts[2:]
    lo = fold(let.value.lo)
    if type(pay) is not ast.Pay or not _whole(lo) or not _pure(let.value.hi) or not all(
            _cannot_abort(s, vocab, (let.name,)) for s in rest):
        return None
    amount = pay.amount
    factor: Any = NOT_CONSTANT
    if type(amount) is ast.Name and amount.path == (let.name,):
        factor = 1
    elif type(amount) is ast.BinOp and amount.op == "*":
        for k, n in ((amount.left, amount.right), (amount.right, amount.left)):
            if type(n) is ast.Name and n.path == (let.name,) and _whole(fold(k)):
                factor = fold(k)
    if factor is NOT_CONSTANT:
        return None
    try:
        hi = compile_expression(let.value.hi, vocab)
    except RulesErrors:
        return None
    least, resource = factor * lo, pay.resource

    def check(ctx: Any) -> bool | None:
        budget = ctx.budget  # a `where` may spend repetitions: a trial gives them back
        try:
            most = Fraction(hi(ctx, {})).__floor__()
        except EffectAbort:
            return False
        finally:
            ctx.budget = budget
        return lo <= most and ctx.can_pay(resource, least)
    return check


def _pay_check(pay: ast.Pay) -> Check | None:
    """The check of a payment of a whole constant amount: whether it can be paid."""
    amount, resource = fold(pay.amount), pay.resource
    if not _whole(amount):
        return None
    return lambda ctx: ctx.can_pay(resource, amount)


def _paid_check(pay: ast.Pay, then: Check | None) -> Check | None:
    """A payment of a whole constant amount, then statements with a check of their own (a verb
    call, then gains that cannot abort: "pay 1 livre; draw_resource"): False where it cannot
    be paid, else the rest's check read in the position after the payment (made, then undone
    in the journal: the rest may read what was paid)."""
    amount, resource = fold(pay.amount), pay.resource
    if then is None or not _whole(amount):
        return None

    def check(ctx: Any) -> bool | None:
        if not ctx.can_pay(resource, amount):
            return False
        tx = ctx.tx
        mark = tx.mark()
        try:
            ctx.pay(resource, amount)
            return then(ctx)
        finally:
            tx.rollback(mark)
    return check


def _whole(amount: Any) -> bool:
    return amount is not NOT_CONSTANT and type(amount) is int and amount >= 0


def _cannot_abort(stmt: Any, vocab: Vocabulary, wholes: tuple[str, ...] = ()) -> bool:
    """A `gain` of an amount that is a whole number, not negative, whatever the position: it
    cannot abort (a choice of resources asks an exact question) nor fail."""
    return type(stmt) is ast.Gain and _count(stmt.amount, vocab, wholes)


def _count(expr: Any, vocab: Vocabulary, wholes: tuple[str, ...] = ()) -> bool:
    """Whether `expr` is a whole number, not negative, in any position, read without aborting:
    constants, `count` of a list, a number chosen by a `let` (`wholes`), sums and products of
    such, `floor`/`ceil` of one divided by a positive constant, a table of such."""
    kind = type(expr)
    if kind is ast.Number:
        return _whole(expr.value)
    if kind is ast.Name and len(expr.path) == 1 and expr.path[0] in wholes:
        return True
    if kind is ast.BinOp:
        return expr.op in ("+", "*") and _count(expr.left, vocab, wholes) and \
            _count(expr.right, vocab, wholes)
    if kind is ast.Table:
        return _count(expr.subject, vocab, wholes) and all(_count(e.value, vocab, wholes)
                                                       for e in expr.entries)
    if kind is not ast.Call or len(expr.args) != 1:
        return False
    (arg,) = expr.args
    if expr.func == "count":
        return _list(arg, vocab)
    if expr.func in ("floor", "ceil"):
        return _count(arg, vocab, wholes) or (type(arg) is ast.BinOp and arg.op == "/"
                                              and _count(arg.left, vocab, wholes)
                                              and type(arg.right) is ast.Number
                                              and arg.right.value > 0)
    return False


def _list(expr: Any, vocab: Vocabulary) -> bool:
    """A list read without aborting: a name of the vocabulary (no field of something that may
    be nothing), filtered by `where` conditions on its items' own fields."""
    if type(expr) is ast.Name:
        return expr.dotted in vocab.names
    return type(expr) is ast.Where and _list(expr.collection, vocab) and _condition(expr.cond)


def _condition(expr: Any) -> bool:
    """A `where` condition comparing the item's own fields (bare names) and constants."""
    kind = type(expr)
    if kind is ast.Compare:
        return all(type(x) in (ast.Name, ast.Number, ast.Bool)
                   and (type(x) is not ast.Name or len(x.path) == 1)
                   for x in (expr.left, expr.right))
    if kind is ast.BoolOp:
        return _condition(expr.left) and _condition(expr.right)
    return kind is ast.Not and _condition(expr.operand)


def _pure(expr: Any) -> bool:
    """Whether an option's value can be worked out without a question, a random draw or a
    trial run (a flag has no value)."""
    return expr is None or not any(
        isinstance(n, _IMPURE) or (type(n) is ast.Call and n.func == "random")
        for n in ast_nodes(expr))


def _verb_check(call: ast.VerbCall, can: Callable[[Any, Any], bool | None],
                vocab: Vocabulary, analysis: Analysis | None = None,
                blocked: Callable[[Any], bool] | None = None) -> Check:
    """A check that calls the verb's `can` with the call's options as the compiled call gives
    them to the verb (each a `Lazy` of its closure, in a fresh env), evaluated only as far as
    `can` reads them; False where the verb's `blocked` (given, read first) says so."""
    if all(o.value is None for o in call.options):  # flags only: nothing to evaluate
        return _flags_check({o.name: True for o in call.options}, can, blocked)
    parts = _CallParts(call, vocab, analysis)

    def check(ctx: Context) -> bool | None:  # (typed: its fields read natively, compiled)
        if blocked is not None and blocked(ctx):
            return False
        if parts.rules is not ctx.rules:  # a ruleset is frozen: read it once
            parts.compile_for(ctx)
        named, names = parts.named, parts.names
        if not named and not names:  # flags and options of the bindings: the same for every
            try:  # call, given as they are (a `can` reads its args, never changes them)
                return can(ctx, parts.shared)
            except EffectAbort:
                return False
        if not names:  # flags, names, options of the bindings: nothing spends repetitions
            spares = parts.spares
            if spares:  # the dict kept for these, taken (none while a call reads it)
                spare: dict[str, Any] | None
                try:
                    spare = spares.pop()  # (one operation: no other thread takes it too)
                except IndexError:  # (taken by another thread since `if spares`)
                    spare = None
                if spare is not None:
                    return _named_check(ctx, can, parts, spare)
            args = _named_args(ctx, parts)
            try:
                return can(ctx, args)
            except EffectAbort:
                return False
        args = _named_args(ctx, parts) if named else parts.shared.copy()
        env: dict = {}
        fns, texts = parts.fns, parts.texts
        for i in range(len(names)):
            args[names[i]] = Lazy(fns[i], ctx, env, texts[i])
        budget = ctx.budget  # an option's `where` may spend repetitions: a trial gives them back
        try:
            return can(ctx, args)
        except EffectAbort:
            return False
        finally:
            ctx.budget = budget
    return check


def _named_args(ctx: Context, parts: _CallParts) -> dict[str, Any]:
    """The call's shared options, and its names of the vocabulary, each a `Named` read by its
    getter in this position (a new dict)."""
    args = parts.shared.copy()
    named, gets, named_texts = parts.named, parts.gets, parts.named_texts
    for i in range(len(named)):
        args[named[i]] = Named(gets[i], ctx, named_texts[i])
    return args


def _named_check(ctx: Context, can: Callable[[Any, Any], bool | None], parts: _CallParts,
                 spare: dict[str, Any]) -> bool | None:
    """`can` given the parts' kept dict of shared and named options (`_named_args`' dict, made
    once: a check of `depute card played` in every turn's offers makes none), its `Named`s
    pointed at this position for the call. The caller takes it from the parts' `spares` by one
    `pop` (a single operation in either form, so two threads never both hold it) and it is
    given back once read: a check of the same call meanwhile (within it, or in another
    game's thread) makes its own."""
    kept = parts.kept
    for i in range(len(kept)):
        kept[i].ctx = ctx
    try:
        return can(ctx, spare)
    except EffectAbort:
        return False
    finally:
        for i in range(len(kept)):
            kept[i].ctx = None  # (no game kept alive by a ruleset's check)
        if parts.kept is kept:  # (not made again for another ruleset meanwhile)
            parts.spares.append(spare)


class _CallParts:
    """A verb call's options as its check gives them to the verb, compiled when first used
    (loading stays cheap) for the ruleset `rules` (a ruleset is frozen: the memos read its
    printed data): `shared` holds the flags and the options that are functions of the verb's
    bindings (`Memo`s), the same for every check; the options that are names of the vocabulary
    are `named`, read by their getters `gets` in each check's position (card texts
    `named_texts`); the other options, evaluated lazily in each check's position, are `names`
    with their closures `fns` and card `texts` (typed lists, not tuples to unpack: a check
    reads them at every call). A call of shared and named options alone keeps one dict of them
    (in `spares` while no check reads it, its `Named`s `kept`), given to every check not
    already reading it."""

    __slots__ = ("analysis", "call", "fns", "gets", "kept", "named", "named_texts", "names",
                 "rules", "shared", "spares", "texts", "vocab")

    def __init__(self, call: ast.VerbCall, vocab: Vocabulary, analysis: Analysis | None):
        self.call, self.vocab, self.analysis = call, vocab, analysis
        self.rules: Any = None
        self.shared: dict[str, Any] = {}
        self.names: list[str] = []
        self.fns: list[Callable[[Any, dict], Any]] = []
        self.texts: list[str] = []
        self.named: list[str] = []
        self.gets: list[Callable[[Any], Any]] = []
        self.named_texts: list[str] = []
        self.spares: list[dict[str, Any]] = []
        self.kept: list[Named] = []

    def compile_for(self, ctx: Context) -> None:
        """The parts for the ruleset of `ctx` (a check's position: the kept `Named`s are made
        pointing at it, then at none)."""
        call, vocab, rules = self.call, self.vocab, ctx.rules
        binds = vocab.verbs[call.verb].binds
        printed = Printed(rules)
        values = {o.name: o.value for o in call.options}
        analysis = self.analysis  # (one analysis of a call given none, for both below)
        if analysis is None:
            analysis = analyse_effect(ast.Effect((call,), call.span), vocab)
        getters = verb_option_getters(call, vocab, analysis)
        shared: dict[str, Any] = {}
        names: list[str] = []
        fns: list[Callable[[Any, dict], Any]] = []
        texts: list[str] = []
        named: list[str] = []
        gets: list[Callable[[Any], Any]] = []
        named_texts: list[str] = []
        for name, fn, text in compile_verb_options(call, vocab, analysis):
            if fn is None:
                shared[name] = True
            elif _of_printed_bindings(values[name], binds, vocab):
                shared[name] = Memo(fn, printed)
            elif name in getters:
                named.append(name)
                gets.append(getters[name])
                named_texts.append(text)
            else:
                names.append(name)
                fns.append(fn)
                texts.append(text)
        self.shared, self.names, self.fns, self.texts = shared, names, fns, texts
        self.named, self.gets, self.named_texts = named, gets, named_texts
        self.spares, self.kept = [], []
        if named and not names:
            spare = shared.copy()
            for i in range(len(named)):
                spare[named[i]] = found = Named(gets[i], ctx, named_texts[i])
                found.ctx = None  # (no game kept alive by a ruleset's check)
                self.kept.append(found)
            self.spares = [spare]
        self.rules = rules


def _of_bindings(expr: Any, binds: Any) -> bool:
    """Whether an option's value is a function of the verb's bindings alone (a price by the
    size of a drawer): it names nothing else, not even a field of one, reads no list with
    `where`, neither asks nor draws at random."""
    return _of_printed_bindings(expr, binds, None)


def _of_printed_bindings(expr: Any, binds: Any, vocab: Vocabulary | None) -> bool:
    """`_of_bindings`, or else a function of the bindings and their printed fields (a payout
    by the deputed card's printed value, FieldDef.printed): the same for the same bindings in
    every position of every game of the ruleset. Without a `vocab`, no field counts."""
    if not _pure(expr):
        return False
    for node in ast_nodes(expr):
        if type(node) is ast.Where or (type(node) is ast.Name and not (
                node.path[0] in binds and (len(node.path) == 1 or (vocab is not None and _printed(
                    node.path, binds[node.path[0]], vocab))))):
            return False
    return True


def _printed(path: tuple[str, ...], binding: Any, vocab: Vocabulary) -> bool:
    """Whether `binding.field` (`path`) reads a printed field of the binding's record."""
    if len(path) != 2 or type(binding) is not RecordType:
        return False
    fdef = vocab.records.get(binding.name, {}).get(path[1])
    return fdef is not None and fdef.printed


def _flags_check(flags: dict[str, bool], can: Callable[[Any, Any], bool | None],
                 blocked: Callable[[Any], bool] | None = None) -> Check:
    """The check of a call given flags alone (`tailor`, `fund`): the verb's `can` called with
    them as the effect would call the verb (False where its `blocked`, given, says so)."""
    def check(ctx: Context) -> bool | None:
        if blocked is not None and blocked(ctx):
            return False
        try:  # (the same flags for every call: a `can` reads its args, never changes them)
            return can(ctx, flags)
        except EffectAbort:
            return False
    return check

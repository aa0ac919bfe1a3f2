"""AST -> plain English card text (and, via `to_source`, back to effect-language text).

Card text is generated from the same rules the engine runs, so it cannot drift from them. It uses
the vocabulary's display texts (a verb may describe itself when its wording depends on its
values), a few patterns ("for each", "for every N", "for each set of", tables as "based on X: 5 or
6: 2 Livre; ...") and idioms over statements (an exchange "1 Prestige for every 4 Livre you pay",
"pay X to do Y"); anything else falls back to a literal but readable rendering. It never raises
on a well-formed AST. tests/test_card_text.py holds it to the rulebook's own wording.
"""
from __future__ import annotations

import contextlib
import re
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from . import aborts, ast
from .checker import Analysis, Resolution, analyse_effect, analyse_expression
from .source import to_source
from .vocabulary import Vocabulary
from .walk import Walker

__all__ = ["effect_text", "expression_text", "to_source"]

_CMP_TEXT = {"=": "is", "!=": "is not", "<": "is less than", "<=": "is at most",
             ">": "is more than", ">=": "is at least"}
_BIN_TEXT = {"+": "+", "-": "−", "*": "×", "/": "/"}
_BIN_PREC = {"+": 1, "-": 1, "*": 2, "/": 2}
_SIMPLE = (ast.Gain, ast.Pay, ast.Let, ast.VerbCall, ast.Require)


def effect_text(effect: ast.Effect, vocab: Vocabulary, as_action: bool = False,
                analysis: Analysis | None = None) -> str:
    """The effect as card text: capitalised sentences ending with '.'. With `as_action`, the
    effect is a main action: a lone verb says what the action does, not what a bonus adds.
    `analysis` is the effect's own (`CompiledEffect.analysis`); without it, it is analysed."""
    statements = effect.statements
    if as_action and len(statements) == 1 and isinstance(statements[0], ast.VerbCall) \
            and not statements[0].options:
        vdef = vocab.verbs.get(statements[0].verb)
        if vdef is not None and vdef.as_action:
            return _sentence(vdef.as_action)
    p = _Printer(vocab, analyse_effect(effect, vocab) if analysis is None else analysis)
    return " ".join(p.sentences(effect.statements)) or "Nothing happens."


def expression_text(expr: ast.Expr, vocab: Vocabulary, analysis: Analysis | None = None) -> str:
    """An expression as an English noun phrase (used for prompts and option texts)."""
    if analysis is None:
        analysis = analyse_expression(expr, vocab)
    return _Printer(vocab, analysis).expr(expr)


def block_text(stmts: Sequence[ast.Stmt], vocab: Vocabulary, analysis: Analysis) -> str:
    """One alternative of an `either`, as a clause of card text."""
    return _Printer(vocab, analysis).block(stmts) if stmts else "nothing"


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return ""
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?", ".)")) else text + "."


_GUARD = "only if "


def _join_clauses(clauses: list[str]) -> str:
    """'a, b, then c'; `require`s ('only if X') lead the clause after them: 'only if X and Y:
    b, then c'."""
    guards: list[str] = []
    rest: list[str] = []
    for c in clauses:
        if c.startswith(_GUARD) and not rest:
            guards.append(c[len(_GUARD):])
        else:
            rest.append(c)
    if guards:
        lead = _GUARD + _and(guards)
        if not rest:
            return lead
        return lead + ": " + _join_clauses(rest)
    clauses = rest
    if len(clauses) <= 1:
        return "".join(clauses)
    return ", ".join(clauses[:-1]) + ", then " + clauses[-1]


def _and(items: list[str], word: str = "and") -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {word} " + items[-1]


def _of(phrase: str) -> str:
    """'your Garments' -> 'of your Garments', so 'for each of your Garments' reads well."""
    owned = phrase.startswith(("your ", "the ", "all ", "their ", "its "))
    return "of " + phrase if owned else phrase


# An idiom found in a statement sequence: its card text and how many statements it reads.
_Idiom = tuple[str, int]


class _Printer(Walker):
    """Card text: the families `clause` (a statement) and `text` (an expression, given the
    precedence of where it stands); a node with neither falls back to its source text."""

    def __init__(self, vocab: Vocabulary, analysis: Analysis):
        self.vocab = vocab
        self.analysis = analysis
        self.can_do: ast.Possible | None = None  # the test of an `if possible(X) then X`
        self.inline: dict[str, str] = {}  # a local printed as its definition, where used once
        self.them: dict[str, str] = {}  # a local already introduced: 'them'
        self.bind_text = {n: t for v in vocab.verbs.values() for n, t in v.bind_text.items()}

    # ---- statements ----
    def sentences(self, stmts: Iterable[ast.Stmt]) -> list[str]:
        out, pending = [], []
        for s in self.idioms(list(stmts)):
            if isinstance(s, str):  # an idiom already in words
                pending.append(s)
                continue
            if isinstance(s, _SIMPLE):
                pending.append(self.clause(s))
                continue
            if pending:
                out.append(_sentence(_join_clauses(pending)))
                pending = []
            out.append(_sentence(self.clause(s)))
        if pending:
            out.append(_sentence(_join_clauses(pending)))
        return out

    def idioms(self, stmts: list) -> list:
        """Statement sequences that read as one phrase on a card, replaced by that phrase:
        an exchange ('gain 1 Prestige for every 4 Livre you pay'), sets ('for each set of 1
        Thread and 1 Lace you pay'), 'pay X to <do Y>', 'gain A and B', and a choice of any
        number of things used right away ('discard any number of your Resource tiles')."""
        out: list = []
        plain_gain = False  # out[-1] is a plain 'gain ...' that a next gain may join
        i = 0
        while i < len(stmts):
            s = stmts[i]
            rest = stmts[i + 1:]
            done = self.exchange(s, rest) or self.sets(s, rest) or self.choose_any_used(s, rest)
            if done is not None:
                text, used = done
                out.append(text)
                plain_gain = False
                i += used
                continue
            if isinstance(s, ast.Pay) and rest and isinstance(rest[0], (ast.Gain, ast.VerbCall)):
                nxt = self.idioms(rest[:1])[0]
                nxt = nxt if isinstance(nxt, str) else self.clause(nxt)
                out.append(f"pay {self.plain_amount(s.amount, self.resource(s.resource))} to {nxt}")
                plain_gain = False
                i += 2
                continue
            if isinstance(s, ast.Gain) and plain_gain:
                out[-1] += " and " + self.clause(s)[len("gain "):]
            elif isinstance(s, ast.Gain):
                out.append(self.clause(s))
            else:
                out.append(s)
            plain_gain = isinstance(s, ast.Gain)
            i += 1
        return out

    def exchange(self, s: ast.Stmt, rest: list[ast.Stmt]) -> _Idiom | None:
        """let n = choose number from 0/1 to floor(X / k); pay k * n R; gain [m *] n S; or
        let n = floor(my.R / k), the same: every k R the player has."""
        per = _floor_of_own(s.value, rest) if isinstance(s, ast.Let) else None
        if not (isinstance(s, ast.Let) and (isinstance(s.value, ast.ChooseNumber)
                                            or per is not None)
                and len(rest) >= 2 and isinstance(rest[0], ast.Pay)
                and isinstance(rest[1], ast.Gain)
                and len(rest[1].resources) == 1):
            return None
        k = _times_name(rest[0].amount, s.name)
        m = _times_name(rest[1].amount, s.name)
        if k is None or m is None:
            return None
        res = self.resource(rest[1].resources[0])
        if per is not None:  # all you hold: 'for every 10 Livre'
            if str(per) != k:
                return None
            return (f"gain {m} {res} for every {k} {self.resource(rest[0].resource)} you have, "
                    "paying them", 3)
        text = f"gain {m} {res} for every {k} {self.resource(rest[0].resource)} you pay"
        assert isinstance(s.value, ast.ChooseNumber)  # the other case returned above
        hi = s.value.hi
        ratio = hi.args[0] if isinstance(hi, ast.Call) and _is_every(hi) else None
        if not (isinstance(ratio, ast.BinOp) and ratio.right == ast.Number(int(k))):
            # a bound other than 'all you can afford' is said
            text += f" (at most {self.expr(hi)} times)"
        return (text, 3)

    def sets(self, s: ast.Stmt, rest: list[ast.Stmt]) -> _Idiom | None:
        """let n = min(...); pay n A; pay n B; gain [m *] n S: 'm S for each set of 1 A and 1 B'."""
        if not (isinstance(s, ast.Let) and isinstance(s.value, ast.Call) and s.value.func == "min"):
            return None
        pays = []
        for t in rest:
            if isinstance(t, ast.Pay) and _times_name(t.amount, s.name) is not None:
                pays.append(t)
                continue
            break
        after = rest[len(pays):]
        if not pays or not after or not isinstance(after[0], ast.Gain) \
                or len(after[0].resources) != 1:
            return None
        m = _times_name(after[0].amount, s.name)
        if m is None:
            return None
        parts = _and([f"{_times_name(p.amount, s.name)} {self.resource(p.resource)}" for p in pays])
        return (f"gain {m} {self.resource(after[0].resources[0])} for each set of {parts} you pay",
                2 + len(pays))

    def choose_any_used(self, s: ast.Stmt, rest: list[ast.Stmt]) -> _Idiom | None:
        """let x = choose any of C, then a verb on x: 'discard any number of C'."""
        if not (isinstance(s, ast.Let) and isinstance(s.value, ast.ChooseAny) and rest
                and isinstance(rest[0], ast.VerbCall)):
            return None
        uses = [o for o in rest[0].options
                if isinstance(o.value, ast.Name) and o.value.path == (s.name,)]
        if not uses:
            return None
        self.them[s.name] = "them"
        self.inline[s.name] = f"any number of {self.expr(s.value.options)}"
        text = self.verb(rest[0])
        del self.inline[s.name]
        return (text, 2)

    def block(self, stmts: Iterable[ast.Stmt]) -> str:
        parts = []
        pending = []
        for s in stmts:
            pending.append(self.clause(s))
        parts.append(_join_clauses(pending))
        return "".join(parts) or "nothing happens"

    def clause(self, s: ast.Stmt) -> str:
        return self.visit("clause", s)

    def missing(self, family: str, node: Any, *args: Any) -> str:
        """A node with no card wording: its source text (raises on what is not a node)."""
        return to_source(node)

    def clause_gain(self, s: ast.Gain) -> str:
        return "gain " + self.gain_amount(s.amount, s.resources)

    def clause_pay(self, s: ast.Pay) -> str:
        return f"pay {self.plain_amount(s.amount, self.resource(s.resource))}"

    def clause_let(self, s: ast.Let) -> str:
        return self.let(s)

    def clause_if(self, s: ast.If) -> str:
        saved, self.can_do = self.can_do, self._tested_then_done(s)
        try:
            cond = self.expr(s.cond)
        finally:
            self.can_do = saved
        text = f"if {cond}, {self.block(s.then)}"
        if s.else_ is not None:
            text += f"; otherwise, {self.block(s.else_)}"
        return text

    def _tested_then_done(self, s: ast.If) -> ast.Possible | None:
        """The `possible(X)` among the condition's conjuncts when the block starts by doing X:
        `if possible(X) then X ...` says X once ('if you can, X', not 'if you can X, X')."""
        tests = [c for c in _conjuncts(s.cond) if type(c) is ast.Possible]
        if not tests or not s.then:
            return None
        first = self.clause(s.then[0])
        return next((c for c in tests if self.clause(c.stmt) == first), None)

    def clause_repeat(self, s: ast.Repeat) -> str:
        return f"repeat {self.expr(s.count)} times: {self.block(s.body)}"

    def clause_either(self, s: ast.Either) -> str:
        done = [alt for alt in s.alternatives if alt]
        if len(done) == 1 and len(s.alternatives) == 2:  # `either {x} or {}`: x is optional
            return f"you may {self.block(done[0])}"
        return "either " + ", or ".join(self.block(alt) if alt else "nothing"
                                       for alt in s.alternatives)

    def clause_whenever(self, s: ast.Whenever) -> str:
        event = self.vocab.events.get(s.event, s.event.replace("_", " "))
        return (f"until the {self.vocab.constant_text(s.until)}, whenever {event}, "
                f"{self.block(s.body)}")

    def clause_require(self, s: ast.Require) -> str:
        return _GUARD + self.expr(s.cond)

    def clause_each(self, s: ast.Each) -> str:
        # the clause only where someone can fail: a payment, a choice, a verb... (a gain cannot)
        cannot = " (one who cannot does none of it)" if aborts.may_abort(s.body) else ""
        return f"each {s.who}: {self.block(s.body)}{cannot}"

    def clause_as(self, s: ast.As) -> str:
        who = self.expr(s.player)
        if isinstance(s.player, ast.Name) and len(s.player.path) == 1:  # a local
            who = "that player"
        return f"{who}: {self.block(s.body)}"

    def clause_verb_call(self, s: ast.VerbCall) -> str:
        return self.verb(s)

    def let(self, s: ast.Let) -> str:
        v = s.value
        if isinstance(v, ast.ChooseNumber):
            return (f"choose how many {s.name.replace('_', ' ')} (from {self.expr(v.lo)} to "
                    f"{self.expr(v.hi)})")
        if isinstance(v, ast.ChooseOne):
            return f"choose one of {self.expr(v.options)} ({s.name})"
        if isinstance(v, ast.ChooseAny):
            return f"choose any of {self.expr(v.options)} ({s.name})"
        return f"let {s.name} be {self.expr(v)}"

    def resource(self, r: str) -> str:
        return self.vocab.resources.get(r, r)

    def amount(self, e: ast.Expr) -> str:
        return self.expr(e)

    def gain_amount(self, e: ast.Expr, resources: Sequence[str]) -> str:
        if len(resources) > 1:
            amt = self.amount(e)
            return " or ".join(f"{amt} {self.resource(r)}" for r in resources)
        res = self.resource(resources[0])
        terms = []
        for t in self.grouped(_terms(e)):  # a group that does not read as one is split again
            if isinstance(t, list) and self.sums_noun(t, plural=False) is None:
                terms.extend(t)
            else:
                terms.append(t)
        phrases = [self.pattern(t, res) for t in terms]
        if len(terms) > 1 and all(p is None for p in phrases):
            return self.plain_amount(e, res)
        return _and([p if p is not None else self.plain_amount(t, res)
                     for p, t in zip(phrases, terms)])

    def grouped(self, terms: list) -> list:
        """Adjacent `sum(x.a) + sum(x.b)` terms become one ('each a or b ...')."""
        out: list = []
        for t in terms:
            if out and isinstance(out[-1], list) and _sum_field(t) and \
                    _sum_field(t)[0] == _sum_field(out[-1][0])[0]:
                out[-1].append(t)
            elif _sum_field(t):
                out.append([t])
            else:
                out.append(t)
        return out

    def sums_noun(self, sums: list, plural: bool) -> str | None:
        """[sum(x.orange), sum(x.green)] -> 'orange or green bale(s) of them'."""
        fields = [_sum_field(t) for t in sums]
        if not all(fields):
            return None
        fields[0][0]
        texts = [self.name(t.args[0]) for t in sums]  # 'the orange bales of them'
        words = []
        for text in texts:
            m = re.match(r"(?:the )?(\w+) (\w+?)s? of (.+)$", text)
            if m is None:
                return None
            words.append(m.groups())
        if len({(w[1], w[2]) for w in words}) != 1:
            return None
        noun, owner = words[0][1], words[0][2]
        kinds = " or ".join(w[0] for w in words)
        owned = "" if owner == "them" else f" of {owner}"
        return f"{kinds} {noun}{'s' if plural else ''}{owned}"

    def pattern(self, e: Any, res: str) -> str | None:
        """'1 R for each X', 'k R for every N X', 'R based on X: ...' or None (`e` an amount,
        or a list of grouped sums of fields)."""
        if isinstance(e, list):  # grouped sums of fields
            noun = self.sums_noun(e, plural=False)
            return None if noun is None else f"1 {res} for each {noun}"
        k, core = "1", e
        if isinstance(e, ast.BinOp) and e.op == "*":
            if isinstance(e.left, ast.Number) and _is_count_or_every(e.right):
                k, core = str(e.left.value), e.right
            elif isinstance(e.right, ast.Number) and _is_count_or_every(e.left):
                k, core = str(e.right.value), e.left
            elif isinstance(e.left, ast.Number) and _is_min_of_counts(e.right):
                k, core = str(e.left.value), e.right
        if isinstance(core, ast.Call) and core.func == "count" and len(core.args) == 1:
            return f"{k} {res} for each {_of(self.expr(core.args[0]))}"
        if _is_min_of_counts(core):  # min(count(A), count(B)): sets of 1 A and 1 B
            [self.expr(a.args[0]) for a in core.args]
            members = ["1 " + self.member(a.args[0]) for a in core.args]
            return f"{k} {res} for each set of {_and(members)}"
        if _is_every(core):
            div = core.args[0]
            counted = div.left
            sums = self.grouped(_terms(counted))
            if len(sums) == 1 and isinstance(sums[0], list):
                noun = self.sums_noun(sums[0], plural=True)
                if noun is not None:
                    return f"{k} {res} for every {self.expr(div.right)} {noun}"
            if isinstance(counted, ast.Call) and counted.func == "count" and len(counted.args) == 1:
                counted = counted.args[0]  # 'every 2 of your Decorations', not 'of the number of'
            return f"{k} {res} for every {self.expr(div.right)} {_of(self.expr(counted))}"
        if isinstance(e, ast.Table):
            return self.table_amount(e, res)
        return None

    def table_amount(self, e: ast.Table, res: str) -> str:
        """'Livre based on the number of cards in your staff: 5 or 6: 2 Livre; ...'. Rows with
        number keys name the unit, so a count is never read as an amount."""
        numeric = all(isinstance(entry.key, ast.RangeKey) for entry in e.entries)
        rows = [f"{self.key(entry.key)}: {self.expr(entry.value)}{' ' + res if numeric else ''}"
                for entry in e.entries]
        return f"{res} based on {self.expr(e.subject)}: {'; '.join(rows)}"

    def plain_amount(self, e: ast.Expr, res: str) -> str:
        """'2 Livre', 'n Livre', or 'Livre equal to <long phrase>'."""
        if self.short(e):
            return f"{self.amount(e)} {res}"
        return f"{res} equal to {self.amount(e)}"

    def short(self, e: ast.Expr) -> bool:
        """Numbers, locals and arithmetic on them read well before a resource: '4 × n Livre'."""
        if isinstance(e, ast.Number):
            return True
        if isinstance(e, ast.Name):
            res = self.analysis.names.get(id(e))
            return res is None or (res.kind == "local" and not res.fields)
        if isinstance(e, ast.BinOp) and e.op != "/":
            return self.short(e.left) and self.short(e.right)
        if isinstance(e, ast.UnaryOp):
            return self.short(e.operand)
        return False

    def verb(self, s: ast.VerbCall) -> str:
        vdef = self.vocab.verbs.get(s.verb)
        if vdef is None:
            return to_source(s)
        given = {o.name: o for o in s.options}
        if vdef.describe is not None:
            values: dict[str, object] = {}
            for o in s.options:
                odef = vdef.options.get(o.name)
                if o.value is None:
                    values[o.name] = True
                elif isinstance(o.value, ast.ListExpr):
                    values[o.name] = [self.expr(i) for i in o.value.items]
                else:
                    values[o.name] = self.option_value(o.value, odef.text if odef else "")
            return _tidy(vdef.describe(values))
        used = set()

        def fill(m: re.Match[str]) -> str:
            name = m.group(1)
            used.add(name)
            o = given.get(name)
            if m.group(2):  # `{name:s}`: a plural's s, unless the option is the number 1
                return "" if o is not None and type(o.value) is ast.Number \
                    and o.value.value == 1 else "s"
            if o is None:
                return ""
            odef = vdef.options.get(name)
            if o.value is None:
                return odef.text if odef is not None else name.replace("_", " ")
            if odef is not None and "{}" in odef.text:  # a phrase around the value
                return self.option_phrase(o.value, odef.text)
            return self.expr(o.value)

        text = re.sub(r"\{(\w+)(:s)?\}", fill, vdef.text)
        for o in s.options:
            if o.name in used:
                continue
            odef = vdef.options.get(o.name)
            label = (odef.text if odef is not None and odef.text else o.name.replace("_", " "))
            text += f" ({label})" if o.value is None else f" ({label}: {self.expr(o.value)})"
        return _tidy(text)

    def option_phrase(self, value: ast.Expr, text: str) -> str:
        """An option's phrase around its value: ' paying {} Livre' with 0 reads ' free of
        charge', with a table 'paying Livre based on ...: 3 or more: 2 Livre; ...'."""
        m = re.fullmatch(r"(.*)\{\} (\w+)", text, re.S)
        if m is not None:
            before = m.group(1)
            if isinstance(value, ast.Number) and value.value == 0 and "paying" in before:
                return " free of charge"
            return before + self.option_value(value, text)
        return text.replace("{}", self.expr(value))

    def option_value(self, value: ast.Expr, text: str) -> str:
        """The value as an amount of the option's unit ('{} Livre'), or as it reads."""
        m = re.search(r"\{\} (\w+)$", text)
        if m is None:
            return self.expr(value)
        unit = m.group(1)
        if isinstance(value, ast.Table):
            return self.table_amount(value, unit)
        return self.plain_amount(value, unit)

    # ---- expressions ----
    def expr(self, e: ast.Expr, parent_prec: int = 0) -> str:
        try:
            return self._expr(e, parent_prec)
        except Exception:  # noqa: BLE001 - never crash on odd input: fall back to source text
            return to_source(e)

    def _expr(self, e: ast.Expr, parent_prec: int) -> str:
        return self.visit("text", e, parent_prec)

    def text_number(self, e: ast.Number, parent_prec: int) -> str:
        return str(e.value)

    def text_bool(self, e: ast.Bool, parent_prec: int) -> str:
        return "yes" if e.value else "no"

    def text_name(self, e: ast.Name, parent_prec: int) -> str:
        return self.name(e)

    def text_list_expr(self, e: ast.ListExpr, parent_prec: int) -> str:
        return _and([self.expr(i) for i in e.items]) or "nothing"

    def text_bin_op(self, e: ast.BinOp, parent_prec: int) -> str:
        if e.op == "/":
            text = f"{self.expr(e.left, 3)} divided by {self.expr(e.right, 3)}"
            return f"({text})" if parent_prec >= 2 else text
        p = _BIN_PREC[e.op]
        text = f"{self.expr(e.left, p)} {_BIN_TEXT[e.op]} {self.expr(e.right, p + 1)}"
        return f"({text})" if p < parent_prec else text

    def text_unary_op(self, e: ast.UnaryOp, parent_prec: int) -> str:
        return f"−{self.expr(e.operand, 3)}"

    def text_compare(self, e: ast.Compare, parent_prec: int) -> str:
        placed = self.placed(e)
        if placed is not None:
            return placed
        having = self.having(e)
        if having is not None:
            return having
        left = self.expr(e.left)
        verb = _CMP_TEXT[e.op]
        if _plural_subject(left):  # 'your Thread tokens are more than 1'
            verb = "are" + verb[2:]
        return f"{left} {verb} {self.expr(e.right)}"

    def text_bool_op(self, e: ast.BoolOp, parent_prec: int) -> str:
        """Mixed `and`/`or` keep their grouping: 'A and B, or C and D'; an `or` inside an
        `and` in brackets: 'A and (B, or C)'."""
        sides = (e.left, e.right)
        texts = [self.expr(x) for x in sides]
        if e.op == "and":
            texts = [f"({t})" if isinstance(x, ast.BoolOp) and x.op == "or" else t
                     for x, t in zip(sides, texts)]
            return " and ".join(texts)
        grouped = any(isinstance(x, ast.BoolOp) and x.op == "and" for x in sides)
        return (", or " if grouped else " or ").join(texts)

    def text_not(self, e: ast.Not, parent_prec: int) -> str:
        if type(e.operand) is ast.Possible:  # 'you cannot X', not 'not you can X'
            return f"you cannot {self._can_clause(e.operand)}"
        if type(e.operand) is ast.Compare:  # 'you have no X', not 'not you have any X'
            having = self.having(e.operand, negated=True)
            if having is not None:
                return having
        return f"not {self.expr(e.operand, 3)}"

    def text_where(self, e: ast.Where, parent_prec: int) -> str:
        return self.where(e)

    def text_call(self, e: ast.Call, parent_prec: int) -> str:
        return self.call(e)

    def text_table(self, e: ast.Table, parent_prec: int) -> str:
        """'5 if X is 4 or more, 3 if it is 3, ...'"""
        rows = [f"{self.expr(entry.value)} if {'it' if i else self.expr(e.subject)} is "
                f"{self.key(entry.key)}" for i, entry in enumerate(e.entries)]
        return ", ".join(rows)

    def text_choose_one(self, e: ast.ChooseOne, parent_prec: int) -> str:
        return f"one of {self.expr(e.options)} of your choice"

    def text_choose_any(self, e: ast.ChooseAny, parent_prec: int) -> str:
        return f"any of {self.expr(e.options)} of your choice"

    def text_choose_number(self, e: ast.ChooseNumber, parent_prec: int) -> str:
        return f"a number of your choice from {self.expr(e.lo)} to {self.expr(e.hi)}"

    def text_possible(self, e: ast.Possible, parent_prec: int) -> str:
        return "you can" if e is self.can_do else f"you can {self._can_clause(e)}"

    def _can_clause(self, e: ast.Possible) -> str:
        """What `possible(X)` tests, said inside a condition: X's first sentence (a verb's
        further sentences explain how it is done, and would break the condition in two)."""
        text = self.clause(e.stmt)
        first, sep, _rest = text.partition(". ")
        return first if sep else text

    def name(self, e: ast.Name) -> str:
        if len(e.path) == 1 and e.path[0] in self.inline:
            return self.inline[e.path[0]]
        res = self.analysis.names.get(id(e))
        if res is None:
            if len(e.path) == 1 and self.vocab.enums_of(e.path[0]):
                return self.vocab.constant_text(e.path[0])
            return self.bind_text.get(e.dotted) or e.dotted.replace("_", " ")
        if res.kind == "vocab":
            text = res.base.text
        elif res.kind == "enum":
            text = self.vocab.constant_text(res.base)
        elif res.kind == "local":
            text = self.them.get(res.base) or self.bind_text.get(res.base) \
                or res.base.replace("_", " ")
        else:
            text = ""
        for fdef, _project in res.fields:
            text = f"the {fdef.text} of {text}" if text else fdef.text
        return text

    @contextlib.contextmanager
    def naming(self, name: str, collection: ast.Expr) -> Iterator[None]:
        """While a named item's condition or key is read, its name reads 'that ITEM'."""
        before = self.them.get(name)
        self.them[name] = "that " + self.member(collection)
        try:
            yield
        finally:
            if before is None:
                self.them.pop(name, None)
            else:
                self.them[name] = before

    def where(self, e: ast.Where) -> str:
        if e.name is not None:
            with self.naming(e.name, e.collection):
                return self._where(e)
        return self._where(e)

    def _where(self, e: ast.Where) -> str:
        coll = self.expr(e.collection)
        conds = _conjuncts(e.cond)
        found = [self.item_condition(c) for c in conds]
        descr = [d for d in found if d is not None]
        if len(descr) != len(found):
            cond = self.expr(e.cond)
            # 'whose Livre is ...' reads; 'whose the number of ...' does not
            return f"{coll} {'for whom' if cond.startswith('the ') else 'whose'} {cond}"
        places = [d for d in descr if d.startswith(("on ", "in ", "not on ", "not in "))]
        adjectives = [d for d in descr if d not in places]
        if adjectives and coll.startswith(("your ", "the ", "all ")):
            head, rest = coll.split(" ", 1)
            coll = f"{head} {_and(adjectives)} {rest}"  # 'your blue Garments on the board'
        elif adjectives:
            coll = f"{coll} that are {_and(adjectives)}"
        if places:  # 'your Garments on a Master guest space', not '... on the board that are on'
            coll = coll.split(" on ")[0].split(" in ")[0] + " " + _and(places)
        return coll

    def member(self, e: ast.Expr) -> str:
        """One of a described collection: 'blue Garment'; or, when the collection is picked by
        one constant of an enum whose constants name a thing by themselves (the vocabulary's
        `noun_enums`, e.g. garment kinds), that name alone: 'gown', not 'gown Garment'."""
        if isinstance(e, ast.Where):
            conds = _conjuncts(e.cond)
            c = conds[0]
            if (len(conds) == 1 and isinstance(c, ast.Compare) and c.op == "="
                    and isinstance(c.right, ast.Name)):
                res = self.analysis.names.get(id(c.right))
                if (res is not None and res.kind == "enum"
                        and set(self.vocab.enums_of(res.base)) & set(self.vocab.noun_enums)):
                    return self.vocab.constant_text(res.base)
        return _singular(self.expr(e))

    def item_condition(self, c: ast.Expr) -> str | None:
        """`color = blue` -> 'blue'; `not is_master` -> 'not master'; else None."""
        if isinstance(c, ast.Compare) and c.op in ("=", "!="):
            res = self.analysis.names.get(id(c.right))
            left = self.analysis.names.get(id(c.left))
            place = self._place(left)
            if place is not None and left is not None and isinstance(c.right, ast.Name) \
                    and res is not None and res.kind in ("enum", "local"):
                what = self.vocab.constant_text(res.base) if res.kind == "enum" \
                    else f"{left.fields[-1][0].text} {self.name(c.right)}"
                return ("" if c.op == "=" else "not ") + place.format(what)
            if (isinstance(c.right, ast.Name) and res is not None and res.kind == "enum"
                    and left is not None and left.kind == "item"):
                return ("" if c.op == "=" else "not ") + self.vocab.constant_text(res.base)
        if isinstance(c, ast.Name):
            res = self.analysis.names.get(id(c))
            if res is not None and res.kind == "item":
                return self.name(c)
        if isinstance(c, ast.Not):
            inner = self.item_condition(c.operand)
            return None if inner is None else "not " + inner
        return None

    def having(self, e: ast.Compare, negated: bool = False) -> str | None:
        """A count compared with none, said as a card says it: `count(my.decorations where area
        = statue) > 0` 'you have any Statue Decorations', `= 0` 'you have no ...'; a pile's
        count 'the Master Examination deck is not empty' ('is empty'). `negated`: said of
        `not (...)`."""
        left, right = e.left, e.right
        if type(left) is not ast.Call or left.func != "count" or len(left.args) != 1 \
                or type(right) is not ast.Number:
            return None
        key = (e.op, right.value)
        if key not in _SOME and key not in _NONE:
            return None
        some = (key in _SOME) != negated
        arg = left.args[0]
        counted = self.expr(arg)
        if counted.startswith("your "):
            return f"you have {'any' if some else 'no'} {counted[5:]}"
        if type(arg) is ast.Name and arg.path[0] == "zone":  # a pile: full or empty
            pile = counted if counted.startswith("the ") else f"the {counted}"
            return f"{pile} is {'not empty' if some else 'empty'}"
        return None

    def placed(self, e: ast.Compare) -> str | None:
        """`event.space.hall = royal_hall` -> 'the guest space of the event is in the Royal
        Hall': a place field compared with a place, said of the thing that has the field."""
        res = self.analysis.names.get(id(e.left))
        right = self.analysis.names.get(id(e.right))
        if e.op not in ("=", "!=") or res is None or res.kind != "vocab" or not res.fields \
                or right is None or right.kind != "enum":
            return None
        place = self.vocab.places_for(res.fields[-1][0].type)
        if place is None:
            return None
        text = res.base.text
        for fdef, _project in res.fields[:-1]:
            text = f"the {fdef.text} of {text}"
        verb = "is" if e.op == "=" else "is not"
        return f"{text} {verb} {place.format(self.vocab.constant_text(right.base))}"

    def _place(self, res: Resolution | None) -> str | None:
        """The phrase of a `where` item's field whose values are places ('in the {}')."""
        if res is None or res.kind != "item" or not res.fields:
            return None
        return self.vocab.places_for(res.fields[-1][0].type)

    def call(self, e: ast.Call) -> str:
        if e.name is not None:  # `min_by(LIST as NAME, KEY)`: NAME reads 'that space'
            with self.naming(e.name, e.args[0]):
                args = [self.expr(a) for a in e.args]
        else:
            args = [self.expr(a) for a in e.args]
        f = e.func
        if f == "count" and len(args) == 1:
            counted = args[0][4:] if args[0].startswith("the ") else args[0]
            return f"the number of {counted}"
        if f == "sum" and len(args) == 1:
            return f"the total of {args[0]}"
        if f in ("floor", "ceil") and len(args) == 1:
            return f"{args[0]}, rounded {'down' if f == 'floor' else 'up'}"
        ordered = _ordered_text(f, args)
        if ordered is not None:
            return ordered
        if f in ("min", "max"):
            word = "lowest" if f == "min" else "highest"
            if len(args) == 2:
                word = "lower" if f == "min" else "higher"
                return f"the {word} of {args[0]} and {args[1]}"
            return f"the {word} of {_and(args)}"
        return f"{f}({', '.join(args)})"

    def key(self, k: ast.RangeKey | ast.EnumKey) -> str:
        """A table row's key: 'Master', '2', '5 or 6', '5 to 8', '11 or more'."""
        if isinstance(k, ast.EnumKey):
            return self.vocab.constant_text(k.name)
        if k.hi is None:
            return f"{k.lo} or more"
        if k.hi == k.lo:
            return str(k.lo)
        if k.hi == k.lo + 1:
            return f"{k.lo} or {k.hi}"
        return f"{k.lo} to {k.hi}"


def _floor_of_own(value: ast.Expr, rest: list[ast.Stmt]) -> int | float | None:
    """k when `value` is `floor(my.R / k)` and R is paid next: every k of the player's own R."""
    if not (isinstance(value, ast.Call) and value.func == "floor" and len(value.args) == 1
            and rest and isinstance(rest[0], ast.Pay)):
        return None
    ratio = value.args[0]
    if (isinstance(ratio, ast.BinOp) and ratio.op == "/"
            and isinstance(ratio.left, ast.Name) and ratio.left.path == ("my", rest[0].resource)
            and isinstance(ratio.right, ast.Number)):
        return ratio.right.value
    return None


def _ordinal(n: str) -> str:
    small = {"1": "first", "2": "second", "3": "third", "4": "fourth", "5": "fifth"}
    return small.get(n, f"number {n}")


def _ordered_text(f: str, args: list[str]) -> str | None:
    """Card text for the functions that pick or order items of a list."""
    def one(text: str) -> str:
        if text.endswith(" in reverse order"):
            return _singular(text[: -len(" in reverse order")]) + " from the end"
        words = text.split(" on ")[0].split()
        if len(words) == 1 or words[:2] == ["your", "own"] or not words[-1].endswith("s"):
            # a local's name or a pile: 'the first of fits', 'the last of your own discard pile'
            return f"one of {text}" if f in ("min_by", "max_by") else f"of {text}"
        return _singular(text[4:] if text.startswith("the ") else text)
    if f == "first":
        return f"the first {one(args[0])}"
    if f == "last":
        return f"the last {one(args[0])}"
    if f == "nth":
        return f"the {_ordinal(args[1])} {one(args[0])}"
    if f == "random":
        return f"one of {args[0]} at random"
    if f == "reverse":
        return f"{args[0]} in reverse order"
    if f == "position":
        return f"the place of {args[1]} in {args[0]}"
    if f == "mod":
        return f"the remainder of {args[0]} divided by {args[1]}"
    if f == "min_by":
        return f"the {one(args[0])} with the lowest {args[1]}"
    if f == "max_by":
        return f"the {one(args[0])} with the highest {args[1]}"
    if f == "sort_by":
        return f"{args[0]} from the lowest {args[1]} up"
    return None


def _times_name(e: ast.Expr, name: str) -> str | None:
    """`n` -> '1', `k * n` or `n * k` -> 'k' (k a number); anything else None."""
    if isinstance(e, ast.Name) and e.path == (name,):
        return "1"
    if isinstance(e, ast.BinOp) and e.op == "*":
        for a, b in ((e.left, e.right), (e.right, e.left)):
            if isinstance(a, ast.Number) and isinstance(b, ast.Name) and b.path == (name,):
                return str(a.value)
    return None


def _sum_field(e: ast.Expr) -> Any:
    """`sum(x.field)` -> (x, field) for a local list x; else None."""
    if isinstance(e, ast.Call) and e.func == "sum" and len(e.args) == 1 \
            and isinstance(e.args[0], ast.Name) and len(e.args[0].path) == 2:
        return e.args[0].path
    return None


def _tidy(text: str) -> str:
    text = re.sub(r"\s+", " ", text).strip()
    return re.sub(r"\s+([,.;:)])", r"\1", text)


def _terms(e: ast.Expr) -> list[ast.Expr]:
    if isinstance(e, ast.BinOp) and e.op == "+":
        return _terms(e.left) + _terms(e.right)
    return [e]


def _conjuncts(e: ast.Expr) -> list[ast.Expr]:
    if isinstance(e, ast.BoolOp) and e.op == "and":
        return _conjuncts(e.left) + _conjuncts(e.right)
    return [e]


def _is_every(e: ast.Expr) -> bool:
    return (isinstance(e, ast.Call) and e.func == "floor" and len(e.args) == 1
            and isinstance(e.args[0], ast.BinOp) and e.args[0].op == "/"
            and isinstance(e.args[0].right, ast.Number))


def _is_min_of_counts(e: ast.Expr) -> bool:
    return (isinstance(e, ast.Call) and e.func == "min" and len(e.args) >= 2
            and all(isinstance(a, ast.Call) and a.func == "count" and len(a.args) == 1
                    for a in e.args))


# (comparison, number) that say a count is some, or none: `> 0`, `>= 1`, `!= 0`; `= 0`, `< 1`
_SOME = frozenset({(">", 0), (">=", 1), ("!=", 0)})
_NONE = frozenset({("=", 0), ("<", 1), ("<=", 0)})


def _plural_subject(phrase: str) -> bool:
    """Whether a compared quantity reads as plural: 'your Thread tokens' (not 'the number of
    your Garments', whose head is 'number', nor 'your Livre')."""
    words = phrase.split()
    if len(words) < 2 or words[0] != "your" or " of " in phrase:
        return False
    return words[-1].endswith("s") and not words[-1].endswith("ss")


def _singular(phrase: str) -> str:
    """'your gown Garments on the board' -> 'gown Garment' (a member of the collection)."""
    words = phrase.split(" on ")[0].split()
    if words and words[0] in ("your", "the", "all"):
        words = words[1:]
    if words and words[-1].endswith(("sses", "shes", "ches")):  # 'Dresses' -> 'Dress'
        words[-1] = words[-1][:-2]
    elif words and words[-1].endswith("s"):
        words[-1] = words[-1][:-1]
    return " ".join(words)


def _is_count_or_every(e: ast.Expr) -> bool:
    return (isinstance(e, ast.Call) and e.func == "count" and len(e.args) == 1) or _is_every(e)

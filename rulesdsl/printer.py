"""AST -> plain English card text (and, via `to_source`, back to effect-language text).

Card text is generated from the same rules the engine runs, so it cannot drift from them. It uses
the vocabulary's display texts and a few patterns ("for each", "for every N", tables); anything
else falls back to a literal but readable rendering. It never raises on a well-formed AST.
"""
from __future__ import annotations

import re

from . import ast
from .checker import Analysis, analyse_effect, analyse_expression
from .source import to_source
from .vocabulary import Vocabulary

__all__ = ["effect_text", "expression_text", "to_source"]

_CMP_TEXT = {"=": "is", "!=": "is not", "<": "is less than", "<=": "is at most",
             ">": "is more than", ">=": "is at least"}
_BIN_TEXT = {"+": "+", "-": "−", "*": "×", "/": "/"}
_BIN_PREC = {"+": 1, "-": 1, "*": 2, "/": 2}
_SIMPLE = (ast.Gain, ast.Pay, ast.Let, ast.VerbCall)


def effect_text(effect: ast.Effect, vocab: Vocabulary) -> str:
    """The effect as card text: capitalised sentences ending with '.'."""
    p = _Printer(vocab, analyse_effect(effect, vocab))
    return " ".join(p.sentences(effect.statements)) or "Nothing happens."


def expression_text(expr, vocab: Vocabulary, analysis: Analysis | None = None) -> str:
    """An expression as an English noun phrase (used for prompts and option texts)."""
    if analysis is None:
        analysis = analyse_expression(expr, vocab)
    return _Printer(vocab, analysis).expr(expr)


def block_text(stmts, vocab: Vocabulary, analysis: Analysis) -> str:
    """One alternative of an `either`, as a clause of card text."""
    return _Printer(vocab, analysis).block(stmts) if stmts else "nothing"


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return ""
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def _join_clauses(clauses: list[str]) -> str:
    if len(clauses) <= 1:
        return "".join(clauses)
    return ", ".join(clauses[:-1]) + ", then " + clauses[-1]


def _and(items: list[str], word: str = "and") -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {word} " + items[-1]


def _of(phrase: str) -> str:
    """'your Garments' -> 'of your Garments', so 'for each of your Garments' reads well."""
    return "of " + phrase if phrase.startswith(("your ", "the ", "all ", "their ", "its ")) else phrase


class _Printer:
    def __init__(self, vocab: Vocabulary, analysis: Analysis):
        self.vocab = vocab
        self.analysis = analysis

    # ---- statements ----
    def sentences(self, stmts) -> list[str]:
        out, pending = [], []
        for s in stmts:
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

    def block(self, stmts) -> str:
        parts = []
        pending = []
        for s in stmts:
            pending.append(self.clause(s))
        parts.append(_join_clauses(pending))
        return "".join(parts) or "nothing happens"

    def clause(self, s) -> str:
        if isinstance(s, ast.Gain):
            return "gain " + self.gain_amount(s.amount, s.resources)
        if isinstance(s, ast.Pay):
            return f"pay {self.plain_amount(s.amount, self.resource(s.resource))}"
        if isinstance(s, ast.Let):
            return self.let(s)
        if isinstance(s, ast.If):
            text = f"if {self.expr(s.cond)}, {self.block(s.then)}"
            if s.else_ is not None:
                text += f"; otherwise, {self.block(s.else_)}"
            return text
        if isinstance(s, ast.Repeat):
            return f"repeat {self.expr(s.count)} times: {self.block(s.body)}"
        if isinstance(s, ast.Either):
            return "either " + ", or ".join(self.block(alt) if alt else "nothing"
                                           for alt in s.alternatives)
        if isinstance(s, ast.VerbCall):
            return self.verb(s)
        return to_source(s)

    def let(self, s: ast.Let) -> str:
        v = s.value
        if isinstance(v, ast.ChooseNumber):
            return f"choose a number {s.name} from {self.expr(v.lo)} to {self.expr(v.hi)}"
        if isinstance(v, ast.ChooseOne):
            return f"choose one of {self.expr(v.options)} ({s.name})"
        if isinstance(v, ast.ChooseAny):
            return f"choose any of {self.expr(v.options)} ({s.name})"
        return f"let {s.name} be {self.expr(v)}"

    def resource(self, r: str) -> str:
        return self.vocab.resources.get(r, r)

    def amount(self, e) -> str:
        return self.expr(e)

    def gain_amount(self, e, resources) -> str:
        if len(resources) > 1:
            amt = self.amount(e)
            return " or ".join(f"{amt} {self.resource(r)}" for r in resources)
        res = self.resource(resources[0])
        terms = _terms(e)
        phrases = [self.pattern(t, res) for t in terms]
        if len(terms) > 1 and all(p is None for p in phrases):
            return self.plain_amount(e, res)
        return _and([p if p is not None else self.plain_amount(t, res) for p, t in zip(phrases, terms)])

    def plain_amount(self, e, res: str) -> str:
        """'2 Livre', 'n Livre', or 'Livre equal to <long phrase>'."""
        if self.short(e):
            return f"{self.amount(e)} {res}"
        return f"{res} equal to {self.amount(e)}"

    def pattern(self, e, res: str) -> str | None:
        """'1 R for each X', 'k R for every N X', 'R by X: ...' or None."""
        k, core = "1", e
        if isinstance(e, ast.BinOp) and e.op == "*":
            if isinstance(e.left, ast.Number) and _is_count_or_every(e.right):
                k, core = str(e.left.value), e.right
            elif isinstance(e.right, ast.Number) and _is_count_or_every(e.left):
                k, core = str(e.right.value), e.left
        if isinstance(core, ast.Call) and core.func == "count" and len(core.args) == 1:
            return f"{k} {res} for each {_of(self.expr(core.args[0]))}"
        if _is_every(core):
            div = core.args[0]
            counted = div.left
            if isinstance(counted, ast.Call) and counted.func == "count" and len(counted.args) == 1:
                counted = counted.args[0]  # 'every 2 of your Decorations', not 'of the number of'
            return f"{k} {res} for every {self.expr(div.right)} {_of(self.expr(counted))}"
        if isinstance(e, ast.Table):
            return f"{res} by {self.expr(e.subject)}: {self.entries(e)}"
        return None

    def short(self, e) -> bool:
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
        used = set()

        def fill(m):
            name = m.group(1)
            used.add(name)
            o = given.get(name)
            if o is None:
                return ""
            odef = vdef.options.get(name)
            if o.value is None:
                return odef.text if odef is not None else name.replace("_", " ")
            if odef is not None and "{}" in odef.text:  # a phrase around the value
                return odef.text.replace("{}", self.expr(o.value))
            return self.expr(o.value)

        text = re.sub(r"\{(\w+)\}", fill, vdef.text)
        for o in s.options:
            if o.name in used:
                continue
            odef = vdef.options.get(o.name)
            label = (odef.text if odef is not None and odef.text else o.name.replace("_", " "))
            text += f" ({label})" if o.value is None else f" ({label}: {self.expr(o.value)})"
        text = re.sub(r"\s+", " ", text).strip()
        return re.sub(r"\s+([,.;:)])", r"\1", text)

    # ---- expressions ----
    def expr(self, e, parent_prec: int = 0) -> str:
        try:
            return self._expr(e, parent_prec)
        except Exception:  # never crash on odd input: fall back to source text
            return to_source(e)

    def _expr(self, e, parent_prec: int) -> str:
        if isinstance(e, ast.Number):
            return str(e.value)
        if isinstance(e, ast.Bool):
            return "yes" if e.value else "no"
        if isinstance(e, ast.Name):
            return self.name(e)
        if isinstance(e, ast.ListExpr):
            return _and([self.expr(i) for i in e.items]) or "nothing"
        if isinstance(e, ast.BinOp):
            if e.op == "/":
                text = f"{self.expr(e.left, 3)} divided by {self.expr(e.right, 3)}"
                return f"({text})" if parent_prec >= 2 else text
            p = _BIN_PREC[e.op]
            text = f"{self.expr(e.left, p)} {_BIN_TEXT[e.op]} {self.expr(e.right, p + 1)}"
            return f"({text})" if p < parent_prec else text
        if isinstance(e, ast.UnaryOp):
            return f"−{self.expr(e.operand, 3)}"
        if isinstance(e, ast.Compare):
            return f"{self.expr(e.left)} {_CMP_TEXT[e.op]} {self.expr(e.right)}"
        if isinstance(e, ast.BoolOp):
            return f"{self.expr(e.left)} {e.op} {self.expr(e.right)}"
        if isinstance(e, ast.Not):
            return f"not {self.expr(e.operand, 3)}"
        if isinstance(e, ast.Where):
            return self.where(e)
        if isinstance(e, ast.Call):
            return self.call(e)
        if isinstance(e, ast.Table):
            return f"an amount by {self.expr(e.subject)} ({self.entries(e)})"
        if isinstance(e, ast.ChooseOne):
            return f"one of {self.expr(e.options)} of your choice"
        if isinstance(e, ast.ChooseAny):
            return f"any of {self.expr(e.options)} of your choice"
        if isinstance(e, ast.ChooseNumber):
            return f"a number of your choice from {self.expr(e.lo)} to {self.expr(e.hi)}"
        if isinstance(e, ast.Possible):
            return f"you can {self.clause(e.stmt)}"
        return to_source(e)

    def name(self, e: ast.Name) -> str:
        res = self.analysis.names.get(id(e))
        if res is None:
            if len(e.path) == 1 and self.vocab.enums_of(e.path[0]):
                return self.vocab.constant_text(e.path[0])
            return e.dotted
        if res.kind == "vocab":
            text = res.base.text
        elif res.kind == "enum":
            text = self.vocab.constant_text(res.base)
        elif res.kind == "local":
            text = res.base
        else:
            text = ""
        for fdef, _project in res.fields:
            text = f"the {fdef.text} of {text}" if text else fdef.text
        return text

    def where(self, e: ast.Where) -> str:
        coll = self.expr(e.collection)
        conds = _conjuncts(e.cond)
        descr = [self.item_condition(c) for c in conds]
        if all(d is not None for d in descr):
            return f"{coll} that are {_and(descr)}"
        return f"{coll} whose {self.expr(e.cond)}"

    def item_condition(self, c) -> str | None:
        """`color = blue` -> 'blue'; `not is_master` -> 'not master'; else None."""
        if isinstance(c, ast.Compare) and c.op in ("=", "!="):
            res = self.analysis.names.get(id(c.right))
            left = self.analysis.names.get(id(c.left))
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

    def call(self, e: ast.Call) -> str:
        args = [self.expr(a) for a in e.args]
        f = e.func
        if f == "count" and len(args) == 1:
            return f"the number of {args[0]}"
        if f == "sum" and len(args) == 1:
            return f"the total of {args[0]}"
        if f in ("floor", "ceil") and len(args) == 1:
            return f"{args[0]}, rounded {'down' if f == 'floor' else 'up'}"
        if f in ("min", "max"):
            word = "lowest" if f == "min" else "highest"
            if len(args) == 2:
                word = "lower" if f == "min" else "higher"
                return f"the {word} of {args[0]} and {args[1]}"
            return f"the {word} of {_and(args)}"
        return f"{f}({', '.join(args)})"

    def entries(self, e: ast.Table) -> str:
        parts = []
        for entry in e.entries:
            k = entry.key
            if isinstance(k, ast.EnumKey):
                key = self.vocab.constant_text(k.name)
            elif k.hi is None:
                key = f"{k.lo}+"
            elif k.hi == k.lo:
                key = str(k.lo)
            else:
                key = f"{k.lo}–{k.hi}"
            parts.append(f"{key}: {self.expr(entry.value)}")
        return ", ".join(parts)


def _terms(e) -> list:
    if isinstance(e, ast.BinOp) and e.op == "+":
        return _terms(e.left) + _terms(e.right)
    return [e]


def _conjuncts(e) -> list:
    if isinstance(e, ast.BoolOp) and e.op == "and":
        return _conjuncts(e.left) + _conjuncts(e.right)
    return [e]


def _is_every(e) -> bool:
    return (isinstance(e, ast.Call) and e.func == "floor" and len(e.args) == 1
            and isinstance(e.args[0], ast.BinOp) and e.args[0].op == "/"
            and isinstance(e.args[0].right, ast.Number))


def _is_count_or_every(e) -> bool:
    return (isinstance(e, ast.Call) and e.func == "count" and len(e.args) == 1) or _is_every(e)

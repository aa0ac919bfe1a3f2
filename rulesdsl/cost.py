"""The most work an effect can do, bounded at load time: a rule pack from a stranger may nest
loops (`each player` 14 deep, `players where` inside `players where`...) whose work multiplies
past any game's patience, though each loop alone is bounded.

The estimate counts one step per node run, and multiplies what a loop runs by how often it may
run: `repeat N` by N (by runtime.MAX_REPEAT when N is known only in play), `each` by the most
seats, and a `where`'s condition (or `min_by`'s key...) by the longest list an effect reads.
It is an upper bound of the shape, not of a game: an effect over the limit is refused where its
outermost loop over the limit is written.
"""
from __future__ import annotations

from typing import Any

from . import ast, runtime
from .folding import NOT_CONSTANT, fold
from .rule_errors import RulesError, Span
from .walk import field_names

MAX_WORK = 1_000_000  # steps one run of an effect may take, at most
MOST_SEATS = 5        # what `each player` runs over
LONGEST_LIST = 50     # what a `where` or a `min_by` runs its condition over
_PER_ITEM = ("min_by", "max_by", "sort_by")  # calls whose later arguments run once per item


def _children(node: Any) -> list:
    out: list = []
    for name in field_names(node, span=True) or ():
        value = getattr(node, name)
        if field_names(value) is not None:
            out.append(value)
        elif isinstance(value, tuple):
            for item in value:
                if field_names(item) is not None:
                    out.append(item)
                elif isinstance(item, tuple):  # either's alternatives
                    out.extend(i for i in item if field_names(i) is not None)
    return out


def _times(node: Any) -> tuple[int, list, list] | None:
    """For a loop: how often its body may run, what runs once, what runs each time."""
    if isinstance(node, ast.Repeat):
        n = fold(node.count)
        times = n if n is not NOT_CONSTANT and isinstance(n, int) else runtime.MAX_REPEAT
        return max(times, 0), [node.count], list(node.body)
    if isinstance(node, ast.Each):
        return MOST_SEATS, [], list(node.body)
    if isinstance(node, ast.Where):
        return LONGEST_LIST, [node.collection], [node.cond]
    if isinstance(node, ast.Call) and node.func in _PER_ITEM and node.args:
        return LONGEST_LIST, [node.args[0]], list(node.args[1:])
    return None


def _loop_text(node: Any) -> str:
    if isinstance(node, ast.Repeat):
        return "repeat"
    if isinstance(node, ast.Each):
        return f"each {node.who}"
    if isinstance(node, ast.Where):
        return "where"
    return node.func


def work(node: Any, limit: int = MAX_WORK) -> tuple[int, Any]:
    """The most steps `node` may take (capped just past `limit`), and the outermost loop whose
    own work is over `limit` (None if none is)."""
    loop = _times(node)
    if loop is None:
        total, worst = 1, None
        for child in _children(node):
            cost, found = work(child, limit)
            total = min(total + cost, limit + 1)
            worst = worst or found
        return total, worst
    times, once, each = loop
    total, worst, body = 1, None, 0
    for child in once:
        cost, found = work(child, limit)
        total, worst = min(total + cost, limit + 1), worst or found
    for child in each:
        cost, found = work(child, limit)
        body, worst = min(body + cost, limit + 1), worst or found
    total = min(total + times * body, limit + 1)
    if total > limit:
        worst = node  # this loop is the outermost one over the limit so far
    return total, worst


def check_work(effect: Any) -> list[RulesError]:
    """An error at the outermost loop of `effect` (or of an expression) whose nesting may take
    more than MAX_WORK steps."""
    total, worst = work(effect)
    if total <= MAX_WORK:
        return []
    depth, inner = _nesting(worst)
    span: Span = getattr(worst, "span", effect.span)
    return [RulesError(
        f"this {_loop_text(worst)} may take more than {MAX_WORK:,} steps in one run ({depth} "
        f"loops nested: {inner}); nest fewer loops or loop over less (a 'where' counts "
        f"{LONGEST_LIST} items, 'each' {MOST_SEATS} seats, a repeat its count)", span)]


def _nesting(node: Any) -> tuple[int, str]:
    """How deep loops nest under `node` (itself included), and their kinds, outermost first."""
    kinds: list[str] = []
    while node is not None:
        kinds.append(_loop_text(node))
        node = _deepest_loop(node)
    shown = " > ".join(kinds[:6]) + (" > ..." if len(kinds) > 6 else "")
    return len(kinds), shown


def _deepest_loop(node: Any) -> Any:
    """The loop nested inside `node`'s repeated part with the most work, or None."""
    loop = _times(node)
    inside = loop[2] if loop else _children(node)
    best, best_cost = None, 0
    stack = list(inside)
    while stack:
        n = stack.pop()
        if _times(n) is not None:
            cost = work(n)[0]
            if cost > best_cost:
                best, best_cost = n, cost
            continue
        stack.extend(_children(n))
    return best

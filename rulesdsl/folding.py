"""Constant folding: the value an expression has on every run, worked out once at load time.

The checker asks it to reject impossible amounts ("gain -2 livre", "pay 5 / 2 lace"); the
compiler asks it to turn a constant sub-expression into a value instead of a closure.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from . import ast, runtime

NOT_CONSTANT: Any = object()  # the answer for anything that depends on the game


def fold(node: Any, name: Callable[[ast.Name], Any] | None = None) -> Any:
    """The value of `node` (an int, Fraction or bool, as the compiled effect would compute it), or
    NOT_CONSTANT. `name` gives the value of a name that is a constant (an enum constant), or
    NOT_CONSTANT; without it no name is constant. Lists are never constant (a caller may keep the
    list it is given), nor is a division by zero (it must fail when it runs, if it runs)."""
    kind = type(node)
    if kind is ast.Number or kind is ast.Bool:
        return node.value
    if kind is ast.Name:
        return NOT_CONSTANT if name is None else name(node)
    if kind is ast.UnaryOp:
        x = fold(node.operand, name)
        return NOT_CONSTANT if x is NOT_CONSTANT else -x
    if kind is ast.BinOp:
        left, right = fold(node.left, name), fold(node.right, name)
        if left is NOT_CONSTANT or right is NOT_CONSTANT:
            return NOT_CONSTANT
        if node.op == "+":
            return left + right
        if node.op == "-":
            return left - right
        if node.op == "*":
            return left * right
        return NOT_CONSTANT if right == 0 else runtime.divide(left, right, node.span)
    if kind is ast.Call and node.func in ("floor", "ceil", "min", "max") and node.args:
        args = [fold(x, name) for x in node.args]
        if any(a is NOT_CONSTANT or type(a) is bool for a in args):
            return NOT_CONSTANT
        if node.func in ("floor", "ceil"):
            if len(args) != 1:
                return NOT_CONSTANT
            return (math.floor if node.func == "floor" else math.ceil)(args[0])
        return (min if node.func == "min" else max)(args)
    return NOT_CONSTANT

"""Issue 34: no module of the core reads another class's private member. A name with one
leading underscore is read only through a method's own first parameter (`self`, `cls`): the
question protocol is one object with a public interface (core/questions.py), the journal's fast
write one of its methods, a save's game a Protocol. Nothing is allowed by name."""
from __future__ import annotations

import ast
from pathlib import Path

CORE = Path(__file__).resolve().parents[1] / "interpreter" / "core"


def private_reads(source: str) -> list[str]:
    """Each `x._name` (not a dunder) whose `x` is not the first parameter of the method it is
    read in, as "line: text"."""
    found: list[str] = []

    def visit(node: ast.AST, own: str | None) -> None:
        for child in ast.iter_child_nodes(node):
            inner = own  # a closure or lambda inside a method reads through the method's own
            if isinstance(child, ast.ClassDef):
                inner = None
            elif isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) \
                    and isinstance(node, ast.ClassDef):
                params = child.args.posonlyargs + child.args.args
                inner = params[0].arg if params else None
            if isinstance(child, ast.Attribute) and child.attr.startswith("_") \
                    and not child.attr.startswith("__") \
                    and not (isinstance(child.value, ast.Name) and child.value.id == own):
                found.append(f"{child.lineno}: {ast.unparse(child)}")
            visit(child, inner)

    visit(ast.parse(source), None)
    return found


def test_the_check_finds_a_private_read_of_another_object():
    source = '''
class A:
    def m(self, other):
        self._x = other._y
        return lambda: self._z

    @classmethod
    def make(cls, game):
        cls._w(game)
        game._v = 1

def f(self, tx):
    return self._q, tx._undo
'''
    assert private_reads(source) == ["4: other._y", "10: game._v", "13: self._q", "13: tx._undo"]


def test_no_core_module_reads_another_class_private_member():
    offenders = [f"{path.name}:{where}" for path in sorted(CORE.glob("*.py"))
                 for where in private_reads(path.read_text(encoding="utf-8"))]
    assert offenders == []

"""A JSON Schema compiled once to Python source: is a document valid, yes or no.

jsonschema walks the schema afresh for every document and builds a validator object at every
step, which made the schema check three quarters of loading a save. The function generated
here walks only the document: one plain function per schema node with the node's keywords as
`if` tests, the simple leaves (a type, an enum, bounds) inlined, so the check costs about what
reading the state costs. It answers as the strict validator of `schemas.py` does (Draft 2020-12,
whole numbers for "integer") for the keywords it knows, and refuses to compile a schema that
uses any other one, so it never accepts what the validator refuses; when it says no, the caller
asks jsonschema for the message. Names and literals reach the source through `repr` or as
constants in the function's namespace, never as raw text. tests/test_fastschema.py holds the
two to the same verdict, keyword by keyword and on a thousand randomly damaged saves.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

Check = Callable[[Any], bool]

# Keywords that only describe (they never make a document invalid).
# (`x-moved`, ours: where an object's keys of an older format went, for the unknown key's error)
_ANNOTATIONS = frozenset({"$schema", "$id", "$comment", "$defs", "title", "description",
                          "default", "examples", "deprecated", "readOnly", "writeOnly",
                          "x-moved"})
_LEAF = frozenset({"type", "enum", "const", "minimum", "maximum", "minLength", "maxLength",
                   "pattern"})
_STRUCTURE = frozenset({"properties", "additionalProperties", "required", "items", "minItems",
                        "maxItems", "anyOf", "oneOf", "allOf", "uniqueItems", "minProperties",
                        "maxProperties", "propertyNames", "not"})
_OBJECT = ("properties", "additionalProperties", "required", "minProperties", "maxProperties",
           "propertyNames")

# The test of each JSON type on a value named {v}.
_TYPE_TESTS = {
    "object": "type({v}) is dict",
    "array": "type({v}) is list",
    "string": "type({v}) is str",
    "integer": "type({v}) is int",
    "number": "(type({v}) is int or type({v}) is float)",
    "boolean": "type({v}) is bool",
    "null": "{v} is None",
}
_NUMBER = "(type({v}) is int or type({v}) is float)"


class Unsupported(ValueError):
    """The schema uses a keyword (or a form of one) this compiler does not know."""


def json_equal(a: Any, b: Any) -> bool:
    """Equality as JSON Schema means it: true is not 1, 1 is 1.0, containers compared deeply."""
    if type(a) is bool or type(b) is bool:
        return type(a) is type(b) and a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(json_equal(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(json_equal(a[k], b[k]) for k in a)
    if isinstance(a, (list, dict, str)) or isinstance(b, (list, dict, str)):
        return type(a) is type(b) and a == b
    return a == b


def unique_items(items: list) -> bool:
    """No two items equal as JSON Schema means it (`uniqueItems`)."""
    if all(type(x) is str for x in items):
        return len(set(items)) == len(items)
    return not any(json_equal(items[i], items[j]) for i in range(len(items)) for j in range(i))


def compile_schema(schema: Any, *, prefix_items: bool = False) -> Check:
    """A predicate equal to validating against `schema` (with its local `$ref`s inlined, as
    `schemas.inline_refs` does); Unsupported if the schema says more than it knows.
    `prefix_items` also compiles `prefixItems` (the rules files' fixed-length lists)."""
    return _Compiler(prefix_items).build(schema)


class _Compiler:
    def __init__(self, prefix_items: bool = False) -> None:
        self.structure = _STRUCTURE | {"prefixItems"} if prefix_items else _STRUCTURE
        self.lines: list[str] = []
        self.consts: dict[str, Any] = {"json_equal": json_equal, "unique_items": unique_items}
        self.count = 0

    def build(self, schema: Any) -> Check:
        root = self.function(schema)
        namespace = dict(self.consts)
        exec(compile("\n".join(self.lines), "<schema check>", "exec"), namespace)
        return namespace[root]

    def const(self, value: Any) -> str:
        name = f"K{len(self.consts)}"
        self.consts[name] = value
        return name

    def function(self, schema: Any) -> str:
        """A function `def S<n>(v)` for `schema`; returns its name."""
        self.count += 1
        name = f"S{self.count}"
        body: list[str] = []
        self.statements(schema, "v", body, "    ")
        self.lines += [f"def {name}(v):", *body, "    return True", ""]
        return name

    def test(self, schema: Any, var: str) -> str:
        """An expression true when `var` is valid against `schema`: inline for a leaf, else a
        call of its own function."""
        if schema is True or (isinstance(schema, dict) and not set(schema) - _ANNOTATIONS):
            return "True"
        if isinstance(schema, dict) and not set(schema) - _LEAF - _ANNOTATIONS:
            self.check_keywords(schema)
            tests = self.leaf_tests(schema, var)
            return "(" + " and ".join(tests) + ")" if tests else "True"
        return f"{self.function(schema)}({var})"

    def check_keywords(self, schema: Any) -> None:
        if not isinstance(schema, dict):
            raise Unsupported(f"a schema must be an object or a boolean, not {schema!r}")
        unknown = set(schema) - _LEAF - self.structure - _ANNOTATIONS
        if unknown:
            raise Unsupported(f"keyword {sorted(unknown)[0]!r} is not supported")
        if "items" in schema and not isinstance(schema["items"], (dict, bool)):
            raise Unsupported("items must be one schema")

    def leaf_tests(self, schema: dict, v: str) -> list[str]:
        """The value keywords of `schema` as expressions over `v` (each true when it holds)."""
        tests: list[str] = []
        known = None  # the one type `v` is known to have, once tested
        if "type" in schema:
            names = [schema["type"]] if isinstance(schema["type"], str) else schema["type"]
            if not isinstance(names, list) or not all(n in _TYPE_TESTS for n in names):
                raise Unsupported(f"type {schema['type']!r} is not supported")
            tests.append("(" + " or ".join(_TYPE_TESTS[n].format(v=v) for n in names) + ")")
            known = names[0] if len(names) == 1 else None
        if "enum" in schema:
            values = schema["enum"]
            if not isinstance(values, list):
                raise Unsupported("enum must be a list")
            if all(type(x) is str for x in values):
                tests.append(f"(type({v}) is str and {v} in {self.const(frozenset(values))})")
            else:
                tests.append(f"any(json_equal({v}, x) for x in {self.const(tuple(values))})")
        if "const" in schema:
            tests.append(f"json_equal({v}, {self.const(schema['const'])})")
        for word, op in (("minimum", ">="), ("maximum", "<=")):
            if word in schema:
                limit = self.bound(schema, word)
                guard = "" if known in ("integer", "number") else f"not {_NUMBER.format(v=v)} or "
                tests.append(f"({guard}{v} {op} {limit})")
        for word, op in (("minLength", ">="), ("maxLength", "<=")):
            if word in schema:
                limit = self.bound(schema, word)
                guard = "" if known == "string" else f"type({v}) is not str or "
                tests.append(f"({guard}len({v}) {op} {limit})")
        if "pattern" in schema:
            try:
                regex = self.const(re.compile(schema["pattern"]))
            except (re.error, TypeError) as exc:
                raise Unsupported(f"pattern {schema['pattern']!r} is not a regular expression: "
                                  f"{exc}") from None
            guard = "" if known == "string" else f"type({v}) is not str or "
            tests.append(f"({guard}{regex}.search({v}) is not None)")
        return tests

    def bound(self, schema: dict, word: str) -> str:
        limit = schema[word]
        if type(limit) not in (int, float):
            raise Unsupported(f"{word} must be a number, not {limit!r}")
        return repr(limit)

    def statements(self, schema: Any, v: str, out: list[str], pad: str) -> None:
        """`schema`'s checks as statements that return False at the first failure."""
        if schema is True:
            return
        if schema is False:
            out.append(f"{pad}return False")
            return
        self.check_keywords(schema)
        for test in self.leaf_tests(schema, v):
            out.append(f"{pad}if not {test}: return False")
        types = schema.get("type")
        if any(k in schema for k in _OBJECT):
            inner = pad if types == "object" else pad + "    "
            if types != "object":
                out.append(f"{pad}if type({v}) is dict:")
            self.object_statements(schema, v, out, inner)
            if types != "object":
                out.append(f"{inner}pass")
        if any(k in schema for k in ("items", "minItems", "maxItems", "uniqueItems",
                                     "prefixItems")):
            inner = pad if types == "array" else pad + "    "
            if types != "array":
                out.append(f"{pad}if type({v}) is list:")
            self.array_statements(schema, v, out, inner)
        for word in ("anyOf", "oneOf", "allOf"):
            if word in schema:
                out.append(f"{pad}if not {self.combined(schema, word, v)}: return False")
        if "not" in schema:
            out.append(f"{pad}if {self.test(schema['not'], v)}: return False")

    def array_statements(self, schema: dict, v: str, out: list[str], inner: str) -> None:
        """The checks of a list's keywords, for a value known to be a list."""
        if "minItems" in schema:
            out.append(f"{inner}if len({v}) < {self.bound(schema, 'minItems')}: return False")
        if "maxItems" in schema:
            out.append(f"{inner}if len({v}) > {self.bound(schema, 'maxItems')}: return False")
        if schema.get("uniqueItems", False) is not False:
            if schema["uniqueItems"] is not True:
                raise Unsupported("uniqueItems must be true or false")
            out.append(f"{inner}if not unique_items({v}): return False")
        prefix = schema.get("prefixItems", [])
        if not isinstance(prefix, list):
            raise Unsupported("prefixItems must be a list of schemas")
        for i, sub in enumerate(prefix):  # each of the first items by its own schema
            test = self.test(sub, f"{v}[{i}]")
            if test != "True":
                out.append(f"{inner}if len({v}) > {i} and not {test}: return False")
        if "items" in schema and schema["items"] is not True:
            item = self.test(schema["items"], "x")
            if item != "True":  # `items` holds the items after the prefix's
                rest = f"{v}[{len(prefix)}:]" if prefix else v
                out.append(f"{inner}for x in {rest}:")
                out.append(f"{inner}    if not {item}: return False")
        out.append(f"{inner}pass")

    def combined(self, schema: dict, word: str, v: str) -> str:
        """The test of `anyOf`, `oneOf` or `allOf`: one expression over its schemas' tests."""
        subs = schema[word]
        if not isinstance(subs, list) or not subs:
            raise Unsupported(f"{word} must be a list of schemas")
        # a tuple even of one test (`all(((t)))` would iterate over a bool)
        tests = "".join(f"({self.test(s, v)}), " for s in subs)
        if word == "anyOf":
            return f"any(({tests}))"
        if word == "allOf":
            return f"all(({tests}))"
        return f"(sum(({tests})) == 1)"

    def object_statements(self, schema: dict, v: str, out: list[str], pad: str) -> None:
        if "minProperties" in schema:
            out.append(f"{pad}if len({v}) < {self.bound(schema, 'minProperties')}: return False")
        if "maxProperties" in schema:
            out.append(f"{pad}if len({v}) > {self.bound(schema, 'maxProperties')}: return False")
        if "propertyNames" in schema:
            name = self.test(schema["propertyNames"], "k")
            if name != "True":
                out.append(f"{pad}for k in {v}:")
                out.append(f"{pad}    if not {name}: return False")
        required = schema.get("required", [])
        if not isinstance(required, list):
            raise Unsupported("required must be a list")
        for name in required:
            out.append(f"{pad}if {name!r} not in {v}: return False")
        props = schema.get("properties", {})
        if not isinstance(props, dict):
            raise Unsupported("properties must be an object")
        extra = schema.get("additionalProperties", True)
        if extra is False:
            out.append(f"{pad}if not {v}.keys() <= {self.const(frozenset(props))}: return False")
        elif extra is not True:
            rest = self.test(extra, "x")
            if rest != "True":
                known = self.const(frozenset(props))
                out.append(f"{pad}for k, x in {v}.items():")
                out.append(f"{pad}    if k not in {known} and not {rest}: return False")
        for name, sub in props.items():
            test = self.test(sub, "x")
            if test == "True":
                continue
            if name in required:
                out.append(f"{pad}x = {v}[{name!r}]")
                out.append(f"{pad}if not {test}: return False")
            else:
                out.append(f"{pad}if {name!r} in {v}:")
                out.append(f"{pad}    x = {v}[{name!r}]")
                out.append(f"{pad}    if not {test}: return False")

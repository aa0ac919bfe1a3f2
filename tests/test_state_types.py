"""The state's shape is declared once: interpreter/core/state.py's TypedDicts agree with the
`state` of schemas/save.schema.json, key for key and type for type, so neither can drift."""
import types
import typing

import pytest

from interpreter import Game, load_ruleset
from interpreter.core.schemas import schema_of
from interpreter.core.state import Cursor, Player, Seated, State

_JSON = {"integer": int, "string": str, "boolean": bool, "array": list, "object": dict,
         "null": type(None)}


def _json_types(schema: dict) -> set:
    if "const" in schema:
        return {type(schema["const"])}
    if "enum" in schema:
        return {type(v) for v in schema["enum"]}
    for union in ("oneOf", "anyOf"):
        if union in schema:
            return set().union(*(_json_types(s) for s in schema[union]))
    kinds = schema["type"]
    return {_JSON[k] for k in ([kinds] if isinstance(kinds, str) else kinds)}


def _py_types(annotation) -> set:
    origin = typing.get_origin(annotation)
    if origin in (typing.Union, types.UnionType):
        return set().union(*(_py_types(a) for a in typing.get_args(annotation)))
    if origin is typing.Literal:
        return {type(v) for v in typing.get_args(annotation)}
    if typing.is_typeddict(annotation):
        return {dict}
    return {origin or annotation}


def _problems(annotation, schema: dict, path: str) -> list[str]:
    """Where a type and a schema disagree: the value types at every level, and the keys of
    every TypedDict against the object's `required` and `properties`."""
    if _py_types(annotation) != _json_types(schema):
        return [f"{path}: {annotation} is not {schema.get('type', schema)}"]
    out: list[str] = []
    args = [a for a in typing.get_args(annotation) if a is not type(None)]
    if typing.is_typeddict(annotation):
        hints = typing.get_type_hints(annotation)
        props = schema["properties"]
        if annotation.__required_keys__ != set(schema.get("required", ())):
            out.append(f"{path}: required {sorted(annotation.__required_keys__)} "
                       f"!= {sorted(schema.get('required', ()))}")
        if set(hints) != set(props):
            out.append(f"{path}: keys {sorted(hints)} != {sorted(props)}")
        for key in set(hints) & set(props):
            out += _problems(hints[key], props[key], f"{path}.{key}")
    elif "anyOf" in schema or "oneOf" in schema:
        alternatives = [s for s in schema.get("anyOf", schema.get("oneOf")) if s.get("type") != "null"]
        dicts = [a for a in args if typing.is_typeddict(a)]
        if dicts:
            assert len(dicts) == len(alternatives), path
            for a, s in zip(dicts, alternatives):
                out += _problems(a, s, path)
    elif typing.get_origin(annotation) is list:
        out += _problems(args[0], schema["items"], path + "[]")
    elif typing.get_origin(annotation) is dict:
        out += _problems(args[1], schema["additionalProperties"], path + "{}")
    elif args and "properties" in schema:  # `Cursor | None`
        out += _problems(args[0], {**schema, "type": "object"}, path)
    return out


STATE_SCHEMA = schema_of("save")["properties"]["state"]


def test_the_state_type_is_the_save_schemas_state():
    assert _problems(State, STATE_SCHEMA, "state") == []
    assert STATE_SCHEMA["additionalProperties"] is False  # no key the type does not declare


def test_a_players_extra_keys_are_a_modules_integer_resources():
    players = STATE_SCHEMA["properties"]["players"]["items"]
    assert players["additionalProperties"]["type"] == "integer"
    assert _problems(Player, players, "player") == []


@pytest.mark.parametrize(("typed", "schema", "problem"), [
    (typing.TypedDict("T", {"stage": str, "phase": int}) | None,
     STATE_SCHEMA["properties"]["cursor"], "required ['phase', 'stage'] != ['index', 'phase', 'stage']"),
    (Seated | None, STATE_SCHEMA["properties"]["cursor"], "keys ['garment', 'master_made', 'owner'] != ['index', 'phase', 'stage']"),
    (typing.TypedDict("T", {"garment": str, "owner": str, "master_made": typing.NotRequired[bool]}),
     STATE_SCHEMA["properties"]["guests"]["additionalProperties"], "x.owner: <class 'str'> is not integer"),
    (typing.TypedDict("T", {"garment": str, "owner": int, "master_made": bool}),
     STATE_SCHEMA["properties"]["guests"]["additionalProperties"], "required ['garment', 'master_made', 'owner'] != ['garment', 'owner']"),
])
def test_the_comparison_finds_a_drift(typed, schema, problem):
    found = _problems(typed, schema, "x")
    assert any(problem in p for p in found), found


def test_a_new_game_has_the_declared_keys_in_every_module_combination():
    modules = ("jewelry_box", "expert_tailoring", "fancy_dresses", "festivity_dresses")
    for with_modules in ((), modules):
        game = Game.new(load_ruleset(expansions=with_modules), players=4, seed=3)
        state: State = game.state
        assert State.__required_keys__ <= set(state) <= State.__required_keys__ | State.__optional_keys__
        for p in state["players"]:
            declared = Player.__required_keys__ | Player.__optional_keys__
            assert Player.__required_keys__ <= set(p)
            assert all(isinstance(p[k], int) for k in set(p) - declared)  # a module's resources
    assert Cursor.__required_keys__ == {"stage", "phase", "index"}


# The state being built by new_state, before it is whole, and the generator that draws for it.
_BUILDING = {("new_game.py", "_starting"): "dict[str, Any]",
             ("rng.py", "next_int"): "State | dict[str, Any]",
             ("rng.py", "shuffled"): "State | dict[str, Any]"}


def test_the_core_and_the_verbs_take_the_states_types():
    """Every function of core/ and verbs/ that takes the state, a player or the context says so
    with their types, so that mypy checks each key it reads (core/state.py's docstring)."""
    import ast
    from pathlib import Path

    import interpreter
    want = {"state": "State", "player": "Player", "ctx": "Context"}
    found, wrong = 0, []
    root = Path(interpreter.__file__).parent
    paths = sorted([*root.glob("core/*.py"), *root.glob("verbs/*.py")])
    trees = {path: ast.parse(path.read_text(encoding="utf-8")) for path in paths}
    # A context may also be taken as one of the core's Protocols (what a function reads of it,
    # without importing the Context class: the core has no import circle): still typed.
    protocols = {node.name for tree in trees.values() for node in ast.walk(tree)
                 if isinstance(node, ast.ClassDef)
                 and any(ast.unparse(base) == "Protocol" for base in node.bases)}
    assert protocols, "the core declares the Protocols its modules take"
    for path, tree in trees.items():
        for node in ast.walk(tree):
            if not isinstance(node, ast.FunctionDef):
                continue
            for arg in node.args.args + node.args.kwonlyargs:
                if arg.arg not in want:
                    continue
                found += 1
                shown = ast.unparse(arg.annotation) if arg.annotation else "nothing"
                expected = _BUILDING.get((path.name, node.name), want[arg.arg])
                if shown != expected and not (arg.arg == "ctx" and shown in protocols):
                    wrong.append(f"{path.name}:{node.lineno} {node.name}({arg.arg}: {shown})")
    assert found > 100
    assert wrong == []

"""`fund_limits` reads the same in game.yaml and in a module's flow document, as the `fund` verb
reads it: a whole number of decorations per player in an area, 0 for no limit (an area not
listed); a negative one is refused with the file's position (schemas/game.schema.json and
flow.schema.json, docs/modules.md)."""
from __future__ import annotations

from pathlib import Path

import pytest
from packwriter import write

from interpreter import Game, RulesErrors, load_ruleset
from interpreter.core.context import Context
from interpreter.core.errors import SchemaError
from interpreter.verbs.actions import fundable

GAME = Path(__file__).resolve().parents[1] / "rules" / "base" / "game.yaml"
GARDEN = ("kind: flow\nboard:\n"
          + "".join(f"  - area: garden\n    decoration: {{id: garden.{n}, cost: 4, prestige: 1}}\n"
                    for n in (1, 2, 3))
          + "fund_limits: {garden: LIMIT}\n")


def _pack(tmp_path: Path, name: str, text: str) -> Path:
    return write(tmp_path / name, {f"{name}.yaml": text}, name)


def _game_pack(tmp_path: Path, limits: str) -> Path:
    text = GAME.read_text()
    old = "fund_limits: {kitchen_left: 1, kitchen_right: 1}"
    assert old in text
    return _pack(tmp_path, "game", text.replace("kind: game\n", "kind: game\nreplace: true\n", 1)
                 .replace(old, f"fund_limits: {limits}"))


def _offered_after_two(rules) -> list[str]:
    """The garden's spaces seat 0 may still fund holding two of them."""
    game = Game.new(rules, players=2, seed=1)
    garden = [s for s, d in game.side.decorations.items() if d.area == "garden"]
    game.state["decorations"].update({garden[0]: 0, garden[1]: 0})
    return [s for s in fundable(Context(game, 0)) if s in garden]


@pytest.mark.parametrize(("limit", "offered"), [(0, ["garden.3"]), (2, []), (3, ["garden.3"])])
def test_a_flow_document_s_limit_of_0_is_no_limit_as_the_verb_reads_it(tmp_path, limit, offered):
    rules = load_ruleset(extra_paths=[_pack(tmp_path, "garden",
                                            GARDEN.replace("LIMIT", str(limit)))])
    assert rules.fund_limits["garden"] == limit
    assert _offered_after_two(rules) == offered


def test_game_yaml_takes_a_limit_of_0(tmp_path):
    rules = load_ruleset(extra_paths=[_game_pack(tmp_path, "{kitchen_left: 0, kitchen_right: 1}")])
    assert rules.fund_limits == {"kitchen_left": 0, "kitchen_right": 1}


@pytest.mark.parametrize("where", ["flow", "game"])
def test_a_negative_limit_is_refused_in_either_document(tmp_path, where):
    pack = (_pack(tmp_path, "garden", GARDEN.replace("LIMIT", "-1")) if where == "flow" else
            _game_pack(tmp_path, "{kitchen_left: -1, kitchen_right: 1}"))
    with pytest.raises(RulesErrors) as info:
        load_ruleset(extra_paths=[pack])
    [err] = info.value.errors
    assert isinstance(err, SchemaError)
    assert "fund_limits" in str(err) and "-1" in str(err), str(err)

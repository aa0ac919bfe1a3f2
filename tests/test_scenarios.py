"""Every scenario file of the built-in rules is a test: one pytest item per scenario, named by
its file and name. A failure shows the runner's own report: each expectation that did not hold,
at its file:line:column, with the expected and the actual value."""
from __future__ import annotations

import pytest

from interpreter.scenario.files import find_scenario_files, read_scenarios, run_scenario
from rulesdsl import RulesError


def _items():
    items = []
    for path in find_scenario_files():
        try:
            scenarios = read_scenarios(path).scenarios
        except RulesError as exc:  # an invalid file is one failing item, not a collection error
            items.append(pytest.param(None, exc, id=f"{path.stem}: invalid file"))
            continue
        for sc in scenarios:
            items.append(pytest.param(sc, None, id=f"{path.stem}: {sc.name}"))
    return items


@pytest.mark.parametrize("scenario,problem", _items())
def test_scenario(scenario, problem):
    if problem is not None:
        pytest.fail(problem.render(), pytrace=False)
    failures = run_scenario(scenario)
    if failures:
        pytest.fail("\n".join(f.render() for f in failures), pytrace=False)


def test_the_built_in_scenario_files_are_found():
    names = {p.stem for p in find_scenario_files()}
    assert "income" in names


def test_every_built_in_scenario_quotes_its_rulebook_text():
    missing = [f"{sc.span()}: {sc.name}" for path in find_scenario_files()
               for sc in read_scenarios(path).scenarios if not sc.data.get("rulebook")]
    assert missing == []

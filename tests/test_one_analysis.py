"""Issue 34: each effect is analysed once at load.

The checker's analysis (types, name resolutions, the work an effect may do) is made by
`analyse_effect` and carried on `CompiledEffect.analysis` to the compiler, the card text and the
static checks; none of them checks the effect again. The seam counted here is the checker's one
entry for a whole effect (`_Checker.effect`)."""
from __future__ import annotations

from collections import Counter

import pytest

from interpreter import load_ruleset
from interpreter.editor.support import problems
from rulesdsl import Origin, analyse_effect, build_effect, effect_text, parse_effect
from rulesdsl import checker as checker_module

MADE: dict = {}  # the last analysis made of each effect, by where it is written


@pytest.fixture
def analyses(monkeypatch: pytest.MonkeyPatch) -> Counter:
    """How many times each effect (by where it is written) is analysed."""
    counted: Counter = Counter()
    whole = checker_module._Checker.effect
    MADE.clear()

    def counting(self, effect):
        counted[str(effect.span)] += 1
        MADE[str(effect.span)] = whole(self, effect)
        return MADE[str(effect.span)]
    monkeypatch.setattr(checker_module._Checker, "effect", counting)
    return counted


@pytest.mark.parametrize("toggles", [{}, {"expansions": ("jewelry_box", "du_barry")}])
def test_each_effect_of_a_ruleset_is_analysed_once_at_load(analyses: Counter, toggles) -> None:
    rules = load_ruleset(**toggles)
    effects = [a.effect for a in rules.actions.values()] + [
        e.bonus for e in rules.employees.values() if e.bonus is not None]
    assert len(analyses) > 50
    assert max(analyses.values()) == 1, analyses.most_common(3)
    for eff in effects:  # each carries its one analysis: what the card text was printed from
        assert eff.compiled is not None
        where = str(eff.compiled.effect.span)
        assert analyses[where] == 1
        assert eff.compiled.analysis is MADE[where]


def test_the_card_text_is_printed_from_the_carried_analysis(analyses: Counter) -> None:
    rules = load_ruleset()
    analyses.clear()
    text = "gain 2 livre; pay 1 livre"
    compiled = build_effect(text, Origin("<test>"), rules.vocabulary)
    assert analyses == Counter({"<test>:1:1": 1})
    assert effect_text(compiled.effect, rules.vocabulary, analysis=compiled.analysis) == \
        effect_text(compiled.effect, rules.vocabulary)  # the second one analyses again
    assert analyses == Counter({"<test>:1:1": 2})


def test_the_analysis_holds_the_work_limit_so_the_editor_reports_it(tmp_path) -> None:
    """The editor reads the same analysis as the loader: an effect that may do too much work
    is an error of `analyse_effect` (not only of compiling it), so the editor shows it too."""
    rules = load_ruleset()
    text = "repeat 100 times { " * 4 + "gain 1 livre" + " }" * 4
    errors = analyse_effect(parse_effect(text, Origin("<test>")), rules.vocabulary).errors
    assert [str(e) for e in errors] == [
        "<test>:1:1: this repeat may take more than 1,000,000 steps in one run (4 loops nested: "
        "repeat > repeat > repeat > repeat); nest fewer loops or loop over less (a 'where' counts "
        "50 items, 'each' 5 seats, a repeat its count)"]
    doc = ("kind: flow\npatches:\n  - after: income\n    phase:\n      id: nested\n"
           f"      each_player: '{text}'\n")
    [problem] = problems(doc, tmp_path / "flow.yaml", rules.vocabulary)
    assert (problem.line, problem.message.split(";")[0]) == (
        5, "this repeat may take more than 1,000,000 steps in one run (4 loops nested: "
           "repeat > repeat > repeat > repeat)")

"""Issue 14: an `either` alternative whose leading `require`s do not hold is not tried.

`either { ... } or { ... }` offers the alternatives that can be done, each found by a trial run
(rulesdsl/compiler.py). The Jewelry Box's Examination tasks are such choices, one alternative per
task, each guarded: JB-47 "You cannot fulfill more than one Examination task per action ... you
must choose which of the tasks you want to fulfill", JB-40 "... using an Apprentice to gain a
Resource tile that depicts at least 1 bale of blue and/or pink silk". The alternatives' leading
requires are now read first, and only an alternative whose requires hold is tried."""
from __future__ import annotations

import pytest

from interpreter import Game, load_ruleset, make_bot
from rulesdsl import compiler


def _games(rules, seeds, searches: list) -> list:
    """The options of every decision of random 4-player games, and (in `searches`) how many
    trial runs each game made."""
    seen = []
    for seed in seeds:
        game = Game.new(rules, players=4, seed=seed)
        bots = [make_bot("random", seed * 10 + s) for s in range(4)]
        while not game.is_over():
            d = game.decision()
            seen.append([o.value for o in d.options])
            game.apply(bots[d.seat].choose(game, d))
        searches.append(game.trial_searches)
        seen.append(game.state)
    return seen


def test_guarded_alternatives_offer_what_trial_runs_offer(monkeypatch):
    """Jewelry Box games played on rules whose `either`s read the requires and on rules whose
    `either`s try every alternative (neither guards nor static checks): the same options at every decision, the same ends, and
    far fewer trial runs."""
    searches: list = []
    guarded = _games(load_ruleset(expansions=("jewelry_box",)), (1, 2), searches)
    with_guards = sum(searches)
    monkeypatch.setattr(compiler._Compiler, "_guard", lambda self, stmts: None)
    monkeypatch.setattr(compiler._Compiler, "_check_of", lambda self, stmts: None)
    searches.clear()
    tried = _games(load_ruleset(expansions=("jewelry_box",)), (1, 2), searches)
    assert guarded == tried
    assert with_guards < 0.8 * sum(searches), (with_guards, sum(searches))


@pytest.mark.parametrize(("livre", "thread", "offered"), [
    (5, 0, ["gain 1 Prestige", "gain 1 Lace"]),
    (2, 30, ["gain 1 Livre", "gain 1 Lace"]),
    (2, 0, ["gain 1 Lace"]),  # the one alternative left answers itself
])
def test_an_alternative_whose_require_fails_is_not_offered(livre, thread, offered):
    """An `either` of two guarded alternatives and a plain one offers the guarded ones whose
    requires hold (the question's options as the player would see them)."""
    rules = load_ruleset()
    game = Game.new(rules, players=2, seed=1)
    me = game.state["players"][0]
    me["livre"], me["thread"] = livre, thread
    effect = ("either { require my.livre > 3\ngain 1 prestige } or {\n"
              "require my.thread > 20\ngain 1 livre } or { gain 1 lace }")
    asked = game.next_question(effect, 0)  # one option left answers itself: no question
    assert (None if asked is None else [o.value for o in asked.options]) == (
        None if len(offered) == 1 else offered)
    lace = me["lace"]
    game.run_effect(effect, 0, [] if len(offered) == 1 else [offered[-1]])
    assert me["lace"] == lace + 1

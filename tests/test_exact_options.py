"""Issue 11, part 2: every offered option can be completed, and none that cannot is offered.

For an option at a decision, "completed" means: some sequence of answers to the questions that
follow finishes the step (the flow moves on to another step, or the game ends), no rule throws
an answer away on the way (an aborted `attempt` or step after it was answered:
`Game.wasted_answers`), and the state has changed. The search answers on clones, depth first,
within a budget."""
from __future__ import annotations

import itertools
import json
import random

import pytest
from packwriter import write

from interpreter import Game, load_ruleset, make_bot

EDITIONS = ("deluxe", "original")
EXPANSIONS = ("expert_tailoring", "fancy_dresses", "festivity_dresses")
COMBOS = [(e, c) for e in EDITIONS for n in range(len(EXPANSIONS) + 1)
          for c in itertools.combinations(EXPANSIONS, n)]


def _fresh_clone(game: Game) -> Game:
    clone = game.clone()
    clone.questions.wasted = 0  # counted from here (the question protocol keeps the count)
    return clone


def completes(game: Game, before: str, budget: list[int]) -> bool:
    """Whether some answers finish the waiting step of `game` (already answered once) with no
    answer thrown away and a state other than `before`."""
    if game.wasted_answers:
        return False
    if game.is_over() or game.step_start()[1] == []:  # the step that was answered is over
        return json.dumps(game.state, sort_keys=True) != before
    for option in game.decision().options:
        budget[0] -= 1
        assert budget[0] > 0, "the search for a completion ran out of budget"
        clone = _fresh_clone(game)
        clone.apply_value(option.value)
        if completes(clone, before, budget):
            return True
    return False


def uncompletable(game: Game) -> list:
    """The options of the pending decision that no sequence of answers completes."""
    before = json.dumps(game.state, sort_keys=True)
    bad = []
    for option in game.decision().options:
        clone = _fresh_clone(game)
        clone.apply_value(option.value)
        if not completes(clone, before, [400]):
            bad.append(option.value)
    return bad


@pytest.mark.parametrize(("edition", "combo"), COMBOS,
                         ids=[f"{e}-{'+'.join(c) or 'base'}" for e, c in COMBOS])
def test_every_offered_option_can_be_completed(edition, combo):
    """In every edition x expansion combination, over a few hundred random decisions of games
    of 2 to 5 players: each option of each decision checked completes its step."""
    rules = load_ruleset(edition=edition, expansions=combo)
    rng = random.Random(f"{edition}{combo}")
    checked = 0
    for seed in range(2):
        players = rng.choice((2, 3, 4, 5))
        game = Game.new(rules, players=players, seed=seed)
        bots = [make_bot("random", seed * 10 + s) for s in range(players)]
        while not game.is_over():
            d = game.decision()
            if rng.random() < 0.25:
                assert uncompletable(game) == [], (seed, d.kind, d.prompt)
                checked += 1
            assert game.wasted_answers == 0
            game.apply(bots[d.seat].choose(game, d))
        assert game.wasted_answers == 0
    assert checked >= 50


# -- options that used to be offered and then did nothing -----------------------------------------

CARD = """\
kind: employees
hire:
  - id: l1.trial
    level: 1
    type: apprentice
    bonus: |
      {bonus}
"""


def _game_with_bonus(tmp_path, bonus: str, livre: int):
    """A 2-player game whose start player holds only the test card, at its turn to play it."""
    write(tmp_path, {"cards.yaml": CARD.format(bonus=bonus.replace("\n", "\n      "))}, "trial")
    rules = load_ruleset(extra_paths=[tmp_path])
    game = Game.new(rules, players=2, seed=4)
    seat = game.state["start_player"]
    for zone in ("hire_deck", "hire_display"):
        if "l1.trial" in game.state[zone]:
            game.state[zone].remove("l1.trial")
    p = game.state["players"][seat]
    p["hand"], p["supply"] = ["l1.trial"], p["supply"] + p["hand"]
    p["livre"] = livre
    game.jump({"stage": "round", "phase": [ph.id for ph in rules.round_phases].index("actions"),
               "index": -1})
    while game.decision().seat != seat:
        game.apply_index(0)
    return game


def test_a_bonus_that_fails_after_its_first_choice_is_not_offered(tmp_path):
    """The old trial stopped at the first real choice (thread or lace) and offered the bonus;
    using it then paid nothing, gained nothing and silently did nothing. Now the trial carries
    each choice through, finds that 100 Livre cannot be paid, and never asks."""
    game = _game_with_bonus(tmp_path, "gain 1 thread or lace\npay 100 livre", livre=5)
    game.apply_value({"card": "l1.trial", "action": None})
    assert game.decision() is None or game.decision().kind != "bonus"
    assert game.wasted_answers == 0


def test_only_the_amounts_that_can_be_paid_are_offered(tmp_path):
    """`choose number from 1 to 3` then `pay 4 * n livre` with 9 Livre: 3 cannot be paid, so
    only 1 and 2 are offered (the choice is followed by a payment that may fail, so each amount
    is tried before it is offered)."""
    game = _game_with_bonus(tmp_path, "let n = choose number from 1 to 3\npay 4 * n livre\n"
                                      "gain n prestige", livre=9)
    game.apply_value({"card": "l1.trial", "action": None})
    assert game.decision().kind == "bonus"
    game.apply_value(True)
    d = game.decision()
    assert d.kind == "number" and [o.value for o in d.options] == [1, 2]
    prestige = game.state["players"][d.seat]["prestige"]
    game.apply_value(2)
    assert game.state["players"][d.seat]["prestige"] == prestige + 2
    assert game.wasted_answers == 0


def test_a_choice_left_alone_is_still_asked_when_the_others_cannot_finish(tmp_path):
    """With 5 Livre only 1 can be paid: the player is still asked (one option), so the answers
    a step records do not depend on which options were weeded out."""
    game = _game_with_bonus(tmp_path, "let n = choose number from 1 to 3\npay 4 * n livre\n"
                                      "gain n prestige", livre=5)
    game.apply_value({"card": "l1.trial", "action": None})
    game.apply_value(True)
    d = game.decision()
    assert d.kind == "number" and [o.value for o in d.options] == [1]
    clone = game.clone()
    assert clone.decision() == d and clone.step_start() == game.step_start()


def test_a_verb_followed_by_a_require_offers_only_what_meets_it(tmp_path):
    """`fund` then `require my.livre >= 6` with 12 Livre: a space over 6 Livre would leave the
    requirement unmet and the bonus undone, so only the spaces of at most 6 are offered (the
    verb's own options are exact, but a `require` after it may still abort), and whole games
    with the card throw no answer away."""
    game = _game_with_bonus(tmp_path, "fund\nrequire my.livre >= 6", livre=12)
    seat = game.decision().seat
    every = [o.value["cost"] for o in game.next_question("fund", seat).options]
    game.apply_value({"card": "l1.trial", "action": None})
    game.apply_value(True)
    d = game.decision()
    assert d.kind == "fund" and max(every) > 6
    assert sorted(o.value["cost"] for o in d.options) == sorted(c for c in every if c <= 6)
    game.apply(d.options[-1])
    assert game.state["players"][seat]["livre"] >= 6 and game.wasted_answers == 0
    rules = game.rules
    for seed in range(1, 25):
        played = Game.new(rules, players=4, seed=seed)
        bots = [make_bot("random", seed * 7 + s) for s in range(4)]
        while not played.is_over():
            d = played.decision()
            played.apply(bots[d.seat].choose(played, d))
        assert played.wasted_answers == 0, seed


@pytest.mark.parametrize(("text", "marked"), [
    ("fund discount 10\nrequire my.livre >= 6", [True, False]),
    ("fund discount 10\nlet card = first(my.hand)", [True, False]),
    ("fund discount 10\nlet card = random(my.hand)", [True, False]),
    ("fund discount 10\nlet n = count(my.hand)", [False, False]),
])
def test_a_require_or_a_pick_from_a_list_after_a_verb_may_abort(text, marked):
    """A `require`, and `first`, `last`, `random`, `nth`, `min_by` or `max_by` of a list that
    may be empty, stop the effect (compiler.py): a verb's question before them is tried."""
    from rulesdsl import Origin, parse_effect
    from rulesdsl.aborts import risky_after_asking
    stmts = parse_effect(text, Origin("<test>")).statements
    assert [risky_after_asking(s, stmts[i + 1:]) for i, s in enumerate(stmts)] == marked


# -- the statements after whose questions something may still abort (rulesdsl/aborts.py) --------

@pytest.mark.parametrize(("text", "marked"), [
    ("gain 1 thread or lace\npay 100 livre", [True, False]),
    ("pay 1 livre\ngain 1 lace or thread", [False, False]),  # the printed journeyman bonus
    ("let n = choose number from 1 to 3\npay 4 * n livre\ngain n prestige",
     [True, False, False]),
    ("let n = choose number from 1 to 3\ngain n prestige", [False, False]),
    ("fund discount 10", [False]),  # a verb's own questions: it builds exact options
    ("repeat 2 times { gain 1 thread or lace\npay 1 livre }", [True]),
    ("either { gain 1 livre } or { pay 1 livre }", [False]),
])
def test_statements_followed_by_a_possible_abort_are_marked(text, marked):
    from rulesdsl import Origin, parse_effect
    from rulesdsl.aborts import risky_after_asking
    stmts = parse_effect(text, Origin("<test>")).statements
    assert [risky_after_asking(s, stmts[i + 1:]) for i, s in enumerate(stmts)] == marked


@pytest.mark.parametrize(("sure", "marked"), [
    ((), [True, False, False]),
    (("discard",), [False, False, False]),
])
def test_a_question_before_a_verb_that_never_aborts_is_not_marked(sure, marked):
    """A verb declared never to abort (VerbDef.aborts False, the vocabulary's `sure_verbs`)
    leaves the question before it exact; any other verb may abort after it."""
    from rulesdsl import Origin, parse_effect
    from rulesdsl.aborts import risky_after_asking
    stmts = parse_effect("let chosen = choose any of my.tiles\ndiscard tiles chosen\n"
                         "gain 1 prestige", Origin("<test>")).statements
    assert [risky_after_asking(s, stmts[i + 1:], sure) for i, s in enumerate(stmts)] == marked
    after = parse_effect("discard tiles first(my.tiles)", Origin("<test>")).statements
    assert risky_after_asking(stmts[0], after, sure)  # its options may still abort


def test_the_tiles_chosen_to_discard_are_offered_without_a_trial(tmp_path):
    """`discard` never aborts: l5.silk_for_prestige's tiles, chosen one by one before it, are
    offered as they are (no trial search at each pick), and the bonus scores what it discards."""
    game = _game_with_bonus(tmp_path, "let chosen = choose any of my.tiles\n"
                                      "discard tiles chosen\n"
                                      "gain sum(chosen.orange) + sum(chosen.green) prestige",
                            livre=5)
    assert game.rules.vocabulary.sure_verbs == {"discard"}
    seat = game.decision().seat
    player = game.state["players"][seat]
    rack = sorted(game.rules.tiles)[:3]
    player["tiles"], prestige = list(rack), player["prestige"]
    game.apply_value({"card": "l1.trial", "action": None})
    game.apply_value(True)
    searches = game.trial_searches
    for left in (rack, rack[1:]):  # pick two of the three, then done
        d = game.decision()
        assert d.kind == "choice" and [o.value for o in d.options] == [None, *left]
        game.apply_value(left[0])
    game.apply_value(None)
    assert game.trial_searches == searches and game.wasted_answers == 0
    assert player["tiles"] == rack[2:] and player["prestige"] == prestige + sum(
        game.rules.tiles[t].silk.get(c, 0) for t in rack[:2] for c in ("orange", "green"))


# -- the checks that know options without a trial run (loading/static_checks.py) ---------------

@pytest.mark.parametrize("expansions", [("jewelry_box",), ("masques", "jewelry_box")],
                         ids=["jewelry_box", "masques+jewelry_box"])
def test_options_known_without_a_trial_run_can_be_completed(expansions):
    """Where a module adds actions (the Jewelry Box's exams and specialised hire) and seats that
    play themselves (Masques), the options the checks found, with those left to trial runs,
    still each complete their step (tests/test_static_checks.py compares the two answers)."""
    rules = load_ruleset(expansions=expansions)
    assert rules.actions["acquire"].effect.check is not None
    rng = random.Random(repr(expansions))
    game = Game.new(rules, seed=5) if "masques" in expansions else Game.new(rules, players=3,
                                                                             seed=5)
    bots = [make_bot("random", 50 + s) for s in range(len(game.state["players"]))]
    checked = 0
    while not game.is_over():
        d = game.decision()
        if rng.random() < 0.4:
            assert uncompletable(game) == [], (d.kind, d.prompt)
            checked += 1
        game.apply(bots[d.seat].choose(game, d))
    assert game.wasted_answers == 0 and checked >= 25

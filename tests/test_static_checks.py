"""Issue 14: play options known without a trial run (interpreter/loading/static_checks.py).

An action's or a bonus's effect of a common shape gets a check built at load time that reads
the position instead of trial-running the effect. The check must give exactly the trial's answer
(or None, leaving it to the trial), change nothing, and keep the options exact: these tests
compare the two on every card and action of every seat at every decision of random games, in
every module combination that adds actions, seats or cost modifiers."""
from __future__ import annotations

import dataclasses
import json
import random

import pytest

from interpreter import Game, load_ruleset, make_bot
from interpreter.core.context import Context
from interpreter.core.trial import search
from interpreter.loading.static_checks import build_check
from rulesdsl import Origin, build_effect

COMBOS = [
    {},
    {"edition": "original"},
    {"expansions": ("jewelry_box",)},
    {"expansions": ("fancy_dresses", "festivity_dresses", "expert_tailoring")},
    {"edition": "original", "expansions": ("jewelry_box", "expert_tailoring")},
    {"expansions": ("masques",)},
    {"expansions": ("masques", "jewelry_box")},
    {"expansions": ("du_barry",)},
    {"expansions": ("du_barry", "jewelry_box")},
]


def _compare_at(game: Game, tally: dict) -> None:
    """For every seat, every card in its hand (a seat with none, an automaton's among them: a
    card of each type), every action its type allows and the card's bonus: the check, where it
    answers, says what the trial run says, and changes nothing."""
    rules = game.rules
    before = json.dumps(game.state, sort_keys=True)
    one_of_each = list({c.type: c.id for c in rules.employees.values()}.values())
    for seat, player in enumerate(game.state["players"]):
        ctx = Context(game, seat)
        for card_id in player["hand"] or one_of_each:
            card = rules.employees[card_id]
            effects = [(a.id, a.effect) for a, _ in rules.actions_for_type.get(card.type, ())]
            if card.bonus is not None:
                effects.append(("bonus", card.bonus))
            for what, effect in effects:
                if effect.check is None:
                    tally["trial only"] += 1
                    continue
                ctx.played = card_id
                known = effect.check(ctx)
                ctx.played = card_id
                if known is None:
                    tally["left to the trial"] += 1
                    continue
                assert known == search(ctx, effect.run), (what, card_id, seat, known)
                tally[what, known] = tally.get((what, known), 0) + 1
    assert json.dumps(game.state, sort_keys=True) == before


@pytest.mark.parametrize("combo", COMBOS, ids=lambda c: "+".join(
    [c.get("edition", "deluxe"), *c.get("expansions", ())]))
def test_a_check_gives_the_trial_runs_answer(combo):
    """Over random games of 1 to 5 seats (solo modes as they come), at a quarter of the
    decisions: check == trial for every card and action the checks answer; each main action's
    check answers, most of them both ways, and far more often than it leaves it to the trial."""
    rules = load_ruleset(**combo)
    rng = random.Random(repr(combo))
    tally: dict = {"trial only": 0, "left to the trial": 0}
    for seed in range(3):
        solo = any(e in ("masques", "du_barry") for e in combo.get("expansions", ()))
        players = None if solo else rng.choice((2, 3, 4, 5))
        game = Game.new(rules, seed=seed) if solo else Game.new(rules, players=players,
                                                                  seed=seed)
        bots = [make_bot("random", seed * 10 + s) for s in range(len(game.state["players"]))]
        while not game.is_over():
            d = game.decision()
            if rng.random() < 0.25:
                _compare_at(game, tally)
            game.apply(bots[d.seat].choose(game, d))
    mains = ("acquire", "tailor", "fund", "depute", "favor")
    assert all(tally.get((a, True), 0) > 0 for a in mains), tally
    assert sum(tally.get((a, False), 0) > 0 for a in mains) >= 3, tally
    assert tally.get(("bonus", True), 0) > 0, tally
    answered = sum(v for k, v in tally.items() if isinstance(k, tuple))
    assert answered > 4 * tally["left to the trial"], tally


def test_the_checks_play_the_same_games():
    """A game of greedy bots replayed on rules whose checks are all removed (trial runs
    only) takes the very same answers to the very same end."""
    rules = load_ruleset()
    game = Game.new(rules, players=4, seed=1)
    bots = [make_bot("greedy", s) for s in range(4)]
    answers = []
    while not game.is_over():
        d = game.decision()
        option = bots[d.seat].choose(game, d)
        answers.append(option.value)
        game.apply(option)
    trial_only = load_ruleset()
    for effect in [a.effect for a in trial_only.actions.values()] + [
            e.bonus for e in trial_only.employees.values() if e.bonus is not None]:
        object.__setattr__(effect, "check", None)
        object.__setattr__(effect, "unblocked", None)  # (the check read after `blocked`)
    again = Game.new(trial_only, players=4, seed=1)
    for value in answers:
        again.apply_value(value)
    assert again.is_over() and again.state == game.state


# -- which effects get a check --------------------------------------------------------------

@pytest.mark.parametrize(("text", "checked"), [
    ("fund", True),
    ("acquire price table(tiles_in_drawer; 3.. -> 2, 2 -> 1, 1 -> 0)", True),
    ("claim_favor; gain 5 livre", True),  # the gain after the verb cannot abort
    ("gain 2 livre", True),  # nothing can abort: always possible
    ("gain 1 thread or lace; gain 1 prestige", True),
    ("gain 2 livre; acquire", False),  # the gain changes what the verb finds
    ("acquire; pay 1 livre", False),  # the payment after it may abort
    ("fund; gain count(my.garments) prestige", True),  # a count: whole, never negative
    ("gain floor(count(my.decorations) / 2) prestige", True),
    ("gain count(my.garments where color = blue) + 2 * count(my.garments where color = green)"
     " livre", True),
    ("gain table(count(my.staff); 5..6 -> 2, 7..8 -> 6, 11.. -> 14) livre", True),
    ("fund; gain my.livre prestige", False),  # a number read from the position
    ("gain count(my.hand) - 1 livre", False),  # may be negative: a fault, not an abort
    ("gain count(my.hand) / 2 livre", False),  # may not be whole
    ("hire card choose one of hire_display", False),  # an option that asks
    ("pay 1 livre; gain 1 lace or thread", True),  # the start Journeyman's bonus
    ("pay 1 livre; draw_resource", True),  # the payment's check, then the verb's after it
    ("pay 1 livre; acquire; gain 1 prestige", True),
    ("pay 1 livre; acquire; pay 1 livre", False),  # a payment after the verb may abort
    ("pay 1 livre; score_crowns", False),  # a verb without a check
    ("pay count(my.tiles) livre", False),  # an amount read from the position
    ("perform action acquire", True),  # the action's own check
    ("draw_resource", True),  # its own check: a tile to draw (bag, discards or a stack)
    ("score_crowns", False),  # a verb without a check
    ("depute among my.hand, payout 2", True),  # a check that may leave it to the trial
])
def test_which_effects_get_a_check(text, checked):
    vocab = load_ruleset().vocabulary
    effect = build_effect(text, Origin("<test>"), vocab).effect
    assert (build_check(effect, vocab) is not None) == checked


@pytest.mark.parametrize("livre", [0, 1, 2, 3])
def test_a_verb_after_a_payment_is_checked_in_the_paid_position(livre):
    """"pay 1 livre; acquire" with every drawer full (each tile 2 Livre): the check reads what
    `acquire` finds once the Livre is paid, as the trial does (2 Livre are not enough), and
    leaves the position as it was."""
    rules = load_ruleset()
    effect = build_effect("pay 1 livre; acquire price 2", Origin("<test>"), rules.vocabulary)
    check = build_check(effect.effect, rules.vocabulary, effect.analysis)
    game = Game.new(rules, players=4, seed=2)
    ctx = Context(game, 0)
    game.state["players"][0]["livre"] = livre
    before = json.dumps(game.state, sort_keys=True)
    assert check(ctx) is (livre >= 3) is search(ctx, effect.run)
    assert json.dumps(game.state, sort_keys=True) == before


@pytest.mark.parametrize("text", [
    "depute among my.hand, payout 2",
    "depute among my.staff, with_bonus",
    "depute among my.staff, payout table(deputed.type; master -> 8, journeyman -> 5, "
    "apprentice -> 2)",
    "depute among my.staff where type != master, payout nth([1, 2, 3], deputed.level)",
])
def test_a_check_of_a_choice_among_cards_says_what_the_trial_finds(text):
    """`depute among ...` asks which card: it can be done exactly when one of the cards can be
    deputed (on the staff, its payout worked out), which the check reads without a trial run.
    At positions of random games (staffs at and above their minimum, cards on their way out)
    it says what the trial says, and says both."""
    rules = load_ruleset()
    vocab = rules.vocabulary
    effect = build_effect(text, Origin("<test>"), vocab)
    check = build_check(effect.effect, vocab)
    answers = []
    for seed in range(2):
        game = Game.new(rules, players=3, seed=seed)
        bots = [make_bot("random", seed * 10 + s) for s in range(3)]
        while not game.is_over():
            d = game.decision()
            if len(game.history) % 7 == 0:
                for seat in range(3):
                    ctx = Context(game.clone(), seat)
                    known = check(ctx)
                    assert known == search(ctx, lambda c: effect.run(c, None)), (text, seed, len(game.history))
                    answers.append(known)
            game.apply(bots[d.seat].choose(game, d))
    assert set(answers) == {True, False}


@pytest.mark.parametrize("livre", [0, 1, 2])
def test_the_start_journeymans_bonus_is_offered_when_its_livre_can_be_paid(livre):
    """The start Journeyman's bonus "pay 1 livre; gain 1 lace or thread": its check, like the
    trial run, says it can be done exactly when 1 Livre can be paid."""
    rules = load_ruleset()
    game = Game.new(rules, players=2, seed=1)
    game.state["players"][0]["livre"] = livre
    card = next(c for c in rules.employees.values()
                if c.bonus is not None and c.bonus.source.startswith("pay 1 livre; gain 1"))
    ctx = Context(game, 0)
    ctx.played = card.id
    assert card.bonus.check(ctx) is (livre >= 1) is search(ctx, card.bonus.run)


def test_the_checks_respect_cost_modifiers():
    """A lasting "costs N less" (`reduce_cost`: state["modifiers"]) on each of the four costs,
    with little Livre: at positions of random games the checks of acquire, hire, tailor and
    fund still say what the trial says, and the modifiers change some answers."""
    rules = load_ruleset()
    rng = random.Random(14)
    compared, changed = 0, 0
    for seed in range(3):
        game = Game.new(rules, players=3, seed=seed)
        bots = [make_bot("random", seed * 10 + s) for s in range(3)]
        while not game.is_over():
            d = game.decision()
            if rng.random() < 0.2:
                position = game.clone()
                seat = rng.randrange(3)
                position.state["players"][seat]["livre"] = rng.randrange(4)
                ctx = Context(position, seat)
                ctx.played = next(c for c, e in rules.employees.items() if e.type == "master")
                for action in ("acquire", "hire", "tailor", "fund"):
                    check = rules.actions[action].effect.check
                    plain = check(ctx)
                    position.state["modifiers"] = [{"seat": seat, "cost": cost, "by": by,
                                                    "until": "turn_end"}
                                                   for cost, by in (("acquiring", 2),
                                                                    ("hiring", 4),
                                                                    ("tailoring", 3),
                                                                    ("funding", 5))]
                    known = check(ctx)
                    if known is not None:
                        assert known == search(ctx, rules.actions[action].effect.run), action
                        compared += 1
                        changed += known != plain
                    position.state["modifiers"] = []
            game.apply(bots[d.seat].choose(game, d))
    assert compared > 100 and changed > 10, (compared, changed)


# -- options kept by the verb's bindings and printed data -----------------------------------

def _payout_check(rules, text: str, seen: list):
    """A check of `text` (a `depute` call) whose `can` records the `payout` of the played card
    as the verb would read it."""
    from interpreter.loading.static_checks import _verb_check
    call = build_effect(text, Origin("<test>"), rules.vocabulary).effect.statements[0]

    def can(ctx, args):
        seen.append((ctx.played, args["payout"](deputed=ctx.played)))
        return True
    return _verb_check(call, can, rules.vocabulary)


def test_a_payout_of_printed_data_is_read_from_the_ruleset_it_is_asked_in():
    """`payout deputed.depute_value` reads printed data (FieldDef.printed): the check keeps it
    by card, for the ruleset it was read from. The same check asked in a ruleset whose cards
    are printed otherwise reads the new values, not the kept ones, and back again."""
    rules = load_ruleset()
    reprinted = dataclasses.replace(rules, employees={
        i: dataclasses.replace(c, depute_value=c.depute_value + 100)
        for i, c in rules.employees.items()})
    cards = [c.id for c in list(rules.employees.values())[:6]]
    seen: list = []
    check = _payout_check(rules, "depute card played, payout deputed.depute_value", seen)
    for printed, extra in ((rules, 0), (reprinted, 100), (rules, 0)):
        ctx = Context(Game.new(printed, players=2, seed=1), 0)
        for _ in range(2):
            seen.clear()
            for card in cards:
                ctx.played = card
                assert check(ctx) is True
            assert seen == [(c, rules.employees[c].depute_value + extra) for c in cards]


@pytest.mark.parametrize(("value", "kept"), [
    ("deputed.depute_value", True),  # printed data of the card
    ("table(deputed.type; master -> 3, journeyman -> 2)", True),
    ("deputed.level + 1", True),
    ("deputed.final_value", False),  # what the card would bring now: read from the position
    ("deputed.depute_value + count(my.hand)", False),  # the position too
    ("count(my.hand)", False),
])
def test_which_payouts_are_kept_by_card(value, kept):
    from interpreter.loading.static_checks import _of_printed_bindings
    rules = load_ruleset()
    vocab = rules.vocabulary
    call = build_effect(f"depute card played, payout {value}", Origin("<test>"),
                        vocab).effect.statements[0]
    payout = next(o.value for o in call.options if o.name == "payout")
    assert _of_printed_bindings(payout, vocab.verbs["depute"].binds, vocab) == kept

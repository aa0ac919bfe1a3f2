"""Issue 14: a verb's check that finds a single option (interpreter/verbs/actions.py).

A question with one option answers itself, and a trial run goes on past it through the rest of
the verb. For `acquire`, `hire`, `fund` and `tailor` that rest cannot abort, except through what
it runs of other rules: the triggers of the events the verb announces, a garment's hooks, a
guest space's reward. While none of those can run (or abort), the check knows the answer
without the trial: the single option completes. These tests put the players short of Livre, so
that a single tile, card, space or garment is often all they can pay for, and compare the checks
with trial runs; where triggers listen (the Jewelry Box) the single option is left to the
trial."""
from __future__ import annotations

import random
from pathlib import Path

import pytest
from conftest import sampled_positions
from packwriter import write

from interpreter import Game, load_ruleset
from interpreter.core.context import Context
from interpreter.core.events import heard
from interpreter.core.trial import search
from interpreter.core.zones import contents
from interpreter.verbs.actions import fundable

VERBS = ("acquire", "hire", "fund", "tailor")


def _tally(combo: dict, seeds: int = 3) -> dict:
    """check == trial for the four actions, for every seat, with its Livre set to each of a few
    small amounts, at a third of the decisions of random 4-player games; the answers counted
    by (action, answer)."""
    rules = load_ruleset(**combo)
    rng = random.Random(repr(combo))
    master = next(c for c, e in rules.employees.items() if e.type == "master")
    tally: dict = {}
    for game in sampled_positions(rules, seeds, rng):
        for seat, player in enumerate(game.state["players"]):
            kept = player["livre"]
            for livre in (0, 1, 2, 3, 5, 8):
                player["livre"] = livre
                ctx = Context(game, seat)
                for action in VERBS:
                    ctx.played = master
                    effect = rules.actions[action].effect
                    known = effect.check(ctx)
                    ctx.played = master
                    if known is not None:
                        assert known == search(ctx, effect.run), (action, seat, livre)
                    tally[action, known] = tally.get((action, known), 0) + 1
            player["livre"] = kept
    return tally


def test_without_triggers_the_checks_of_acquire_hire_and_fund_always_answer():
    """The base game announces to no trigger: `acquire`, `hire` and `fund` are always known
    without a trial (a single option included), each both ways, and always as the trial finds;
    `tailor` mostly (a single garment rented to a space whose reward may abort is tried)."""
    tally = _tally({})
    for action in ("acquire", "hire", "fund"):
        assert tally.get((action, None), 0) == 0, tally
        assert tally.get((action, True), 0) > 0 and tally.get((action, False), 0) > 0, tally
    assert tally.get(("tailor", True), 0) > 20 * tally.get(("tailor", None), 0), tally


@pytest.mark.parametrize(("combo", "left"), [
    ({"expansions": ("jewelry_box",)}, ("acquire", "fund", "tailor")),
    ({"expansions": ("fancy_dresses", "festivity_dresses", "expert_tailoring")}, ()),
], ids=["jewelry_box", "dresses+expert"])
def test_with_triggers_and_hooks_the_checks_still_give_the_trials_answer(combo, left):
    """The Jewelry Box's triggers listen to `acquire`, `fund`, `tailor` and `rent`: a single
    tile, space or garment there is left to the trial, which alone can tell whether the
    triggers complete. The dresses' garments have hooks. Whatever the checks answer is what the
    trial finds."""
    tally = _tally(combo, seeds=2)
    assert all(tally.get((a, None), 0) > 0 for a in left), tally
    assert tally.get(("hire", None), 0) == 0, tally  # nothing listens to hiring
    assert all(tally.get((a, True), 0) > 0 for a in VERBS), tally


def test_heard_names_the_events_triggers_listen_to():
    """`heard`: the base game's rules listen to no event; the Jewelry Box's to acquiring,
    funding, tailoring and renting (its flow's triggers); a trigger an effect started listens
    for its own seat only."""
    base = Game.new(load_ruleset(), players=2, seed=1)
    assert not any(heard(Context(base, 0), e) for e in VERBS)
    jewels = Game.new(load_ruleset(expansions=("jewelry_box",)), players=2, seed=1)
    assert [e for e in ("acquire", "hire", "fund", "tailor", "rent", "sell")
            if heard(Context(jewels, 0), e)] == ["acquire", "fund", "tailor", "rent"]
    base.state["modifiers"].append({"seat": 1, "trigger": "x", "event": "hire",
                                    "until": "turn_end"})
    assert heard(Context(base, 1), "hire") and not heard(Context(base, 0), "hire")


def test_the_specialised_apprentices_hire_is_read_without_a_trial():
    """JB-26 "you may use this action once in the game to hire the specialized Apprentice that
    was dealt to you at the beginning of the game for free. However, you can only do so if you
    currently meet their hiring condition." (`hire_from zone special_apprentice`): its check
    reads the condition and, nothing hearing `hire` in the Jewelry Box, always answers, as the
    trial does, both ways."""
    rules = load_ruleset(expansions=("jewelry_box",))
    effect = rules.actions["hire_special"].effect
    rng = random.Random(26)
    tally: dict = {}
    for game in sampled_positions(rules, 3, rng):
        for seat, player in enumerate(game.state["players"]):
            for livre in (0, player["livre"]):
                kept, player["livre"] = player["livre"], livre
                ctx = Context(game, seat)
                known = effect.check(ctx)
                assert known == search(ctx, effect.run), (seat, livre)
                tally[known] = tally.get(known, 0) + 1
                player["livre"] = kept
    assert tally.get(True, 0) > 0 and tally.get(False, 0) > 0 and None not in tally, tally


@pytest.mark.parametrize("edition", ["deluxe", "original"])
def test_drawing_a_resource_is_read_without_a_trial(edition):
    """`draw_resource` (a bonus: "Randomly take 1 Resource from the bag", the Original
    edition's from one of the face-down stacks) can be done exactly when there is a tile to
    draw, the bag refilled from the discards (the stacks restocked): its check says what the
    trial finds, with the bag as it is, emptied into the discards, and with nothing left."""
    rules = load_ruleset(edition=edition)
    bonuses = [e.bonus for e in rules.employees.values() if e.bonus is not None
               and set(e.bonus.verbs) == {"draw_resource"} and e.bonus.check is not None]
    assert bonuses  # a bonus that only draws a tile
    zones = ["resource_bag", "resource_discard"] + [z.id for z in rules.zones
                                                    if z.id.startswith("resource_stack")]
    rng = random.Random(edition)
    tally: dict = {}
    for game in sampled_positions(rules, 2, rng, rate=0.1):
        held = {z: list(contents(game.state, z)) for z in zones}
        for emptied in ((), ("resource_bag",), tuple(zones)):
            for z in emptied:
                if z != "resource_discard":
                    contents(game.state, "resource_discard").extend(contents(game.state, z))
                    contents(game.state, z).clear()
            if emptied == tuple(zones):
                contents(game.state, "resource_discard").clear()
            for seat in range(len(game.state["players"])):
                for bonus in bonuses:
                    ctx = Context(game, seat)
                    known = bonus.check(ctx)
                    assert known is not None and known == search(ctx, bonus.run), (emptied, seat)
                    tally[known] = tally.get(known, 0) + 1
            for z, items in held.items():
                contents(game.state, z)[:] = items
    assert tally.get(True, 0) > 0 and tally.get(False, 0) > 0, tally


def test_funds_check_reads_a_limit_of_0_as_the_verb_does(tmp_path):
    """A designer's game.yaml may set an area's `fund_limits` to 0 (game.schema.json allows
    it). `fund` reads 0 as no limit (its offers and `fundable`: the tables' "0 for no limit");
    its check must read it the same way, or the action is refused where the verb would offer
    the area's spaces. Every space but the 0-limit area's funded by seat 1, seat 0 holding two
    of that area's already: the third is offered, and the check says so without a trial."""
    text = (Path(__file__).resolve().parents[1] / "rules" / "base" / "game.yaml").read_text()
    old = "fund_limits: {kitchen_left: 1, kitchen_right: 1}"
    assert old in text
    text = text.replace("kind: game\n", "kind: game\nreplace: true\n", 1).replace(
        old, "fund_limits: {kitchen_left: 0, kitchen_right: 1}")
    pack = write(tmp_path / "pack", {"game.yaml": text})
    rules = load_ruleset(extra_paths=[pack])
    game = Game.new(rules, players=2, seed=1)
    area = [s for s, d in game.side.decorations.items() if d.area == "kitchen_left"]
    funded = game.state["decorations"]
    funded.update({s: 1 for s in game.side.decorations if s not in area})
    funded.update({area[0]: 0, area[1]: 0})
    game.state["players"][0]["livre"] = 100
    ctx = Context(game, 0)
    ctx.played = next(c for c, e in rules.employees.items() if e.type == "master")
    effect = rules.actions["fund"].effect
    assert fundable(ctx) == area[2:]
    assert search(ctx, effect.run) is True
    assert effect.check(ctx) is True

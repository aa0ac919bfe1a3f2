"""Issue 34 item 6: what a turn's options read of a ruleset, as tables made once per ruleset
(interpreter/verbs/option_tables.py): they hold what the rule objects say, and each ruleset keeps its
own, whichever was asked for last."""
from __future__ import annotations

from pathlib import Path

from interpreter import load_ruleset
from interpreter.verbs.option_tables import tables


def test_the_tables_say_what_the_rule_objects_say():
    rules = load_ruleset()
    known = tables(rules)
    assert known.kind_of == {c: e.type for c, e in rules.employees.items()}
    assert known.bales_of == {t: sum(tile.silk.values()) for t, tile in rules.tiles.items()}
    assert all(known.keep_values[t] is tile.keep_values for t, tile in rules.tiles.items())
    assert known.keep_values.keys() == rules.tiles.keys()
    # colours numbered: the ruleset's in its order, then any other a tile or garment names
    named = list(dict.fromkeys([*rules.colors, *(c for t in rules.tiles.values() for c in t.silk),
                                *(c for g in rules.garments.values() for c in g.silk)]))
    assert known.colors == len(named) and named[:len(rules.colors)] == list(rules.colors)
    assert known.silk_at == {t: tuple((named.index(c), n) for c, n in tile.silk.items())
                             for t, tile in rules.tiles.items()}
    assert known.fewest_bales == min(sum(g.silk.values()) for g in rules.garments.values())
    for g, garment in rules.garments.items():
        needs = tuple((r, n) for r, n in (("thread", garment.thread), ("lace", garment.lace),
                                          *garment.costs.items()) if n)
        assert known.tailoring_of[g] == (garment.master, garment.sellable and not
                                         garment.rent_only, sum(garment.silk.values()), needs,
                                         tuple((named.index(c), c, n)
                                               for c, n in garment.silk.items()))
    limited = [area for area, limit in rules.fund_limits.items() if limit]  # numbered so
    for side in rules.sides:
        assert [(s, cost, -1 if n < 0 else limited[n]) for s, cost, n, _ in
                known.fund_spaces[side.id]] == [
            (s, d.cost, d.area if rules.fund_limits.get(d.area) else -1)
            for s, d in side.decorations.items()]
        assert known.limited_spaces[side.id] == tuple(
            tuple(s for s, d in side.decorations.items() if d.area == area) for area in limited)
    assert set(rules.fund_limits) == {"kitchen_left", "kitchen_right"}  # a test that reads some
    assert known.guarded is bool(rules.offering_bonus)
    assert known.effect_of == {a: action.effect for a, action in rules.actions.items()}
    assert all(known.effect_of[a] is action.effect for a, action in rules.actions.items())
    assert known.offering_bonus == rules.offering_bonus and "depute" not in known.offering_bonus
    master = next(c for c, e in rules.employees.items() if e.type == "master")
    assert known.play_label({"card": master, "action": "tailor"}) == \
        f"{rules.employees[master].name}: {rules.actions['tailor'].name}"
    assert known.play_label({"card": master, "action": None}) == \
        f"{rules.employees[master].name}: no main action"
    for c, e in rules.employees.items():
        bonus = known.bonus_of[c]
        assert (bonus is None) is (e.bonus is None)
        if bonus is not None:
            assert (bonus.effect, bonus.check) == (e.bonus, e.bonus.check)
            assert bonus.prompt == f"bonus of {e.name}: {e.bonus.text}"
    for kind, plays in rules.plays_for_type.items():
        read = known.plays_for_type[kind]
        assert [(p.action, p.check, p.blocked, p.unblocked, p.shared) for p in read] == [
            (action, effect.check, effect.blocked, effect.unblocked, shared)
            for action, effect, shared in plays]
    assert known.min_staff == rules.setup["min_staff"] == 4
    assert known.limit_of == [rules.fund_limits[area] for area in limited]
    assert known.uncounted == [-1] * len(limited)
    for side in rules.sides:
        of_side = known.of_side(side)
        assert of_side.side is side and of_side.id == side.id
        assert of_side.garment_costs == side.garment_costs
        assert of_side.guest_spaces_for == dict(side.guest_spaces_for)
        assert known.of_side(side) is of_side  # kept: made once for each side
    import dataclasses
    own = dataclasses.replace(rules.sides[0], garment_costs=(9,) * 5)  # a side of its own
    assert known.of_side(own).garment_costs == (9,) * 5 and known.of_side(own).side is own
    for side in rules.sides:
        assert [(cost, s, -1 if n < 0 else limited[n])
                for cost, s, n in known.fund_by_cost[side.id]] == [
            (cost, s, area if area in rules.fund_limits else -1)
            for cost, s, area in side.decorations_by_cost]


def test_each_shared_answer_has_one_slot():
    """A turn keeps the answers a type's cards share in a list by slot: one slot for each
    distinct key (the same key in every type that shares it), none for a card's own action."""
    rules = load_ruleset()
    known = tables(rules)
    slot_of: dict[tuple, int] = {}
    for plays in known.plays_for_type.values():
        for play in plays:
            if play.shared is None:
                assert play.slot == -1
            else:
                assert slot_of.setdefault(play.shared, play.slot) == play.slot
    assert sorted(slot_of.values()) == list(range(known.shared_slots))
    assert known.unknown == [-1] * known.shared_slots
    # the Deluxe rules' actions: whether one of them can be done is shared by every type but
    # for tailoring (a Master may tailor Master garments) and deputing the card itself
    assert {key for key in slot_of if key[0] is not None} == {
        (kind, "tailor") for kind in known.plays_for_type
        if "tailor" in [p.action for p in known.plays_for_type[kind]]}
    assert any(p.shared is None for plays in known.plays_for_type.values() for p in plays)


def test_each_ruleset_keeps_its_own_tables():
    deluxe, original = load_ruleset(), load_ruleset(edition="original")
    assert deluxe is not original
    first = tables(deluxe)
    other = tables(original)  # asked in turn: neither is mistaken for the other
    assert other.rules is original and other is not first
    assert tables(deluxe) is first and tables(original) is other
    assert other.kind_of == {c: e.type for c, e in original.employees.items()}


def test_each_card_has_its_play_options_made_once():
    """The play question's values are the tables' own, made once per ruleset: for each card,
    {"card", "action"} for each action of its type, by the play's `index`, then no action."""
    rules = load_ruleset()
    known = tables(rules)
    for card, (kind, options) in known.play_options.items():
        assert kind == rules.employees[card].type
        plays = known.plays_for_type.get(kind, ())
        assert [p.index for p in plays] == list(range(len(plays)))
        assert options == [*({"card": card, "action": p.action} for p in plays),
                           {"card": card, "action": None}]


def test_a_turn_offers_the_tables_play_options_and_hands_out_copies():
    """Every turn offers the very dicts of `play_options` (none made or freed); a player is
    handed frozen copies, which refuse change, and playing on leaves the tables' dicts as made."""
    import contextlib
    import copy

    from interpreter import Game

    rules = load_ruleset()
    known = tables(rules)
    made = copy.deepcopy(known.play_options)
    game = Game.new(rules, players=3, seed=4)
    seen = 0
    while seen < 6 and game.decision() is not None:
        decision = game.decision()
        if decision.kind == "play":
            seen += 1
            for own, public in zip(decision.own_values(), decision.values):
                options = known.play_options[own["card"]][1]
                assert any(own is o for o in options)
                assert public == own and public is not own
                with contextlib.suppress(TypeError):  # a frozen copy refuses change
                    public["action"] = "changed"
        game.apply_index(len(decision) - 1)
    assert seen == 6
    assert known.play_options == made


def _played(rules, seed: int, steps: int):
    """A game of `rules` after `steps` seeded random answers (or at its end), each position
    yielded."""
    import random

    from interpreter import Game

    game, pick = Game.new(rules, players=4, seed=seed), random.Random(seed)
    for _ in range(steps):
        decision = game.decision()
        if decision is None:
            return
        yield game
        game.apply_index(pick.randrange(len(decision)))


def test_the_offers_kept_are_the_values_they_are_kept_by():
    """`acquire`'s, `fund`'s and `tailor`'s values, made when first offered and offered again
    as they are, each hold what it is kept by (and are offered, so games made some)."""
    rules = load_ruleset()
    for _ in _played(rules, 3, 900):
        pass
    known = tables(rules)
    tiles = [(d, price, t, offer) for d, by_price in enumerate(known.tile_offers)
             for price, by_tile in by_price.items() for t, offer in by_tile.items()]
    assert tiles and all(offer == {"drawer": d, "tile": t, "price": price}
                         for d, price, t, offer in tiles)
    spaces = [(s, cost, offer) for side in rules.sides
              for s, _, _, by_cost in known.fund_spaces[side.id]
              for cost, offer in by_cost.items()]
    assert spaces and all(offer == {"space": s, "cost": cost} for s, cost, offer in spaces)
    garments = [(g, cost, offer) for g, by_cost in known.garment_offers.items()
                for cost, offer in by_cost.items()]
    assert garments and all(offer == {"garment": g, "cost": cost} for g, cost, offer in garments)
    assert known.place_of == {s: {"space": s} for side in rules.sides for s in side.guest_spaces}
    assert known.sell_place == {"sell": True}


def test_a_price_of_its_binding_alone_is_kept_by_option_and_count():
    """`_bound_whole` keeps a price or payout that is a function of the verb's binding alone by
    the binding's value: a BoundMemo's (in play) in the tables by its option, a Memo's (in a
    check) in the Memo itself (`wholes`). Each kept one is the option's own value, acquire's is
    its table (3.. -> 2, 2 -> 1, 1 -> 0), and depute's payouts are kept by card."""
    from interpreter.core.context import Context
    from interpreter.loading.static_checks import _verb_check
    from interpreter.verbs.checks import Memo
    from rulesdsl.memo import BoundMemo

    rules = load_ruleset()
    vocab = rules.vocabulary
    memos: dict = {}
    checks = []
    for action in rules.actions.values():
        first = action.effect.compiled.effect.statements[0]
        verb = vocab.verbs.get(getattr(first, "verb", ""))
        if verb is None or verb.can is None:
            continue

        def can(ctx, args, can=verb.can):
            memos.update((id(o), o) for o in args.values() if type(o) is Memo)
            return can(ctx, args)
        checks.append(_verb_check(first, can, vocab, action.effect.compiled.analysis))
    for game in _played(rules, 3, 900):
        ctx = Context(game, game.decision().seat)
        for card in ctx.me["hand"][:2]:
            ctx.played = card
            for check in checks:
                check(ctx)
    known = tables(rules)
    assert {type(option) for option in known.prices} == {BoundMemo}  # in play
    kept = [(option, option._known and {k[0] for k in option._known}, by_value)
            for option, by_value in known.prices.items()]
    kept += [(memo, set(memo.by_one), memo.wholes) for memo in memos.values() if memo.wholes]
    assert {type(option) for option, _, _ in kept} == {BoundMemo, Memo}  # in the checks too
    drawers = 0
    bindings = set()
    for option, names, by_value in kept:
        assert len(names) == 1 and by_value
        name = names.pop()
        bindings.add(name)
        for n, price in by_value.items():
            assert type(price) is int and price == int(option.bound(name, n))
            if name == "tiles_in_drawer":
                drawers += 1
                assert price == (2 if n >= 3 else n - 1)
    assert drawers and {"tiles_in_drawer", "deputed"} <= bindings


def test_in_every_hall_as_the_halls_present_say():
    """`check_all_halls` reads the side's halls from the tables, as far as the first hall a
    player is not in: what `board.halls_present` finds, in every position of seeded games."""
    from interpreter.core import board
    from interpreter.verbs.actions import _in_every_hall

    rules = load_ruleset()
    known = tables(rules)
    for side in rules.sides:
        assert known.halls_of[side.id] == tuple(
            (h.musician, tuple(s for s, g in side.guest_spaces.items() if g.hall == h.id))
            for h in side.halls)
    seen = set()
    for seed in (1, 2):
        for game in _played(rules, seed, 1500):
            state = game.state
            side = game.side
            for seat in range(len(state["players"])):
                every = _in_every_hall(known.halls_of[side.id], state["guests"],
                                       state["decorations"], seat)
                assert every == (len(board.halls_present(state, side, seat)) == len(side.halls))
                seen.add(every)
    assert seen == {True, False}


def test_covering_sets_are_the_minimal_sets_that_cover():
    """`covering_sets` (tiles kept as bits) gives what the sets of tiles themselves give: every
    minimal set of the rack's tiles whose bales cover the garment, discount and its colours
    counted, each sorted, the smallest first, on seeded racks of every garment."""
    import random
    from itertools import combinations

    from interpreter.verbs.actions import covering_sets

    rules = load_ruleset()

    def covers(garment, combo, discount, colors):
        have: dict[str, int] = {}
        for t in combo:
            for c, n in rules.tiles[t].silk.items():
                have[c] = have.get(c, 0) + n
        short = 0
        for c, n in garment.silk.items():
            missing = n - have.get(c, 0)
            if missing > 0:
                if c not in colors:
                    return False
                short += missing
        return short <= discount

    def by_sets(garment, tiles, discount, colors):
        useful = [t for t in tiles if set(rules.tiles[t].silk) & set(garment.silk)]
        found: list[frozenset] = []
        for size in range(min(len(useful), garment.bales) + 1):
            for combo in combinations(useful, size):
                if not any(f <= frozenset(combo) for f in found) and \
                        covers(garment, combo, discount, colors):
                    found.append(frozenset(combo))
        return [sorted(f) for f in found]

    pick, every = random.Random(5), sorted(rules.tiles)
    some = 0
    for garment in rules.garments.values():
        for _ in range(6):
            rack = pick.sample(every, pick.randrange(0, 9))
            discount = pick.choice((0, 0, 1, 2))
            colors = tuple(pick.sample(sorted(rules.colors), 2)) if discount else ()
            found = covering_sets(rules, garment, rack, discount, colors)
            assert found == by_sets(garment, rack, discount, colors)
            some += bool(found)
    assert some > 10


def test_next_combo_walks_the_combinations_in_itertools_order():
    """`covering_sets` walks each size's combinations natively (`_next_combo`): the same
    combinations, in the same order, as `itertools.combinations`, the empty one included."""
    from itertools import combinations

    from interpreter.verbs.actions import _next_combo

    for n in range(9):
        for k in range(n + 1):
            combo = list(range(k))
            walked = [tuple(combo)]
            while _next_combo(combo, n):
                walked.append(tuple(combo))
            assert walked == list(combinations(range(n), k)), (n, k)


def test_every_guest_space_is_in_one_hall_of_its_side(tmp_path):
    """`check_all_halls` reads a side's halls from the tables alone (round ten's fallback for a
    guest space outside the side's halls is gone): no ruleset has one. A board lists each
    hall's spaces under it and the loader refuses a hall id given twice; a module's `board:`
    patch adds a space to a hall it names, and one naming no hall is refused."""
    from packwriter import messages, pack

    examples = Path(__file__).resolve().parents[1] / "examples"
    loaded = [load_ruleset(), load_ruleset(edition="original"),
              load_ruleset(expansions=["jewelry_box", "expert_tailoring"]),
              load_ruleset(expansions=["jewelry_box", "du_barry"]),
              load_ruleset(expansions=["masques", "fancy_dresses", "festivity_dresses"]),
              load_ruleset(extra_paths=[examples / "garden", examples / "halls"])]
    for rules in loaded:
        for side in rules.sides:
            halls = tables(rules).halls_of[side.id]
            spaces = [s for _musician, in_hall in halls for s in in_hall]
            assert sorted(spaces) == sorted(side.guest_spaces) and len(set(spaces)) == len(spaces)
            assert [m for m, _ in halls] == [h.musician for h in side.halls]
    board = (Path(__file__).resolve().parents[1] / "rules" / "base" / "board.yaml").read_text()
    twice = pack(tmp_path, {"board.yaml": board.replace("kind: board", "kind: board\nreplace: true")
                            .replace("- id: hall_3", "- id: hall_2", 1)}, "twice")
    assert any("hall id 'hall_2'" in m for m in messages(twice))
    nowhere = pack(tmp_path, {"flow.yaml": "kind: flow\nboard:\n  - hall: hall_9\n"
                                           "    space: {id: hall_9.arbor}\n"}, "nowhere")
    assert any("board patch changes nothing" in m and "'hall_9'" in m for m in messages(nowhere))


def test_a_turn_lists_its_play_options_at_once_unless_it_may_stop_early():
    """Where the play question reads every value, a turn lists them at once; re-running a step
    with recorded answers (a save, a clone, an undo) or in a trial run, it looks at them lazily,
    as far as it needs: the same values either way, those the decision offers, in its order."""
    import random
    from collections.abc import Iterator

    from interpreter import Game
    from interpreter.core.context import Context
    from interpreter.verbs.actions import _plays

    rules = load_ruleset()
    game, pick, seen = Game.new(rules, players=4, seed=11), random.Random(11), 0
    while seen < 12 and game.decision() is not None:
        decision = game.decision()
        if decision.kind == "play":
            seen += 1
            ctx = Context(game, decision.seat)
            listed = _plays(ctx)
            assert type(listed) is list and tuple(listed) == decision.own_values()
            assert ctx.played is None
            questions = ctx.questions
            kept = questions.answers, questions.used
            questions.answers, questions.used = [decision.own_values()[0]], 0
            try:
                assert questions.replaying()
                lazy = _plays(ctx)
                assert isinstance(lazy, Iterator) and list(lazy) == listed
            finally:
                questions.answers, questions.used = kept
        game.apply_index(pick.randrange(len(decision)))
    assert seen == 12

"""Modules that compose (issue 7): the expansions toggled on, their rules quoted from the Deluxe
rulebook (seed 001), the seams they stand on, and the designer's example packs."""
from __future__ import annotations

import itertools
import json
from pathlib import Path

import packwriter
import pytest
from conftest import write_pack

from interpreter import Game, RulesErrors, load_ruleset, make_bot
from interpreter.cli.main import main
from interpreter.core.integrity import problems

ROOT = Path(__file__).resolve().parents[1]
EXPANSIONS = ("fancy_dresses", "festivity_dresses", "expert_tailoring")
ALL_EXPANSIONS = (*EXPANSIONS, "jewelry_box")
EXAMPLES = ROOT / "examples"


@pytest.fixture(scope="module")
def all_rules():
    return load_ruleset(expansions=EXPANSIONS)


def _hand_to(game, seat, garment_ids):
    """Put garments on `seat`'s guest spaces (position set-up), taking them from wherever."""
    state = game.state
    free = [s for s in game.side.guest_spaces if s not in state["guests"]]
    for gid, space in zip(garment_ids, free):
        _take(state, gid)
        state["guests"][space] = {"garment": gid, "owner": seat, "master_made": True}


def _take(state, gid):
    for zone in [state["garment_bag"], state["garment_discard"], *state["zones"].values()]:
        if gid in zone:
            zone.remove(gid)
    if gid in state["garment_display"]:
        state["garment_display"][state["garment_display"].index(gid)] = None


def _display(game, gid, pos=4):
    """Put garment `gid` on the Garment display at `pos` (the one there goes to the bag)."""
    state = game.state
    _take(state, gid)
    if state["garment_display"][pos] is not None:
        state["garment_bag"].append(state["garment_display"][pos])
    state["garment_display"][pos] = gid


def _rich_tailor(game, seat, gid):
    """`seat` can tailor `gid`: Livre, tokens and every tile it needs."""
    rules, state = game.rules, game.state
    p = state["players"][seat]
    p.update(livre=40, thread=3, lace=3)
    need = dict(rules.garments[gid].silk)
    for tid, tile in sorted(rules.tiles.items()):
        if not need:
            break
        if any(need.get(c) for c in tile.silk) and tid in state["resource_bag"]:
            state["resource_bag"].remove(tid)
            p["tiles"].append(tid)
            for c, n in tile.silk.items():
                if c in need:
                    need[c] -= n
                    if need[c] <= 0:
                        del need[c]


def _tailor_turn(game, seat, gid, master=True):
    """Run `seat`'s tailoring of `gid` as a main action, up to the 'rent' question."""
    from conftest import card
    effect = game.rules.actions["tailor"].effect
    played = card(game, seat, "master_1" if master else "journeyman")
    answers: list = []
    d = game.next_question(effect, seat, answers, played=played)
    while d is not None and d.kind in ("garment", "tiles"):
        answers.append(next(o.value for o in d.options if o.value.get("garment") == gid)
                       if d.kind == "garment" else d.options[0].value)
        d = game.next_question(effect, seat, answers, played=played)
    return effect, played, answers, d


# -- Festivity Dresses ------------------------------------------------------------------------

def test_festivity_garments_join_the_bag_after_round_one_phase_one():
    """001: "set aside the 4 Festivity Garments until after you have completed Phase 1 – Prepare
    for a new Round for the first Round. At the end of this phase, add the 4 Festivity Garment
    tiles to the Garment bag and mix them in well." """
    rules = load_ruleset(expansions=["festivity_dresses"])
    festive = sorted(g for g in rules.garments if g.startswith("festivity."))
    assert len(festive) == 4
    from interpreter.core.new_game import new_state
    state = new_state(rules, 3, 5)
    assert sorted(state["zones"]["festivity_aside"]) == festive
    assert not set(festive) & set(state["garment_bag"])
    for seed in range(6):
        game = Game.new(rules, players=3, seed=seed)  # waits in round 1's Phase 2
        assert game.state["round"] == 1 and game.decision().kind == "hand"
        assert game.state["zones"]["festivity_aside"] == []
        assert set(festive) <= set(game.state["garment_bag"])
        assert not set(festive) & set(game.state["garment_display"])  # not in round 1's display


def test_festivity_garment_is_never_sold_and_its_bonus_comes_before_placing(make_game):
    """001: "they can never be sold. After a player has paid the cost and spent the required
    Resources for the Festivity Garment, they gain an immediate one-time only Prestige Point
    Bonus ... Then, the tile is flipped over and placed on the Game board." The pink-coat bonus:
    "Immediately gain 1 Prestige Point for each of your pink frock coats on the Game board." """
    rules = load_ruleset(expansions=["festivity_dresses"])
    from conftest import clean_game
    game = clean_game(rules, 4, 1)
    gid = "festivity.pink_coat_bonus"
    pinks = [g.id for g in rules.garments.values() if g.color == "pink"][:2]
    _hand_to(game, 0, pinks)
    _display(game, gid)
    _rich_tailor(game, 0, gid)
    effect, played, answers, d = _tailor_turn(game, 0, gid)
    assert d.kind == "rent"
    assert all("sell" not in o.value for o in d.options)
    game.run_effect(effect, 0, answers + [d.options[0].value], played=played)
    p = game.state["players"][0]
    assert p["prestige"] == 2  # two pink coats on the board; this blue gown is not one
    assert gid in [g["garment"] for g in game.state["guests"].values()]


def test_festivity_pair_bonus_counts_sets_of_gown_and_coat(make_game):
    """001: "Immediately gain 2 Prestige Points for each set of 1 lady's gown and 1 gentleman's
    frock coat that you have on the Game board (regardless of their colors ...)". 3 gowns and
    2 coats make 2 sets: 4 Prestige Points."""
    rules = load_ruleset(expansions=["festivity_dresses"])
    from conftest import clean_game
    game = clean_game(rules, 4, 1)
    gowns = [g.id for g in rules.garments.values() if g.kind == "gown"
             and not g.id.startswith("festivity")][:3]
    coats = [g.id for g in rules.garments.values() if g.kind == "coat"
             and not g.id.startswith("festivity")][:2]
    _hand_to(game, 2, gowns + coats)
    game.run_effect(rules.garments["festivity.pair_bonus"].on_tailor, 2)
    assert game.state["players"][2]["prestige"] == 4


def test_a_garment_that_cannot_be_sold_is_not_offered_without_a_free_space(make_game):
    """001, Expert Tailoring: "If there is no available space to place them, they cannot be
    tailored." (and a Festivity garment, never sold, likewise)."""
    rules = load_ruleset(expansions=["festivity_dresses"])
    from conftest import clean_game
    game = clean_game(rules, 4, 1)
    gid = "festivity.pink_coat_bonus"
    _display(game, gid)
    _rich_tailor(game, 0, gid)
    others = [g for g in game.state["garment_bag"] if not g.startswith("festivity")]
    _hand_to(game, 1, others[:len(game.side.guest_spaces)])
    assert len(game.state["guests"]) == len(game.side.guest_spaces)
    from conftest import card

    from rulesdsl import EffectAbort
    try:
        d = game.next_question(rules.actions["tailor"].effect, 0,
                               played=card(game, 0, "master_1"))
        offered = [] if d is None else [o.value.get("garment") for o in d.options]
    except EffectAbort:
        offered = []
    assert gid not in offered


# -- Expert Tailoring -----------------------------------------------------------------------------

def test_expert_green_gown_pays_14_when_placed_or_sold_and_no_prestige(make_game):
    """001: "When you place or sell this Garment, gain 14 Livres. If rented, this Garment counts
    as representation in a Hall and counts for area majority, but it does not provide any
    Prestige Points." """
    rules = load_ruleset(expansions=["expert_tailoring"])
    g = rules.garments["expert.green_gown"]
    assert (g.value, g.prestige, g.rent_only, g.sellable) == (14, 0, False, True)
    from conftest import clean_game
    for choice in ("sell", "rent"):
        game = clean_game(rules, 4, 1)
        _display(game, g.id)
        _rich_tailor(game, 3, g.id)
        effect, played, answers, d = _tailor_turn(game, 3, g.id)
        before = game.state["players"][3]["livre"] - game.side.garment_costs[4]
        pick = {"sell": True} if choice == "sell" else next(
            o.value for o in d.options if "space" in o.value
            and game.side.guest_spaces[o.value["space"]].reward is None)
        game.run_effect(effect, 3, answers + [pick], played=played)
        p = game.state["players"][3]
        assert p["livre"] == before + 14
        assert p["prestige"] == 0


def test_expert_garments_are_rent_only_and_pay_their_placement_bonus(make_game):
    """001: "These Garments can only be rented" and "When you place this Garment, you get the
    Queen's Favor (if available) and 5 Livres (always)." """
    rules = load_ruleset(expansions=["expert_tailoring"])
    from conftest import clean_game
    gid = "expert.favor_coat"
    for favor_taken in (False, True):
        game = clean_game(rules, 4, 1)
        game.state["favor"] = 2 if favor_taken else None
        _display(game, gid)
        _rich_tailor(game, 1, gid)
        effect, played, answers, d = _tailor_turn(game, 1, gid)
        assert all("sell" not in o.value for o in d.options)
        space = next(o.value for o in d.options
                     if game.side.guest_spaces[o.value["space"]].reward is None)
        before = game.state["players"][1]["livre"] - game.side.garment_costs[4]
        game.run_effect(effect, 1, answers + [space], played=played)
        assert game.state["players"][1]["livre"] == before + 5
        assert game.state["favor"] == (2 if favor_taken else 1)


def test_expert_depute_coat_may_depute_for_livre_but_not_the_bonus(make_game):
    """001: "When you place this Garment, you may depute any one Employee from your staff. You
    gain the Livres, but not the Bonus on the lower half of that card." """
    rules = load_ruleset(expansions=["expert_tailoring"])
    from conftest import card, clean_game
    game = clean_game(rules, 4, 1)
    hook = rules.garments["expert.depute_coat"].on_place
    d = game.next_question(hook, 0)
    assert d.kind == "choice" and len(d.options) == 2  # depute, or nothing
    depute = next(o.value for o in d.options if o.value.startswith("depute"))
    target = card(game, 0, "apprentice_2")  # its bonus would give 2 Livre
    p = game.state["players"][0]
    p["supply"].append(game.state["hire_deck"].pop())  # a staff of 6: deputing is allowed
    game.run_effect(hook, 0, answers=[depute, target])
    assert p["livre"] == 4 and target in game.state["removed_employees"]
    nothing = next(o.value for o in d.options if o.value == "nothing")
    again = clean_game(rules, 4, 1)
    again.run_effect(hook, 0, answers=[nothing])
    assert again.state["players"][0]["livre"] == 0


# -- Fancy Dresses ----------------------------------------------------------------------------------

def test_fancy_dresses_add_4_garments_and_5_tiles_to_the_bags():
    """001: "simply add the Garment and Resource tiles to the appropriate draw bags" ... "4 new
    Garment tiles that are more expensive and more rewarding, as well as 5 new Resource
    tiles"."""
    base, rules = load_ruleset(), load_ruleset(expansions=["fancy_dresses"])
    new_g = set(rules.garments) - set(base.garments)
    new_t = set(rules.tiles) - set(base.tiles)
    assert len(new_g) == 4 and len(new_t) == 5
    assert min(rules.garments[g].prestige for g in new_g) > \
        max(g.prestige for g in base.garments.values())
    game = Game.new(rules, players=4, seed=2)
    from interpreter.core.new_game import new_state
    state = new_state(rules, 4, 2)
    assert new_g <= set(state["garment_bag"]) and new_t <= set(state["resource_bag"])
    assert problems(rules, game.state, game.side) == []


# -- every combination plays --------------------------------------------------------------------------

@pytest.mark.parametrize("edition", ["deluxe", "original"])
@pytest.mark.parametrize("combo", [c for n in range(5)
                                   for c in itertools.combinations(ALL_EXPANSIONS, n)],
                         ids=lambda c: "+".join(c) or "none")
def test_every_combination_plays_complete_games(edition, combo):
    """Issues 7 and 12: every combination of edition and the four expansions plays complete
    games for 2-5 players with both bots, the invariants (every jewel too in exactly one place)
    holding all along."""
    rules = load_ruleset(edition=edition, expansions=combo)
    for players in (2, 3, 4, 5):
        for bot in ("random", "greedy"):
            seed = players * 7 + len(combo)
            game = Game.new(rules, players=players, seed=seed)
            bots = [make_bot(bot, seed + s) for s in range(players)]
            n = 0
            while not game.is_over():
                d = game.decision()
                if n % 25 == 0:
                    assert problems(rules, game.state, game.side) == []
                game.apply(bots[d.seat].choose(game, d))
                n += 1
            assert problems(rules, game.state, game.side) == []
            assert game.state["round"] == 7


# -- toggles, modules, diff -----------------------------------------------------------------------------

def test_modules_lists_every_module_with_its_header(capsys):
    assert main(["modules", "--json"]) == 0
    rows = {m["id"]: m for m in json.loads(capsys.readouterr().out)}
    assert {"base", "deluxe", *EXPANSIONS} <= set(rows)
    assert rows["festivity_dresses"]["kind"] == "expansion"
    assert rows["festivity_dresses"]["version"] == "1.0"
    assert rows["deluxe"]["requires"] == ["base"]


def test_diff_shows_what_a_module_changes_with_its_position(capsys):
    assert main(["diff", "--with", "festivity_dresses", "--json"]) == 0
    changes = json.loads(capsys.readouterr().out)
    added = {(c["what"], c["id"]) for c in changes if c["change"] == "added"}
    assert ("garment", "festivity.pink_coat_bonus") in added
    assert ("step", "round: prepare.festivity_garments") in added
    assert ("zone", "festivity_aside") in added
    step = next(c for c in changes if c["id"] == "round: prepare.festivity_garments")
    assert step["where"].startswith("rules/expansions/festivity_dresses/flow.yaml:")


def test_diff_lists_procedures_and_what_a_module_adds_to_a_seat_kind(capsys):
    """The Masques with the Jewelry Box: 003's Jewelry Box rules replace how a Masque hires and
    extend the Masque seat kind (`extends: masque`); the diff says where each is written."""
    assert main(["diff", "--solo", "masques", "--with", "jewelry_box", "--json"]) == 0
    changes = {(c["change"], c["what"], c["id"]): c["where"]
               for c in json.loads(capsys.readouterr().out)}
    replaced = [(key, where) for key, where in changes.items()
                if key[:2] == ("replaced", "procedure")]
    assert [key[2] for key, _ in replaced] == [
        "masque_hire (declared at rules/solo/masques/flow.yaml:13:5)"]
    assert replaced[0][1].startswith("rules/solo/masques/jewelry_box.yaml:")
    assert changes[("added", "procedure", "masque_exam")].startswith(
        "rules/solo/masques/jewelry_box.yaml:")
    assert changes[("added", "seat kind part", "masque: trigger exam_tasks.acquire")].startswith(
        "rules/solo/masques/jewelry_box.yaml:")


def test_a_position_in_a_table_prints_as_written(capsys, monkeypatch):
    """Rich reads `:100:` as an emoji code; a position on line 100 must print as digits."""
    monkeypatch.setenv("COLUMNS", "300")
    assert main(["diff", "--with", "jewelry_box"]) == 0
    out = capsys.readouterr().out
    assert "rules/expansions/jewelry_box/exams.yaml:100:7" in out
    assert "\N{HUNDRED POINTS SYMBOL}" not in out


def test_simulate_with_expansions_from_the_command_line(capsys):
    code = main(["simulate", "--players", "3", "--games", "2", "--bots", "random", "--quiet",
                 "--with", "fancy_dresses,expert_tailoring", "--json", "-"])
    assert code == 0
    assert len(json.loads(capsys.readouterr().out)["games"]) == 2


def test_an_unknown_expansion_is_refused_by_name(capsys):
    assert main(["validate", "--with", "fancy_dress"]) == 1
    assert "unknown module 'fancy_dress'" in capsys.readouterr().err


def test_saves_record_the_modules_they_were_made_with(all_rules):
    game = Game.new(all_rules, players=2, seed=1)
    data = json.loads(game.to_json())
    assert [m["id"] for m in data["modules"]] == ["base", "deluxe", *EXPANSIONS]
    from interpreter import CorruptSaveError
    with pytest.raises(CorruptSaveError, match="made with module 'fancy_dresses'"):
        Game.from_json(load_ruleset(), game.to_json())


# -- the designer's examples ----------------------------------------------------------------------------

@pytest.fixture(scope="module")
def examples():
    return load_ruleset(extra_paths=[EXAMPLES / "rivalry", EXAMPLES / "garden",
                                     EXAMPLES / "festival_gown", EXAMPLES / "halls"])


def test_example_prestige_per_opponent_with_more_garments(examples):
    from conftest import clean_game
    game = clean_game(examples, 4, 1)
    gids = [g for g in examples.garments if not g.startswith("festival")]
    _hand_to(game, 1, gids[0:3])
    _hand_to(game, 2, gids[3:4])
    _hand_to(game, 0, gids[4:6])
    game.run_effect(examples.employees["rivalry.envy"].bonus, 0)
    assert game.state["players"][0]["prestige"] == 1  # only seat 1 has more than 2
    assert examples.employees["rivalry.envy"].bonus.text.startswith("Gain 1 Prestige for each "
                                                                     "of the other players")


def test_example_choice_between_two_effects(examples):
    from conftest import clean_game
    game = clean_game(examples, 4, 1)
    bonus = examples.employees["rivalry.merchant"].bonus
    assert bonus.text == "Either gain 3 Livre, or gain 1 Thread, then gain 1 Lace."
    d = game.next_question(bonus, 0)
    assert d.kind == "choice" and [o.value for o in d.options] == [
        "gain 3 Livre", "gain 1 Thread, then gain 1 Lace"]
    game.run_effect(bonus, 0, answers=["gain 1 Thread, then gain 1 Lace"])
    p = game.state["players"][0]
    assert (p["livre"], p["thread"], p["lace"]) == (0, 1, 1)


def test_example_hires_cost_one_less_this_round(examples):
    from conftest import clean_game
    game = clean_game(examples, 4, 1, livre=10)
    game.run_effect(examples.employees["rivalry.recruiter"].bonus, 0)
    assert game.state["modifiers"] == [{"seat": 0, "cost": "hiring", "by": 1,
                                        "until": "round_end"}]
    shown = len(game.state["hire_display"])
    d = game.next_question(examples.actions["hire"].effect, 0)
    price = {4: 5, 3: 3, 2: 1, 1: 0}[shown] - 1
    assert d.prompt == f"hire an employee for {max(price, 0)} Livre"
    d1 = game.next_question(examples.actions["hire"].effect, 1)
    assert d1.prompt == f"hire an employee for {price + 1} Livre"
    from interpreter.core.modifiers import expire
    expire(game.state, game.journal, "round_end")  # what the flow does when the round ends
    assert game.state["modifiers"] == []


def test_example_garment_with_a_placement_bonus(examples):
    from conftest import clean_game
    game = clean_game(examples, 4, 1)
    game.state["decorations"].update({d: 0 for d in list(game.side.decorations)[:3]})
    game.run_effect(examples.garments["festival.gown"].on_place, 0)
    assert game.state["players"][0]["prestige"] == 3


def test_example_new_decoration_and_guest_space(examples):
    side = examples.side_for(4)
    assert side.decorations["garden.1"].area == "garden"
    assert "hall_2.arbor" in side.halls_by_id["hall_2"].guest_spaces
    assert side.guest_spaces["hall_2.arbor"].reward.text == "Gain 1 Lace and 1 Livre."
    from conftest import clean_game, round_step
    game = clean_game(examples, 4, 1, livre=10)
    d = game.next_question(examples.actions["fund"].effect, 0)
    assert {"space": "garden.1", "cost": 4} in [o.value for o in d.options]
    game.run_effect(examples.actions["fund"].effect, 0, answers=[{"space": "garden.1",
                                                                  "cost": 4}])
    d = game.next_question(examples.actions["fund"].effect, 0)
    assert all(not o.value["space"].startswith("garden") for o in d.options)  # 1 per player
    game.run_effect(round_step(examples, "income"), 0)
    assert game.state["players"][0]["livre"] == 10 - 4 + 5 + 1


# -- seams: triggers, flow moments, files that load `when` another module does ------------------

def test_a_trigger_on_an_event_runs_for_the_actor_within_its_limit(tmp_path):
    """A module's trigger: "the first time you hire, gain 2 prestige"."""
    pack = write_pack(tmp_path / "p", {"flow.yaml": (
        "kind: flow\ntriggers:\n  - id: first_hire\n    on: hire\n    limit: once\n"
        "    effect: gain 2 prestige\n")})
    rules = load_ruleset(extra_paths=[pack])
    from conftest import clean_game
    game = clean_game(rules, 4, 1, livre=20)
    hire = rules.actions["hire"].effect
    def first() -> str:  # the leftmost card for hire (a hired card leaves its space empty)
        return next(c for c in game.state["hire_display"] if c is not None)
    game.run_effect(hire, 1, answers=[first()])
    assert game.state["players"][1]["prestige"] == 2
    game.run_effect(hire, 1, answers=[first()])
    assert game.state["players"][1]["prestige"] == 2  # once
    game.run_effect(hire, 2, answers=[first()])
    assert game.state["players"][2]["prestige"] == 2  # once for each player


def test_triggers_on_the_flows_moments_become_phases(tmp_path):
    pack = write_pack(tmp_path / "p", {"flow.yaml": (
        "kind: flow\ntriggers:\n"
        "  - {id: dawn, on: round_start, effect: gain 1 thread}\n"
        "  - {id: after_income, on: 'phase_end:income', effect: gain 1 lace}\n"
        "  - {id: before_halls, on: 'phase_start:halls', effect: gain 1 livre}\n")})
    rules = load_ruleset(extra_paths=[pack])
    assert [p.id for p in rules.round_phases] == ["dawn", "prepare", "select", "actions",
                                                  "income", "after_income"]
    finals = [p.id for p in rules.final_phases]
    assert finals[finals.index("halls") - 1] == "before_halls"
    game = Game.new(rules, players=3, seed=2, explain=True)
    bots = [make_bot("random", s) for s in range(3)]
    while not game.is_over():
        d = game.decision()
        game.apply(bots[d.seat].choose(game, d))
    owners = [c.owner for c in game.explain()]
    assert owners.count("the trigger 'dawn'") == 7 * 3
    assert owners.count("the trigger 'after_income'") == 7 * 3
    with pytest.raises(Exception, match="no phase 'incom' for the trigger to follow"):
        load_ruleset(extra_paths=[write_pack(tmp_path / "q", {"flow.yaml": (
            "kind: flow\ntriggers:\n  - {id: t, on: 'phase_end:incom', effect: gain 1 lace}\n")})])


def test_a_file_loads_only_when_the_module_it_needs_is_loaded(tmp_path):
    """Issue 7's module algebra: content that applies only `when` another module is present."""
    pack = write_pack(tmp_path / "p", {
        "cards.yaml": "kind: employees\nhire:\n  - {id: p.always, level: 1, type: master}\n",
        "fest.yaml": "kind: employees\nhire:\n  - {id: p.festive, level: 1, type: master}\n"},
        listed=["cards.yaml", {"file": "fest.yaml", "when": ["festivity_dresses"]}])
    plain = load_ruleset(extra_paths=[pack])
    assert "p.always" in plain.employees and "p.festive" not in plain.employees
    festive = load_ruleset(expansions=["festivity_dresses"], extra_paths=[pack])
    assert "p.festive" in festive.employees


def test_a_module_parameter_is_chosen_from_the_command_line_and_named_in_effects():
    """Module parameters: Festivity Dresses' garments join the bag at the end of Phase 1 of
    round `festivity_dresses.join_round` (1 as printed); another value is another ruleset."""
    printed = load_ruleset(expansions=["festivity_dresses"])
    later = load_ruleset(expansions=["festivity_dresses"],
                         params={"festivity_dresses.join_round": 3})
    assert printed.params == {"festivity_dresses.join_round": 1}
    assert later.fingerprint != printed.fingerprint
    game = Game.new(later, players=3, seed=1)
    assert len(game.state["zones"]["festivity_aside"]) == 4  # still aside in round 1
    from interpreter import CorruptSaveError
    with pytest.raises(CorruptSaveError, match="module 'festivity_dresses' changed"):
        Game.from_json(printed, game.to_json())
    from interpreter import RulesError
    with pytest.raises(RulesError, match=r"unknown parameter 'festivity_dresses.join_rond' "
                                         r"\(did you mean 'festivity_dresses.join_round'\?\)"):
        load_ruleset(expansions=["festivity_dresses"],
                     params={"festivity_dresses.join_rond": 3})
    with pytest.raises(RulesError, match="must be 1 to 7, not 9"):
        load_ruleset(expansions=["festivity_dresses"], params={"festivity_dresses.join_round": 9})


def test_set_on_the_command_line(capsys):
    assert main(["validate", "--with", "festivity_dresses", "--set",
                 "festivity_dresses.join_round=2"]) == 0
    assert main(["simulate", "--players", "2", "--games", "2", "--quiet", "--bots", "random",
                 "--with", "festivity_dresses", "--set", "festivity_dresses.join_round=2",
                 "--workers", "1"]) == 0
    with pytest.raises(SystemExit):
        main(["validate", "--set", "join_round"])
    assert "expected MODULE.NAME=VALUE" in capsys.readouterr().err


def test_play_load_uses_the_modules_the_save_names(tmp_path, capsys):
    """A save made with an expansion loads with `rococo play --load FILE` alone."""
    rules = load_ruleset(expansions=["festivity_dresses"])
    game = Game.new(rules, players=2, seed=3)
    path = tmp_path / "save.json"
    path.write_text(game.to_json())
    assert main(["play", "--load", str(path)]) == 0
    assert "Winner:" in capsys.readouterr().out


def test_a_module_adds_a_resource(tmp_path):
    """Open vocabularies: a resource declared by a module is held by every player, gained and
    paid by effects, named `my.<resource>`, printed in card text and carried by saves."""
    pack = write_pack(tmp_path / "p", {
        "flow.yaml": "kind: flow\nresources:\n  jewel: {name: Jewel, start: 1}\n",
        "cards.yaml": ("kind: employees\nhire:\n"
                       "  - {id: p.cutter, level: 2, type: master, bonus: gain 2 jewel}\n"
                       "  - {id: p.jeweler, level: 3, type: master,\n"
                       "     bonus: 'if my.jewel >= 2 then { pay 2 jewel; gain 3 prestige }'}\n")})
    rules = load_ruleset(extra_paths=[pack])
    assert rules.employees["p.cutter"].bonus.text == "Gain 2 Jewel."
    game = Game.new(rules, players=3, seed=1)
    assert [p["jewel"] for p in game.state["players"]] == [1, 1, 1]
    game.run_effect(rules.employees["p.cutter"].bonus, 0)
    game.run_effect(rules.employees["p.jeweler"].bonus, 0)
    p = game.state["players"][0]
    assert (p["jewel"], p["prestige"]) == (1, 3)
    from interpreter import IllegalDecisionError
    with pytest.raises(IllegalDecisionError, match="cannot pay 5 Jewel"):
        game.run_effect("pay 5 jewel", 0)
    assert Game.from_json(rules, game.to_json()).state == game.state
    bots = [make_bot("greedy", s) for s in range(3)]
    while not game.is_over():
        d = game.decision()
        game.apply(bots[d.seat].choose(game, d))
    assert problems(rules, game.state, game.side) == []


def test_a_module_declares_new_fields_for_its_components(tmp_path):
    """Open vocabularies: a module may declare new fields for components; entries set them and
    effects read them like the printed ones."""
    pack = write_pack(tmp_path / "p", {
        "flow.yaml": ("kind: flow\nfields:\n  garment:\n    sparkle: {default: 0, "
                      "description: sequins sewn on}\n"),
        "garments.yaml": ("kind: garments\ngarments:\n  - {id: p.gown, color: blue, silk: "
                          "{blue: 2}, thread: 0, lace: 0, master: false, value: 9, prestige: 2,"
                          " fields: {sparkle: 3}}\n"),
        "cards.yaml": ("kind: employees\nhire:\n  - {id: p.glitter, level: 2, type: master, "
                       "bonus: gain sum(my.garments.sparkle) prestige}\n")})
    rules = load_ruleset(extra_paths=[pack])
    from conftest import clean_game
    game = clean_game(rules, 4, 1)
    _hand_to(game, 0, ["p.gown", "blue_03"])
    game.run_effect(rules.employees["p.glitter"].bonus, 0)
    assert game.state["players"][0]["prestige"] == 3  # 3 + blue_03's default 0
    (pack / "garments.yaml").write_text((pack / "garments.yaml").read_text()
                                        .replace("sparkle: 3", "sparkel: 3"))
    from interpreter import RulesError
    with pytest.raises(RulesError, match=r"unknown garment field 'sparkel' \(did you mean "
                                         r"'sparkle'\?\)"):
        load_ruleset(extra_paths=[pack])


def test_the_games_piles_are_declared_in_data_and_the_view_follows(tmp_path):
    """Setup and zones as data: game.yaml declares each pile, what it starts with and whether
    players see it; view() hides what a pile declared hidden and shows the rest."""
    from interpreter.core.schemas import RULES_DIR
    game_yaml = (RULES_DIR / "base" / "game.yaml").read_text().replace(
        "kind: game", "kind: game\nreplace: true", 1)
    hidden = game_yaml.replace("{id: garment_discard, holds: garments, visible: true}",
                               "{id: garment_discard, holds: garments, visible: false}")
    rules = load_ruleset(extra_paths=[write_pack(tmp_path / "a", {"game.yaml": hidden})])
    game = Game.new(rules, players=3, seed=1)
    assert game.view(0)["garment_discard"] == 0 and isinstance(game.view(0)["hire_display"], list)
    assert game.view(0)["hire_deck"] == len(game.state["hire_deck"])
    from interpreter import RulesError
    missing = game_yaml.replace("  - {id: garment_discard, holds: garments, visible: true}\n", "")
    with pytest.raises(RulesError, match="declares no zone 'garment_discard'"):
        load_ruleset(extra_paths=[write_pack(tmp_path / "b", {"game.yaml": missing})])


def test_a_decorations_trigger_runs_for_its_holder(tmp_path):
    """Triggers on a decoration: "while you hold the garden, each garment you place gains you
    1 Livre"; a new kind of garment is valid where a module declares it."""
    pack = write_pack(tmp_path / "p", {"flow.yaml": (
        "kind: flow\ngarment_kinds: {silver: accessory}\n"
        "board:\n  - area: garden\n    decoration: {id: garden.1, cost: 4, prestige: 1}\n"
        "triggers:\n  - {id: garden_tips, on: place, decoration: garden.1, "
        "effect: gain 1 livre}\n")})
    rules = load_ruleset(extra_paths=[pack])
    assert "accessory" in rules.vocabulary.enums["garment_kind"]
    from conftest import clean_game

    from interpreter.core.context import Context
    from interpreter.core.events import announce
    game = clean_game(rules, 4, 1)
    game.state["decorations"]["garden.1"] = 2
    for seat in (1, 2):
        announce(Context(game, seat), "place", garment="blue_01")
    assert [p["livre"] for p in game.state["players"]][1:3] == [0, 1]


# -- Fancy Dresses: more resources than the lower-value garments (001) -----------------------------

def test_fancy_dresses_require_more_resources_than_the_lower_value_garments():
    """001, Fancy Dresses: "since they require more Resources than the lower-value Garment
    tiles, they do not change the balance of the game significantly": each new garment needs
    more silk, Thread and Lace than every garment of lower value."""
    rules = load_ruleset(expansions=["fancy_dresses"])
    need = {g.id: sum(g.silk.values()) + g.thread + g.lace for g in rules.garments.values()}
    fancy = [g for g in rules.garments.values() if g.id.startswith("fancy.")]
    assert len(fancy) == 4
    for g in fancy:
        lower = [o.id for o in rules.garments.values() if o.value < g.value]
        assert lower and all(need[g.id] > need[o] for o in lower), g.id


# -- Jewelry Box: component kinds, the display, the rent moment (issue 12) -------------------------

@pytest.fixture(scope="module")
def jewelry_rules():
    return load_ruleset(expansions=["jewelry_box", "expert_tailoring"])


def test_the_24_jewels_start_in_the_bag_and_five_are_on_display_after_step_e(jewelry_rules):
    """001:787 "place the 24 Jewelry tiles in the Jewelry bag"; step E fills the display."""
    assert len(jewelry_rules.pieces) == 24
    game = Game.new(jewelry_rules, players=3, seed=5)
    state = game.state
    game.decision()  # round 1's Phase 1 has run
    row = state["displays"]["jewelry_display"]
    assert None not in row and len(row) == 5
    assert sorted(state["zones"]["jewelry_bag"] + row) == sorted(jewelry_rules.pieces)
    assert problems(jewelry_rules, state, game.side) == []


def test_a_jewel_in_two_places_or_missing_breaks_the_invariants(jewelry_rules):
    game = Game.new(jewelry_rules, players=2, seed=1)
    state = game.state
    jewel = state["zones"]["jewelry_bag"][0]
    state["players"][0]["owned"]["jewelry"].append(jewel)
    assert problems(jewelry_rules, state, game.side) == [f"jewelry {jewel!r} is in 2 places"]
    state["zones"]["jewelry_bag"].remove(jewel)
    state["players"][0]["owned"]["jewelry"].remove(jewel)
    assert problems(jewelry_rules, state, game.side) == [f"jewelry {jewel!r} is missing"]


def test_jewels_survive_a_save_and_are_seen_by_everyone(jewelry_rules):
    game = Game.new(jewelry_rules, players=2, seed=2)
    game.decision()
    jewel = game.state["displays"]["jewelry_display"][4]
    game.state["displays"]["jewelry_display"][4] = None
    game.state["players"][1]["owned"]["jewelry"].append(jewel)
    again = Game.from_json(jewelry_rules, game.to_json())
    assert again.state["players"][1]["owned"]["jewelry"] == [jewel]
    view = again.view(0)
    assert view["players"][1]["owned"]["jewelry"] == [jewel]
    assert view["zones"]["jewelry_bag"] == 19  # the bag's order is hidden


def test_the_jewelry_box_garments_of_expert_tailoring_load_only_with_both_modules():
    """001:1240 "For use with Jewelry Box Expansion only"."""
    assert "expert.jewelry_gown" not in load_ruleset(expansions=["expert_tailoring"]).garments
    both = load_ruleset(expansions=["expert_tailoring", "jewelry_box"])
    assert {"expert.jewelry_gown", "expert.jewelry_coat"} <= set(both.garments)


# -- the designer's cases of issue 12: a trigger for this round, a garment's Hall ----------------

def test_example_a_trigger_that_lasts_this_round_is_saved_and_ends_with_the_round(examples):
    from conftest import clean_game

    from interpreter.core.modifiers import expire
    bonus = examples.employees["halls.royal_patron"].bonus
    assert bonus.text == ("Until the end of the round, whenever you rent out a Garment, if the "
                          "guest space of the event is in the Royal Hall, gain 2 Livre.")
    game = clean_game(examples, 4, 1)
    game.run_effect(bonus, 2)
    [lasting] = game.state["modifiers"]
    assert lasting["seat"] == 2 and lasting["event"] == "rent"
    assert lasting["until"] == "round_end"
    assert lasting["trigger"] in examples.lasting
    again = Game.from_json(examples, game.to_json())
    assert again.state["modifiers"] == game.state["modifiers"]
    expire(game.state, game.journal, "round_end")  # what the flow does when the round ends
    assert game.state["modifiers"] == []


def test_example_a_garments_hall_in_an_effect_reads_in_the_editions_words():
    rules = load_ruleset(edition="original", extra_paths=[EXAMPLES / "halls"])
    assert rules.employees["halls.royal_patron"].bonus.text.endswith(
        "is in the King's hall, gain 2 Livre.")
    assert rules.employees["halls.hall_steward"].bonus.text == (
        "Choose one of the Halls (chosen), then gain 2 Livre for each of your Dresses in the "
        "Hall chosen.")


def test_the_example_packs_scenarios_pass(capsys):
    assert main(["test", str(EXAMPLES / "halls")]) == 0
    assert "5 passed, 0 failed" in capsys.readouterr().out
# -- the designer's cases of issue 12: acting on others, a module resource in a cost, one key
#    of game.yaml ----------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def issue12_examples():
    return load_ruleset(extra_paths=[EXAMPLES / "tribute", EXAMPLES / "favor_gown",
                                     EXAMPLES / "short_season"])


def test_example_each_opponent_loses_one_livre(issue12_examples):
    from conftest import clean_game
    rules = issue12_examples
    bonus = rules.employees["tribute.tax_collector"].bonus
    assert bonus.text == ("Each opponent: pay 1 Livre (one who cannot does none of it). "
                          "Gain 1 Livre for each of the other players.")
    game = clean_game(rules, 4, 1, livre=3)
    game.state["players"][2]["livre"] = 0
    game.run_effect(bonus, 0)
    assert [p["livre"] for p in game.state["players"]] == [6, 2, 0, 2]


def test_example_alternative_offered_only_when_its_condition_holds(issue12_examples):
    from conftest import clean_game
    rules = issue12_examples
    bonus = rules.employees["tribute.patron"].bonus
    game = clean_game(rules, 4, 1)
    assert game.next_question(bonus, 0) is None  # one alternative left: no question
    game.run_effect(bonus, 0)
    assert (game.state["players"][0]["livre"], game.state["players"][0]["prestige"]) == (2, 0)
    _hand_to(game, 0, [g for g in rules.garments if g.startswith("blue")][:3])
    assert [o.value for o in game.next_question(bonus, 0).options] == [
        "gain 2 Prestige", "gain 2 Livre"]


def test_example_module_resource_in_a_garment_cost(issue12_examples):
    from conftest import clean_game
    rules = issue12_examples
    gown = rules.garments["favor.gown"]
    assert gown.needs() == (("thread", 1), ("favor_token", 2))
    game = clean_game(rules, 4, 1, livre=20, thread=1)
    game.state["garment_display"][0] = "favor.gown"
    me = game.state["players"][0]
    me["tiles"] = [t for t, tile in rules.tiles.items() if tile.silk.get("green", 0) >= 2][:1]
    tailor = rules.actions["tailor"].effect

    def offered():
        d = game.next_question(tailor, 0, played=_card_of(rules, "master"))
        return d is not None and any(o.value.get("garment") == "favor.gown" for o in d.options)
    me["favor_token"] = 1
    assert not offered()  # 1 of the 2 Favor tokens
    me["favor_token"] = 2
    assert offered()
    from conftest import round_step
    game.run_effect(round_step(rules, "income"), 0)
    assert me["favor_token"] == 3  # the income step the module appended


def test_example_one_game_key_changed_without_copying_game_yaml(issue12_examples, capsys):
    assert issue12_examples.rounds == 5
    assert load_ruleset().rounds == 7
    assert main(["diff", "--module", str(EXAMPLES / "short_season"), "--json"]) == 0
    changes = json.loads(capsys.readouterr().out)
    game = [c for c in changes if c["what"] == "game"]
    assert game == [{"change": "changed", "what": "game", "id": "rounds: 7 -> 5",
                     "where": f"{EXAMPLES / 'short_season' / 'game.yaml'}:5:11"}]
    g = Game.new(issue12_examples, players=3, seed=4)
    bots = [make_bot("greedy", s) for s in range(3)]
    while not g.is_over():
        d = g.decision()
        g.apply(bots[d.seat].choose(g, d))
    assert g.state["round"] == 5


def test_a_game_key_changed_by_two_modules_is_an_error(tmp_path):
    a = write_pack(tmp_path / "a", {"g.yaml": "kind: flow\ngame: {rounds: 5}\n"})
    b = packwriter.write(tmp_path / "b", {"g.yaml": "kind: flow\ngame: {rounds: 6}\n"}, "pb")
    with pytest.raises(RulesErrors, match=r"game key 'rounds' is changed twice \(first at "):
        load_ruleset(extra_paths=[a, b])


def test_an_unknown_resource_in_costs_is_an_error(tmp_path):
    pack = write_pack(tmp_path / "p", {"g.yaml": (
        "kind: garments\ngarments:\n  - {id: x.g, color: blue, silk: {blue: 1}, thread: 0, "
        "lace: 0, master: false, value: 8, prestige: 2, costs: {threads: 1}}\n")})
    with pytest.raises(RulesErrors, match="unknown resource 'threads' in costs "
                                          r"\(did you mean 'thread'\?\)"):
        load_ruleset(extra_paths=[pack])


def _card_of(rules, type_):
    return next(c for c, e in rules.employees.items() if e.type == type_ and not e.start)


@pytest.mark.parametrize("event", ["acquire", "fund", "play"])
def test_a_trigger_on_a_main_actions_event_runs_with_its_details(tmp_path, event):
    """The verbs make an event's details only when something listens (events.heard): a
    module's trigger on `acquire`, `fund` or `play` still runs, and reads them."""
    detail = {"acquire": "event.kept", "fund": "count([event.space]) = 1",
              "play": "event.card.level >= 0"}[event]
    pack = write_pack(tmp_path / "p", {"flow.yaml": (
        f"kind: flow\ntriggers:\n  - id: on_{event}\n    on: {event}\n    limit: always\n"
        f"    effect: if {detail} then gain 3 prestige\n")})
    rules = load_ruleset(extra_paths=[pack])
    from conftest import clean_game
    game = clean_game(rules, 4, 1, livre=20)
    seat = 1
    if event == "play":  # a start card ("gain 2 livre") with no main action, its bonus skipped
        me = game.state["players"][seat]
        card = next(c for c in me["supply"] if c.endswith("apprentice_2"))
        me["supply"].remove(card)
        me["hand"].append(card)
        game.run_effect("play_card", seat, answers=[{"card": card, "action": None}, False])
    else:
        effect = rules.actions[event].effect
        first = game.next_question(effect, seat).options[0].value
        game.run_effect(effect, seat, answers=[first, "keep"][:1 + (event == "acquire")])
    assert game.state["players"][seat]["prestige"] == 3

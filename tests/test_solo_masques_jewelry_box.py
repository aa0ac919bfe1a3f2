"""The Masques with the Jewelry Box (003: "Examination card", "Specialised Apprentice
(face-up)", "Bonus Jewellery", the Jeweller first in the fund order, "Take Examination Action",
"Choose card from supply", "Copy bonus"), and the generic seams they are written on: seat-kind
extensions, per-kind trigger readings, face-up per-player zones, bonuses used through a seat's
kind, the shuffle verb. Scenario files beside the module
(rules/solo/masques/scenarios/jewelry_box.yaml) test each rule on a set position."""
from __future__ import annotations

from pathlib import Path

import packwriter
import pytest
from test_solo_seats import play, saves_and_replays

from interpreter import RulesErrors, load_ruleset
from interpreter.core.engine import Game
from interpreter.core.integrity import problems

_RULES: dict = {}


def rules(count: int = 1):
    if count not in _RULES:
        _RULES[count] = load_ruleset(expansions=["masques", "jewelry_box"],
                                     params={"masques.count": count})
    return _RULES[count]


@pytest.mark.parametrize("count", [1, 2, 3, 4])
def test_seeded_games_with_the_jewelry_box_finish_and_no_masque_is_ever_asked(count):
    """"the player competes against 1-4 AI-controlled Masques", with the Jewelry Box: every
    question is the person's; money never negative; the state's invariants hold throughout."""
    r = rules(count)

    def check(game, decision):
        assert decision.seat == 0, decision.prompt
        assert all(p["livre"] >= 0 and p["thread"] >= 0 and p["lace"] >= 0
                   for p in game.state["players"])
        assert problems(r, game.state, game.side) == []

    for seed in range(3):
        game = play(r, seed, check)
        assert [p["kind"] for p in game.state["players"]] == ["human"] + ["masque"] * count
        assert problems(r, game.state, game.side) == []


def test_masques_use_the_jewelry_box_and_each_jewel_matches_one_of_their_garments():
    """Over seeded games the Masques rent jewels, take Examinations and hire their specialised
    Apprentice; "Bonus Jewellery: If Jeweller has matching color jewellery, Masque gains
    lowest-priced one": every jewel a Masque holds has the colour of one of its Garments, and
    only a Masque holding a Jeweler Decoration has any."""
    r = rules(2)
    jewels = exams = hired = 0
    for seed in range(8):
        game = play(r, seed)
        state = game.state
        for p in state["players"][1:]:
            held = p["owned"]["jewelry"]
            colours = {r.garments[g].color for g in _garments_of(state, p["seat"])}
            assert {r.pieces[j].values["color"] for j in held} <= colours
            if held:
                assert any(d.startswith("jeweler.") and s == p["seat"]
                           for d, s in state["decorations"].items())
            jewels += len(held)
            exams += 2 * p["master_exams_done"] + p["master_exam"]
            hired += 1 - len(p["zones"]["special_apprentice"])
    assert jewels > 0 and exams > 0 and hired > 0


def _garments_of(state: dict, seat: int) -> list[str]:
    from interpreter.core import board
    return list(board.garments_of(state, seat))


def test_a_masque_s_specialised_apprentice_is_face_up_and_the_person_s_stays_hidden():
    """"Each Masque receives: ... Specialised Apprentice (face-up)"; a player's is kept
    "facedown next to his Player board" (Jewelry Box)."""
    game = Game.new(rules(2), seed=5)
    person_view, masque_view = game.view(0), game.view(1)
    for seat in (1, 2):
        own = game.state["players"][seat]["zones"]["special_apprentice"]
        assert len(own) == 1 and person_view["players"][seat]["zones"]["special_apprentice"] == own
    assert masque_view["players"][0]["zones"]["special_apprentice"] == 1


def _masque_game(seed: int = 2, **player) -> Game:
    game = Game.new(rules(1), seed=seed)
    game.state["players"][1].update(player)
    return game


def _start(game: Game, seat: int, name: str) -> str:
    return f"start.{game.state['players'][seat]['color']}.{name}"


def test_with_every_journeyman_task_done_the_next_apprentice_takes_the_examination():
    """"Take Examination Action: If Masque completed tasks, next Employee of that type takes
    Examination. Shuffle relevant stack, add top card to hand, shuffle hand.\""""
    game = _masque_game()
    r, masque = game.rules, game.state["players"][1]
    apprentice, master = _start(game, 1, "apprentice_2"), _start(game, 1, "master_1")
    for pile in ("hand", "supply", "discard"):
        masque[pile] = [c for c in masque[pile] if c not in (apprentice, master)]
    masque["hand"] = [apprentice, master]
    masque.update(task_blue_pink=1, task_green_orange=1, task_thread_lace=1, task_fund=1)
    deck = list(game.state["zones"]["exam_journeymen"])
    prestige = masque["prestige"]
    turn = r.seat_kinds[0].phases["actions"]
    game.run_effect(turn, seat=1)
    masque = game.state["players"][1]
    assert apprentice in game.state["removed_employees"]
    assert apprentice not in masque["hand"] + masque["discard"] + masque["supply"]
    [new] = [c for c in masque["hand"] if c != master]
    assert new in deck and new not in game.state["zones"]["exam_journeymen"]
    assert masque["prestige"] >= prestige + 1
    assert (masque["journeyman_exam"], masque["master_exam"], masque["task_blue_pink"],
            masque["task_fund"]) == (0, 1, 0, 0)


def test_with_a_task_open_the_apprentice_acts_as_the_comparison_says():
    game = _masque_game()
    masque = game.state["players"][1]
    apprentice = _start(game, 1, "apprentice_2")
    for pile in ("hand", "supply", "discard"):
        masque[pile] = [c for c in masque[pile] if c != apprentice]
    masque["hand"] = [apprentice]
    masque.update(task_blue_pink=1, task_green_orange=1, task_thread_lace=1, task_fund=0)
    game.run_effect(game.rules.seat_kinds[0].phases["actions"], seat=1)
    masque = game.state["players"][1]
    assert masque["discard"][-1] == apprentice and masque["journeyman_exam"] == 1


def test_copy_bonus_copies_the_person_s_top_discard_even_an_x_bonus():
    """"Copy bonus: Always copies top card of player's Discard pile (can be X bonus)." and
    "Master X Bonus: If Queen's Favor unclaimed: Claim it, gain 5 Livre.\""""
    game = _masque_game()
    kind = game.rules.seat_kinds[0]
    x_master = _start(game, 0, "master_1")
    assert game.rules.employees[x_master].bonus is None
    game.state["players"][0]["discard"] = [_start(game, 0, "apprentice_1"), x_master]
    livre = game.state["players"][1]["livre"]
    game.run_effect(kind.bonuses["jb.journeyman.copy_discard"], seat=1,
                    played="jb.journeyman.copy_discard")
    assert game.state["favor"] == 1 and game.state["players"][1]["livre"] == livre + 5
    game.state["players"][0]["discard"] = []  # nothing to copy: nothing happens
    before = game.state["players"][1]["livre"]
    game.run_effect(kind.bonuses["jb.journeyman.copy_discard"], seat=1,
                    played="jb.journeyman.copy_discard")
    assert game.state["players"][1]["livre"] == before


def test_choose_card_from_supply_takes_the_top_card_and_uses_its_bonus():
    """"Choose card from supply: always top card." (the Jewelry Box Journeyman: "place them
    faceup into your discard pile ... Then immediately use that Employee's Bonus action.")"""
    game = _masque_game()
    masque = game.state["players"][1]
    for pile in ("hire_deck", "hire_display"):  # the two cards are the Masque's alone
        game.state[pile] = [c for c in game.state[pile]
                            if c not in ("l1.livre", "l1.thread_or_lace")]
    masque["supply"] = ["l1.livre", "l1.thread_or_lace"]
    livre = masque["livre"]
    game.run_effect(game.rules.seat_kinds[0].bonuses["jb.journeyman.supply_bonus"], seat=1,
                    played="jb.journeyman.supply_bonus")
    masque = game.state["players"][1]
    assert masque["supply"] == ["l1.thread_or_lace"] and masque["discard"][-1] == "l1.livre"
    assert masque["livre"] == livre + 1  # l1.livre: "gain 1 livre"


def test_the_person_s_copy_bonus_still_reads_the_card_itself():
    """use_bonus reads a bonus through the acting seat's kind: a person has none, so copying a
    Masque's bonus-less Master does nothing for the person."""
    game = _masque_game()
    x_master = _start(game, 1, "master_1")
    game.state["players"][1]["discard"] = [x_master]
    before = dict(game.state["players"][0])
    game.run_effect("let o = first(opponents)\nuse_bonus card o.discard_top", seat=0)
    assert game.state["players"][0]["livre"] == before["livre"] and game.state["favor"] is None


def test_a_masque_game_with_the_jewelry_box_saves_and_replays():
    saves_and_replays(rules(2), 11, 60)


# ---- the seams, on packs of one's own ------------------------------------------------------
def _pack(tmp_path: Path, flow: str) -> Path:
    return packwriter.pack(tmp_path, {"flow.yaml": flow}, "p")


def _errors(pack: Path, **kw) -> list[str]:
    with pytest.raises(RulesErrors) as info:
        load_ruleset(extra_paths=[pack], **kw)
    return [str(e).splitlines()[0] for e in info.value.errors]


def test_extending_an_unknown_seat_kind_is_refused_at_its_position(tmp_path):
    pack = _pack(tmp_path, "kind: flow\nseat_kinds:\n  - extends: rival\n"
                           "    bonuses: {l1.livre: gain 2 livre}\n")
    assert _errors(pack) == [f"{pack / 'flow.yaml'}:3:14: unknown seat kind 'rival' to extend "
                             f"(declared: none)"]


def test_a_reading_of_an_unknown_trigger_or_zone_is_refused(tmp_path):
    pack = _pack(tmp_path, "kind: flow\nseat_kinds:\n  - extends: masque\n"
                           "    triggers: {no.such: gain 1 prestige}\n"
                           "    public_zones: [nowhere]\n")
    flow = pack / "flow.yaml"
    assert _errors(pack, expansions=["masques"]) == [
        f"{flow}:4:16: the seat kind 'masque': unknown trigger 'no.such' in triggers",
        f"{flow}:5:20: the seat kind 'masque': unknown per-player zone 'nowhere' in "
        f"public_zones"]


def test_an_extension_adds_readings_and_replaces_those_given_again(tmp_path):
    pack = _pack(tmp_path, "kind: flow\nseat_kinds:\n  - extends: masque\n"
                           "    bonuses: {l4.livre_for_prestige: gain 2 prestige}\n"
                           "    policy: {play: [first]}\n")
    r = load_ruleset(extra_paths=[pack], expansions=["masques"])
    kind = r.seat_kinds[0]
    assert kind.bonuses["l4.livre_for_prestige"].source == "gain 2 prestige"
    assert kind.bonuses["l5.silk_for_prestige"] is not None  # the module's own stay
    assert kind.policy["play"] == ("first",) and kind.policy["keep"] == ("keep",)


def test_shuffle_puts_a_pile_in_another_order_and_prints_as_card_text():
    from rulesdsl import Origin, build_effect, effect_text
    r = rules(1)
    for text, printed in (("shuffle pile hand", "shuffle your hand"),
                          ("shuffle zone exam_masters", "shuffle the master examination deck")):
        compiled = build_effect(text, Origin("<t>"), r.vocabulary)
        assert printed in effect_text(compiled.effect, r.vocabulary).lower()
    orders = set()
    for seed in range(6):
        game = Game.new(r, seed=seed)
        deck = list(game.state["zones"]["exam_masters"])
        game.run_effect("shuffle zone exam_masters", seat=0)
        assert sorted(game.state["zones"]["exam_masters"]) == sorted(deck)
        orders.add(tuple(game.state["zones"]["exam_masters"]))
    assert len(orders) > 1


def test_a_seat_kind_entry_needs_an_id_and_name_or_extends(tmp_path):
    pack = _pack(tmp_path, "kind: flow\nseat_kinds:\n  - count: 1\n")
    assert _errors(pack) == [f"{pack / 'flow.yaml'}:3:5: seat_kinds/0: needs the keys id and "
                             f"name, or extends"]

"""A card's paired run (`balance --card ID`) plays each seed to the first turn at which a seat
holds the card, then on twice from that position: with the card, and with its neutral twin in
its place (the same card whose effect gains nothing), by fresh bots seeded alike. The holders
are the same seats in both and the games differ only by what the card does from then on: a
card that does nothing plays the very same games, and a card's verdict reads its holder's
change in prestige, in lead over the other seats (what a card against the opponents moves) and
in win rate (docs/lab.md)."""
from __future__ import annotations

from pathlib import Path

import pytest

from interpreter import load_ruleset
from interpreter.sim import balance, branch
from interpreter.sim.parallel import GameSpec, pack_from_path, rules_for, write_packs

CALIBRATION = Path(__file__).resolve().parent.parent / "examples" / "calibration"


@pytest.fixture(scope="module")
def cal_rules():
    return load_ruleset(expansions=("jewelry_box",), extra_paths=[CALIBRATION])


def test_the_neutral_twin_takes_the_cards_place_and_gains_nothing(cal_rules, tmp_path):
    twin = load_ruleset(expansions=("jewelry_box",), extra_paths=[
        CALIBRATION, *write_packs([balance.neutral_pack(cal_rules, "cal.p4")], tmp_path)])
    assert list(twin.employees) == list(cal_rules.employees)  # the same deck, in its order
    card, other = cal_rules.employees["cal.p4"], twin.employees["cal.p4"]
    assert (other.name, other.level, other.type, other.depute_value) == \
        (card.name, card.level, card.type, card.depute_value)
    assert other.bonus is not None and other.bonus.source == "gain 0 prestige"
    assert card.bonus is not None and card.bonus.source == "gain 4 prestige"
    for key in cal_rules.employees:
        if key != "cal.p4":
            a, b = twin.employees[key], cal_rules.employees[key]
            assert (a.name, a.level, a.bonus and a.bonus.source) == \
                (b.name, b.level, b.bonus and b.bonus.source), key


def test_a_garment_is_compared_without_it_and_a_start_card_has_no_twin(cal_rules):
    garment = next(iter(cal_rules.garments))
    assert balance.reference_pack(cal_rules, garment)[0] == "without it"
    assert balance.reference_pack(cal_rules, "cal.gift")[0] == "its neutral twin"
    start = next(c.id for c in cal_rules.employees.values() if c.start)
    with pytest.raises(balance.BalanceError) as exc:
        balance.neutral_pack(cal_rules, start)
    assert str(exc.value) == (f"'{start}' has no neutral twin: a paired comparison against a "
                              "neutral twin needs a hire card")


def test_paired_verdicts_against_the_twin_point_the_right_way():
    """greedy, 20 four-player games: the card that gains nothing plays exactly as its twin, 4
    prestige raise its holder's prestige, a gift of 2 prestige to each opponent lowers its
    holder's lead (its own prestige does not move: the lead is what shows it)."""
    data = balance.measure([CALIBRATION], games=20, players=4, bots="greedy", seed=1,
                           cards=["cal.p0", "cal.p4", "cal.gift"], expansions=("jewelry_box",))
    pairs = {p["id"]: p for p in data["paired"]}
    assert {p["against"] for p in pairs.values()} == {"its neutral twin"}
    p0 = pairs["cal.p0"]
    assert p0["verdict"] == (f"no change: in each of the {p0['games_held']} games it was held, "
                             "its holder did exactly as with its neutral twin; judged by greedy "
                             "in every seat")
    assert p0["games_held"] >= 5 and p0["holder_prestige_delta"] == {"mean": 0.0,
                                                                     "ci": [0.0, 0.0]}
    assert pairs["cal.p4"]["verdict"].startswith("raises its holder's prestige by ")
    assert pairs["cal.p4"]["holder_prestige_delta"]["ci"][0] > 4  # played more than once
    gift = pairs["cal.gift"]  # the lead falls; the holder's own prestige does not move
    assert gift["holder_lead_delta"]["ci"][1] < 0, gift
    low, high = gift["holder_prestige_delta"]["ci"]
    assert low < 0 < high, gift
    assert data["correction"]["paired_comparisons"] == 9  # 3 cards, 3 measures


def test_a_fork_starts_where_the_card_is_first_held_and_plays_on_twice():
    pack = pack_from_path(CALIBRATION)
    spec = GameSpec(players=2, bots="greedy", packs=(pack,), expansions=("jewelry_box",))
    rules = rules_for(spec)
    forked = spec.with_pack(balance.neutral_pack(rules, "cal.p4"))
    assert branch.is_forked(forked) and not branch.is_forked(spec)
    assert branch.twin_card(forked) == "cal.p4"
    records = [branch.forked_game(rules_for(forked), forked, seed) for seed in range(1, 7)]
    held = [r for r in records if r["holders"]]
    assert held and all(r["round"] >= 1 for r in held)
    for r in records:
        if not r["holders"]:  # never held: one game, the same on both sides
            assert r["round"] is None and r["with"] == r["twin"]
    # from the fork on, each holder gains 4 prestige a play with the card, none with the twin
    gains = [r["with"]["players"][s]["prestige"] - r["twin"]["players"][s]["prestige"]
             for r in held for s in r["holders"]]
    assert all(g >= 0 for g in gains) and sum(gains) > 0, gains

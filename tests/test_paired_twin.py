"""A card's paired run (`balance --card ID`) plays the same seeds with the card and with its
neutral twin in its place (the same card whose effect gains nothing), so the two games of a
seed are dealt alike and differ only by what the card does: a card that does nothing plays the
very same games, and a card's verdict reads its holder's change in prestige, in lead over the
other seats (what a card against the opponents moves) and in win rate (docs/lab.md)."""
from __future__ import annotations

from pathlib import Path

import pytest

from interpreter import load_ruleset
from interpreter.sim import balance
from interpreter.sim.parallel import write_packs

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
    holder's lead (its own prestige barely moves: the lead is what shows it)."""
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
    gift = pairs["cal.gift"]
    assert gift["holder_lead_delta"]["ci"][1] < 0, gift
    assert "lowers its holder's lead by " in gift["verdict"], gift["verdict"]
    assert data["correction"]["paired_comparisons"] == 9  # 3 cards, 3 measures

"""Declared triggers with a lifetime (`until:`): "this round, whenever ..." written as a trigger
in a flow document or on a card, which listens only once an effect starts it
(`start_trigger trigger ID`), for the player whose effect started it, until its lifetime ends."""
from __future__ import annotations

from pathlib import Path

import pytest
from conftest import clean_game, write_pack

from interpreter import load_ruleset
from interpreter.core.context import Context
from interpreter.core.errors import RulesErrors
from interpreter.core.events import announce
from interpreter.core.model import Effect
from interpreter.core.modifiers import expire
from rulesdsl import build_effect
from rulesdsl.parser import Origin

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
FLOW = """\
kind: flow
triggers:
  - id: rent_tip
    name: gain 1 Livre
    on: rent
    until: round_end
    effect: gain 1 livre
  - id: first_rent_prestige
    on: rent
    until: turn_end
    limit: once_per_round
    effect: gain 2 prestige
"""


@pytest.fixture(scope="module")
def started(tmp_path_factory):
    return load_ruleset(extra_paths=[write_pack(tmp_path_factory.mktemp("s") / "p",
                                           {"flow.yaml": FLOW})])


def _run(game, text: str, seat: int) -> None:
    compiled = build_effect(text, Origin("test", 1, 1), game.rules.vocabulary)
    game.run_effect(Effect(text, compiled, text), seat)


def _rent(game, seat: int) -> None:
    announce(Context(game, seat), "rent", garment="blue_01")


def test_a_trigger_with_a_lifetime_listens_only_once_started_and_only_for_its_starter(started):
    game = clean_game(started, 3, 1)
    assert "rent_tip" not in {t.id for t in started.triggers.get("rent", ())}
    livre = lambda: [p["livre"] for p in game.state["players"]]
    _rent(game, 0)
    assert livre() == [0, 0, 0]  # not started: it does not listen
    _run(game, "start_trigger trigger rent_tip", 0)
    assert game.state["modifiers"] == [{"seat": 0, "trigger": "rent_tip", "event": "rent",
                                        "until": "round_end"}]
    _rent(game, 0)
    _rent(game, 0)
    _rent(game, 1)  # another player's rent: not theirs
    assert livre() == [2, 0, 0]
    _run(game, "start_trigger trigger rent_tip", 0)  # started twice, it runs twice
    _rent(game, 0)
    assert livre() == [4, 0, 0]
    ctx = Context(game, 0)
    expire(game.state, ctx.tx, "turn_end", 0)  # a round_end trigger outlives the turn
    _rent(game, 0)
    assert livre() == [6, 0, 0]
    expire(game.state, ctx.tx, "round_end")
    assert game.state["modifiers"] == []
    _rent(game, 0)
    assert livre() == [6, 0, 0]


def test_a_started_trigger_keeps_its_limit_and_its_lifetime(started):
    game = clean_game(started, 3, 1)
    _run(game, "start_trigger trigger first_rent_prestige", 1)
    _rent(game, 1)
    _rent(game, 1)  # once per round
    assert game.state["players"][1]["prestige"] == 2
    expire(game.state, Context(game, 1).tx, "turn_end", 1)
    assert game.state["modifiers"] == []


def test_a_started_trigger_ends_with_the_round_in_a_played_game(started):
    """The flow drops a round_end trigger when the round ends, as it does a `whenever`."""
    game = clean_game(started, 2, 3)
    _run(game, "start_trigger trigger rent_tip", 0)
    round_ = game.state["round"]
    from interpreter.sim.bots import make_bot
    bots = [make_bot("greedy", s) for s in range(2)]
    while game.state["round"] == round_ and not game.is_over():
        d = game.decision()
        assert game.state["modifiers"] and game.state["modifiers"][0]["trigger"] == "rent_tip"
        game.apply(bots[d.seat].choose(game, d))
    assert all(m.get("trigger") != "rent_tip" for m in game.state["modifiers"])


def test_start_trigger_prints_as_card_text(started):
    text = "start_trigger trigger rent_tip"
    compiled = build_effect(text, Origin("test", 1, 1), started.vocabulary)
    from rulesdsl.printer import effect_text
    assert effect_text(compiled.effect, started.vocabulary) == (
        "Until the end of the round, whenever you rent out a Garment: gain 1 Livre.")


def test_the_halls_example_declares_its_trigger_on_a_card():
    rules = load_ruleset(extra_paths=[EXAMPLES / "halls"])
    trigger = rules.started["royal_rent"]
    assert (trigger.on, trigger.until, trigger.owner_kind, trigger.owner) == \
        ("rent", "round_end", "employee", "halls.royal_herald")
    assert rules.employees["halls.royal_herald"].bonus is not None
    assert "royal_rent" not in {t.id for ts in rules.triggers.values() for t in ts}


@pytest.mark.parametrize("files, message", [
    ({"flow.yaml": "kind: flow\ntriggers:\n  - {id: t, on: round_end, until: round_end, "
                   "effect: gain 1 lace}\n"},
     "flow.yaml:3:35: the trigger 't' has a lifetime ('until'): it is started by an effect and "
     "listens to a verb's event, not to the flow's 'round_end'"),
    ({"flow.yaml": "kind: flow\ntriggers:\n  - {id: t, on: fund, until: round_end, "
                   "decoration: hall_2.musician, effect: gain 1 lace}\n"},
     "flow.yaml:3:53: the trigger 't' has a lifetime ('until'), so it runs for the player "
     "whose effect starts it: it cannot also be the decoration's"),
    ({"flow.yaml": "kind: flow\ntriggers:\n  - {id: p.t, on: fund, until: round_end, "
                   "effect: gain 1 lace}\n"},
     "flow.yaml:3:10: trigger id 'p.t' has a lifetime ('until'), so an effect names it "
     "(start_trigger trigger ID): it must be one word, without '.'"),
    ({"cards.yaml": "kind: employees\nhire:\n  - id: p.c\n    level: 1\n    type: master\n"
                    "    triggers:\n      - {on: rent, until: turn_end, effect: gain 1 lace}\n"},
     "cards.yaml:7:9: a trigger of employee 'p.c' with a lifetime ('until') needs an 'id', the "
     "name start_trigger starts it by"),
    ({"cards.yaml": "kind: employees\nhire:\n  - id: p.c\n    level: 1\n    type: master\n"
                    "    bonus: start_trigger trigger rent_tipp\n"},
     "cards.yaml:6:34: unknown name 'rent_tipp'"),
])
def test_bad_declared_triggers_are_refused_where_they_stand(tmp_path, files, message):
    with pytest.raises(RulesErrors) as exc:
        load_ruleset(extra_paths=[write_pack(tmp_path / "p", files)])
    assert any(message in str(e) for e in exc.value.errors), [str(e) for e in exc.value.errors]


def test_rules_cards_and_diff_show_a_trigger_with_a_lifetime(tmp_path, capsys):
    from interpreter.cli.main import main
    pack = write_pack(tmp_path / "p", {"flow.yaml": FLOW})
    assert main(["rules", "--module", str(pack)]) == 0
    assert ("When rent, once an effect starts it (rent_tip) and until the round end: Gain 1 "
            "Livre.") in capsys.readouterr().out
    assert main(["cards", "--module", str(pack)]) == 0
    assert "rent, once started, until round_end" in capsys.readouterr().out
    assert main(["diff", "--module", str(pack)]) == 0
    out = capsys.readouterr().out
    assert "rent_tip" in out and "first_rent_prestige" in out

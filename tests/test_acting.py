"""`require COND`, `each opponent { ... }` and `as PLAYER { ... }` (issue 12: "an effect that
makes each opponent pay", "`require EXPR` to make an alternative available only when a condition
holds"), on a real game: who pays, what happens to one who cannot, who is asked."""
from __future__ import annotations

import pytest

from interpreter import Game, IllegalDecisionError, load_ruleset
from rulesdsl.parser import parse_effect
from rulesdsl.printer import effect_text, to_source
from rulesdsl.rule_errors import Origin


@pytest.fixture(scope="module")
def rules():
    return load_ruleset()


def _game(rules, livre):
    game = Game.new(rules, players=len(livre), seed=3)
    for seat, n in enumerate(livre):
        game.state["players"][seat]["livre"] = n
    return game


def _livre(game):
    return [p["livre"] for p in game.state["players"]]


def test_each_opponent_pays_and_one_who_cannot_pays_nothing(rules):
    game = _game(rules, [5, 3, 0, 1])
    game.run_effect("each opponent { pay 2 livre; gain 1 thread }", seat=0)
    assert _livre(game) == [5, 1, 0, 1]
    # the whole block is undone for seats 2 and 3, who could not pay: no Thread either
    assert [p["thread"] for p in game.state["players"]] == [1, 2, 1, 1]


def test_each_opponent_asks_each_opponent_in_turn_order_from_the_actor(rules):
    game = _game(rules, [5, 5, 5])
    effect = "each opponent { gain 1 thread or lace }"
    first = game.next_question(effect, seat=1)
    assert first.seat == 2
    second = game.next_question(effect, seat=1, answers=["thread"])
    assert second.seat == 0
    game.run_effect(effect, seat=1, answers=["thread", "lace"])
    assert [(p["thread"], p["lace"]) for p in game.state["players"]] == [(1, 2), (1, 1), (2, 1)]


def test_each_player_includes_the_actor(rules):
    game = _game(rules, [5, 5, 5])
    game.run_effect("each player gain 2 livre", seat=2)
    assert _livre(game) == [7, 7, 7]


def test_as_a_chosen_player_aborts_the_effect_when_they_cannot(rules):
    game = _game(rules, [5, 0, 4])
    effect = "let p = choose one of opponents\nas p { pay 3 livre }\ngain 1 prestige"
    game.run_effect(effect, seat=0, answers=[2])
    assert _livre(game) == [5, 0, 1]
    with pytest.raises(IllegalDecisionError, match="cannot pay 3 Livre"):
        game.run_effect(effect, seat=0, answers=[1])
    assert _livre(game) == [5, 0, 1]  # nothing changed
    assert game.state["players"][0]["prestige"] == 1


def test_require_aborts_and_gates_an_either_alternative(rules):
    game = _game(rules, [2, 9])
    with pytest.raises(IllegalDecisionError, match="requires your Livre is at least 3"):
        game.run_effect("require my.livre >= 3\ngain 1 prestige", seat=0)
    game.run_effect("require my.livre >= 3\ngain 1 prestige", seat=1)
    assert game.state["players"][1]["prestige"] == 1
    either = "either { require my.livre >= 3; gain 1 prestige } or { gain 1 thread }"
    assert game.next_question(either, seat=0) is None  # only the second is offered
    # an alternative offered is one whose requirement holds: its option says what it does
    assert [o.value for o in game.next_question(either, seat=1).options] == [
        "gain 1 Prestige", "gain 1 Thread"]


def test_printed_as_card_text(rules):
    def text(src):
        return effect_text(parse_effect(src, Origin("t.yaml")), rules.vocabulary)
    assert text("each opponent pay 1 livre") == \
        "Each opponent: pay 1 Livre (one who cannot does none of it)."
    assert text("require count(my.garments) >= 3\ngain 3 prestige") == \
        "Only if the number of your Garments on the board is at least 3: gain 3 Prestige."
    assert text("let p = choose one of opponents\nas p { pay 2 livre }") == \
        "Choose one of the other players (p). That player: pay 2 Livre."


@pytest.mark.parametrize("src", [
    "each opponent { pay 1 livre }", "require my.livre > 2", "as choose one of players { }",
    "either { require true; gain 1 livre } or { each player { gain 1 thread } }"])
def test_round_trips(src):
    e = parse_effect(src, Origin("t.yaml"))
    assert parse_effect(to_source(e), Origin("t.yaml")) == e


@pytest.mark.parametrize("src, message", [
    ("each rival pay 1 livre", "unknown 'each rival': expected 'each opponent' or 'each player'"),
    ("as 3 { gain 1 livre }", "expected a player"),
    ("require my.livre", "expected a boolean"),
])
def test_bad_uses_are_load_errors(rules, src, message):
    from rulesdsl.checker import check_effect
    errors = check_effect(parse_effect(src, Origin("t.yaml")), rules.vocabulary)
    assert errors and message in str(errors[0])

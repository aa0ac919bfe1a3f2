"""Issue 11, part 3: `undo` takes back the last decisions exactly, `redo` answers them again, and
`Option` / `Decision` are immutable values whose equality is how `apply` matches answers."""
from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from interpreter import Game, IllegalDecisionError, load_ruleset, make_bot
from interpreter.core.decisions import Decision, Option, same_value


def _played(rules, players: int, seed: int, decisions: int):
    """A game after `decisions` random answers, with its save before each of them."""
    game = Game.new(rules, players=players, seed=seed)
    bot = make_bot("random", seed)
    saves = []
    for _ in range(decisions):
        if game.is_over():
            break
        saves.append(game.to_json())
        game.apply(bot.choose(game, game.decision()))
    return game, saves


def _position(game: Game):
    return game.to_json(), game.decision(), [list(h) for h in game.history], game.state


@pytest.mark.parametrize("seed", range(6))
def test_undo_then_redo_is_exact_at_any_point(rules, seed):
    """At random points of random games, taking back 1 to 25 decisions gives exactly the save
    made before them (state, pending decision, history), and redoing them gives exactly the
    position before the undo."""
    rng = random.Random(seed)
    game, saves = _played(rules, 2 + seed % 4, seed, rng.randrange(40, 400))
    for _ in range(4):
        k = rng.randint(1, min(25, len(saves)))
        after = _position(game)
        game.undo(k)
        assert game.to_json() == saves[-k]
        back = Game.from_json(rules, saves[-k])
        assert game.decision() == back.decision() and game.history == back.history
        assert game.state == back.state
        for _ in range(k):
            game.redo()
        assert _position(game) == after


@pytest.mark.parametrize("modules, params", [
    (["masques"], {"masques.count": 2}),
    (["masques", "jewelry_box"], {"masques.count": 3}),
    (["du_barry", "jewelry_box"], {}),
])
def test_undo_back_past_the_waiting_step_in_a_solo_game_is_exact(modules, params):
    """Further back than the waiting step the game is replayed from its seed: the automata's
    own set-up (the Masques' random draws) runs again first, as in `Game.new`, so taking back
    decisions of a whole solo game gives exactly the save made before them."""
    solo = load_ruleset(expansions=modules, params=params)
    game = Game.new(solo, seed=3)
    bot, saves = make_bot("greedy", 3), []
    while not game.is_over():
        saves.append(game.to_json())
        game.apply(bot.choose(game, game.decision()))
    for k in (3, 40):
        game.undo(k)
        assert game.to_json() == saves[-k]
        saves = saves[:-k]


def test_undo_inside_a_step_that_asked_several_questions(rules):
    """A turn asks for the card and action, then which tile, then keep or discard: taking back
    the last answer leaves the turn waiting on the middle question, as it was."""
    game = Game.new(rules, players=3, seed=2)
    bot = make_bot("random", 2)
    before = None
    while True:
        answers = game.step_start()[1]
        if len(answers) >= 2:
            break
        before = game.to_json(), game.decision()
        game.apply(bot.choose(game, game.decision()))
    assert len(game.step_start()[1]) >= 2
    after = game.to_json()
    game.undo()
    assert (game.to_json(), game.decision()) == before
    game.redo()
    assert game.to_json() == after


def test_a_new_answer_ends_redo_and_bad_counts_are_refused(rules):
    game, _saves = _played(rules, 2, 5, 12)
    game.undo(2)
    game.apply(game.decision().options[-1])
    with pytest.raises(IllegalDecisionError, match=r"^there is nothing to redo: no decision was "
                                                   r"taken back since the last one made$"):
        game.redo()
    for bad in (0, -1, True, 1.5, "2"):
        with pytest.raises(IllegalDecisionError, match=r"^cannot take back .* decisions: give a "
                                                       r"whole number, 1 or more$"):
            game.undo(bad)
    fresh = Game.new(rules, players=2, seed=5)
    with pytest.raises(IllegalDecisionError, match=r"^cannot take back 1 decision: 0 were made "
                                                   r"so far$"):
        fresh.undo()


# -- Option and Decision as values ---------------------------------------------------------------

JSON = st.recursive(st.none() | st.booleans() | st.integers(-3, 3) | st.floats(-2, 2) |
                    st.sampled_from(["a", "b", "1"]),
                    lambda inner: st.lists(inner, max_size=3) |
                    st.dictionaries(st.sampled_from(["x", "y"]), inner, max_size=2),
                    max_leaves=6)


@given(JSON, JSON)
def test_option_equality_is_json_equality_and_hash_agrees(a, b):
    x, y = Option(a, "one label"), Option(b, "another")
    assert (x == y) == same_value(a, b)
    if x == y:
        assert hash(x) == hash(y)
    assert x == Option(a) and hash(x) == hash(Option(a))


def test_options_do_not_confuse_one_with_true_and_are_frozen():
    assert Option(1) != Option(True) and Option(0) != Option(False) and Option(1) != Option(1.0)
    assert len({Option(1), Option(True), Option(1.0), Option(1, "again")}) == 3
    assert Option({"card": "x", "action": None}) == Option({"action": None, "card": "x"})
    option = Option(1, "one")
    with pytest.raises(AttributeError, match="Option is immutable: cannot set 'value'"):
        option.value = 2
    d = Decision(1, "play", "p", [Option(1)])
    assert d == Decision(1, "play", "p", (Option(1, "x"),))
    assert d != Decision(True, "play", "p", [Option(1)]) and d != Decision(1, "play", "p",
                                                                            [Option(True)])
    assert hash(d) == hash(Decision(1, "play", "p", [Option(1)]))
    with pytest.raises(AttributeError, match="Decision is immutable: cannot set 'options'"):
        d.options = ()


def test_apply_with_an_equal_option_is_apply_with_the_offered_one(rules):
    """`apply(Option(v))` made by the caller answers exactly as the offered option with that
    value does, for every option of the first decisions of a game."""
    game, _ = _played(rules, 3, 4, 30)
    for option in game.decision().options:
        mine, offered = game.clone(), game.clone()
        mine.apply(Option(option.value, "a label of my own"))
        offered.apply(option)
        assert mine.to_json() == offered.to_json()
    with pytest.raises(IllegalDecisionError):
        game.apply(Option({"not": "an option"}))

"""`Game.play_out(bots)`: bots answer inside the running step, and the game is the one `apply`
in a loop makes, with the same errors: an illegal option or a bot's own exception leaves the
game waiting at that decision, a rule's fault restores the decision being answered."""
from __future__ import annotations

import json

import pytest
from conftest import dump
from packwriter import write
from test_core import FAULTY, _with_faulty_card

from interpreter import Game, IllegalDecisionError, RuleFaultError, load_ruleset, make_bot
from interpreter.core.integrity import problems


def _looped(game: Game, bots) -> None:
    while not game.is_over():
        d = game.decision()
        game.apply(bots[d.seat].choose(game, d))


@pytest.mark.parametrize("expansions", [(), ("jewelry_box", "fancy_dresses"), ("du_barry",)])
@pytest.mark.parametrize("kind", ["random", "greedy"])
def test_the_game_is_the_one_apply_in_a_loop_makes(expansions, kind):
    rules = load_ruleset(expansions=expansions)
    sizes = (2,) if expansions == ("du_barry",) else (2, 3, 4, 5)
    for players in sizes:
        for seed in (1, 2):
            looped, out = (Game.new(rules, players=players, seed=seed) for _ in range(2))
            _looped(looped, [make_bot(kind, seed * 7 + s) for s in range(players)])
            out.play_out([make_bot(kind, seed * 7 + s) for s in range(players)])
            assert out.is_over() and out.history == looped.history
            assert json.dumps(out.state) == json.dumps(looped.state)
            assert out.to_json() == looped.to_json()


class _Failing:
    """A random bot that raises (or answers wrongly) at its n-th decision."""

    def __init__(self, seed: int, at: int, answer=None):
        self.bot, self.at, self.answer, self.asked = make_bot("random", seed), at, answer, 0

    def choose(self, game, decision):
        self.asked += 1
        if self.asked == self.at:
            if self.answer is not None:
                return self.answer
            raise ZeroDivisionError("the bot's own bug")
        return self.bot.choose(game, decision)


@pytest.mark.parametrize("answer,error", [(None, ZeroDivisionError),
                                          ({"no": "such option"}, IllegalDecisionError)])
def test_a_bot_that_fails_leaves_the_game_at_its_decision(rules, answer, error):
    bots = [_Failing(s, 40 + 3 * s, answer) for s in range(3)]
    game = Game.new(rules, players=3, seed=5)
    with pytest.raises(error):
        game.play_out(bots)
    twin = Game.new(rules, players=3, seed=5)  # the same bots' answers, given one by one
    again = [_Failing(s, 40 + 3 * s, answer) for s in range(3)]
    with pytest.raises(error):
        _looped(twin, again)
    assert game.history == twin.history and dump(game) == dump(twin)
    assert game.decision() == twin.decision() and not game.is_over()
    assert Game.from_json(rules, game.to_json()).decision() == game.decision()
    game.play_out([make_bot("random", s) for s in range(3)])  # and it can go on
    assert game.is_over()


class _OutOfRange:
    """A bot answering by index (`choose_index` beside `choose`, as the project's own bots do),
    with a place no decision has at its n-th decision."""

    def __init__(self, seed: int, at: int):
        self.bot, self.at, self.asked = make_bot("random", seed), at, 0

    def choose_index(self, game, decision):
        self.asked += 1
        return 99 if self.asked == self.at else self.bot.choose_index(game, decision)

    def choose(self, game, decision):
        return decision.option_at(self.choose_index(game, decision))


def test_a_bot_answering_by_index_is_held_to_the_options_and_to_its_own_choose(rules):
    game = Game.new(rules, players=3, seed=5)
    with pytest.raises(IllegalDecisionError, match="option 99 is out of range"):
        game.play_out([_OutOfRange(s, 30) for s in range(3)])
    twin, again = Game.new(rules, players=3, seed=5), [_OutOfRange(s, 30) for s in range(3)]
    with pytest.raises(IllegalDecisionError, match="option 99 is out of range"):
        while True:  # the same bots' places, given one by one
            d = twin.decision()
            twin.apply_index(again[d.seat].choose_index(twin, d))
    assert len(game.history) > 80 and game.history == twin.history
    assert dump(game) == dump(twin) and game.decision() == twin.decision()
    # a `choose` given to one bot is what that bot answers with, not its class's choose_index
    # (a subclass's bot: the compiled RandomBot takes no attribute of its own)
    bots = [make_bot("random", s) for s in range(3)]
    bots[1] = type("_OwnChoice", (type(bots[1]),), {})(1)
    asked = []
    bots[1].choose = lambda g, d: asked.append(d) or d.option_at(0)
    game = Game.new(rules, players=3, seed=5)
    game.play_out(bots)
    assert game.is_over() and asked and all(
        game.history[i][1] == asked_d.own_values()[0] for i, asked_d in
        zip([i for i, (seat, _v) in enumerate(game.history) if seat == 1], asked))


def test_a_bot_may_copy_and_save_the_game_while_it_chooses(rules):
    """What the search bot does: the position it is shown mid-step is the one a loop shows."""
    class Copying:
        def __init__(self, seed):
            self.bot, self.seen = make_bot("greedy", seed), []

        def choose(self, game, decision):
            copy = game.clone()
            assert copy.decision() == decision and dump(copy) == dump(game)
            assert Game.from_json(game.rules, game.to_json()).decision() == decision
            copy.apply(copy.decision().option_at(0))  # the copy goes its own way
            self.seen.append(game.decision() is decision)
            return self.bot.choose(game, decision)
    bots = [Copying(s) for s in range(2)]
    game = Game.new(rules, players=2, seed=9)
    for _ in range(30):  # into the rounds, then the rest by play_out
        d = game.decision()
        game.apply(bots[d.seat].choose(game, d))
    game.play_out(bots)
    looped = Game.new(rules, players=2, seed=9)
    _looped(looped, [make_bot("greedy", s) for s in range(2)])
    assert game.history == looped.history
    assert all(b.seen for b in bots) and all(all(b.seen) for b in bots)


def test_mcts_plays_out_as_it_plays_in_a_loop(rules):
    looped, out = (Game.new(rules, players=2, seed=3) for _ in range(2))
    for game, how in ((looped, "loop"), (out, "play_out")):
        bots = [make_bot("mcts:6", 1), make_bot("random", 2)]
        for _ in range(25):
            d = game.decision()
            game.apply(bots[d.seat].choose(game, d))
        if how == "loop":
            _looped(game, bots)
        else:
            game.play_out(bots)
    assert out.history == looped.history and dump(out) == dump(looped)


def test_a_fault_under_play_out_restores_the_decision_being_answered(tmp_path):
    write(tmp_path, {"cards.yaml": FAULTY}, "faulty")
    rules = load_ruleset(extra_paths=[tmp_path])
    game, seat, p = _with_faulty_card(rules)
    p["supply"].append("l1.faulty")

    class Keen:
        """Keeps the faulty card for its hand and plays it as soon as it can."""

        def __init__(self, seed):
            self.bot = make_bot("random", seed)

        def choose(self, game, d):
            for value in d.values:
                if value == "l1.faulty" or value == {"card": "l1.faulty", "action": None}:
                    return d.option_at(d.values.index(value))
            return self.bot.choose(game, d)
    with pytest.raises(RuleFaultError) as err:
        game.play_out([Keen(s) for s in range(2)])
    assert "the bonus of employee 'l1.faulty' failed: division by zero" in str(err.value)
    d = game.decision()
    assert d.kind == "play" and d.seat == seat and "l1.faulty" in p["hand"]
    assert f"decision {len(game.history) + 1})" in str(err.value)
    assert problems(rules, game.state, game.side) == []
    assert Game.from_json(rules, game.to_json()).decision() == d


@pytest.mark.parametrize("change", [
    lambda game, d: game.apply(d.option_at(0)),
    lambda game, d: game.apply_index(0),
    lambda game, d: game.undo(),
    lambda game, d: game.run_effect("gain 1 livre", d.seat),
])
def test_a_bot_that_changes_the_game_while_it_chooses_is_refused(rules, change):
    """A bot reads, clones and saves the game as it chooses; answering or changing it there
    (it is the running step's own position) is refused, and the game waits at that decision."""
    class Meddling:
        def __init__(self):
            self.calls = 0

        def choose(self, game, d):
            self.calls += 1
            if self.calls == 12:
                change(game, d)
            return d.option_at(0)
    game = Game.new(rules, players=2, seed=6)
    with pytest.raises(IllegalDecisionError, match="while play_out asks a bot: a bot may read"):
        game.play_out([Meddling(), Meddling()])
    twin = Game.new(rules, players=2, seed=6)
    while len(twin.history) < len(game.history):
        twin.apply_index(0)
    assert dump(game) == dump(twin) and game.decision() == twin.decision()
    game.apply_index(0)  # outside play_out the game is answered as ever


# -- `apply_index_then`: one seat's answer, then the bots inside the step until that seat --------

def _seat_then_bots(game: Game, bots, seat_index) -> list:
    """Play `game` to its end: the seat without a bot (None in `bots`) by `seat_index`, each
    answer followed by the bots' (`apply_index_then`); the positions the seat was asked at."""
    asked = []
    game.play_out(bots)  # to the seat's first decision
    while not game.is_over():
        d = game.decision()
        assert bots[d.seat] is None  # the bots answered every decision of theirs in the step
        asked.append((len(game.history), dump(game)))
        game.apply_index_then(seat_index(d), bots)
    return asked


def _one_at_a_time(game: Game, bots, seat_index) -> list:
    asked = []
    while not game.is_over():
        d = game.decision()
        if bots[d.seat] is None:
            asked.append((len(game.history), dump(game)))
            game.apply_index(seat_index(d))
        else:
            game.apply(bots[d.seat].choose(game, d))
    return asked


@pytest.mark.parametrize("kind", ["random", "greedy"])
def test_apply_index_then_plays_the_game_one_answer_at_a_time_plays(rules, kind):
    import random
    for players, seed in ((2, 1), (4, 2)):
        games, positions = [], []
        for how in (_seat_then_bots, _one_at_a_time):
            game, pick = Game.new(rules, players=players, seed=seed), random.Random(seed)
            bots = [None] + [make_bot(kind, seed * 7 + s) for s in range(1, players)]
            positions.append(how(game, bots, lambda d, pick=pick: pick.randrange(len(d))))
            games.append(game)
        out, looped = games
        assert positions[0] == positions[1] and len(positions[0]) > 20
        assert out.history == looped.history and out.to_json() == looped.to_json()
        out.undo(3)
        looped.undo(3)
        assert out.to_json() == looped.to_json() and out.decision() == looped.decision()


def test_apply_index_then_leaves_the_game_at_a_failing_bots_decision(rules):
    bots = [None, _Failing(1, 25), _Failing(2, 31, {"no": "such option"})]
    game, twin = Game.new(rules, players=3, seed=5), Game.new(rules, players=3, seed=5)
    with pytest.raises(ZeroDivisionError):
        _seat_then_bots(game, bots, lambda d: 0)
    again = [None, _Failing(1, 25), _Failing(2, 31, {"no": "such option"})]
    with pytest.raises(ZeroDivisionError):
        _one_at_a_time(twin, again, lambda d: 0)
    assert game.history == twin.history and dump(game) == dump(twin)
    assert game.decision() == twin.decision() and game.decision().seat == 1
    assert Game.from_json(rules, game.to_json()).decision() == game.decision()
    game.apply_index(0)  # the seat's own answer stands in for the failed bot's; on it goes
    twin.apply_index(0)
    with pytest.raises(IllegalDecisionError, match="not a legal answer"):
        _seat_then_bots(game, bots, lambda d: 0)
    with pytest.raises(IllegalDecisionError, match="not a legal answer"):
        _one_at_a_time(twin, again, lambda d: 0)
    assert game.history == twin.history and game.to_json() == twin.to_json()


def test_apply_index_then_asks_the_bots_it_is_given_each_time(rules):
    """The bots' `choose_index` are kept from one call to the next only for the same bots."""
    game = Game.new(rules, players=2, seed=4)
    first, second = [None, make_bot("random", 1)], [None, _OutOfRange(2, 1)]
    game.apply_index_then(0, first)
    game.apply_index_then(0, list(first))  # the same bots in another list: the same choosers
    with pytest.raises(IllegalDecisionError, match="option 99 is out of range"):
        while not game.is_over():
            game.apply_index_then(0, second)
    assert game.decision().seat == 1 and second[1].asked == 1


@pytest.mark.parametrize("how", ["play_out", "apply_index_then"])
@pytest.mark.parametrize("count", [0, 1, 3])
def test_fewer_bots_than_seats_are_refused_before_anything_changes(rules, how, count):
    """A bots list shorter than the seats is the caller's mistake, said as such (not an
    IndexError raised as a bot's fault), and the game is left as it was."""
    game = Game.new(rules, players=4, seed=3)
    before = game.to_json()
    bots = [make_bot("random", s) for s in range(count)]
    with pytest.raises(ValueError, match=f"{count} bots? for 4 seats: give one per seat"):
        game.play_out(bots) if how == "play_out" else game.apply_index_then(0, bots)
    assert game.to_json() == before and game.history == []
    game.apply_index_then(0, [None, *(make_bot("random", s) for s in range(1, 4))])
    with pytest.raises(ValueError, match="3 bots for 4 seats"):  # another list: checked too
        game.apply_index_then(0, [None, make_bot("random", 1), make_bot("random", 2)])


@pytest.mark.parametrize("how", ["play_out", "apply_index_then"])
def test_a_finished_game_keeps_no_bot_alive(rules, how):
    """The bots are the caller's: once the game is over, nothing of it holds them (play_out's
    or apply_index_then's bots and their `choose_index`), while the game itself is kept."""
    import gc
    import random
    import weakref

    class Kept:  # (a class of Python's: the compiled bots take no weak reference)
        def __init__(self, seed: int):
            self.pick = random.Random(seed)

        def choose_index(self, game, decision):
            return self.pick.randrange(len(decision))

        def choose(self, game, decision):
            return decision.option_at(self.choose_index(game, decision))

    game = Game.new(rules, players=3, seed=8)
    bots = [Kept(s) for s in range(3)]
    if how == "apply_index_then":
        bots[0] = None
    alive = [weakref.ref(b) for b in bots if b is not None]
    if how == "play_out":
        game.play_out(bots)
    else:
        while not game.is_over():
            game.apply_index_then(0, bots)
    del bots
    gc.collect()
    assert game.is_over() and [ref() for ref in alive] == [None] * len(alive)


@pytest.mark.parametrize("exact", [True, False])
def test_a_question_asked_outside_the_flow_is_refused(rules, exact):
    """A step asks its questions in the game's flow; one asked from outside while a step
    waits (`Context(game, seat).ask`) is refused, where it used to give back the Decision
    itself as its answer (exact) or run the waiting step's trials with a foreign answer."""
    from interpreter.core.context import Context

    game = Game.new(rules, players=3, seed=2)
    waiting, before = game.decision(), game.to_json()
    with pytest.raises(RuntimeError, match="a question was asked outside a game step"):
        Context(game, 0).ask("choice", "pick one", [1, 2, 3], exact=exact)
    assert game.decision() == waiting and game.to_json() == before
    game.play_out([make_bot("random", s) for s in range(3)])
    assert game.is_over()


@pytest.mark.parametrize("how", ["play_out", "apply_index_then"])
@pytest.mark.parametrize("exact", [True, False])
def test_a_question_a_bot_asks_while_it_chooses_inside_the_step_is_refused(rules, how, exact):
    """A bot choosing inside the running step (`play_out`, `apply_index_then`) that asks a
    question of its own (`Context(game, seat).ask`) is refused as a question from outside the
    flow is: it used to be taken as the step's own question (answered by a bot, or its trials
    run against the step's position). The bot may go on and answer; the game is unchanged."""
    from interpreter.core.context import Context

    refused = []

    class Asking:
        def choose(self, game, d):
            try:
                Context(game, 0).ask("choice", "pick one", [1, 2, 3], exact=exact)
            except RuntimeError as exc:
                refused.append(str(exc))
            return d.option_at(0)

    game, twin = Game.new(rules, players=2, seed=3), Game.new(rules, players=2, seed=3)
    if how == "play_out":
        game.play_out([Asking(), Asking()])
    else:
        while not game.is_over():
            game.apply_index_then(0, [None, Asking()])
    while not twin.is_over():
        twin.apply_index(0)
    assert len(refused) > 20 and set(refused) == {"a question was asked outside a game step"}
    assert game.history == twin.history and game.to_json() == twin.to_json()


def _uniform_bots(players: int) -> list:
    from interpreter.env.uniform import Uniform
    return [None] + [Uniform(100 + s) for s in range(1, players)]


def test_a_uniform_bot_is_drawn_for_as_it_would_choose(rules):
    """A bot that picks uniformly (`Uniformly`: the env's default opponent) is not asked inside
    the step: the step draws its `choose_index` from its generator itself (`Table.answer`),
    with no Decision made. The game is the one its `choose_index` makes one answer at a time,
    and its generator is left where those draws leave it (undo and saves alike)."""
    import random
    for players, seed in ((2, 1), (4, 2)):
        games, bots = [], []
        for how in (_seat_then_bots, _one_at_a_time):
            game, pick = Game.new(rules, players=players, seed=seed), random.Random(seed)
            bots.append(_uniform_bots(players))
            how(game, bots[-1], lambda d, pick=pick: pick.randrange(len(d)))
            games.append(game)
        out, looped = games
        assert out.history == looped.history and out.to_json() == looped.to_json()
        assert [b.rng.random() for b in bots[0][1:]] == [b.rng.random() for b in bots[1][1:]]
        out.undo(3)
        looped.undo(3)
        assert out.to_json() == looped.to_json() and out.decision() == looped.decision()


def test_a_uniform_bot_is_drawn_for_with_no_decision_made(rules):
    """Inside the step a uniform bot's draw is made for the question's values themselves
    (`Context.ask` -> `Table.answer`): no Decision is made nor set as the one the game waits
    on, as it is for a bot asked by its method (`answered_by_bot`). (A hand
    is chosen through a Decision of its own: phases.py.)"""
    game = Game.new(rules, players=3, seed=4)
    bots = _uniform_bots(3)
    seen: list = []
    for bot in bots[1:]:
        draw = bot._draw

        def drawing(bits: int, draw=draw) -> int:
            seen.append(game.table.waiting.decision)
            return draw(bits)
        bot._draw = drawing
    game.play_out(bots)
    for _ in range(20):
        game.apply_index_then(0, bots)
    assert seen.count(None) > 20  # (before: none; a hand is chosen through its own Decision)


def test_a_uniform_bot_whose_draw_fails_leaves_the_game_at_its_decision(rules):
    """A draw that raises (a generator replaced by a failing one) is that bot's failure: the
    step waits at the decision it was asked, as any bot's raise leaves it, and it is raised."""
    calls = []

    def failing(bits: int) -> int:
        calls.append(bits)
        raise ZeroDivisionError("no draw")

    game, twin = Game.new(rules, players=3, seed=5), Game.new(rules, players=3, seed=5)
    bots, again = _uniform_bots(3), _uniform_bots(3)
    game.play_out(bots)  # to seat 0's first decision
    twin.play_out(again)
    for _ in range(6):
        game.apply_index_then(0, bots)
        twin.apply_index_then(0, again)
    bots[2]._draw = failing
    with pytest.raises(ZeroDivisionError, match="no draw"):
        while not game.is_over():
            game.apply_index_then(0, bots)
    assert calls and game.decision().seat == 2
    while len(twin.history) < len(game.history):
        d = twin.decision()
        twin.apply_index(0 if d.seat == 0 else again[d.seat].choose_index(twin, d))
    assert twin.history == game.history and dump(twin) == dump(game)
    assert twin.decision() == game.decision()
    assert Game.from_json(rules, game.to_json()).decision() == game.decision()

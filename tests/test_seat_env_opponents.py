"""The seat env's opponents: the default one (env/uniform.py) copied or pickled, as
`make_bot("random")`'s bot is (tests/test_bots_everywhere.py): the copy draws from a generator
of its own what the original would, and the original's draws are left alone; and an
`opponents` that gives no bot for a seat, refused at reset."""
from __future__ import annotations

import copy
import pickle

import pytest

from interpreter.core.decisions import Decision
from interpreter.env.uniform import Uniform

DECISION = Decision.of_values(0, "choice", "pick", range(10), None)


def _draws(bot: Uniform, n: int = 20) -> list[int]:
    return [bot.choose_index(None, DECISION) for _ in range(n)]


@pytest.mark.parametrize("copied", [copy.deepcopy, lambda bot: pickle.loads(pickle.dumps(bot))],
                         ids=["deepcopy", "pickle"])
def test_a_copy_of_the_uniform_opponent_draws_from_its_own_generator(copied):
    bot, first, second = Uniform(7), Uniform(7), Uniform(7)
    assert _draws(bot, 3) == _draws(first, 3) == _draws(second, 3)  # each has drawn
    other = copied(bot)
    assert isinstance(other, Uniform)
    assert _draws(other) == _draws(first)
    assert _draws(bot) == _draws(second)


def test_the_seat_envs_opponents_can_be_deep_copied():
    """`env.bots` holds the default opponents: a deep copy plays on from where they are."""
    from interpreter.env.single import RococoSeatEnv

    env = RococoSeatEnv(players=3, seat=0)
    env.reset(seed=2)
    bots = copy.deepcopy(env.bots)
    assert bots[0] is None
    assert [_draws(b) for b in bots[1:]] == [_draws(b) for b in env.bots[1:]]


def test_opponents_that_give_none_for_a_seat_are_refused_at_reset():
    """A seat without a bot is left to its player (`play_out`, `apply_index_then`): an
    `opponents` giving None would leave the env waiting on another seat's decision, every
    action illegal (its mask all 0), for ever. Said at reset instead."""
    from interpreter.env.single import RococoSeatEnv

    env = RococoSeatEnv(players=3, seat=1,
                        opponents=lambda seat, seed: None if seat == 2 else Uniform(seed))
    with pytest.raises(ValueError, match=r"opponents\(2, seed\) gave None"):
        env.reset(seed=1)


def test_opponents_set_on_the_env_are_those_its_next_reset_uses():
    """`opponents` is the env's attribute (a learner may change it between episodes): a reset
    reads it then, as one made with it would (before, the seeds a reset draws were counted at
    construction: None set on an env made with opponents ran out of seeds, a bare
    StopIteration; opponents set on one made without drew a seed too many for each seat)."""
    from interpreter.env.single import RococoSeatEnv

    def greedy(seat, seed):
        return Uniform(seed + 1)

    made = RococoSeatEnv(players=3, seat=0, opponents=greedy)
    made.opponents = None
    plain = RococoSeatEnv(players=3, seat=0)
    for env in (made, plain):
        env.reset(seed=4)
        env.reset()  # the next game's seeds come from the first's generator
    assert made.game.state == plain.game.state
    assert [type(b) for b in made.bots] == [type(None), Uniform, Uniform]

    later = RococoSeatEnv(players=3, seat=0)
    later.opponents = greedy
    given = RococoSeatEnv(players=3, seat=0, opponents=greedy)
    for env in (later, given):
        env.reset(seed=4)
        env.reset()
    assert later.game.state == given.game.state


def test_rules_whose_seat_kinds_play_the_other_seats_take_no_opponents():
    """A solo mode's rules given as `rules=` (not `solo=`, which says so already): the other
    seats are its automata, so opponents are refused when the env is made, saying why (before,
    the first reset said 'opponents(1, seed) gave None', a call never made)."""
    from interpreter.env.single import RococoSeatEnv
    from interpreter.loading.loader import load_ruleset

    rules = load_ruleset(expansions=["du_barry"])
    with pytest.raises(ValueError, match="seat kinds play the other seats: give no opponents"):
        RococoSeatEnv(players=2, rules=rules, opponents=lambda seat, seed: Uniform(seed))
    env = RococoSeatEnv(players=2, rules=rules)
    env.opponents = lambda seat, seed: Uniform(seed)
    with pytest.raises(ValueError, match="seat kinds play the other seats: give no opponents"):
        env.reset(seed=1)

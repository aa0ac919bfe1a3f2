"""How `balance` reads its figures (interpreter/sim/verdict.py, the statistics in stats.py):
exact numbers on constructed inputs, so that every verdict's wording and threshold is pinned."""
from __future__ import annotations

import pytest

from interpreter.sim import stats, verdict
from interpreter.sim.verdict import comparison, correct, paired_verdict, row_verdict

GREEDY = "greedy in every seat"


# -- the statistics ---------------------------------------------------------------------------
def test_a_p_value_is_two_sided_and_5_percent_at_1_96_standard_errors():
    assert stats.p_value(stats.Z95, 1.0) == pytest.approx(0.05, rel=1e-12)
    assert stats.p_value(-2 * stats.Z95, 2.0) == pytest.approx(0.05, rel=1e-12)
    assert stats.p_value(0.0, 1.0) == 1.0
    # no spread (a single game, or games all alike): nothing to judge by
    assert stats.p_value(0.0, 0.0) == 1.0 and stats.p_value(0.3, 0.0) == 1.0
    read = _paired((4.0, (4.0, 4.0)), (1.0, (1.0, 1.0)))
    assert paired_verdict(read, "its holder's", 3, GREEDY) == \
        "unclear at 3 games: too few to measure the spread; judged by greedy in every seat"


def test_benjamini_hochberg_steps_up_and_keeps_the_order_given():
    assert stats.benjamini_hochberg([0.01, 0.04, 0.03, 0.005]) == \
        pytest.approx([0.02, 0.04, 0.04, 0.02])
    # a smaller p-value never gets a larger q than a larger one (0.04 * 3/2 lifts 0.02's)
    assert stats.benjamini_hochberg([0.02, 0.5, 0.04]) == pytest.approx([0.06, 0.5, 0.06])
    assert stats.benjamini_hochberg([0.9, 0.8]) == pytest.approx([0.9, 0.9])
    assert stats.benjamini_hochberg([]) == []


def test_games_needed_grows_with_the_square_of_the_spread_over_the_effect():
    # 100 games gave a standard error of 2: showing an effect of 2 at 95% / 80% power needs
    # a standard error of 2 / (1.96 + 0.84), i.e. 100 * 2.8016^2 = 784.9 games
    assert stats.games_needed(100, 2.0, 2.0) == 785
    assert stats.games_needed(100, 2.0, 4.0) == 197  # half the effect: a quarter of the games
    assert stats.games_needed(100, 2.0, -2.0) == 785
    with pytest.raises(ValueError, match="effect of size 0"):
        stats.games_needed(100, 2.0, 0.0)


def test_spearman_ranks_ties_by_their_average_rank():
    assert stats.ranks([1, 2, 2, 3]) == [1, 2.5, 2.5, 4]
    assert stats.ranks([5, 1, 5, 5]) == [3, 1, 3, 3]
    assert stats.spearman([1, 2, 3, 4], [10, 20, 30, 40]) == pytest.approx(1.0)
    assert stats.spearman([1, 2, 3, 4], [4, 3, 2, 1]) == pytest.approx(-1.0)
    # one swapped neighbour pair in 5: 1 - 6 * 2 / (5 * 24) = 0.9
    assert stats.spearman([1, 2, 3, 4, 5], [1, 3, 2, 4, 5]) == pytest.approx(0.9)
    assert stats.spearman([1, 2, 3], [7, 7, 7]) == 0.0  # no order to agree with


# -- a paired run ------------------------------------------------------------------------------
def _paired(prestige, win):
    read = [comparison("prestige", prestige), comparison("win rate", win)]
    correct(read)
    return read


def test_the_issues_example_reads_as_a_raise_in_prestige_not_as_no_effect():
    """Issue 30: +5.5 prestige [+0.8, +10.2] was reported as "no measurable effect at 100
    games" because only the win rate was read."""
    read = _paired((5.5, (0.8, 10.2)), (0.03, (-0.05, 0.11)))
    assert read[0].p == pytest.approx(0.02181, abs=1e-5)
    assert read[0].q == pytest.approx(2 * read[0].p)  # the smaller of 2 p-values, times 2
    assert paired_verdict(read, "its holder's", 100, GREEDY) == (
        "raises its holder's prestige by 5.5 (95% CI +0.8 to +10.2); win rate: no clear "
        "change (+3.0, 95% CI -5.0 to +11.0); judged by greedy in every seat")


def test_the_same_interval_among_many_comparisons_is_unclear_and_says_how_many_games():
    read = _paired((5.5, (0.8, 10.2)), (0.03, (-0.05, 0.11)))
    others = [comparison("prestige", (0.1, (-2.0, 2.2))) for _ in range(4)]
    correct(read + others)  # 6 comparisons: 0.0218 * 6 is over 5%
    assert not read[0].clear
    # a standard error of 9.4 / 3.92 = 2.398 at 100 games; the observed 5.5 needs
    # 100 * (2.398 * 2.8016 / 5.5)^2 = 149.2 games
    assert paired_verdict(read, "its holder's", 100, GREEDY) == (
        "unclear at 100 games: about 150 games would show a 5.5-prestige change in its "
        "holder's prestige; judged by greedy in every seat")


def test_an_unclear_change_smaller_than_one_prestige_is_sized_at_one():
    read = _paired((0.2, (-1.8, 2.2)), (0.0, (-0.1, 0.1)))
    # standard error 4 / 3.92 = 1.0204; 100 * (1.0204 * 2.8016 / 1.0)^2 = 817.3
    assert paired_verdict(read, "its holder's", 100, "mcts:8 in every seat") == (
        "unclear at 100 games: about 818 games would show a 1.0-prestige change in its "
        "holder's prestige; judged by mcts:8 in every seat")


def test_a_clear_change_in_both_measures_and_in_opposite_directions():
    both = _paired((-3.0, (-5.0, -1.0)), (-0.2, (-0.3, -0.1)))
    assert paired_verdict(both, "its holder's", 400, GREEDY) == (
        "lowers its holder's prestige by 3.0 (95% CI -5.0 to -1.0) and lowers its holder's "
        "win rate by 20.0 points (95% CI -30.0 to -10.0); judged by greedy in every seat")
    apart = _paired((3.0, (1.0, 5.0)), (-0.2, (-0.3, -0.1)))
    assert " but lowers its holder's win rate" in paired_verdict(apart, "its holder's", 400,
                                                                 GREEDY)


# -- a row of the table ------------------------------------------------------------------------
def test_a_row_is_stronger_than_its_group_by_the_measures_that_show_it():
    group = [comparison("prestige", (4.0, (2.0, 6.0)), 1.0),
             comparison("win rate", (0.05, (-0.05, 0.15)), 0.0)]
    zero = [comparison("prestige", (4.0, (2.0, 6.0))), comparison("win rate", (0.05, (-0.05, 0.15)))]
    correct(group + zero)
    assert row_verdict(group, zero, "level I card", 400) == \
        "stronger than the average level I card (prestige)"


def test_a_row_like_its_group_helps_its_holder_or_is_unclear():
    group = [comparison("prestige", (4.0, (2.0, 6.0)), 3.5),
             comparison("win rate", (0.1, (0.05, 0.15)), 0.1)]
    zero = [comparison("prestige", (4.0, (2.0, 6.0))), comparison("win rate", (0.1, (0.05, 0.15)))]
    correct(group + zero)
    assert row_verdict(group, zero, "garment", 400) == \
        "helps its holder, like the average garment (prestige and win rate)"
    # alone in its group, and nothing clear: sized from the prestige against zero
    alone = [comparison("prestige", (0.5, (-1.46, 2.46))), comparison("win rate", (0, (-0.1, 0.1)))]
    correct(alone)
    assert row_verdict([], alone, "jeweler decoration", 100) == (
        "unclear at 100 games: about 785 games would show a 1.0-prestige difference for its "
        "holder")


def test_a_row_whose_measures_disagree_is_mixed():
    group = [comparison("prestige", (4.0, (3.0, 5.0)), 0.0),
             comparison("win rate", (-0.2, (-0.25, -0.15)), 0.0)]
    correct(group)
    assert row_verdict(group, [], "level II card", 400) == \
        "mixed against the average level II card: more prestige; less win rate"


def test_the_judge_is_named_for_every_seat_or_seat_by_seat():
    assert verdict.judge_name(["greedy"] * 4) == "greedy in every seat"
    assert verdict.judge_name(["mcts:8", "greedy"]) == "mcts:8 (seat 1), greedy (seat 2)"


def test_a_few_forks_get_student_s_interval_not_the_normal_s():
    """A card held in 5 of 12 seeds: 3 of its forks won by the card's holder and lost with the
    twin, 2 alike. With 1.96 standard errors the interval was +60 points [+12, +108]
    (wider than a win rate can move) and read as a raise; Student's t with 4 degrees of freedom
    (2.776) gives [-8, +128], which no verdict reads as clear."""
    diffs = [1.0, 1.0, 1.0, 0.0, 0.0]
    normal_mean, (normal_low, _) = stats.paired(diffs)
    mean, (low, high) = stats.paired_few(diffs)
    assert mean == normal_mean == pytest.approx(0.6)
    assert normal_low == pytest.approx(0.6 - 1.959964 * 0.244949, abs=1e-5)
    assert (low, high) == pytest.approx((0.6 - 2.776 * 0.244949, 0.6 + 2.776 * 0.244949),
                                        abs=1e-5)
    read = _paired((1.0, (1.0, 1.0)), stats.paired_few(diffs))
    assert not read[1].clear
    assert stats.t95(4) == 2.776 and stats.t95(30) == 2.042
    assert stats.t95(31) == pytest.approx(2.0395, abs=1e-3)  # tables give 2.0395
    assert stats.t95(1000) == pytest.approx(1.9623, abs=1e-3)
    assert stats.paired_few([2.0]) == (2.0, (2.0, 2.0))  # one fork: no spread to widen


def test_the_games_that_would_settle_a_few_forks_read_their_spread_not_student_s_width():
    """A card held in 3 seeds of 12, its forks +2, +4 and +9 prestige: Student's t(2) = 4.303
    makes the interval 2.2 times as wide as 1.96 standard errors, for the p-value; but more
    games shrink the spread itself, so the games asked for come from the standard error
    (2.082), not the width over 2 x 1.96 (4.572; 4.8 times as many games)."""
    forks = [2.0, 4.0, 9.0]
    mean, (low, high) = stats.paired_few(forks)
    se = (high - low) / (2 * stats.t95(2))
    assert se == pytest.approx(2.0817, abs=1e-4)
    read = verdict.comparison("prestige", (mean, (low, high)), quantile=stats.t95(2))
    assert read.se == pytest.approx((high - low) / (2 * stats.Z95))
    assert read.planning_se == pytest.approx(se)
    # 12 * (2.0817 * 2.8016 / 5.0)^2 = 16.3
    assert verdict.games_to_settle(read, 12) == (17, pytest.approx(5.0))
    assert verdict.comparison("prestige", (mean, (low, high))).planning_se == read.se

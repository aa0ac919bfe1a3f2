"""Reading a balance report against cards whose order of strength is known by construction
(examples/calibration and its known_order.json): how well a judge orders them, and how many
games it needs to tell one card from another. The cards are named by the caller's data, never
here; `tools/calibrate_judge.py` and tests/test_calibration.py use it."""
from __future__ import annotations

import math

from . import stats


def agreement(report: dict, known: dict[str, float]) -> tuple[float, dict[str, float | None]]:
    """The Spearman correlation of each known card's holder prestige change (a report row's
    `prestige_delta`) with its known rank, and those changes by card; a card never held counts
    as weaker than every card held (the judge would not take it)."""
    strength = {r["id"]: r["prestige_delta"] for r in report["cards"] if r["id"] in known}
    return _rank_against(strength, known)


def paired_agreement(report: dict, known: dict[str, float], measure: str = "lead"
                     ) -> tuple[float, dict[str, float | None]]:
    """The same correlation from paired runs (`balance --card` for each known card): each
    card's forks against its neutral twin (`branch.forked_game`), its holder's change in
    `measure` ("lead": prestige less the other seats' mean, which the card that helps the
    opponents moves and its holder's own prestige does not; or "prestige"). A fork compares
    the holder with itself from the same position, so who chose to take the card and the
    different game a holder plays do not enter the figure; a card never held is the weakest."""
    strength = {p["id"]: (p[f"holder_{measure}_delta"] or {}).get("mean")
                for p in report["paired"] if p["what"] == "card" and p["id"] in known}
    return _rank_against(strength, known)


def _rank_against(strength: dict[str, float | None], known: dict[str, float]
                  ) -> tuple[float, dict[str, float | None]]:
    """Spearman of the measured strengths with the known ranks (None: never held, below all)."""
    ids = sorted(known)
    measured = [strength.get(i) for i in ids]
    floor = min([m for m in measured if m is not None], default=0.0) - 1
    rho = stats.spearman([known[i] for i in ids], [floor if m is None else m for m in measured])
    return rho, {i: strength.get(i) for i in ids}


def _se(ci: list[float], quantile: float = stats.Z95) -> float:
    """The standard error of an interval of `quantile` standard errors either side."""
    return (ci[1] - ci[0]) / (2 * quantile)


def games_to_tell(report: dict, strong: str, neutral: str) -> dict | None:
    """From a table's rows: `strong`'s change less `neutral`'s, the standard error of that
    difference (from the two rows' intervals, as independent) and the games that would show it
    at 95% confidence with 80% power; None when either was never held."""
    rows = {r["id"]: r for r in report["cards"]}
    a, b = rows.get(strong), rows.get(neutral)
    if not a or not b or a["prestige_ci"] is None or b["prestige_ci"] is None:
        return None
    diff = a["prestige_delta"] - b["prestige_delta"]
    se = math.hypot(_se(a["prestige_ci"]), _se(b["prestige_ci"]))
    return {"difference": round(diff, 2), "se": round(se, 2),
            "games": stats.games_needed(report["games"], se, diff) if diff else None}


def paired_games_to_tell(pair: dict) -> dict | None:
    """From a paired run (a card against its neutral twin): its holder's change in prestige,
    its standard error and the games that would show it; None when the card was never held.
    A card's forks get Student's t intervals (`stats.paired_few`): the standard error is the
    interval's half-width over t with one degree of freedom fewer than the forks, not over
    1.96 (from 2 forks that would make it 6.5 times too large)."""
    fig = pair["holder_prestige_delta"]
    if fig is None:
        return None
    se = _se(fig["ci"], stats.t95(pair["games_held"] - 1))
    return {"difference": fig["mean"], "se": round(se, 2), "games_held": pair["games_held"],
            "games": stats.games_needed(pair["games"], se, fig["mean"]) if fig["mean"] else None}

"""The `balance` report as one self-contained HTML file: plots drawn with matplotlib (Agg
backend, embedded as SVG) and the figures as tables. matplotlib is an optional extra."""
from __future__ import annotations

import html
from pathlib import Path

from .html_page import pyplot as _pyplot
from .html_page import svg as _svg
from .html_page import table as _table

MISSING = "the HTML report needs matplotlib: pip install -e '.[report]'"


def matplotlib_missing() -> str | None:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return MISSING
    return None


EXTRA_COLORS = ("tab:red", "tab:brown", "tab:pink", "tab:olive", "tab:cyan")


def impact_plot(cards: list[dict]) -> str:
    """Win-rate delta of each component with its 95% interval, strongest at the top."""
    plt = _pyplot()
    rows = [c for c in cards if c["ranked"]][::-1]
    fig, ax = plt.subplots(figsize=(8, max(2.5, 0.22 * len(rows) + 1)))
    colors = {"employee": "tab:blue", "garment": "tab:orange", "decoration": "tab:green"}
    for c in rows:  # the kinds modules declare (jewels...), each in a colour of its own
        if c["kind"] not in colors:
            colors[c["kind"]] = EXTRA_COLORS[(len(colors) - 3) % len(EXTRA_COLORS)]
    ys = range(len(rows))
    for y, c in zip(ys, rows):
        low, high = 100 * c["ci"][0], 100 * c["ci"][1]
        ax.plot([low, high], [y, y], color=colors[c["kind"]], linewidth=1.5)
        ax.plot([100 * c["delta"]], [y], "o", color=colors[c["kind"]], markersize=4)
    ax.axvline(0, color="grey", linewidth=0.8)
    ax.set_yticks(list(ys), [c["id"] for c in rows], fontsize=7)
    ax.set_xlabel("win rate with it minus without, seat-adjusted (points, 95% CI)")
    handles = [plt.Line2D([], [], color=v, marker="o", label=k) for k, v in colors.items()]
    ax.legend(handles=handles, loc="lower right", fontsize=8)
    ax.set_title("Per-component win-rate impact")
    return _svg(fig, "per-component win-rate impact")


def sources_plot(sources: dict[str, float]) -> str:
    """Average prestige per player from each source."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(7, 3))
    names = list(sources)
    ax.bar(names, [sources[n] for n in names], color="tab:purple")
    ax.set_ylabel("prestige per player")
    ax.set_title("Score breakdown by source")
    ax.tick_params(axis="x", labelrotation=30)
    return _svg(fig, "score breakdown by source")


def length_plot(histogram: dict[str, int]) -> str:
    """How many games had how many turns."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(7, 3))
    turns = [int(t) for t in histogram]
    ax.bar(turns, list(histogram.values()), color="tab:grey", width=0.8)
    ax.set_xlabel("turns (cards played) per game")
    ax.set_ylabel("games")
    ax.set_title("Game length")
    return _svg(fig, "game length")


def _pct(x) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def render(data: dict) -> str:
    games = data["games"]
    title = (f"Rococo balance: {games} games, {data['players']} players, judged by "
             f"{data['judge']}, modules {', '.join(data['modules'])}")
    cards = [[i if c["ranked"] else "-", c["id"], c["kind"], c["games_available"], c["taken"],
              c["played"], f"{c['bonus_used']}/{c['bonus_declined']}", c["games_with"],
              _pct(c["win_rate_with"]), _pct(c["win_rate_without"]),
              "-" if c["delta"] is None else f"{100 * c['delta']:+.1f}",
              "-" if c["ci"] is None else f"{100 * c['ci'][0]:+.1f} .. {100 * c['ci'][1]:+.1f}",
              c["verdict"]] for i, c in enumerate(data["cards"], 1)]
    paired = [[p["id"], p.get("against", "without it"),
               (p.get("holder_prestige_delta") and
                f"{p['holder_prestige_delta']['mean']:+.2f}") or "-",
               (p.get("holder_lead_delta") and f"{p['holder_lead_delta']['mean']:+.2f}") or "-",
               (p.get("holder_win_rate_delta") and
               f"{100 * p['holder_win_rate_delta']['mean']:+.1f} points") or "-",
               f"{p['winning_prestige_delta']['mean']:+.2f}", p["verdict"]]
              for p in data["paired"]]
    wp = data["winning_prestige"]
    parts = [
        "<!doctype html><html><head><meta charset='utf-8'>",
        f"<title>{html.escape(title)}</title>",
        "<style>body{font-family:sans-serif;max-width:70em;margin:2em auto;}"
        "table{border-collapse:collapse;font-size:0.85em}td,th{border:1px solid #ccc;"
        "padding:2px 6px;text-align:right}td:nth-child(2),td:last-child{text-align:left}"
        "img{max-width:100%;height:auto}</style></head><body>",
        f"<h1>{html.escape(title)}</h1>",
        f"<p>Seeds {data['seed']}..{data['seed'] + games - 1}. Winning prestige "
        f"{wp['mean']:.1f} (min {wp['min']}, max {wp['max']}); "
        f"{data['turns']['mean']:.1f} turns per game; seat win rates "
        f"{', '.join(_pct(r) for r in data['seat_win_rates'])}.</p>",
        f"<p><em>{html.escape(data['method'])}.</em> Verdicts corrected by "
        f"{html.escape(data['correction']['method'])} over "
        f"{data['correction']['table_comparisons']} comparisons in the table and "
        f"{data['correction']['paired_comparisons']} in the paired runs.</p>",
        "<h2>Win-rate impact</h2>", impact_plot(data["cards"]),
        "<h2>Score by source</h2>", sources_plot(data["score_sources"]),
        "<h2>Game length</h2>", length_plot(data["turns"]["histogram"]),
    ]
    if paired:
        parts += ["<h2>Paired: against a neutral twin, or without</h2>",
                  _table(paired, ["id", "against", "holder prestige", "holder lead",
                                  "holder win rate", "winning prestige", "verdict"])]
    parts += ["<h2>Every component</h2>",
              _table(cards, ["#", "id", "kind", "available", "taken", "played",
                             "bonus used/declined", "with", "win with", "win without",
                             "delta (points)", "95% CI", "verdict"]),
              "</body></html>"]
    return "\n".join(parts)


def write_html(data: dict, path: Path) -> None:
    path.write_text(render(data), encoding="utf-8")

"""The `report` page as one self-contained HTML file: each plot shows every combination
reported (two with `--against`) side by side, then the figures and differences as tables."""
from __future__ import annotations

import html
from pathlib import Path

from .html_page import page, pyplot, svg, table

COLORS = ("tab:blue", "tab:orange")


def _pages(data: dict) -> list[dict]:
    return [p for p in data["combinations"] if "length" in p]


def _bars(ax, groups: list[str], series: list[tuple[str, list[float], list | None]]) -> None:
    """Grouped bars, one series per combination, with error bars where intervals are given."""
    width = 0.8 / max(1, len(series))
    for i, (label, values, cis) in enumerate(series):
        xs = [g + (i - (len(series) - 1) / 2) * width for g in range(len(groups))]
        err = None
        if cis is not None:
            err = [[v - c[0] for v, c in zip(values, cis)], [c[1] - v for v, c in zip(values, cis)]]
        ax.bar(xs, values, width=width, color=COLORS[i % 2], label=label, yerr=err, capsize=3)
    ax.set_xticks(range(len(groups)), groups)
    if len(series) > 1:
        ax.legend(fontsize=8)


def seats_plot(pages: list[dict]) -> str:
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(7, 3))
    seats = max(p["players"] for p in pages)
    _bars(ax, [f"seat {s}" for s in range(seats)],
          [(p["name"], [100 * s["rate"] for s in p["seats"]] + [0] * (seats - p["players"]),
            [[100 * x for x in s["ci"]] for s in p["seats"]] + [[0, 0]] * (seats - p["players"]))
           for p in pages])
    ax.axhline(100 / pages[0]["players"], color="grey", linewidth=0.8, linestyle="--")
    ax.set_ylabel("win rate % (95% CI)")
    ax.set_title("Seat advantage (dashed: an equal share)")
    return svg(fig, "seat win rates")


def decisiveness_plot(pages: list[dict]) -> str:
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(7, 3))
    for i, p in enumerate(pages):
        rows = p["decisiveness"]["leader_wins"]
        xs = [r["round"] for r in rows]
        ax.plot(xs, [100 * r["rate"] for r in rows], "o-", color=COLORS[i % 2], label=p["name"])
        ax.fill_between(xs, [100 * r["ci"][0] for r in rows], [100 * r["ci"][1] for r in rows],
                        color=COLORS[i % 2], alpha=0.15)
    ax.set_xlabel("round")
    ax.set_ylabel("leader wins % (95% CI)")
    ax.set_ylim(0, 100)
    ax.set_title("Decisiveness: how often the leader at a round's end (as if the game "
                 "ended there) wins", fontsize=9)
    ax.legend(fontsize=8)
    return svg(fig, "decisiveness")


def grouped_plot(pages: list[dict], title: str, ylabel: str, values) -> str:
    """One bar per key of `values(page)` (a dict) and combination: score by source, branching."""
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(8, 3))
    keys = list(dict.fromkeys(k for p in pages for k in values(p)))
    _bars(ax, keys, [(p["name"], [values(p).get(k, 0) for k in keys], None) for p in pages])
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.tick_params(axis="x", labelrotation=30)
    return svg(fig, title.lower())


def length_plot(pages: list[dict]) -> str:
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(7, 3))
    for i, p in enumerate(pages):
        hist = p["turns_histogram"]
        offset = (i - (len(pages) - 1) / 2) * 0.4
        ax.bar([int(t) + offset for t in hist], list(hist.values()), width=0.4,
               color=COLORS[i % 2], label=p["name"])
    ax.set_xlabel("turns (cards played) per game")
    ax.set_ylabel("games")
    ax.set_title("Game length")
    ax.legend(fontsize=8)
    return svg(fig, "game length")


def _ci(fig: dict | None, scale: float = 1) -> str:
    if not fig or fig.get("ci") is None:
        return "-"
    return f"{scale * fig['ci'][0]:.1f} .. {scale * fig['ci'][1]:.1f}"


def _figures(p: dict) -> list[list]:
    rows: list[list] = [[f"{k} per game", f"{v['mean']:.1f}", _ci(v)]
                        for k, v in p["length"].items()]
    rows += [[f"seat {s['seat']} ({s['kind']}) win rate", f"{100 * s['rate']:.1f}%",
              _ci(s, 100)] for s in p["seats"]]
    rows += [[f"the {k} seats win", f"{100 * v['rate']:.1f}%", _ci(v, 100)]
             for k, v in p.get("kinds_won", {}).items()]
    lc = p["decisiveness"]["lead_changes"]
    rows.append(["lead changes per game", f"{lc['mean']:.2f}", _ci(lc)])
    for name in ("random", "search"):
        if name in p["skill"]:
            who = "random" if name == "random" else p["search"]
            rows.append([f"seat 0 played by {who}", f"{100 * p['skill'][name]['rate']:.1f}%",
                         _ci(p["skill"][name], 100)])
    return rows


def render(data: dict) -> str:
    pages = _pages(data)
    names = " against ".join(p["name"] for p in data["combinations"])
    body = [f"<p>{pages[0]['games'] if pages else 0} games a combination from seed "
            f"{data['seed']}, {html.escape(pages[0]['bots'] if pages else '')} bots in every "
            "seat.</p>" if pages else "<p>Every game stopped on a rule fault.</p>",
            f"<p><em>{html.escape(data['method'])}.</em></p>"]
    if pages:
        body += ["<h2>Seat advantage</h2>", seats_plot(pages),
                 "<h2>Decisiveness</h2>", decisiveness_plot(pages),
                 "<h2>Score by source</h2>",
                 grouped_plot(pages, "Score by source", "prestige per player",
                              lambda p: p["score_sources"]),
                 "<h2>Game length</h2>", length_plot(pages),
                 "<h2>Branching</h2>",
                 grouped_plot(pages, "Branching by decision kind",
                              "options per decision (mean)",
                              lambda p: {k: v["options"] for k, v in p["branching"].items()})]
    if "compare" in data:
        a, b = (p["name"] for p in data["combinations"])
        rows = [[r["figure"], "-" if r["a"] is None else f"{r['a']:.3g}",
                 "-" if r["b"] is None else f"{r['b']:.3g}",
                 "-" if r["difference"] is None else f"{r['difference']:+.3g}",
                 "-" if r["ci"] is None else f"{r['ci'][0]:+.2f} .. {r['ci'][1]:+.2f}"]
                for r in data["compare"]]
        body += [f"<h2>B minus A (A = {html.escape(a)}, B = {html.escape(b)})</h2>",
                 table(rows, ["figure", "A", "B", "B - A", "95% CI"])]
    for p in pages:
        use = p["usage"]
        runs: dict[str, int] = {}
        for fault in p["faults"]:
            runs[fault["run"]] = runs.get(fault["run"], 0) + 1
        body += [f"<h2>{html.escape(p['name'])}</h2>"]
        if runs:
            body.append("<p>Games left out, stopped on a fault: " + html.escape(", ".join(
                f"{n} of the {run} games" for run, n in runs.items())) + ".</p>")
        body += [
                 table(_figures(p), ["figure", "value", "95% CI"]),
                 table([[k, f"{v['per_game']:.1f}", f"{v['options']:.2f}", v["most"]]
                        for k, v in p["branching"].items()],
                       ["decision kind", "per game", "options (mean)", "options (most)"]),
                 f"<p>Never taken: {html.escape(', '.join(use['never']) or 'none')}.<br>"
                 f"Taken in every game: {html.escape(', '.join(use['always']) or 'none')}.</p>"]
    return page(f"Rococo report: {names}", body)


def write_html(data: dict, path: Path) -> None:
    path.write_text(render(data), encoding="utf-8")

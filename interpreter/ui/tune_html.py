"""The `tune` result as one self-contained HTML file: the figure against each parameter's
value, with its 95% interval and the target, then the candidates as a table."""
from __future__ import annotations

import html
from pathlib import Path

from .html_page import page, pyplot, svg, table


def value_plot(data: dict, key: str) -> str:
    """The figure of every full candidate against `key`'s value; with several parameters, the
    candidates whose other values are the ones found are joined by a line."""
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(7, 3.2))
    found = data["found"]["values"] if data["found"] else {}
    rows = [c for c in data["candidates"] if c["figure"] is not None]
    for c in rows:
        x, (low, high) = c["values"][key], c["figure"]["ci"]
        ax.plot([x, x], [low, high], color="tab:blue", linewidth=1.2, alpha=0.6)
    line = sorted((c for c in rows if all(c["values"][k] == v for k, v in found.items()
                                          if k != key)), key=lambda c: c["values"][key])
    ax.plot([c["values"][key] for c in line], [c["figure"]["mean"] for c in line], "o-",
            color="tab:blue", markersize=4)
    others = [c for c in rows if c not in line]
    ax.plot([c["values"][key] for c in others], [c["figure"]["mean"] for c in others], "o",
            color="tab:grey", markersize=3)
    ax.axhline(data["target"], color="tab:red", linewidth=0.9, linestyle="--", label="target")
    if found:
        ax.axvline(found[key], color="tab:green", linewidth=0.9, label="found")
    ax.set_xlabel(key)
    ax.set_ylabel("figure (95% CI)")
    ax.set_title(f"{key}: {data['figure']}")
    ax.legend(fontsize=8)
    return svg(fig, f"the figure against {key}")


def render(data: dict) -> str:
    keys = [p["key"] for p in data["parameters"]]
    rows = [[*(c["values"][k] for k in keys), c["games"],
             "-" if c["figure"] is None else f"{c['figure']['mean']:+.3f}",
             "-" if c["figure"] is None else
             f"{c['figure']['ci'][0]:+.3f} .. {c['figure']['ci'][1]:+.3f}",
             "" if c["complete"] else "stopped early"] for c in data["candidates"]]
    title = f"Rococo tune: {data['figure']} to {data['target']:g}"
    body = [f"<p>{html.escape(data['measured'])}. {data['games_per_candidate']} games a "
            f"candidate (seeds {data['seed']}..{data['seed'] + data['games_per_candidate'] - 1}),"
            f" {data['players']}, {html.escape(data['bots'])} bots; "
            f"{data['games_played']} games played.</p>",
            f"<p><strong>{html.escape(data['verdict'])}</strong></p>",
            f"<p><em>{html.escape(data['method'])}.</em></p>"]
    body += [value_plot(data, k) for k in keys]
    body += ["<h2>Every candidate</h2>",
             table(rows, [*keys, "games", "figure", "95% CI", ""])]
    return page(title, body)


def write_html(data: dict, path: Path) -> None:
    path.write_text(render(data), encoding="utf-8")

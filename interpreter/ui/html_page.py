"""What the HTML reports share (balance, tune, report): matplotlib set up to draw the same file
for the same figures, a plot embedded as SVG, a table and the page around them."""
from __future__ import annotations

import base64
import html
import io


def pyplot():
    import matplotlib
    matplotlib.use("Agg")
    matplotlib.rcParams["svg.hashsalt"] = "rococo"  # the same report gives the same file
    import matplotlib.pyplot as plt
    return plt


def svg(fig, title: str) -> str:
    """The figure as an <img> holding its SVG: one file, and no id clashes between plots."""
    buf = io.StringIO()
    fig.savefig(buf, format="svg", bbox_inches="tight", metadata={"Date": None})
    pyplot().close(fig)
    data = base64.b64encode(buf.getvalue().encode("utf-8")).decode("ascii")
    return f"<img alt='{html.escape(title)}' src='data:image/svg+xml;base64,{data}'>"


def table(rows: list[list], head: list[str]) -> str:
    cells = "".join(f"<th>{html.escape(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in r) + "</tr>"
                   for r in rows)
    return f"<table><thead><tr>{cells}</tr></thead><tbody>{body}</tbody></table>"


STYLE = ("body{font-family:sans-serif;max-width:70em;margin:2em auto;}"
         "table{border-collapse:collapse;font-size:0.85em;margin-bottom:1em}"
         "td,th{border:1px solid #ccc;padding:2px 6px;text-align:right}"
         "td:first-child,th:first-child{text-align:left}img{max-width:100%;height:auto}")


def page(title: str, body: list[str]) -> str:
    """A whole HTML document: its title as heading, then `body`'s parts."""
    return "\n".join(["<!doctype html><html><head><meta charset='utf-8'>",
                      f"<title>{html.escape(title)}</title><style>{STYLE}</style></head><body>",
                      f"<h1>{html.escape(title)}</h1>", *body, "</body></html>"])

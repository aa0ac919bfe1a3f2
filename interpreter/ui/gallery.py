"""`rococo cards --html FILE`: every card, garment, tile and decoration of a ruleset on one page.

A proof sheet for a designer: each component as a small card with the text the engine generates
from its effect, its level, type, depute value and costs, and the rule text it was written as.
One self-contained HTML file (inline CSS, no script, nothing fetched), so it opens anywhere.
"""
from __future__ import annotations

import sys
from html import escape
from pathlib import Path

from ..core.labels import piece_text, silk_text
from ..core.model import Employee, Ruleset

_CSS = """
body { font-family: Georgia, 'Times New Roman', serif; margin: 2em; background: #f6f1e7;
       color: #2b2118; }
h1 { font-weight: normal; } h2 { border-bottom: 1px solid #b89b5e; margin-top: 2em; }
h3 { font-weight: normal; font-style: italic; }
.grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(15em, 1fr)); gap: 1em; }
.card { background: #fffdf8; border: 1px solid #b89b5e; border-radius: 8px; padding: .8em;
        box-shadow: 1px 1px 3px rgba(0,0,0,.15); border-left: 8px solid var(--c, #b89b5e); }
.card .id { font-family: monospace; font-size: .8em; color: #7a6a55; }
.card .name { font-weight: bold; font-size: 1.1em; }
.card .meta { font-size: .9em; margin: .3em 0; }
.card .text { margin: .5em 0; }
.card .crown { color: #8a5a00; }
.card .where { font-family: monospace; font-size: .7em; color: #9a8a75; }
.card pre { white-space: pre-wrap; font-size: .75em; color: #5a4d3d; background: #f3ecdf;
            padding: .3em; border-radius: 4px; margin: .4em 0 0; }
.master { --c: #c9a227; } .journeyman { --c: #7b8fa6; } .apprentice { --c: #a67b5b; }
table { border-collapse: collapse; background: #fffdf8; }
td, th { border: 1px solid #d9c9a3; padding: .25em .6em; text-align: left; }
"""


def _roman(n: int) -> str:
    out = ""
    for value, letters in ((10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):
        while n >= value:
            out, n = out + letters, n - value
    return out


def _source(effect) -> str:
    """The rule as written, and where it is written when the loader recorded it."""
    where = getattr(effect, "where", None)
    place = f"<div class='where'>{escape(str(where))}</div>" if where is not None else ""
    return f"<pre>{escape(effect.source)}</pre>{place}"


_HOOKS = (("on_tailor", "When tailored"), ("on_place", "When placed on a guest space"),
          ("on_sell", "When sold"))


def _employee(rules: Ruleset, card: Employee, shown_id: str) -> str:
    effect = card.bonus or card.final
    if effect is None:
        text = "<div class='text'><i>no bonus</i></div>"
    elif card.final is not None:
        text = (f"<div class='text crown'>&#9813; At the end of the game: "
                f"{escape(effect.text)}</div>")
    else:
        text = f"<div class='text'>{escape(effect.text)}</div>"
    source = _source(effect) if effect is not None else ""
    level = "start card" if card.start else f"level {_roman(card.level)}"
    return (f"<div class='card {escape(card.type)}'><div class='id'>{escape(shown_id)}</div>"
            f"<div class='name'>{escape(card.name)}</div>"
            f"<div class='meta'>{level} &middot; {escape(rules.word(card.type))} &middot; "
            f"depute value {card.depute_value} Livre</div>{text}{source}</div>")


def _employees(rules: Ruleset) -> list[str]:
    out = ["<h2>Employees</h2>", "<h3>Start cards (one set per player colour)</h3>",
           "<div class='grid'>"]
    out += [_employee(rules, card, f"start.*.{card.id}") for card in rules.start_cards]
    out.append("</div>")
    hire = [c for c in rules.employees.values() if not c.start]
    for level in sorted({c.level for c in hire}):
        cards = [c for c in hire if c.level == level]
        out += [f"<h3>Level {_roman(level)} ({len(cards)} cards)</h3>", "<div class='grid'>"]
        out += [_employee(rules, card, card.id) for card in cards]
        out.append("</div>")
    return out


def _garments(rules: Ruleset) -> list[str]:
    out = [f"<h2>{escape(rules.word('garments').capitalize())} ({len(rules.garments)})</h2>",
           "<div class='grid'>"]
    for g in rules.garments.values():
        needs = [f"{silk_text(g.silk, rules.word)} silk"] if g.silk else []
        needs += [f"{g.thread} {rules.word('thread')}"] if g.thread else []
        needs += [f"{g.lace} {rules.word('lace')}"] if g.lace else []
        master = "<div class='meta'>&#10022; Master only</div>" if g.master else ""
        if getattr(g, "rent_only", False):
            master += "<div class='meta'>rented only, never sold</div>"
        elif not getattr(g, "sellable", True):
            master += "<div class='meta'>cannot be sold</div>"
        hooks = "".join(f"<div class='text'>{label}: {escape(hook.text)}</div>{_source(hook)}"
                        for key, label in _HOOKS
                        if (hook := getattr(g, key, None)) is not None)
        out.append(
            f"<div class='card' style='--c: {escape(rules.word(g.color))}'>"
            f"<div class='id'>{escape(g.id)}"
            f"</div><div class='name'>{escape(rules.word(g.color))} "
            f"{escape(rules.word(g.kind))}</div>"
            f"<div class='meta'>needs {escape(', '.join(needs) or 'nothing')}</div>{master}"
            f"<div class='text'>value {g.value} Livre &middot; {g.prestige} prestige</div>"
            f"{hooks}</div>")
    out.append("</div>")
    return out


def _tiles(rules: Ruleset) -> list[str]:
    out = [f"<h2>Resource tiles ({len(rules.tiles)})</h2>", "<div class='grid'>"]
    for t in rules.tiles.values():
        bottom = " or ".join(" and ".join(rules.word(r) for r in c) for c in t.conversions)
        out.append(f"<div class='card'><div class='id'>{escape(t.id)}</div>"
                   f"<div class='name'>{escape(silk_text(t.silk, rules.word))} silk</div>"
                   f"<div class='meta'>or discard for {escape(bottom)}</div></div>")
    out.append("</div>")
    return out


def _board(rules: Ruleset) -> list[str]:
    out = ["<h2>Board: decorations and costs</h2>"]
    for side in rules.sides:
        players = ", ".join(str(p) for p in side.players)
        out += [f"<h3>Side {escape(side.id)} ({players} players)</h3>",
                "<table><tr><th>space</th><th>area</th><th>cost</th><th>prestige</th>"
                "<th>multiplier</th></tr>"]
        for d in side.decorations.values():
            out.append(f"<tr><td>{escape(d.id)}</td><td>{escape(d.area.replace('_', ' '))}</td>"
                       f"<td>{d.cost}</td><td>{d.prestige}</td>"
                       f"<td>{'x' + str(d.multiplier) if d.multiplier else ''}</td></tr>")
        costs = ", ".join(str(c) for c in side.garment_costs)
        out += ["</table>", f"<p>Garment display costs, left to right: {costs} Livre.</p>"]
    return out


def _components(rules: Ruleset) -> list[str]:
    """The kinds of component modules declare, piece by piece, and the priced displays."""
    out = []
    for kind in rules.components.values():
        pieces = [p for p in rules.pieces.values() if p.kind == kind.id]
        out += [f"<h2>{escape(kind.name)}s ({len(pieces)})</h2>", "<div class='grid'>"]
        for p in pieces:
            fields = ", ".join(f"{f.replace('_', ' ')}: {rules.word(str(p.values.get(f)))}"
                               for f in kind.fields)
            out.append(f"<div class='card'><div class='id'>{escape(p.id)}</div>"
                       f"<div class='name'>{escape(piece_text(rules, p.id))}</div>"
                       f"<div class='meta'>{escape(fields)}</div></div>")
        out.append("</div>")
    for d in rules.displays:
        if d.prices == "board":
            continue  # printed with the board side it belongs to
        prices = ", ".join(str(c) for c in d.prices)
        out.append(f"<p>{escape(rules.term(d.id, d.name))}: prices left to right {prices} "
                   f"Livre, filled from {escape(rules.word(d.source))}.</p>")
    return out


def _actions(rules: Ruleset) -> list[str]:
    out = ["<h2>Main actions</h2>", "<div class='grid'>"]
    for a in rules.actions.values():
        types = ", ".join(rules.word(t) for t in a.types)
        out.append(f"<div class='card'><div class='id'>{escape(a.id)}</div>"
                   f"<div class='name'>{escape(a.name)}</div>"
                   f"<div class='meta'>by {escape(types)}</div>"
                   f"<div class='text'>{escape(a.effect.text)}</div>"
                   f"{_source(a.effect)}</div>")
    out.append("</div>")
    return out


def gallery_html(rules: Ruleset) -> str:
    """The whole proof sheet as one HTML document."""
    title = f"Rococo cards: {', '.join(rules.modules)}"
    body = [f"<h1>{escape(title)}</h1>",
            f"<p>Rules fingerprint {escape(rules.fingerprint)}. Card text is generated from "
            "the rules the engine runs; the grey box is the rule as written.</p>",
            *_employees(rules), *_garments(rules), *_tiles(rules), *_components(rules),
            *_actions(rules),
            *_board(rules)]
    return ("<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'>"
            f"<title>{escape(title)}</title><style>{_CSS}</style></head><body>\n"
            + "\n".join(body) + "\n</body></html>\n")


def write_gallery(rules: Ruleset, path: Path) -> int:
    """Write the gallery; returns an exit code (2 with a message if the file cannot be written)."""
    try:
        path.write_text(gallery_html(rules), encoding="utf-8")
    except OSError as exc:
        print(f"error: cannot write {path}: {(exc.strerror or str(exc)).lower()}",
              file=sys.stderr)
        return 2
    hire = sum(not c.start for c in rules.employees.values())
    print(f"wrote {path}: {len(rules.start_cards)} start cards, {hire} hire cards, "
          f"{len(rules.garments)} garments, {len(rules.tiles)} resource tiles")
    return 0

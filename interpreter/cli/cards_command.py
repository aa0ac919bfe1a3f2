"""`rococo cards`, `rococo rules` and `rococo vocab`: the rules in force, printed as text."""
from __future__ import annotations

from pathlib import Path

from rich.markup import escape
from rich.table import Table

from ..core.labels import card_text, garment_rules
from ..editor import vocab_doc
from ..ui import gallery, layout, rulebook
from . import main as entry
from .common import rules_of


def cmd_cards(args) -> int:
    rules = rules_of(args)
    if args.html:
        return gallery.write_gallery(rules, Path(args.html))
    layout.show(entry.console, _employees(rules))
    if any(c.depute_inferred for c in rules.employees.values()):
        entry.console.print("(inferred): a depute value not given for the card, taken from its "
                            "type's value in another file (001:499 prints it on each card)")
    for kind in rules.seat_kinds:  # an automaton's own deck, its faces printed or reconstructed
        if kind.cards:
            layout.show(entry.console, _seat_cards(kind))
    layout.show(entry.console, _garments(rules))
    for kind in rules.components.values():  # the kinds of component modules declare
        layout.show(entry.console, _pieces(rules, kind))
    for table in (_displays(rules), _module_triggers(rules)):
        if table is not None:
            layout.show(entry.console, table)
    return 0


def _employees(rules) -> Table:
    """The Employee cards, a start card once for all colours."""
    table = Table(title="Employees", show_lines=True)
    for col in ("id", "name", "level", "type", "depute", "bonus"):
        table.add_column(col)
    seen = set()
    for card in rules.employees.values():
        key = card.id.split(".")[-1] if card.start else card.id
        if key in seen:
            continue
        seen.add(key)
        name = card.name.split(" (")[0] if card.start else card.name  # "Master", not its colour
        text = card_text(card)
        if card.hire_condition is not None:
            text = f"Hired only if {card.hire_condition.text}. {text}"
        if card.start_in is not None:
            text += f" (Starts in the {rules.zone(card.start_in).name}.)"
        depute = f"{card.depute_value} (inferred)" if card.depute_inferred \
            else str(card.depute_value)
        table.add_row(f"start.*.{key}" if card.start else card.id, escape(name),
                      "start" if card.start else str(card.level), rules.word(card.type),
                      depute, escape(text))
    return table


def _garments(rules) -> Table:
    garments = Table(title=rules.word("garments").capitalize()
                     if "garments" in rules.words else "Garments")
    for col in ("id", "garment", "needs", "master", "value", "prestige", "rules"):
        garments.add_column(col)
    for g in rules.garments.values():
        needs = ", ".join([f"{n} {rules.word(c)} silk" for c, n in g.silk.items()] +
                          [f"{n} {rules.word(r)}" for r, n in g.needs()])
        garments.add_row(g.id, f"{rules.word(g.color)} {rules.word(g.kind)}", needs,
                         "yes" if g.master else "", str(g.value), str(g.prestige),
                         escape(" ".join(garment_rules(g))))
    return garments


def _pieces(rules, kind) -> Table:
    """The pieces of one kind of component a module declares, with its fields."""
    pieces = Table(title=f"{kind.name}s (starting in {rules.zone(kind.start_in).name})")
    pieces.add_column("id")
    for field in kind.fields:
        pieces.add_column(field.replace("_", " "))
    for piece in rules.pieces.values():
        if piece.kind == kind.id:
            pieces.add_row(piece.id, *[rules.word(str(piece.values.get(f, "")))
                                       for f in kind.fields])
    return pieces


def _displays(rules) -> Table | None:
    if not rules.displays:
        return None
    displays = Table(title="Displays")
    for col in ("display", "holds", "prices, left to right", "filled from", "discards to"):
        displays.add_column(col)
    for d in rules.displays:
        prices = "the board's costs" if d.prices == "board" else \
            ", ".join(map(str, d.prices))
        displays.add_row(rules.term(d.id, d.name), d.holds, prices, rules.word(d.source),
                         rules.word(d.discard))
    return displays


def _module_triggers(rules) -> Table | None:
    triggers = [t for ts in rules.triggers.values() for t in ts if t.owner_kind == "module"]
    triggers += [t for t in rules.started.values() if t.owner_kind == "module"]
    if not triggers:
        return None
    table = Table(title="Triggers of the modules", show_lines=True)
    for col in ("id", "when", "effect"):
        table.add_column(col)
    for t in triggers:
        table.add_row(t.id, t.on + (f", once started, until {t.until}" if t.until else ""),
                      escape(t.effect.text))
    return table


def _seat_cards(kind) -> Table:
    """A seat kind's own cards: their fields, and each face's text with where it comes from
    (`printed`, the rulebook's words; `reconstructed`, written where none is printed)."""
    fields = list(dict.fromkeys(f for card in kind.cards.values() for f in card))
    table = Table(title=f"{kind.name}'s cards", show_lines=True)
    for col in ("id", *fields, "face", "source"):
        table.add_column(col)
    for cid, card in kind.cards.items():
        text, source = kind.faces.get(cid, ("", ""))
        table.add_row(cid, *[str(card.get(f, "")) for f in fields], escape(text), source)
    return table


def cmd_rules(args) -> int:
    layout.show(entry.console, rulebook.rulebook(rules_of(args)))
    return 0


def cmd_vocab(args) -> int:
    return vocab_doc.cmd_vocab(args, show=lambda table: layout.show(entry.console, table))

"""Printing tables so that nothing is cut off: wrapped or as a list at the reader's width, full
width when nobody reads it at a terminal.

Rich shrinks a table to the console's width and ends what no longer fits with `…`. On a
terminal, or piped to one (`| less`, `COLUMNS=80`), a table too wide for its longest words
becomes a block of `column: value` lines per row instead. Output that goes to a file with no
terminal to read it has no width to respect: it is printed as wide as its content.
"""
from __future__ import annotations

import os
import sys

from rich.cells import cell_len
from rich.console import Console, Group, RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

UNLIMITED = 10_000  # the width a line that is never broken is measured at


def console(stderr: bool = False) -> Console:
    """The console a command prints to: no guessing of colours in numbers, no emoji codes (a
    position `exams.yaml:100:7` must not print as a picture). Piped, it is as wide as its
    reader's terminal (`reader_width`); with no terminal to read it (a file, a CI log) a line
    is never broken, so a `grep` reads it whole."""
    out = Console(stderr=stderr, highlight=False, emoji=False)
    if not out.is_terminal:
        width = reader_width(stderr)
        if width is not None:
            out.width = width
        out.soft_wrap = width is None
    return out


def reader_width(stderr: bool = False) -> int | None:
    """The width piped output is read at: COLUMNS when it is set, else the width of the
    terminal the command's other stream goes to (`rococo balance | less`), else None."""
    columns = os.environ.get("COLUMNS", "")
    if columns.isdigit() and int(columns) > 0:
        return int(columns)
    other = sys.stdout if stderr else sys.stderr
    try:
        if other.isatty():
            return os.get_terminal_size(other.fileno()).columns
    except (AttributeError, OSError, ValueError):  # no such stream, or not a real file
        pass
    return None


def show(out: Console, *renderables: RenderableType) -> None:
    """Print each renderable in full: fitted to the width (tables too wide for it as lists),
    or as wide as it needs on a console whose lines are never broken (`soft_wrap`)."""
    for item in renderables:
        if out.soft_wrap:
            wide = out.options.update(width=UNLIMITED)
            need = out.measure(item, options=wide).maximum
            # pieces laid side by side fill any width: those keep the console's own
            width, out.width = out.width, max(out.width, need if need < UNLIMITED else 0)
            try:
                out.print(item)
            finally:
                out.width = width
        else:
            out.print(fitted(out, item))


def fitted(out: Console, item: RenderableType) -> RenderableType:
    """The renderable, with every table too wide for the terminal turned into a list."""
    if isinstance(item, Group):
        return Group(*(fitted(out, part) for part in item.renderables))
    if isinstance(item, Table):
        for column in item.columns:  # a heading is never broken, a long word wraps, never '…'
            column.min_width = max(column.min_width or 0, cell_len(str(column.header)))
            column.overflow = "fold"
        if _too_wide(out, item):
            return as_list(item, out.width)
    return item


def _too_wide(out: Console, table: Table) -> bool:
    """Whether the table's longest words (and whole headings) cannot stand side by side."""
    def longest(value) -> int:
        plain = value.plain if isinstance(value, Text) else Text.from_markup(str(value)).plain
        return max((cell_len(word) for word in plain.split()), default=0)
    widths = [max([column.min_width or 0, longest(column.header)]
                  + [longest(cell) for cell in column.cells]) for column in table.columns]
    edges = 3 * len(widths) + 1 if table.box else 2 * len(widths)  # padding and rules
    # rich shares the width out in whole cells, a column may get one more than it needs
    return sum(widths) + edges + len(widths) > out.width


def as_list(table: Table, width: int = 80) -> Group:
    """A table as a paragraph per row under its title: its `column: value` pairs side by side
    as far as `width` allows, each further line indented (a row of 14 short columns takes 3
    lines at 80 columns, not 14)."""
    parts: list[RenderableType] = []
    if table.title:
        parts.append(Text(str(table.title), style="bold"))
    names = [str(c.header) for c in table.columns]
    cells = [list(c.cells) for c in table.columns]
    for row in range(table.row_count):
        lines: list[Text] = []
        for i, name in enumerate(names):
            value = cells[i][row]
            text = value if isinstance(value, Text) else Text.from_markup(str(value))
            if not text.plain:
                continue
            pair = Text(f"{name}: ", style="dim" if lines else "bold").append_text(text)
            room = width - (2 if len(lines) > 1 else 0)
            line = lines[-1] if lines else None
            if line is None or "\n" in line.plain + pair.plain or \
                    cell_len(line.plain) + 2 + cell_len(pair.plain) > room:
                lines.append(pair)  # a value of several lines has lines of its own
            else:
                line.append("  ").append_text(pair)
        if lines:
            parts.append(lines[0])
        if len(lines) > 1:  # a long value wraps under its own line, not at column 0
            parts.append(Padding(Group(*lines[1:]), (0, 0, 0, 2), expand=False))
    return Group(*parts)

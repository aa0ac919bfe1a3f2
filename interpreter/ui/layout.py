"""Printing tables so that nothing is cut off: full width when piped, wrapped or as a list on a
narrow terminal.

Rich shrinks a table to the console's width and ends what no longer fits with `…`. Output that
goes to a pipe or a file has no width to respect, so it is printed as wide as its content; on a
terminal too narrow for a table's longest words, each row becomes a block of `column: value`
lines instead.
"""
from __future__ import annotations

from rich.cells import cell_len
from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text


def console(stderr: bool = False) -> Console:
    """The console a command prints to: no guessing of colours in numbers, no emoji codes (a
    position `exams.yaml:100:7` must not print as a picture); when piped, a line is never
    broken (a file or a `grep` reads it whole)."""
    out = Console(stderr=stderr, highlight=False, emoji=False)
    out.soft_wrap = not out.is_terminal
    return out


def show(out: Console, *renderables: RenderableType) -> None:
    """Print each renderable in full: as wide as it needs when piped, a list layout for a table
    whose words cannot fit the terminal."""
    for item in renderables:
        if not out.is_terminal:
            wide = out.options.update(width=10_000)
            width, out.width = out.width, max(out.width, out.measure(item, options=wide).maximum)
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
            return as_list(item)
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


def as_list(table: Table) -> Group:
    """A table as blocks of `column: value` lines, one block per row, under its title."""
    parts: list[RenderableType] = []
    if table.title:
        parts.append(Text(str(table.title), style="bold"))
    names = [str(c.header) for c in table.columns]
    cells = [list(c.cells) for c in table.columns]
    for row in range(table.row_count):
        block = Text()
        for i, name in enumerate(names):
            value = cells[i][row]
            text = value if isinstance(value, Text) else Text.from_markup(str(value))
            if not text.plain:
                continue
            block.append(f"{'  ' if i else ''}{name}: ", style="dim" if i else "bold")
            block.append_text(text)
            block.append("\n")
        parts.append(block)
    return Group(*parts)

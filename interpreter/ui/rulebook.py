"""Every rule in force, as text a player reads at the terminal (`rococo rules`, and `rules`
during play): the modules, the round's phases and steps, the main actions, final scoring, the
modules' reactions to events, the garments with rules of their own, and the chosen parameters.
Everything is printed from the loaded ruleset, so a module's change shows where it applies."""
from __future__ import annotations

from collections.abc import Iterator

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group
from rich.measure import Measurement
from rich.text import Text

from ..core.labels import garment_rules
from ..core.model import Phase, Ruleset


def _phase_lines(phases: tuple[Phase, ...]) -> list[str]:
    lines = []
    for phase in phases:
        who = {"each_player": " (each player, from the start player)",
               "turns": " (in turn, while anyone holds cards)"}.get(phase.kind, "")
        if len(phase.steps) == 1 and phase.steps[0].id == phase.id:
            lines.append(f"{phase.name}{who}: {phase.steps[0].effect.text}")
            continue
        lines.append(f"{phase.name}{who}:")
        lines += [f"  {step.name}: {step.effect.text}" for step in phase.steps]
    return lines


def sections(rules: Ruleset) -> list[tuple[str, list[str]]]:
    """(heading, lines) for each part of the rules in force; empty parts are left out."""
    out: list[tuple[str, list[str]]] = [
        ("Modules", [", ".join(rules.modules)]),
        (f"Each of the {rules.rounds} rounds", _phase_lines(rules.round_phases)),
        ("Main actions", [f"{a.name} (by {', '.join(rules.word(t) for t in a.types)}): "
                          f"{a.effect.text}" for a in rules.actions.values()]),
        ("Final scoring", _phase_lines(rules.final_phases)),
    ]
    reactions = [f"When {event.replace('_', ' ')}: {t.effect.text}"
                 + (f" ({t.owner_kind} {t.owner})" if t.owner else "")
                 + ("" if t.limit == "always" else f" ({t.limit.replace('_', ' ')})")
                 for event, triggers in rules.triggers.items() for t in triggers]
    reactions += [f"When {t.on.replace('_', ' ')}, once an effect starts it ({t.id}) and until "
                  f"the {t.until.replace('_', ' ')}: {t.effect.text}"
                  + (f" ({t.owner_kind} {t.owner})" if t.owner else "")
                  + ("" if t.limit == "always" else f" ({t.limit.replace('_', ' ')})")
                  for t in rules.started.values()]
    out.append(("Reactions to events", reactions))
    garments = [f"{g.id} ({rules.word(g.color)} {rules.word(g.kind)}): {' '.join(texts)}"
                for g in rules.garments.values() if (texts := garment_rules(g))]
    out.append((f"{rules.word('garments').capitalize()} with rules of their own", garments))
    zones = [f"{z.name.replace('_', ' ')}: {'open' if z.visible else 'face down'}"
             for z in (*rules.board_zones, *rules.zones)]
    out.append(("Piles", zones))
    out.append(("Parameters", [f"{k} = {v}" for k, v in rules.params.items()]))
    return [(heading, lines) for heading, lines in out if lines]


HANG = 4  # how much deeper a rule's wrapped lines stand than its first


class Rule:
    """One rule as a line: whole where the output is as wide as it needs (piped); wrapped to a
    terminal's width with a hanging indent, so that each rule's first line stands out."""

    def __init__(self, text: str, indent: int):
        self.text, self.indent = text, indent

    def lines(self, width: int) -> list[str]:
        """The rule's lines at `width` columns, indents included (a word longer than a line
        keeps its own line)."""
        first, *words = self.text.split(" ")
        lines, line = [], " " * self.indent + first
        for word in words:
            if cell_len(line) + 1 + cell_len(word) > width:
                lines.append(line)
                line = " " * (self.indent + HANG) + word
            else:
                line += " " + word
        lines.append(line)
        return lines

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Text]:
        for line in self.lines(options.max_width):
            yield Text(line)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        longest = max((cell_len(word) for word in self.text.split(" ")), default=0)
        return Measurement(self.indent + HANG + longest, self.indent + cell_len(self.text))


def rulebook(rules: Ruleset) -> Group:
    """The rules in force as one renderable: bold headings, one rule a line."""
    parts: list[Text | Rule] = []
    for heading, lines in sections(rules):
        parts.append(Text(heading, style="bold underline"))
        for line in lines:
            text = line.lstrip(" ")
            parts.append(Rule(text, 2 + len(line) - len(text)))
    return Group(*parts)

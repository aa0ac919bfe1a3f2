"""`rococo play`: humans and bots at the terminal, with a log a person can follow.

Before a human decides, it shows what changed since that player's last decision (the whole board
only the first time and on request: `board`); after every decision, what it gained and what
happened without a choice. Identical options (two identical start cards) are offered once.
"""
from __future__ import annotations

from collections import Counter
from pathlib import Path

from rich.markup import escape
from rich.table import Table

from ..core.errors import RuleFaultError
from ..core.wording import (
    describe,
    grouped,
    option_label,
    scoring_lines,
    snapshot,
    unstopped,
)
from . import ending, layout, overview, render, rulebook
from .explained import explained_lines

HELP = ("type an option's number, 'board' for the whole board, 'legend' for what its signs "
        "mean, 'rules' for every "
        "rule in force, 'undo' to take back your last decision (and the bots' moves since), "
        "'save FILE' to save, 'quit' to stop")
PROMPT = "choice (number, 'board', 'legend', 'rules', 'undo', 'save FILE', 'quit'): "
UNDONE = object()  # what `ask_human` returns when the player took a decision back


class TerminalGame:
    """One session of play: `run()` returns the exit code."""

    def __init__(self, game, bots: list, humans: set[int], console, ask=None):
        self.game, self.bots, self.humans = game, bots, frozenset(humans)
        self.console = console
        self.ask = ask or (lambda prompt: input(prompt))  # looked up late: tests replace it
        self.seen: dict[int, dict] = {}  # human seat -> snapshot at their last decision
        self.hand_choices: set = set()  # picked for a hand, not yet seen in it
        self.saved: tuple[str, int] | None = None  # (file, decisions in history when saved)
        self.explained = 0  # trace entries printed so far (a game made with explain=True)
        self.faulted: dict[int, list] = {}  # decision number -> option values that faulted

    # -- the loop -----------------------------------------------------------------------
    def run(self) -> int:
        game, out = self.game, self.console
        last_round = after = None
        while not game.is_over():
            if game.state["round"] != last_round:
                last_round = game.state["round"]
                out.rule(f"Round {last_round}")
            decision = game.decision()
            bot = self.bots[decision.seat]
            if bot is None:
                option = self.ask_human(decision)
                if option is None:
                    return 0
                if option is UNDONE:
                    continue
            else:
                option = bot.choose(game, decision)
                hidden = decision.kind == "hand" and bool(self.humans)
                lead = escape(unstopped(decision.prompt))
                out.print(render.seat_name(game, decision.seat),
                          "selects a card for the hand" if hidden
                          else f"{lead}: [bold]{escape(option.label)}[/]")
            if decision.kind == "hand":
                self.hand_choices.add(option.value)
            before = snapshot(game)
            copy = game.clone() if ending.may_end(game) else None
            try:
                game.apply(option)
            except RuleFaultError as fault:
                if not self.after_fault(fault, decision, option, bot is None):
                    return 1
                continue
            after = snapshot(game) if not game.is_over() else \
                ending.before_scoring(copy, option)
            for line in describe(game, before, after, decision.seat, self.hand_choices,
                                 self.humans):
                out.print(f"  → {escape(line)}")
            if bot is None:  # what this player saw last: their own move's results included
                self.seen[decision.seat] = after
            self.print_explained()
        self.print_explained()
        out.rule("Final scoring")
        for line in scoring_lines(game, after):
            out.print(f"  {escape(line)}")
        layout.show(out, render.board(game), render.final_scores(game))
        out.print(render.result_line(game))
        return 0

    def print_explained(self) -> None:
        """The changes made for good since the last call, each with the rule behind it: with
        people playing, only what one of them may see (`view()`), and the set-up in one line."""
        log = getattr(self.game.journal, "log", [])
        for line in explained_lines(self.game, log[self.explained:], self.humans):
            self.console.print(f"  [dim]{escape(line)}[/]")
        self.explained = len(log)

    # -- a human's decision ------------------------------------------------------------
    def ask_human(self, decision):
        game, out, seat = self.game, self.console, decision.seat
        if seat not in self.seen:  # the board in one screen; the whole of it on request
            layout.show(out, overview.overview(game, seat))
        else:  # hands are left out: the log above says who took what
            lines = [line for line in describe(game, self.seen[seat], snapshot(game))
                     if "into the hand" not in line]
            if lines:
                out.print(render.seat_name(game, seat), "since your last decision:")
                for line in lines:
                    out.print(f"  {escape(line)}")
        groups = grouped(game, decision.options)
        self.show_question(decision, groups)
        while True:
            try:
                answer = self.ask(PROMPT).strip()
            except (EOFError, KeyboardInterrupt):
                self.stopped("end of input", decision)
                return None
            if answer in ("q", "quit", "exit"):
                self.stopped("quit", decision)
                return None
            if answer in ("b", "board"):
                self.show_board(seat)
                self.show_question(decision, groups)
                continue
            if answer in ("l", "legend"):
                out.print(render.legend(game))
                continue
            if answer == "rules":
                layout.show(out, rulebook.rulebook(game.rules))
                self.show_question(decision, groups)
                continue
            if answer in ("h", "help", "?"):
                out.print(HELP)
                continue
            if answer in ("u", "undo"):
                if self.undo():
                    return UNDONE
                continue
            if answer == "save" or answer.startswith("save "):
                self.save(answer[4:].strip())
                continue
            number = _number(answer)
            if number is not None and number < len(groups):
                return groups[number][0]
            out.print(f"[red]please type a number from 0 to {len(groups) - 1}[/] ({HELP})")

    def undo(self) -> bool:
        """Take back the last human decision and the bots' moves made since."""
        game, out = self.game, self.console
        humans = [i for i, (seat, _value) in enumerate(game.history) if seat in self.humans]
        if not humans:
            out.print("[red]nothing to undo:[/] no human decision was made yet")
            return False
        count = len(game.history) - humans[-1]
        game.undo(count)
        bots = count - 1
        since = f" and {bots} bot move{'s' * (bots > 1)} made since" if bots else ""
        out.print(f"took back your last decision{since}")
        now = snapshot(game)
        for seat in self.seen:  # the moves taken back are not news to anybody
            self.seen[seat] = now
        return True

    def show_board(self, seat: int) -> None:
        """The whole board, every card's text in full; its legend only on request."""
        layout.show(self.console, render.board(self.game, seat))
        self.console.print("[dim](type 'legend' for what the signs mean)[/]")

    def show_question(self, decision, groups) -> None:
        game, out = self.game, self.console
        if decision.kind == "hand":
            # while a step waits, the state is as at its start: the cards of the supply then
            # that are no longer offered went into the hand (picked, or the only ones left)
            me = game.state["players"][decision.seat]
            offered = {o.value for o in decision.options}
            picked = me["hand"] + [c for c in me["supply"] if c not in offered]
            if picked:
                names = ", ".join(game.label(c).split(":")[0] for c in picked)
                out.print(f"already in your hand: {escape(names)}")
        out.print(render.seat_name(game, decision.seat), f"[bold]{escape(decision.prompt)}[/]")
        shown = Counter(group[0].label for group in groups)
        for i, group in enumerate(groups):
            label = option_label(game, group, shown)
            same = f" [dim](×{len(group)}, identical)[/]" if len(group) > 1 else ""
            # a long option wraps under its own text, not under its number
            line = Table.grid(padding=(0, 1))
            line.add_column(width=4, justify="right", style="cyan")
            line.add_column()
            line.add_row(str(i), f"{escape(label)}{same}")
            layout.show(out, line)

    def save(self, name: str) -> None:
        out = self.console
        if not name:
            out.print("[red]error:[/] say where to save: save FILE")
            return
        self.game.meta["humans"] = sorted(self.humans)
        try:
            Path(name).write_text(self.game.to_json(), encoding="utf-8")
        except (OSError, ValueError) as exc:  # ValueError: a NUL or a lone surrogate in it
            out.print(f"[red]error:[/] cannot save to {escape(name)}: "
                      f"{escape(_reason(exc))}; the game goes on, unsaved")
            return
        self.saved = (name, len(self.game.history))
        out.print(f"saved to {escape(name)}: resume with rococo play --load {escape(name)}")

    def after_fault(self, fault, decision, option, human: bool) -> bool:
        """A rule failed on `option` and the game is back at `decision`: save it, so nothing is
        lost, then go on (a person chooses again, a bot another option). False when every
        option fails: the session cannot go on."""
        out, game = self.console, self.game
        out.print(f"[red]rule fault:[/] {escape(str(fault))}")
        rescue = self.rescue()
        kept = f"saved in {escape(rescue)}" if rescue else "not saved (see above)"
        if human:
            out.print(f"the game was restored to the decision before the fault and {kept}: "
                      "choose again, 'save FILE' to save elsewhere, or 'quit'")
            return True
        tried = self.faulted.setdefault(len(game.history), [])
        tried.append(option.value)
        left = [o for o in decision.options if not any(o.value == t for t in tried)]
        if not left:
            out.print(escape(f"every option of this decision fails: the game is {kept}; fix the "
                             f"rule, then resume with rococo play --load {rescue or 'FILE'}"))
            return False
        out.print(f"the game was restored to the decision before the fault and {kept}: a bot "
                  "chooses another option")
        self.bots[decision.seat] = _Avoiding(self.bots[decision.seat], tried, len(game.history))
        return True

    def rescue(self) -> str | None:
        """Save the game beside the current folder after a fault; the file's name, or None."""
        game = self.game
        name = f"rococo-rescue-{game.state['seed']}-{len(game.history)}.json"
        game.meta["humans"] = sorted(self.humans)
        try:
            Path(name).write_text(game.to_json(), encoding="utf-8")
        except (OSError, ValueError) as exc:
            self.console.print(f"[red]error:[/] cannot save to {escape(name)}: "
                               f"{escape(_reason(exc))}")
            return None
        self.saved = (name, len(game.history))
        return name

    def stopped(self, why: str, decision) -> None:
        game = self.game
        where = (f"{why}: the game stopped in round {game.state['round']} at "
                 f"{render.seat_text(game, decision.seat)}'s decision "
                 f"'{decision.prompt}'")
        if self.saved and self.saved[1] == len(game.history):
            tail = (f"it is saved in {self.saved[0]}: resume with rococo play --load "
                    f"{self.saved[0]}")
        elif self.saved:
            tail = (f"moves made since the save in {self.saved[0]} are lost; next time type "
                    f"'save FILE' before quitting, then resume with rococo play --load FILE")
        else:
            tail = ("it was not saved; next time type 'save FILE' before quitting, then "
                    "resume with rococo play --load FILE")
        self.console.print(escape(f"{where}; {tail}"))


class _Avoiding:
    """A bot that, at one decision, chooses among the options that did not fault."""

    def __init__(self, bot, avoid: list, at: int):
        self.bot, self.avoid, self.at = bot, avoid, at

    def choose(self, game, decision):
        if len(game.history) != self.at:
            return self.bot.choose(game, decision)
        return next(o for o in decision.options if not any(o.value == a for a in self.avoid))


def _reason(exc: Exception) -> str:
    return (getattr(exc, "strerror", None) or str(exc)).lower()


def _number(answer: str) -> int | None:
    """An option's number as typed: ASCII digits only ('¹' and '٣' are digits to Python)."""
    if answer.isascii() and answer.isdigit() and len(answer) <= 6:
        return int(answer)
    return None

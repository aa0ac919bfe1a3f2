"""Every command's options as a Markdown page, read from the argparse parser itself.

The documentation site's "Command options" page is made from this at build time (the mkdocs
hook in tools/mkdocs_hooks.py), so it always says what `rococo ... --help` says.
`python -m interpreter.cli.reference_command` prints it.
"""

from __future__ import annotations

import argparse
import sys
import textwrap

from .main import build_parser

HEADER = """# Command options

Every option of every `rococo` command, generated from the command line parser when the site is
built (`interpreter/cli/reference_command.py`), so it says what `rococo COMMAND --help` says.
What the commands do: [Commands at a glance](commands.md).
"""


def _cell(text: str) -> str:
    """Text safe inside a Markdown table cell."""
    return " ".join(text.split()).replace("|", "\\|")


def _subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def _summaries(parser: argparse.ArgumentParser) -> dict[str, str]:
    """Each command's one-line help, as `rococo --help` lists it."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return {choice.dest: choice.help or "" for choice in action._choices_actions}
    return {}


def _argument(action: argparse.Action) -> str:
    if action.option_strings:
        names = ", ".join(f"`{name}`" for name in action.option_strings)
        if action.nargs == 0:
            return names
        metavar = action.metavar or action.dest.upper()
        if action.choices is not None and action.metavar is None:
            metavar = "{" + ",".join(str(c) for c in action.choices) + "}"
        return f"{names} `{metavar}`"
    return f"`{action.metavar or action.dest}`" + (" ..." if action.nargs in ("*", "+") else "")


def _default(action: argparse.Action) -> str:
    if isinstance(action, argparse.BooleanOptionalAction):
        return f"`{action.option_strings[0 if action.default else 1]}`"
    if action.nargs == 0 or action.default in (None, [], argparse.SUPPRESS):
        return ""
    return f"`{action.default}`"


def command_markdown(name: str, parser: argparse.ArgumentParser, summary: str) -> str:
    usage = " ".join(parser.format_usage().split()).removeprefix("usage: ")
    usage = "\n".join(textwrap.wrap(usage, 78, subsequent_indent="    ",
                                    break_long_words=False, break_on_hyphens=False))
    said = _cell(summary)
    lines = [f"## rococo {name}", "", said[:1].upper() + said[1:] + ("." if said else ""), ""]
    if parser.description:
        lines += [_cell(parser.description), ""]
    lines += ["```text", usage, "```", "", "| argument | default | meaning |", "|---|---|---|"]
    for action in parser._actions:
        if isinstance(action, argparse._HelpAction):
            continue
        lines.append(f"| {_argument(action)} | {_default(action)} | {_cell(action.help or '')} |")
    return "\n".join(lines) + "\n"


def markdown() -> str:
    """The whole page: one section per command, in the order `rococo --help` lists them."""
    parser = build_parser()
    summaries = _summaries(parser)
    parts = [HEADER]
    for name, sub in _subcommands(parser).items():
        parts.append(command_markdown(name, sub, summaries.get(name, "")))
    return "\n".join(parts)


if __name__ == "__main__":
    sys.stdout.write(markdown())

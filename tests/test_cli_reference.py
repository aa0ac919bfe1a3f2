"""The generated "Command options" page (interpreter/cli/reference_command.py) covers the whole parser."""

from interpreter.cli.main import build_parser
from interpreter.cli.reference_command import _subcommands, markdown


def test_every_command_and_option_is_on_the_page():
    page = markdown()
    commands = _subcommands(build_parser())
    assert {"play", "simulate", "balance", "serve", "test", "bench"} <= set(commands)
    for name, parser in commands.items():
        section = page.split(f"\n## rococo {name}\n", 1)[1].split("\n## rococo ", 1)[0]
        for action in parser._actions:
            for option in action.option_strings:
                if option not in ("-h", "--help"):
                    assert f"`{option}`" in section, f"rococo {name} {option} is not on the page"


def test_a_row_says_the_option_s_metavar_default_and_help():
    page = markdown()
    assert "| `--games` `GAMES` | `400` |" in page  # balance
    assert ("| `--verify`, `--no-verify` | `--verify` | with --load: replay the saved game from "
            "its seed") in page
    assert "Play a game at the terminal, humans against bots.\n" in page
    assert "\\|" not in page.split("## rococo serve", 1)[0].split("## rococo play", 1)[1]


def test_every_option_says_what_it_is_for():
    """An option without help would leave its row of the page empty."""
    silent = [f"rococo {name} {action.option_strings or action.dest}"
              for name, parser in _subcommands(build_parser()).items()
              for action in parser._actions if not action.help]
    assert not silent, f"give these a help= text: {silent}"

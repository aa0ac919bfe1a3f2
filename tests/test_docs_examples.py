"""The documentation's shell examples and transcripts run, as docs/contributing.md says.

Every ```sh block of README.md and docs/**/*.md runs line by line in a scratch folder of its
page; `<!-- not run: REASON -->` before a block keeps it from running (its reason is required and its
`rococo` lines are still parsed);
`<!-- file: PATH -->` before a block writes it there; a ```text block starting with `$ ` is a
transcript whose output must match; a ```yaml block headed `# PATH: ...` is an excerpt of that
file. (The `>>>` examples are doctests: pyproject.toml.)
"""

from __future__ import annotations

import os
import re
import shlex
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from interpreter.cli.main import build_parser

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
LINKED = ("examples", "rules", "schemas")
SECONDS = 120  # per command: a cheap example takes a few seconds, a slow machine more

FENCE = re.compile(r"^(?P<indent> *)```(?P<lang>[\w-]*)\s*$")
# interpreter/_core.py's note in an editable install whose compiled modules were edited since
STALE_CORE = re.compile(r"^rococo: .* so the core runs as Python, more slowly; ")
DIRECTIVE = re.compile(r"^\s*<!--\s*(?P<kind>not run|file):\s*(?P<arg>.*?)\s*-->\s*$")


@dataclass(frozen=True)
class Block:
    page: Path
    line: int  # of the opening fence, 1-based
    lang: str
    text: str
    directive: tuple[str, str] | None
    indent: int = 0

    @property
    def where(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"

    @property
    def is_transcript(self) -> bool:
        return self.lang == "text" and self.text.startswith("$ ")


def blocks(page: Path) -> list[Block]:
    """The page's fenced blocks, dedented, each with the directive comment just before it."""
    lines = page.read_text(encoding="utf-8").splitlines()
    found, i = [], 0
    while i < len(lines):
        opening = FENCE.match(lines[i])
        if not opening:
            i += 1
            continue
        indent = len(opening["indent"])
        body, j = [], i + 1
        while j < len(lines) and lines[j].strip() != "```":
            body.append(lines[j][indent:] if lines[j][:indent].strip() == "" else lines[j])
            j += 1
        directive = DIRECTIVE.match(lines[i - 1]) if i else None
        found.append(Block(page, i + 1, opening["lang"], "\n".join(body) + "\n",
                           (directive["kind"], directive["arg"]) if directive else None, indent))
        i = j + 1
    return found


def commands(block: Block) -> list[str]:
    """The block's command lines (comments and empty lines left out)."""
    return [line for line in block.text.splitlines()
            if line.strip() and not line.lstrip().startswith("#")]


def rococo_arguments(line: str) -> list[list[str]]:
    """The arguments of each `rococo` command on a shell line (`a && rococo x | b`: [[x]])."""
    lexer = shlex.shlex(line, posix=True, punctuation_chars=True)
    lexer.whitespace_split = True
    lexer.commenters = "#"
    found, current = [], []
    for token in [*lexer, ";"]:
        if token in ("&&", "||", ";", "|", "&"):
            if current[:1] == ["rococo"]:
                found.append(current[1:])
            current = []
        elif token in (">", ">>", "<", "2>"):
            current.append(None)  # a redirection's target follows: not an argument
        elif current and current[-1] is None:
            current[-1:] = []
        else:
            current.append(token)
    return found


def parses(line: str, where: str) -> None:
    for arguments in rococo_arguments(line):
        try:
            build_parser().parse_args(arguments)
        except SystemExit:
            pytest.fail(f"{where}: `{line}` is not a command rococo accepts")


def run(line: str, folder: Path) -> subprocess.CompletedProcess[str]:
    """The line's result; past the time limit its whole process group is stopped (a command's
    worker processes too, which would otherwise outlive the test) and the test fails."""
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}")
    with subprocess.Popen(["bash", "-c", line], cwd=folder, env=env, stdin=subprocess.DEVNULL,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                          start_new_session=True) as process:
        try:
            out, err = process.communicate(timeout=SECONDS)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
            pytest.fail(f"`{line}` ran past {SECONDS} s: make the example cheaper, or mark its "
                        "block <!-- not run: REASON -->")
    return subprocess.CompletedProcess(line, process.returncode, out, err)


def scratch(tmp_path: Path) -> Path:
    for name in LINKED:
        (tmp_path / name).symlink_to(ROOT / name)
    return tmp_path


def is_example(block: Block) -> bool:
    return block.lang == "sh" or block.is_transcript or (
        block.directive is not None and block.directive[0] == "file")


EXAMPLES = {page: [b for b in blocks(page) if is_example(b)] for page in PAGES}
RUN_PAGES = [page for page, found in EXAMPLES.items()
             if any(b.directive is None or b.directive[0] == "file" for b in found)]
SKIPPED = [b for found in EXAMPLES.values() for b in found
           if b.directive is not None and b.directive[0] == "not run"]


@pytest.mark.parametrize("page", RUN_PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_page_s_examples_run(page, tmp_path):
    folder = scratch(tmp_path)
    for block in EXAMPLES[page]:
        if block.directive and block.directive[0] == "not run":
            continue
        if block.directive and block.directive[0] == "file":
            target = folder / block.directive[1]
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(block.text, encoding="utf-8")
            continue
        if block.is_transcript:
            command, *expected = block.text.rstrip("\n").splitlines()
            done = run(command[2:], folder)
            got = [line for line in (done.stdout + done.stderr).rstrip("\n").splitlines()
                   if not STALE_CORE.match(line)]
            assert [g.rstrip() for g in got] == [e.rstrip() for e in expected], (
                f"{block.where}: `{command[2:]}` printed:\n{done.stdout}{done.stderr}")
            continue
        for line in commands(block):
            parses(line, block.where)
            done = run(line, folder)
            assert done.returncode == 0, (
                f"{block.where}: `{line}` exited {done.returncode}:\n"
                f"{done.stdout[-2000:]}{done.stderr[-2000:]}")


@pytest.mark.parametrize("block", SKIPPED, ids=lambda b: b.where)
def test_a_block_not_run_still_names_real_options(block):
    """A block too costly to run (minutes of CPU, a server) is still checked: it says why it is
    not run, and every `rococo` line in it is a command the parser accepts."""
    assert block.directive[1].strip(), f"{block.where}: <!-- not run: --> gives no reason"
    for line in commands(block):
        parses(line, block.where)


def test_blocks_are_found_as_the_convention_says(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("text\n<!-- not run: a server -->\n```sh\nrococo serve\n```\n\n"
                    "1. a step\n\n   <!-- file: p/a.yaml -->\n   ```yaml\n   a: 1\n   ```\n"
                    "```text\n$ rococo validate p\nok\n```\n", encoding="utf-8")
    found = blocks(page)
    assert [(b.line, b.lang, b.text, b.directive, b.indent) for b in found] == [
        (3, "sh", "rococo serve\n", ("not run", "a server"), 0),
        (10, "yaml", "a: 1\n", ("file", "p/a.yaml"), 3),
        (13, "text", "$ rococo validate p\nok\n", None, 0)]
    assert found[2].is_transcript and not found[0].is_transcript


def test_rococo_commands_are_found_inside_shell_lines():
    line = "python3 -m venv .venv && . .venv/bin/activate && rococo play --seed 1 > out.txt"
    assert rococo_arguments(line) == [["play", "--seed", "1"]]
    assert rococo_arguments("rococo cards | head  # first lines") == [["cards"]]
    assert rococo_arguments("echo rococo") == []


EXCERPT = re.compile(r"^# (?P<path>[\w./-]+\.ya?ml)\b")
ALL_BLOCKS = [b for page in PAGES for b in blocks(page)]


@pytest.mark.parametrize("block", [b for b in ALL_BLOCKS if b.lang == "yaml"
                                   and EXCERPT.match(b.text)], ids=lambda b: b.where)
def test_an_excerpt_s_lines_are_in_its_file(block):
    path = EXCERPT.match(block.text)["path"]
    assert (ROOT / path).is_file(), f"{block.where}: the excerpt's file {path} does not exist"
    lines = set((ROOT / path).read_text(encoding="utf-8").splitlines())
    missing = [line for line in block.text.splitlines()[1:] if line.strip() and line not in lines]
    assert not missing, f"{block.where}: lines not in {path}: {missing}"


def test_code_blocks_are_of_the_kinds_that_are_tested():
    wrong = [f"{b.where}: ```{b.lang}" for b in ALL_BLOCKS
             if b.lang in ("bash", "shell", "console", "zsh", "shell-session")
             or (b.lang in ("python", "py", "pycon") and ">>>" not in b.text)]
    assert not wrong, ("write shell examples as ```sh and Python ones as >>> doctests "
                       f"(docs/contributing.md): {wrong}")


def test_a_block_in_a_list_is_indented_by_four():
    """mkdocs' Markdown nests a block in a list item only when it is indented by 4 spaces: less
    ends the list there (a numbered list then starts again at 1)."""
    wrong = [b.where for b in ALL_BLOCKS if b.indent % 4]
    assert not wrong, f"indent these blocks by a multiple of 4 spaces: {wrong}"


def test_a_command_past_the_time_limit_is_stopped_with_its_children(tmp_path, monkeypatch):
    monkeypatch.setattr(sys.modules[__name__], "SECONDS", 1)
    marker = tmp_path / "child.pid"
    with pytest.raises(pytest.fail.Exception, match="ran past 1 s"):
        run(f"sleep 30 & echo $! > {marker}; wait", tmp_path)
    child = int(marker.read_text())
    assert any(_gone(child) or time.sleep(0.1) for _ in range(50)), "the command's child lives on"


def _gone(pid: int) -> bool:
    """The process has ended (a zombie waiting for its reaper counts as ended)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().split()[2] == "Z"
    except FileNotFoundError:
        return True

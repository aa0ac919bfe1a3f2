"""Parsed effects kept between processes (rulesdsl/parsecache.py): the same trees as the
parser's, spans included; errors never kept; a second process loading the same rules imports
no Lark."""
import os
import pickle
import subprocess
import sys

import pytest

from rulesdsl import EffectSyntaxError, Origin, parsecache, parser

ORIGIN = Origin("cards.yaml", 20, 1, block_indent=4)
TEXT = "let n = 2\n  if n > 1 then gain n prestige"


@pytest.fixture
def fresh(tmp_path, monkeypatch):
    """The module as a new process finds it, keeping its parses under tmp_path."""
    monkeypatch.setenv("ROCOCO_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(parsecache, "_shards", {})
    monkeypatch.setattr(parsecache, "_used", set())
    monkeypatch.setattr(parsecache, "_added", set())
    return tmp_path


def _spans(tree) -> list:
    """Every span in the tree, in order (AST equality leaves spans out)."""
    found = []

    def walk(node):
        if isinstance(node, tuple):
            for item in node:
                walk(item)
        elif hasattr(node, "__dataclass_fields__"):
            for name in node.__dataclass_fields__:
                value = getattr(node, name)
                if name == "span":
                    found.append(value)
                else:
                    walk(value)
    walk(tree)
    return found


def test_a_kept_parse_is_the_parsers_tree_with_its_spans(fresh):
    first = parsecache.parse_effect(TEXT, ORIGIN)
    parsecache.keep()
    assert len(list(fresh.iterdir())) == 1
    parsecache._shards.clear()  # as the next process: read from the file
    again = parsecache.parse_effect(TEXT, ORIGIN)
    assert again is not first
    direct = parser.parse_effect(TEXT, ORIGIN)
    assert again == direct
    assert _spans(again) == _spans(direct)
    assert len(_spans(again)) > 5
    moved = Origin("cards.yaml", 30, 1, block_indent=4)  # same text elsewhere: its own spans
    assert _spans(parsecache.parse_effect(TEXT, moved))[0].line == 31
    assert parsecache.parse_expression("1 + 2", ORIGIN) == parser.parse_expression("1 + 2",
                                                                                   ORIGIN)


def test_errors_are_raised_every_time_and_never_kept(fresh):
    for _ in range(2):
        with pytest.raises(EffectSyntaxError, match=r"cards\.yaml:21:12: unexpected '1'"):
            parsecache.parse_effect("gain 1 1 prestige", ORIGIN)
    parsecache.keep()
    assert list(fresh.iterdir()) == []


def test_an_unreadable_file_counts_as_empty(fresh):
    path = parsecache.cache_file(ORIGIN.file)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as out:
        out.write(pickle.dumps(["not", "a", "dict"])[:7])  # cut short
    assert parsecache.parse_effect(TEXT, ORIGIN) == parser.parse_effect(TEXT, ORIGIN)
    parsecache.keep()
    with open(path, "rb") as kept:
        assert len(pickle.load(kept)) == 1


def test_off_keeps_nothing(fresh, monkeypatch):
    monkeypatch.setenv("ROCOCO_CACHE_DIR", "off")
    assert parsecache.cache_file(ORIGIN.file) is None
    parsecache.parse_effect(TEXT, ORIGIN)
    parsecache.keep()
    assert list(fresh.iterdir()) == []


def test_a_second_process_loads_the_rules_without_lark(tmp_path):
    code = ("import sys, interpreter\nrules = interpreter.load_ruleset()\n"
            "print('lark' in sys.modules, rules.fingerprint)")
    env = {**os.environ, "ROCOCO_CACHE_DIR": str(tmp_path)}
    runs = [subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                           text=True, check=True).stdout.split() for _ in range(2)]
    assert runs[0][0] == "True" and runs[1][0] == "False"
    assert runs[0][1] == runs[1][1]


def test_a_process_keeps_at_most_max_entries(fresh, monkeypatch):
    monkeypatch.setattr(parsecache, "MAX_ENTRIES", 3)
    texts = [f"gain {n} prestige" for n in range(1, 8)]
    for text in texts:
        parsecache.parse_effect(text, ORIGIN)
        assert 1 <= len(parsecache._shards["cards.yaml"]) <= 3
    parsecache.keep()
    with open(parsecache.cache_file(ORIGIN.file), "rb") as kept:
        assert set(k[1] for k in pickle.load(kept)) == set(texts[6:])


def test_a_load_reads_the_parses_of_its_own_files_only(fresh):
    """One file per rule file's name: many parses made for other files (a test suite, an
    editor) are never read by a load of these, nor kept in their file."""
    for n in range(1, 40):
        parsecache.parse_effect(f"gain {n} livre", Origin("/tmp/t0/other.yaml", n, 1))
    parsecache.parse_effect(TEXT, ORIGIN)
    parsecache.keep()
    assert len(list(fresh.iterdir())) == 2
    assert parsecache.cache_file("/elsewhere/cards.yaml") == parsecache.cache_file("cards.yaml")
    parsecache._shards.clear()
    assert parsecache.parse_effect(TEXT, ORIGIN) == parser.parse_effect(TEXT, ORIGIN)
    assert list(parsecache._shards) == ["cards.yaml"]
    assert len(parsecache._shards["cards.yaml"]) == 1


def test_a_generated_function_code_is_kept_for_this_python_only(fresh, monkeypatch):
    """The code of an effect's generated function is kept with its file's parses: the next
    process reads the same code; another Python's version compiles its own."""
    source = "def run(ctx, env=None):\n    ctx.gain('livre', 2)\n"
    first = parsecache.function_code(source, "<effect cards.yaml:3:5>", "cards.yaml")
    parsecache.keep()
    parsecache._shards.clear()
    again = parsecache.function_code(source, "<effect cards.yaml:3:5>", "cards.yaml")
    assert again is not first and again.co_code == first.co_code
    assert (again.co_filename, again.co_name) == ("<effect cards.yaml:3:5>", "run")
    monkeypatch.setattr(parsecache, "_PYTHON", "code 9.9.9")
    assert len(parsecache._shards["cards.yaml"]) == 1
    parsecache.function_code(source, "<effect cards.yaml:3:5>", "cards.yaml")
    assert len(parsecache._shards["cards.yaml"]) == 2


def test_a_file_mostly_of_parses_not_used_is_pruned_to_those_used(fresh):
    """Mutated copies of a rules file (a test suite's) fill its file; the next process that
    loads the file's own effects keeps only those."""
    for n in range(1, 100):
        parsecache.parse_effect(f"gain {n} livre", Origin("cards.yaml", n, 1))
    parsecache.keep()
    parsecache._shards.clear()
    parsecache._used.clear()
    parsecache.parse_effect("gain 7 livre", Origin("cards.yaml", 7, 1))
    parsecache.keep()
    with open(parsecache.cache_file("cards.yaml"), "rb") as kept:
        assert [k[1] for k in pickle.load(kept)] == ["gain 7 livre"]


def test_the_one_file_of_earlier_versions_is_removed_when_a_parse_is_kept(fresh):
    """Earlier versions kept every rule file's parses in one file, `parsed-<digest>.pickle`,
    which nothing reads now; a file of this version's per-name layout stays."""
    legacy = fresh / "parsed-0123456789abcdef0123.pickle"
    legacy.write_bytes(pickle.dumps({}))
    other = fresh / "parsed-0123456789abcdef0123-0123456789ab.pickle"  # another parser's
    other.write_bytes(pickle.dumps({}))
    parsecache.parse_effect(TEXT, ORIGIN)
    parsecache.keep()
    assert not legacy.exists()
    assert other.exists()
    assert os.path.exists(parsecache.cache_file(ORIGIN.file))

"""Editor support: every rules file names its JSON Schema, and `rococo lsp` speaks the Language
Server Protocol (driven here through the protocol, over stdio, as an editor would)."""
from __future__ import annotations

import asyncio
import json
import re
import sys
from pathlib import Path

import pytest
from packwriter import write
from ruamel.yaml import YAML

from interpreter.core.schemas import RULES_DIR, SCHEMAS_DIR
from interpreter.editor import support as editor

ROOT = Path(__file__).resolve().parents[1]
ASSOCIATION = re.compile(r"# yaml-language-server: \$schema=(\S+)$")


def _rules_files():
    """The built-in rules and the example packs a designer copies."""
    return sorted([*RULES_DIR.glob("**/*.yaml"), *(ROOT / "examples").glob("**/*.yaml")])


@pytest.mark.parametrize("path", _rules_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_rules_file_names_the_schema_of_its_kind(path):
    first = path.read_text(encoding="utf-8").split("\n", 1)[0]
    match = ASSOCIATION.match(first)
    assert match, f"{path.relative_to(ROOT)}: the first line must be " \
                  "'# yaml-language-server: $schema=<relative path to its schema>'"
    schema = (path.parent / match.group(1)).resolve()
    assert schema.is_file() and schema.parent == SCHEMAS_DIR.resolve(), \
        f"{path.relative_to(ROOT)}: {match.group(1)} is not a file in schemas/"
    data = YAML(typ="safe").load(path.read_text(encoding="utf-8"))
    kind = "module" if "module" in data else data.get("kind")
    if kind is not None:
        assert schema.name == f"{kind}.schema.json", \
            f"{path.relative_to(ROOT)} is of kind {kind!r} but names {schema.name}"
        assert json.loads(schema.read_text(encoding="utf-8"))["$id"].endswith(
            f"/{kind}.schema.json")


def test_effect_keys_are_the_schemas_effect_strings():
    """editor.EFFECT_KEYS (where the editor looks for effects) is every schema property that
    holds effect-language text, and nothing else."""
    found, other = set(), set()

    def walk(node):
        if isinstance(node, dict):
            for key, sub in node.get("properties", {}).items():
                if isinstance(sub, dict) and sub.get("type") == "string" \
                        and sub.get("description"):  # (employees' trigger effect has none)
                    is_effect = "effect" in sub["description"].lower()
                    (found if is_effect else other).add(key)
            for sub in node.values():
                walk(sub)
        elif isinstance(node, list):
            for sub in node:
                walk(sub)

    for schema in SCHEMAS_DIR.glob("*.schema.json"):
        if schema.name != "save.schema.json":  # a saved game, not a rules file
            walk(json.loads(schema.read_text(encoding="utf-8")))
    assert found == set(editor.EFFECT_KEYS)
    assert not other & found, "a key is effect text in one place and other text in another"


# ---- the analysis behind the server ---------------------------------------------------------
CARDS = """kind: employees
hire:
  - id: l3.dress_prestige
    level: 3
    type: journeyman
    bonus: gain floor(count(my.garmnts) / 3) prestige
  - id: l3.other
    level: 3
    type: journeyman
    bonus: |
      let n = 2
      depute among my.staff, payout deputed.lvel
    colour: blue
"""


def test_problems_cover_schema_and_effect_errors_at_their_words(rules):
    found = editor.problems(CARDS, Path("cards.yaml"), rules.vocabulary)
    assert [(p.line, p.column, p.end_column, p.code) for p in found] == [
        (5, 28, 38, "name"), (11, 44, 48, "name"), (12, 4, 10, "schema")]
    assert found[0].message == "unknown name 'my.garmnts' (did you mean 'my.garments'?)"
    assert found[1].message == "unknown field 'lvel' of employee (did you mean 'level'?)"
    assert "unknown key" in found[2].message and "'colour'" in found[2].message


def test_problems_of_malformed_yaml_and_of_syntax(rules):
    [bad] = editor.problems("kind: employees\nhire: [\n", Path("c.yaml"), rules.vocabulary)
    assert bad.code == "yaml" and bad.line in (1, 2)  # the loader's own sentence and position
    text = "kind: actions\nactions:\n  - id: x\n    name: X\n    types: [master]\n" \
           "    effect: gain 2 +\n"
    [syntax] = editor.problems(text, Path("a.yaml"), rules.vocabulary)
    assert syntax.code == "syntax" and syntax.line == 5
    assert editor.problems("just: a yaml file\n", Path("x.yaml"), rules.vocabulary) == []


def test_an_error_reported_at_its_statement_marks_the_word_it_names(rules):
    text = ("kind: actions\nactions:\n  - id: x\n    name: X\n    types: [master]\n"
            "    effect: gain 2 livres; pay 1 livres\n")
    found = editor.problems(text, Path("a.yaml"), rules.vocabulary)
    line = text.split("\n")[5]
    assert [(p.line, p.column, p.end_column) for p in found] == [
        (5, line.index("livres"), line.index("livres") + 6),
        (5, line.rindex("livres"), line.rindex("livres") + 6)]
    assert found[0].message == "unknown resource 'livres' (did you mean 'livre'?)"
    hover = editor.hover(text, 5, line.index("pay") + 1, rules.vocabulary)
    assert hover.text.startswith("`pay AMOUNT RESOURCE`: pay; if the player cannot")


def _labels(text, line, column, vocab):
    return [c.label for c in editor.completions(text, line, column, vocab)]


def test_completion_of_fields_verbs_options_and_where_items(rules):
    v = rules.vocabulary
    head = "kind: employees\nhire:\n  - id: a\n    bonus: "
    assert _labels(head + "gain 1 livre", 3, 8, v) == []  # on the key, not in the effect
    assert _labels(head + "depute among my.staff, payout deputed.", 3, 49, v) == [
        "deputed.type", "deputed.level", "deputed.depute_value", "deputed.crown",
        "deputed.final_value", "deputed.final_value_opponent", "deputed.hire_space"]
    fields = _labels(head + "gain sum(my.garments.p", 3, 33, v)
    assert fields[:2] == ["my.garments.color", "my.garments.kind"]
    assert "my.garments.points" in fields and "my.livre" not in fields
    starts = _labels(head + "tai", 3, 14, v)
    assert "tailor" in starts and "gain" in starts and "my.livre" not in starts
    assert _labels(head + "tailor silk_discount 1, ", 3, 35, v) == [
        "discount_colors", "no_master_garment", "sell_only", "garment", "free", "space", "sell",
        "master_made", "no_reward"]
    assert _labels(head + "perform action ", 3, 26, v) == [
        "favor", "acquire", "tailor", "hire", "depute", "fund"]
    assert _labels(head + "reduce_cost by 1, on h", 3, 33, v) == [
        "hiring", "acquiring", "tailoring", "funding"]
    block = head + "|\n      let n = 2\n      gain count(my.staff where "
    labels = _labels(block, 5, 32, v)
    assert labels[:4] == ["type", "level", "depute_value", "crown"] and "n" in labels


def test_hover_names_the_type_and_meaning_of_a_word(rules):
    v = rules.vocabulary
    text = ("kind: employees\nhire:\n  - id: a\n    bonus: depute among my.staff, "
            "payout deputed.depute_value\n")
    line = text.split("\n")[3]

    def at(word, offset=1):
        found = editor.hover(text, 3, line.index(word, 11) + offset, v)
        return found and (found.text, found.column, found.end_column)

    assert at("depute") == ("verb `depute` (card, among, payout, with_bonus)\n\nremove a card "
                            "of your staff from the game (never below the minimum staff)", 11, 17)
    assert at("among") == ("option `among`: list of employee\n\nthe player chooses the card to "
                           "depute from this list", 18, 23)
    assert at("my.staff") == at("staff") == (
        "`my.staff`: list of employee\n\nall your Employee cards: supply, hand, discard pile "
        "and the card being played", 24, 32)
    assert at("depute_value") == ("field `depute_value` of employee: number\n\nthe Livre a "
                                  "Depute action pays for it", 41, 61)
    assert editor.hover(text, 2, 6, v) is None  # `id: a` is not an effect


def test_without_a_vocabulary_only_yaml_and_schema_are_checked():
    text = "kind: actions\nactions:\n  - id: x\n    name: X\n    types: [master]\n" \
           "    effect: gain 2 livres\n    extra: 1\n"
    assert [p.code for p in editor.problems(text, Path("a.yaml"), None)] == ["schema"]
    assert editor.completions(text, 5, 20, None) == []


# ---- the server, through the protocol -------------------------------------------------------
async def _session(tmp_path):
    from lsprotocol import types as lsp
    from pygls.lsp.client import LanguageClient

    client = LanguageClient("rococo-test", "1")
    published: asyncio.Queue = asyncio.Queue()

    @client.feature(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def on_diagnostics(params):
        published.put_nowait(params)

    await client.start_io(sys.executable, "-m", "interpreter.cli.main", "lsp", cwd=str(ROOT))
    await client.initialize_async(lsp.InitializeParams(
        capabilities=lsp.ClientCapabilities(), root_uri=tmp_path.as_uri()))
    client.initialized(lsp.InitializedParams())
    uri = (tmp_path / "cards.yaml").as_uri()
    text = ("kind: employees\nhire:\n  - id: l3.dress_prestige\n    level: 3\n"
            "    type: journeyman\n    bonus: gain floor(count(my.garmnts) / 3) prestige\n")
    client.text_document_did_open(lsp.DidOpenTextDocumentParams(
        text_document=lsp.TextDocumentItem(uri=uri, language_id="yaml", version=1, text=text)))
    opened = await asyncio.wait_for(published.get(), 120)

    fixed = text.replace("my.garmnts", "my.")
    client.text_document_did_change(lsp.DidChangeTextDocumentParams(
        text_document=lsp.VersionedTextDocumentIdentifier(uri=uri, version=2),
        content_changes=[lsp.TextDocumentContentChangeWholeDocument(text=fixed)]))
    changed = await asyncio.wait_for(published.get(), 120)
    completion = await client.text_document_completion_async(lsp.CompletionParams(
        text_document=lsp.TextDocumentIdentifier(uri=uri),
        position=lsp.Position(line=5, character=len("    bonus: gain floor(count(my."))))
    # the designer picks the completion: an incremental change, as editors send them
    client.text_document_did_change(lsp.DidChangeTextDocumentParams(
        text_document=lsp.VersionedTextDocumentIdentifier(uri=uri, version=3),
        content_changes=[lsp.TextDocumentContentChangePartial(
            range=lsp.Range(start=lsp.Position(line=5, character=31),
                            end=lsp.Position(line=5, character=31)), text="garments")]))
    picked = await asyncio.wait_for(published.get(), 120)
    hover = await client.text_document_hover_async(lsp.HoverParams(
        text_document=lsp.TextDocumentIdentifier(uri=uri),
        position=lsp.Position(line=5, character=len("    bonus: gain floor(co"))))
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    return opened, changed, completion, picked, hover


def test_language_server_diagnoses_and_completes_over_the_protocol(tmp_path):
    pytest.importorskip("pygls")
    opened, changed, completion, picked, hover = asyncio.run(_session(tmp_path))

    [diagnostic] = opened.diagnostics
    assert opened.version == 1
    assert diagnostic.message == "unknown name 'my.garmnts' (did you mean 'my.garments'?)"
    assert (diagnostic.range.start.line, diagnostic.range.start.character) == (5, 28)
    assert (diagnostic.range.end.line, diagnostic.range.end.character) == (5, 38)
    assert diagnostic.source == "rococo" and diagnostic.code == "name"

    # `my.` alone is a syntax error until the designer picks a completion
    assert changed.version == 2
    assert [d.message for d in changed.diagnostics] == ["unexpected ')': expected a name"]

    items = {item.label: item for item in completion.items}
    assert "my.garments" in items and "played" not in items
    garments = items["my.garments"]
    assert garments.detail == "list of garment"
    assert garments.text_edit.new_text == "my.garments"
    assert (garments.text_edit.range.start.character,
            garments.text_edit.range.end.character) == (28, 31)

    assert picked.version == 3 and list(picked.diagnostics) == []
    assert hover.contents.value == "`count(list) -> number`\n\nhow many items the list has"
    assert (hover.range.start.character, hover.range.end.character) == (22, 27)


def test_a_pack_file_is_checked_against_the_packs_vocabulary(rules, tmp_path):
    lsp = pytest.importorskip("interpreter.editor.lsp")
    cards = ("kind: employees\nhire:\n  - id: l1.gala\n    level: 1\n    type: master\n"
             "    bonus: perform action gala\n")
    pack = write(tmp_path / "gala", {
        "actions.yaml": "kind: actions\nactions:\n  - id: gala\n    name: Gala\n"
                        "    types: [master]\n    effect: gain 1 prestige\n",
        "cards.yaml": cards}, "gala")
    assert editor.problems(cards, pack / "cards.yaml", lsp.vocabulary_for(pack / "cards.yaml")) \
        == []
    [unknown] = editor.problems(cards, pack / "cards.yaml", rules.vocabulary)
    assert unknown.message.startswith("unknown name 'gala'")
    assert lsp.vocabulary_for(RULES_DIR / "base" / "employees.yaml").enums["action"][-1] == "fund"


@pytest.mark.parametrize("path", _rules_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_the_editor_finds_no_problem_in_the_shipped_rules(path):
    """Each built-in file, checked with the vocabulary of its own module (an expansion's zones
    and procedures included), is as clean in the editor as it is to the loader."""
    lsp = pytest.importorskip("interpreter.editor.lsp")
    path = path.resolve()
    assert editor.problems(path.read_text(encoding="utf-8"), path,
                           lsp.vocabulary_for(path)) == []

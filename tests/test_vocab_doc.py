"""`rococo vocab` and the generated reference of docs/effect-language.md."""
from __future__ import annotations

import json

from packwriter import write

from interpreter.cli.main import main
from interpreter.editor import vocab_doc
from rulesdsl.checker import BUILTINS
from rulesdsl.vocabulary import FUNCTIONS


def test_docs_reference_section_is_the_generated_one():
    text = vocab_doc.DOC_PATH.read_text(encoding="utf-8")
    section = vocab_doc.generated_section(text)
    assert section is not None, "docs/effect-language.md lost its vocabulary marker comments"
    assert section == vocab_doc.builtin_markdown(), (
        "docs/effect-language.md's reference section is out of date with the vocabulary: "
        f"run `{vocab_doc.UPDATE_COMMAND}` and commit the result")


def test_everything_an_effect_may_use_is_described(rules):
    ref = vocab_doc.reference(rules.vocabulary)
    missing = [n["name"] for n in ref["names"] if not n["description"]]
    missing += [f"{r['record']}.{f['name']}" for r in ref["records"] for f in r["fields"]
                if not f["description"]]
    missing += [r["record"] for r in ref["records"] if not r["description"]]
    for v in ref["verbs"]:
        missing += [v["verb"]] if not v["description"] else []
        missing += [f"{v['verb']} {o['name']}" for o in v["options"] if not o["description"]]
        missing += [f"{v['verb']} binds {b['name']}" for b in v["binds"] if not b["description"]]
    missing += [r["name"] for r in ref["resources"] if not r["description"]]
    missing += [e["enum"] for e in ref["enums"] if not e["description"]]
    assert missing == [], ("describe these in interpreter/loading/game_vocabulary.py (NAME_DOCS, FIELD_DOCS, "
                           "...) or a verb in its module's VERB_DOCS, then run `rococo vocab --update-docs`")


def test_functions_are_the_checkers_builtins():
    assert tuple(FUNCTIONS) == BUILTINS


def test_vocab_json_lists_names_fields_verbs_with_types(capsys):
    assert main(["vocab", "--json"]) == 0
    ref = json.loads(capsys.readouterr().out)
    names = {n["name"]: n for n in ref["names"]}
    assert names["my.garments"]["type"] == "list of garment"
    assert names["played"]["type"] == "employee"
    employee = next(r for r in ref["records"] if r["record"] == "employee")
    assert {f["name"]: f["type"] for f in employee["fields"]}["depute_value"] == "number"
    depute = next(v for v in ref["verbs"] if v["verb"] == "depute")
    assert {o["name"]: o["type"] for o in depute["options"]} == {
        "card": "employee", "among": "list of employee", "payout": "number", "with_bonus": "flag"}
    assert depute["binds"] == [{"name": "deputed", "type": "employee",
                                "description": "the card being deputed"}]
    renew = next(v for v in ref["verbs"] if v["verb"] == "renew_hire_display")
    assert renew["options"][0]["required"] is True
    assert [r["name"] for r in ref["resources"]] == ["livre", "prestige", "thread", "lace"]
    colors = next(e for e in ref["enums"] if e["enum"] == "color")
    assert [v["value"] for v in colors["values"]] == ["blue", "pink", "green", "orange"]
    assert [f["name"] for f in ref["functions"]] == list(BUILTINS)


def test_vocab_of_a_module_shows_what_the_pack_adds(tmp_path, capsys):
    pack = write(tmp_path / "gala", {"actions.yaml": (
        "kind: actions\nactions:\n  - id: gala\n    name: Gala\n"
        "    types: [master]\n    effect: gain 1 prestige\n")}, "gala")
    assert main(["vocab", "--json", "--module", str(pack)]) == 0
    ref = json.loads(capsys.readouterr().out)
    actions = next(e for e in ref["enums"] if e["enum"] == "action")
    assert [v["value"] for v in actions["values"]][-1] == "gala"


def test_vocab_markdown_and_terminal_tables(capsys):
    assert main(["vocab", "--markdown"]) == 0
    md = capsys.readouterr().out
    assert "| `my.garments` | list of garment | your Garments on the board" in md
    assert "| | `silk_discount` | number | the garment needs up to this many fewer" in md
    assert main(["vocab"]) == 0
    out = capsys.readouterr().out
    assert "my.has_favor" in out and "boolean" in out and "claim_favor" in out


def test_section_replacement_keeps_the_rest_of_the_document():
    doc = f"intro\n{vocab_doc.BEGIN}\nold\n{vocab_doc.END}\noutro\n"
    new = vocab_doc.with_section(doc, "| new |\n")
    assert new == f"intro\n{vocab_doc.BEGIN}\n\n| new |\n\n{vocab_doc.END}\noutro\n"
    assert vocab_doc.generated_section(new) == "| new |\n"


def test_update_docs_rewrites_only_the_generated_section(tmp_path, monkeypatch, capsys):
    doc = tmp_path / "effect-language.md"
    doc.write_text(f"# Title\n\n{vocab_doc.BEGIN}\n| stale |\n{vocab_doc.END}\n\n## After\n")
    monkeypatch.setattr(vocab_doc, "DOC_PATH", doc)
    assert main(["vocab", "--update-docs"]) == 0
    text = doc.read_text()
    assert text.startswith(f"# Title\n\n{vocab_doc.BEGIN}\n\n### Names\n")
    assert text.endswith(f"{vocab_doc.END}\n\n## After\n") and "stale" not in text
    assert vocab_doc.generated_section(text) == vocab_doc.builtin_markdown()
    doc.write_text("# no markers\n")
    assert main(["vocab", "--update-docs"]) == 1
    assert capsys.readouterr().err == f"error: {doc} has no vocabulary markers\n"


def test_vocab_with_an_expansion_lists_the_zone_it_declares(capsys):
    assert main(["vocab", "--json", "--with", "festivity_dresses"]) == 0
    ref = json.loads(capsys.readouterr().out)
    zones = next(e for e in ref["enums"] if e["enum"] == "zone")
    assert [v["value"] for v in zones["values"]] == [
        "garment_bag", "garment_discard", "resource_bag", "resource_discard", "festivity_aside"]

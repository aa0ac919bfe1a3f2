"""The language server with a pack whose header is broken (issue 35 2.11): hover and completion
still answer (were -32603 with a Python traceback), and the header's own errors are published."""
from __future__ import annotations

import pytest

pytest.importorskip("pygls")

from interpreter.editor import lsp
from interpreter.editor import support as editor

CARDS = ("kind: employees\nhire:\n  - id: x.card\n    level: 3\n    type: journeyman\n"
         "    bonus: gain floor(count(my.garments) / 3) prestige\n")
HEADERS = {
    "malformed": ("module:\n  id: p\n  kind: custom\n  name: [unclosed\n", "malformed yaml"),
    "lists itself": ("module:\n  id: p\n  kind: custom\n  name: p\n  requires: [base]\n"
                     "  files: [module.yaml, cards.yaml]\n",
                     "file 'module.yaml' is the module's own header; list only its rules files"),
}


@pytest.mark.parametrize("case", HEADERS)
def test_a_broken_header_leaves_hover_and_completion_answering(tmp_path, case):
    header, message = HEADERS[case]
    (tmp_path / "module.yaml").write_text(header)
    (tmp_path / "cards.yaml").write_text(CARDS)
    lsp._vocabularies.clear()
    lsp._header_errors.clear()
    vocab = lsp.vocabulary_for(tmp_path / "cards.yaml")  # the built-in rules' words instead
    assert vocab is not None
    at = len("    bonus: gain floor(co")
    found = editor.hover(CARDS, 5, at, vocab)
    assert found is not None and found.text.startswith("`count(list) -> number`")
    assert editor.completions(CARDS, 5, len("    bonus: gain "), vocab)
    errors = lsp.header_errors(tmp_path / "cards.yaml")
    assert errors and message in str(errors[0])
    assert str(errors[0]).startswith(f"{tmp_path / 'module.yaml'}:")


def test_over_the_protocol_the_header_errors_are_published_and_hover_answers(tmp_path):
    from test_lsp_hostile import WAIT, RawClient
    header, message = HEADERS["lists itself"]
    (tmp_path / "module.yaml").write_text(header)
    (tmp_path / "cards.yaml").write_text(CARDS)
    client = RawClient(tmp_path)
    try:
        client.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
        client.notify("initialized", {})
        head = (tmp_path / "module.yaml").as_uri()
        for uri, text in ((head, header), (client.uri, CARDS)):
            client.notify("textDocument/didOpen", {"textDocument": {
                "uri": uri, "languageId": "yaml", "version": 1, "text": text}})
        published = {}
        while len(published) < 2:
            note = client.messages.get(timeout=WAIT)
            if note.get("method") == "textDocument/publishDiagnostics":
                published[note["params"]["uri"]] = note["params"]["diagnostics"]
        assert [d["message"] for d in published[head]] == [message]
        assert published[head][0]["range"]["start"]["line"] == 5
        assert [d["message"] for d in published[client.uri]] == [
            f"its module's header does not load: {tmp_path / 'module.yaml'}:6:11: {message}"]
        answer = client.request("textDocument/hover", {
            "textDocument": {"uri": client.uri},
            "position": {"line": 5, "character": len("    bonus: gain floor(co")}})
        assert answer["result"]["contents"]["value"].startswith("`count(list) -> number`")
    finally:
        client.close()

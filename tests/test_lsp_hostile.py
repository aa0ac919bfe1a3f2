"""The language server answers every request (issue 17): a position past the line or the file,
a negative one, one of 2**31 or more, a request with missing or ill-typed parameters, a document
never opened. Each gets a response (an empty result or an error), over the real protocol."""
from __future__ import annotations

import json
import queue
import subprocess
import sys
import threading
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
WAIT = 60  # seconds: generous, for a busy machine; a request never answered fails here
TEXT = ("kind: employees\nhire:\n  - id: l3.dress_prestige\n    level: 3\n"
        "    type: journeyman\n    bonus: gain floor(count(my.garments) / 3) prestige\n")


class RawClient:
    """JSON-RPC over the server's stdin/stdout, framed by hand so that anything can be sent."""

    def __init__(self, tmp_path: Path):
        self.proc = subprocess.Popen([sys.executable, "-m", "interpreter.cli.main", "lsp"],
                                     cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL)
        self.messages: queue.Queue = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.next_id = 0
        self.uri = (tmp_path / "cards.yaml").as_uri()

    def _read(self) -> None:
        out = self.proc.stdout
        assert out is not None
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    return
                if line in (b"\r\n", b"\n"):
                    break
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            if length is None:
                continue
            self.messages.put(json.loads(out.read(length)))

    def send(self, message: dict | bytes) -> None:
        body = message if isinstance(message, bytes) else json.dumps(message).encode()
        assert self.proc.stdin is not None
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def request(self, method: str, params) -> dict:
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        return self.response(self.next_id)

    def response(self, rid) -> dict:
        while True:
            message = self.messages.get(timeout=WAIT)
            if message.get("id") == rid and "method" not in message:
                return message

    def notify(self, method: str, params) -> None:
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def close(self) -> None:
        try:
            self.request("shutdown", None)
            self.notify("exit", None)
            self.proc.wait(timeout=WAIT)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    pytest.importorskip("pygls")
    client = RawClient(tmp_path_factory.mktemp("lsp"))
    client.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
    client.notify("initialized", {})
    client.notify("textDocument/didOpen", {"textDocument": {
        "uri": client.uri, "languageId": "yaml", "version": 1, "text": TEXT}})
    yield client
    client.close()


INVALID = [(5, 2**31), (2**31, 0), (-1, 0), (5, -7), (-(2**31) - 5, -1), (2**40, 2**40),
           (None, 0), (5, None)]
LAST = len("    bonus: gain floor(count(my.garments) / 3) prestige")


@pytest.mark.parametrize("method", ["textDocument/completion", "textDocument/hover"])
@pytest.mark.parametrize("line, character", INVALID)
def test_a_position_outside_the_protocols_range_gets_an_error_answer(server, method, line,
                                                                    character):
    answer = server.request(method, {"textDocument": {"uri": server.uri},
                                     "position": {"line": line, "character": character}})
    assert answer["error"]["code"] == -32602 and answer["error"]["message"] == "Invalid Params"


@pytest.mark.parametrize("method", ["textDocument/completion", "textDocument/hover"])
def test_a_column_past_the_line_stands_at_its_end(server, method):
    def at(character):
        answer = server.request(method, {"textDocument": {"uri": server.uri},
                                         "position": {"line": 5, "character": character}})
        return answer["result"]
    assert at(500) == at(2**31 - 1) == at(LAST) and at(LAST)  # prestige: known, not empty


@pytest.mark.parametrize("line", [6, 7, 99, 2**31 - 1])
def test_a_line_past_the_end_of_the_file_has_nothing(server, line):
    completion = server.request("textDocument/completion", {
        "textDocument": {"uri": server.uri}, "position": {"line": line, "character": 3}})
    assert completion["result"] == {"isIncomplete": False, "items": []}
    hover = server.request("textDocument/hover", {
        "textDocument": {"uri": server.uri}, "position": {"line": line, "character": 3}})
    assert hover["result"] is None


@pytest.fixture(scope="module")
def rules_vocabulary():
    from interpreter import load_ruleset
    return load_ruleset().vocabulary


def test_the_editor_functions_take_any_position(rules_vocabulary):
    """The IndexError the server met: completion on a line past the end of a block effect."""
    from interpreter.editor import support as editor
    text = TEXT.replace("bonus: gain", "bonus: |\n      gain") + "\n\n"
    lines = text.split("\n")
    for line in range(-3, len(lines) + 4):
        for column in (-5, 0, 3, 60, 500, 2**31):
            completions = editor.completions(text, line, column, rules_vocabulary)
            hover = editor.hover(text, line, column, rules_vocabulary)
            if not 0 <= line < len(lines):
                assert completions == [] and hover is None


@pytest.mark.parametrize("params", [
    None, [], {}, {"textDocument": {}}, {"textDocument": {"uri": 5}, "position": {}},
    {"textDocument": {"uri": "file:///never/opened.yaml"},
     "position": {"line": 0, "character": 0}},
    {"textDocument": {"uri": "not a uri"}, "position": {"line": 0, "character": 0}},
    {"position": {"line": 0, "character": 0}},
])
@pytest.mark.parametrize("method", ["textDocument/completion", "textDocument/hover"])
def test_malformed_requests_get_an_answer(server, method, params):
    answer = server.request(method, params)
    assert "error" in answer or answer.get("result") in (None, [],
                                                          {"isIncomplete": False, "items": []})


def test_unknown_methods_and_bad_json_leave_the_server_answering(server):
    answer = server.request("rococo/noSuchMethod", {})
    assert answer["error"]["code"] == -32601
    server.send(b"{not json")
    server.send({"jsonrpc": "2.0", "id": "x" * 10, "method": "textDocument/hover"})
    server.response("x" * 10)
    answer = server.request("textDocument/hover", {
        "textDocument": {"uri": server.uri},
        "position": {"line": 5, "character": len("    bonus: gain floor(co")}})
    assert answer["result"]["contents"]["value"].startswith("`count(list) -> number`")

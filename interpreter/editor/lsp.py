"""`rococo lsp`: a language server for rules files (pygls, the optional extra `lsp`).

It publishes every YAML, schema and effect error of an open rules file as the designer types,
completes names, fields, verbs and options inside effect strings, and on hover says what a word
of an effect is (its type and description). What it says comes from
interpreter/editor.py; this module only speaks the protocol.
"""
from __future__ import annotations

from pathlib import Path

from lsprotocol import types as lsp
from pygls.exceptions import JsonRpcException
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol
from pygls.uris import to_fs_path
from pygls.workspace.position_codec import ServerTextPosition, ServerTextRange

from ..core.errors import RulesError
from ..core.schemas import RULES_DIR
from ..loading.loader import load_ruleset
from ..loading.yamlio import read_document
from . import support as editor


class _AnsweringProtocol(LanguageServerProtocol):
    """pygls drops a request whose parameters do not fit the protocol's types (a negative
    position, one of 2**31 or more, a missing field) after logging it: the editor then waits
    for ever. Here such a request is answered with the error instead."""

    def structure_message(self, data):
        try:
            return super().structure_message(data)
        except JsonRpcException as error:
            rid = data.get("id") if isinstance(data, dict) and "method" in data else None
            if isinstance(rid, (int, str)) and not isinstance(rid, bool):
                self._send_response(rid, error=error.to_response_error())
            raise


server = LanguageServer("rococo-rules", "0.1.0", protocol_cls=_AnsweringProtocol)

_KINDS = {"name": lsp.CompletionItemKind.Variable, "local": lsp.CompletionItemKind.Variable,
          "field": lsp.CompletionItemKind.Field, "verb": lsp.CompletionItemKind.Function,
          "function": lsp.CompletionItemKind.Function, "option": lsp.CompletionItemKind.Property,
          "keyword": lsp.CompletionItemKind.Keyword, "resource": lsp.CompletionItemKind.Unit,
          "constant": lsp.CompletionItemKind.EnumMember}
_vocabularies: dict[tuple[Path | None, tuple[str, ...]], object] = {}
_header_errors: dict[Path, list[RulesError]] = {}  # a pack's module.yaml -> its own errors


def vocabulary_for(path: Path):
    """The vocabulary a file is checked against: that of the ruleset its module belongs to (a
    built-in edition or expansion turned on, or a custom pack added) when it loads, else the
    built-in rules'. None while the built-in rules themselves do not load (then only YAML and
    schema errors are reported). A module header that does not load (malformed, or listing
    itself) is no reason to fail: its own errors are kept for `header_errors`."""
    folder = path.parent if (path.parent / "module.yaml").is_file() else None
    try:
        also = _loaded_with(folder, path.name) if folder is not None else ()
    except RulesError as exc:  # the header is not even YAML
        _header_errors[folder / "module.yaml"] = [exc]  # type: ignore[operator]
        return vocabulary_for(RULES_DIR / "x")
    key = (folder, also)
    if key not in _vocabularies:
        try:
            _vocabularies[key] = _ruleset_of(folder, also).vocabulary
        except RulesError as exc:
            if folder is not None:
                header = (folder / "module.yaml").resolve()
                _header_errors[folder / "module.yaml"] = [
                    e for e in getattr(exc, "errors", [exc])
                    if e.span.file and Path(e.span.file).resolve() == header]
            _vocabularies[key] = None if folder is None else vocabulary_for(RULES_DIR / "x")
    return _vocabularies[key]


def header_errors(path: Path) -> list[RulesError]:
    """The errors of the module header of `path`'s folder, found when its ruleset was loaded
    (none when it loads, or when the file is in no module's folder)."""
    vocabulary_for(path)
    return _header_errors.get(path.parent / "module.yaml", [])


def _loaded_with(folder: Path, name: str) -> tuple[str, ...]:
    """The modules a file of a built-in module is loaded with (`{file: x.yaml, when: [...]}`:
    only when those are on too), so it is checked with their names."""
    data = read_document(folder / "module.yaml").data
    header = data.get("module") if isinstance(data, dict) else None
    files = header.get("files", []) if isinstance(header, dict) else []
    for entry in files if isinstance(files, list) else []:
        if isinstance(entry, dict) and entry.get("file") == name:
            return tuple(entry.get("when", ()))
    return ()


def _ruleset_of(folder: Path | None, also: tuple[str, ...] = ()):
    if folder is None:
        return load_ruleset()
    if RULES_DIR.resolve() not in folder.resolve().parents:
        return load_ruleset(extra_paths=[folder])  # a custom pack
    data = read_document(folder / "module.yaml").data
    header = data.get("module") if isinstance(data, dict) else None
    if not isinstance(header, dict):
        return load_ruleset()
    if header.get("kind") == "edition":
        return load_ruleset(edition=header["id"])
    if header.get("kind") in ("expansion", "solo"):
        return load_ruleset(expansions=[header["id"], *also])
    return load_ruleset()


def _path(uri: str) -> Path:
    return Path(to_fs_path(uri) or uri)


def _publish(ls: LanguageServer, uri: str, version: int | None) -> None:
    document = ls.workspace.get_text_document(uri)
    path = _path(uri)
    diagnostics = []
    found = editor.problems(document.source, path, vocabulary_for(path)) \
        if path.suffix in (".yaml", ".yml") else []
    header = header_errors(path) if path.suffix in (".yaml", ".yml") else []
    if path.name == "module.yaml":  # the header's own errors, where each is
        lines = document.source.split("\n")
        found += [p for p in (editor.problem_of(e, lines) for e in header)
                  if (p.line, p.message) not in {(f.line, f.message) for f in found}]
    elif header:  # a file of a pack whose header fails: say so, at the top
        found.append(editor.Problem(0, 0, 0, 0, f"its module's header does not load: "
                                    f"{header[0]}", header[0].code))
    for p in found:
        span = ServerTextRange(ServerTextPosition(p.line, p.column),
                               ServerTextPosition(p.end_line, p.end_column))
        diagnostics.append(lsp.Diagnostic(range=document.range_to_client_units(span),
                                          message=p.message, code=p.code, source="rococo",
                                          severity=lsp.DiagnosticSeverity.Error))
    ls.text_document_publish_diagnostics(
        lsp.PublishDiagnosticsParams(uri=uri, version=version, diagnostics=diagnostics))


def _at(document, position: lsp.Position):
    """The server's position for a client's, or None past the last line (pygls would move it
    to the last line); a column past its line stands at the line's end."""
    if position.line >= max(len(document.lines), 1):
        return None
    return document.position_from_client_units(position)


@server.feature(lsp.TEXT_DOCUMENT_DID_OPEN)
def did_open(ls: LanguageServer, params: lsp.DidOpenTextDocumentParams) -> None:
    _publish(ls, params.text_document.uri, params.text_document.version)


@server.feature(lsp.TEXT_DOCUMENT_DID_CHANGE)
def did_change(ls: LanguageServer, params: lsp.DidChangeTextDocumentParams) -> None:
    _publish(ls, params.text_document.uri, params.text_document.version)


@server.feature(lsp.TEXT_DOCUMENT_DID_SAVE)
def did_save(ls: LanguageServer, params: lsp.DidSaveTextDocumentParams) -> None:
    _vocabularies.clear()  # a saved module.yaml or words file may change the vocabulary
    _header_errors.clear()
    _publish(ls, params.text_document.uri, None)


@server.feature(lsp.TEXT_DOCUMENT_DID_CLOSE)
def did_close(ls: LanguageServer, params: lsp.DidCloseTextDocumentParams) -> None:
    ls.text_document_publish_diagnostics(
        lsp.PublishDiagnosticsParams(uri=params.text_document.uri, diagnostics=[]))


@server.feature(lsp.TEXT_DOCUMENT_COMPLETION,
                lsp.CompletionOptions(trigger_characters=[".", " ", ","]))
def completion(ls: LanguageServer, params: lsp.CompletionParams) -> lsp.CompletionList:
    document = ls.workspace.get_text_document(params.text_document.uri)
    at = _at(document, params.position)
    if at is None:
        return lsp.CompletionList(is_incomplete=False, items=[])
    items = []
    for c in editor.completions(document.source, at.line, at.character,
                                vocabulary_for(_path(params.text_document.uri))):
        edit_range = document.range_to_client_units(ServerTextRange(
            ServerTextPosition(at.line, c.replace_from), at))
        items.append(lsp.CompletionItem(
            label=c.label, kind=_KINDS.get(c.kind), detail=c.detail,
            documentation=c.doc or None, filter_text=c.label,
            text_edit=lsp.TextEdit(range=edit_range, new_text=c.label)))
    return lsp.CompletionList(is_incomplete=False, items=items)


@server.feature(lsp.TEXT_DOCUMENT_HOVER)
def hover(ls: LanguageServer, params: lsp.HoverParams) -> lsp.Hover | None:
    document = ls.workspace.get_text_document(params.text_document.uri)
    at = _at(document, params.position)
    if at is None:
        return None
    found = editor.hover(document.source, at.line, at.character,
                         vocabulary_for(_path(params.text_document.uri)))
    if found is None:
        return None
    span = ServerTextRange(ServerTextPosition(found.line, found.column),
                           ServerTextPosition(found.line, found.end_column))
    return lsp.Hover(contents=lsp.MarkupContent(kind=lsp.MarkupKind.Markdown, value=found.text),
                     range=document.range_to_client_units(span))


def main() -> int:
    """Serve over stdin/stdout until the editor says exit."""
    server.start_io()
    return 0

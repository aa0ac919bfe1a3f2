"""What an editor asks about a rules file it holds: its problems, and what may be typed next.

Plain Python, no editor protocol (interpreter/lsp.py speaks it): the problems come from the
loader's own schema validation and rulesdsl's parser and checker, so the editor and
`rococo validate` never disagree. Positions here are 0-based lines and columns of the text.
"""
from __future__ import annotations

import re
import tempfile
from dataclasses import dataclass
from pathlib import Path

from rulesdsl import (
    EffectSyntaxError,
    RulesError,
    Vocabulary,
    analyse_effect,
    parse_effect,
)
from rulesdsl.checker import STATEMENT_WORDS
from rulesdsl.types import EnumType, ListType, RecordType, Type
from rulesdsl.vocabulary import FUNCTIONS

from ..loading.loader import validate_document
from ..loading.yamlio import Document, read_document

# The YAML keys whose string value is effect-language text (see the schemas' descriptions).
EFFECT_KEYS = ("bonus", "final", "effect", "reward", "each_player", "turns", "once", "on_tailor",
               "on_place", "on_sell")
KEYWORD_DOCS = {
    "gain": "`gain AMOUNT RESOURCE` or `gain AMOUNT RESOURCE or RESOURCE ...`: gain that much of "
            "a resource (the player picks one when several are named)",
    "pay": "`pay AMOUNT RESOURCE`: pay; if the player cannot, the whole effect is undone",
    "let": "`let NAME = EXPR`: a local name for the statements that follow",
    "if": "`if COND then BLOCK` or `if COND then BLOCK else BLOCK`",
    "repeat": "`repeat COUNT times BLOCK`: COUNT is evaluated once and must be 0 to 100",
    "either": "`either { ... } or { ... }`: the player picks one of the alternatives that can "
              "be done now",
    "require": "`require COND`: the effect cannot be done unless COND holds (it is undone); an "
               "`either` alternative or an action starting with it is offered only then",
    "each": "`each opponent BLOCK` or `each player BLOCK`: BLOCK done as each of them, in turn "
            "order from you; for one who cannot do it, nothing happens",
    "as": "`as PLAYER { ... }`: the statements done as that player (their `my.`, their "
          "questions); if they cannot, the whole effect is undone",
    "possible": "`possible(STATEMENT)`: true if the statement could be done now (tried, then "
                "undone)",
    "where": "`LIST where COND`: the items of LIST for which COND holds; a bare field name in "
             "COND is the item's, `it` the item itself",
    "choose": "`choose one of LIST`, `choose any of LIST` or `choose number from LOW to HIGH`: "
              "the player decides",
    "table": "`table(EXPR; KEY -> VALUE, ...)`: KEY is a number, a range `5..6` or `11..`, or a "
             "constant; no match gives 0",
}
EXPRESSION_WORDS = ("where", "possible", "choose one of", "choose any of", "choose number from",
                    "table", "and", "or", "not", "true", "false")


@dataclass(frozen=True)
class Problem:
    """One diagnostic: a 0-based range of the text, a message and the error's kind."""

    line: int
    column: int
    end_line: int
    end_column: int
    message: str
    code: str


@dataclass(frozen=True)
class Completion:
    """One suggestion. `replace_from` is the column where the typed word starts: the whole
    dotted word from there to the cursor is replaced by `label`."""

    label: str
    kind: str  # name, field, verb, option, keyword, function, resource, constant, local
    detail: str
    doc: str
    replace_from: int


# ---- problems --------------------------------------------------------------------------------
def effect_sites(doc: Document) -> list[tuple[tuple, str]]:
    """(path, text) of every effect-language string in a document."""
    found: list[tuple[tuple, str]] = []

    def walk(node, path):
        if isinstance(node, dict):
            for key, value in node.items():
                if key in EFFECT_KEYS and isinstance(value, str):
                    found.append((path + (key,), value))
                else:
                    walk(value, path + (key,))
        elif isinstance(node, list):
            for i, value in enumerate(node):
                walk(value, path + (i,))

    walk(doc.data, ())
    return found


def read_text(text: str, path: Path) -> Document:
    """An editor's buffer read exactly as the loader reads the file (same limits, same error
    sentences), positions reported under `path`."""
    with tempfile.TemporaryDirectory(prefix="rococo-edit-") as folder:
        held = Path(folder) / "buffer.yaml"
        held.write_text(text, encoding="utf-8")
        return read_document(held, str(path))


def is_rules_document(data) -> bool:
    return isinstance(data, dict) and ("kind" in data or "module" in data)


def problems(text: str, path: Path, vocab: Vocabulary | None) -> list[Problem]:
    """Every YAML, schema and effect error of one rules file's text, positioned (effects are
    not checked without a vocabulary, e.g. while the built-in rules themselves do not load)."""
    lines = text.split("\n")
    try:
        doc = read_text(text, path)
    except RulesError as exc:
        return [_problem(exc, lines)]
    if not is_rules_document(doc.data):
        return []
    errors: list[RulesError] = []
    validate_document(doc, errors)
    if vocab is not None:
        for site, effect_text in effect_sites(doc):
            try:
                errors.extend(analyse_effect(parse_effect(effect_text, doc.origin(site)),
                                              vocab).errors)
            except EffectSyntaxError as exc:
                errors.append(exc)
    return sorted((_problem(e, lines) for e in errors), key=lambda p: (p.line, p.column))


def problem_of(error: RulesError, lines: list[str]) -> Problem:
    """One error as a diagnostic of a text's `lines`."""
    return _problem(error, lines)


def _problem(error: RulesError, lines: list[str]) -> Problem:
    line = max(error.span.line - 1, 0)
    col = max(error.span.column - 1, 0)
    if line < len(lines):
        col = _quoted_later(lines[line], col, error.message) or col
    unknown = re.search(r"\('([^']+)' was unexpected\)", error.message)
    if unknown:  # the schema names an unknown key: point at the key, not at its mapping
        key = re.compile(rf"^(\s*(?:-\s+)?){re.escape(unknown.group(1))}\s*:")
        for i in range(line, len(lines)):
            found = key.match(lines[i])
            if found:
                line, col = i, len(found.group(1))
                message = error.message
                return Problem(line, col, line, col + len(unknown.group(1)), message, error.code)
    text = lines[line] if line < len(lines) else ""
    return Problem(line, col, line, _word_end(text, col, error.message), error.message,
                   error.code)


def _word_end(text: str, col: int, message: str) -> int:
    """Where the offending word ends: the first quoted word of the message when it stands at
    `col` (`unknown name 'my.garmnts'`), else the name at `col`, else one character."""
    quoted = re.search(r"'([^']+)'", message)
    if quoted and text.startswith(quoted.group(1), col):
        return col + len(quoted.group(1))
    word = re.match(r"[A-Za-z0-9_.]+", text[col:])
    if word:
        return col + len(word.group(0))
    return min(col + 1, max(len(text), col))


def _quoted_later(text: str, col: int, message: str) -> int | None:
    """Where the message's quoted word stands later in its statement, for errors reported at the
    statement (`unknown resource 'livres'` is reported at `gain`)."""
    quoted = re.search(r"'([^']+)'", message)
    if not quoted or text.startswith(quoted.group(1), col):
        return None
    statement = re.split(r";", text[col:], maxsplit=1)[0]
    found = re.search(rf"(?<![\w.]){re.escape(quoted.group(1))}(?![\w.])", statement)
    return col + found.start() if found else None


# ---- completion ------------------------------------------------------------------------------
_KEY = re.compile(r"(?:^|[\s{,-])(" + "|".join(EFFECT_KEYS) + r")\s*:\s*")
_BLOCK_KEY = re.compile(r"^(\s*)(?:-\s+)?(" + "|".join(EFFECT_KEYS) + r")\s*:\s*[|>][-+]?\s*$")


def effect_before_cursor(lines: list[str], line: int, column: int) -> str | None:
    """The effect text from its start up to the cursor, or None when the cursor is not inside
    an effect. Works on text that is not (yet) valid YAML."""
    if not 0 <= line < len(lines):
        return None
    current = lines[line][:max(column, 0)]
    keys = list(_KEY.finditer(current))
    if keys:
        rest = current[keys[-1].end():]
        if rest.startswith(("|", ">")):
            return None
        return rest.lstrip("'\"")
    indent = len(current) - len(current.lstrip(" "))
    block: list[str] = [current]
    for above in range(line - 1, -1, -1):
        text = lines[above]
        if not text.strip():
            block.append("")
            continue
        head = _BLOCK_KEY.match(text)
        if head and len(head.group(1)) < indent:
            return "\n".join(line_.lstrip() for line_ in reversed(block))
        if len(text) - len(text.lstrip(" ")) < indent or _KEY.search(text):
            return None
        block.append(text)
    return None


def _type_of(dotted: str, vocab: Vocabulary, binds: dict[str, Type]) -> Type | None:
    """The type of a dotted name as far as it resolves (a vocabulary name or a verb-bound name,
    then record fields), or None."""
    parts = dotted.split(".")
    t, start = None, 0
    for k in range(len(parts), 0, -1):
        name = ".".join(parts[:k])
        if name in vocab.names:
            t, start = vocab.names[name].type, k
            break
        if k == 1 and name in binds:
            t, start = binds[name], 1
    if t is None:
        return None
    for seg in parts[start:]:
        rec = t.item if isinstance(t, ListType) else t
        if not isinstance(rec, RecordType) or seg not in vocab.records.get(rec.name, {}):
            return None
        ft = vocab.records[rec.name][seg].type
        t = ListType(ft) if isinstance(t, ListType) else ft
    return t


def _record_of(t: Type | None) -> str | None:
    rec = t.item if isinstance(t, ListType) else t
    return rec.name if isinstance(rec, RecordType) else None


def completions(text: str, line: int, column: int,
                vocab: Vocabulary | None) -> list[Completion]:
    """What may be typed at (line, column) inside an effect: names, fields after a dot, verbs
    and their options, functions, resources and constants; nothing outside effects."""
    if vocab is None:
        return []
    at = _cursor(text, line, column, vocab)
    if at is None:
        return []
    if "." in at.typed:
        return _after_dot(at, vocab)
    if at.statement == at.typed:
        return _statement_start(at, vocab)
    found = _verb_options(at, vocab)
    if found is None:
        found = _option_constants(at, vocab)
    return _in_expression(at, vocab) if found is None else found


@dataclass(frozen=True)
class _Cursor:
    """Where completion was asked: the effect's text before the cursor, the word being typed
    (from column `start`), the statement it is in, and that statement's verb if it calls one
    (with the names the verb binds)."""

    before: str
    typed: str
    start: int
    statement: str
    verb: str | None
    binds: dict[str, Type]


def _cursor(text: str, line: int, column: int, vocab: Vocabulary) -> _Cursor | None:
    lines = text.split("\n")
    if not 0 <= line < len(lines):  # past the end of the file: nothing to complete
        return None
    column = min(max(column, 0), len(lines[line]))  # past the line: at its end, as LSP says
    before = effect_before_cursor(lines, line, column)
    if before is None:
        return None
    word = re.search(r"[a-z_][a-z0-9_]*(?:\.[a-z0-9_]*)*$", before)
    typed = word.group(0) if word else ""
    statement = re.split(r"[;\n{]|\bthen\b|\belse\b|\btimes\b", before)[-1].lstrip()
    verb = statement.split(" ", 1)[0] if statement.split(" ", 1)[0] in vocab.verbs else None
    binds = dict(vocab.verbs[verb].binds) if verb else {}
    return _Cursor(before, typed, column - len(typed), statement, verb, binds)


def _after_dot(at: _Cursor, vocab: Vocabulary) -> list[Completion]:
    """`my.|` or `played.|`: the dotted names and the record fields that follow the head."""
    out: list[Completion] = []
    head = at.typed.rsplit(".", 1)[0]
    for name, d in vocab.names.items():
        if name.startswith(head + ".") and "." not in name[len(head) + 1:]:
            out.append(Completion(name, "name", str(d.type), d.doc, at.start))
    rec = _record_of(_type_of(head, vocab, at.binds))
    for field, fd in vocab.records.get(rec, {}).items() if rec else ():
        out.append(Completion(f"{head}.{field}", "field", str(fd.type), fd.doc, at.start))
    return out


def _statement_start(at: _Cursor, vocab: Vocabulary) -> list[Completion]:
    """The start of a statement: a verb or a statement keyword."""
    out = [Completion(v, "verb", "verb", vd.doc, at.start) for v, vd in vocab.verbs.items()]
    out += [Completion(w, "keyword", "statement", "", at.start) for w in STATEMENT_WORDS]
    return out


def _verb_options(at: _Cursor, vocab: Vocabulary) -> list[Completion] | None:
    """After a verb or a comma between its options: the options not given yet (None when the
    cursor is elsewhere)."""
    verb, statement, typed = at.verb, at.statement, at.typed
    balanced = statement.count("(") == statement.count(")") and \
        statement.count("[") == statement.count("]")
    if not (verb and balanced and re.fullmatch(rf"{verb}\s+{typed}|{verb}\s.*,\s*{typed}",
                                               statement, re.S)):
        return None
    given = set(re.findall(r"(?:^\w+\s+|,\s*)([a-z_]+)", statement))
    out: list[Completion] = []
    for o, od in vocab.verbs[verb].options.items():
        if o not in given or o == typed:
            kind = "flag" if od.type is None else str(od.type)
            out.append(Completion(o, "option", kind + (", required" if od.required else ""),
                                  od.doc, at.start))
    return out


def _option_constants(at: _Cursor, vocab: Vocabulary) -> list[Completion] | None:
    """The value of a verb's option of an enum type (`perform action |`): its constants (None
    when the cursor is elsewhere)."""
    verb = at.verb
    option = re.search(rf"(?:^{verb}\s+|,\s*)([a-z_]+)\s+{re.escape(at.typed)}$",
                       at.statement) if verb else None
    odef = vocab.verbs[verb].options.get(option.group(1)) if option and verb else None
    if odef is None or not isinstance(odef.type, EnumType):
        return None
    return [Completion(c, "constant", odef.type.name,
                       vocab.enum_docs.get(odef.type.name, ""), at.start)
            for c in vocab.enums.get(odef.type.name, ())]


def _in_expression(at: _Cursor, vocab: Vocabulary) -> list[Completion]:
    """Inside an expression: the `where` item's fields, names, the verb's bound names, locals,
    functions, resources after gain/pay, constants and the expression keywords."""
    out: list[Completion] = []
    start, verb = at.start, at.verb
    item = re.search(r"([a-z_][a-z0-9_.]*)\s+where\s+[^()]*$", at.statement)
    if item:
        rec = _record_of(_type_of(item.group(1), vocab, at.binds))
        for field, fd in vocab.records.get(rec, {}).items() if rec else ():
            out.append(Completion(field, "field", str(fd.type), fd.doc, start))
    for name, d in vocab.names.items():
        out.append(Completion(name, "name", str(d.type), d.doc, start))
    for name, t in at.binds.items():
        docs = vocab.verbs[verb].bind_docs if verb else {}
        out.append(Completion(name, "local", str(t), docs.get(name, ""), start))
    for name in dict.fromkeys(re.findall(r"\blet\s+([a-z_][a-z0-9_]*)\s*=", at.before)):
        out.append(Completion(name, "local", "let", "", start))
    for f, (sig, doc) in FUNCTIONS.items():
        out.append(Completion(f, "function", sig, doc, start))
    if re.match(r"(gain|pay)\s", at.statement):
        for r, doc in vocab.resource_docs.items():
            out.append(Completion(r, "resource", "resource", doc, start))
    for enum, consts in vocab.enums.items():
        for c in consts:
            out.append(Completion(c, "constant", enum, vocab.enum_docs.get(enum, ""), start))
    for w in EXPRESSION_WORDS:
        out.append(Completion(w, "keyword", "expression", "", start))
    return out


# ---- hover -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Hover:
    """What the word under the cursor is: Markdown text, and the columns of the word."""

    text: str
    line: int
    column: int
    end_column: int


def hover(text: str, line: int, column: int, vocab: Vocabulary | None) -> Hover | None:
    """The type and description of the name, field, verb, option, function, resource or
    constant under the cursor inside an effect."""
    lines = text.split("\n")
    if vocab is None or not 0 <= line < len(lines):
        return None
    current = lines[line]
    column = min(max(column, 0), len(current))
    word = next((m for m in re.finditer(r"[a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)*", current)
                 if m.start() <= column <= m.end()), None)
    if word is None:
        return None
    before = effect_before_cursor(lines, line, word.start())
    if before is None:
        return None
    statement = re.split(r"[;\n{]|\bthen\b|\belse\b|\btimes\b", before)[-1].lstrip()
    verb = vocab.verbs.get(statement.split(" ", 1)[0]) if statement else None
    option_position = bool(re.search(r"(^\w+\s+|,\s*)$", statement))
    # the segment under the cursor, or the shortest longer path that means something (`my`)
    ends = [i for i, ch in enumerate(current[:word.end()]) if ch == "." and i >= column]
    for end in [*ends, word.end()]:
        found = _describe(current[word.start():end], vocab, verb, option_position)
        if found:
            return Hover(found, line, word.start(), end)
    return None


def _describe(dotted: str, vocab: Vocabulary, verb, option_position: bool) -> str | None:
    binds = dict(verb.binds) if verb else {}
    if verb is not None and option_position and dotted in verb.options:
        o = verb.options[dotted]
        kind = "flag" if o.type is None else str(o.type)
        return f"option `{dotted}`: {kind}{', required' if o.required else ''}\n\n{o.doc}"
    if dotted in vocab.names:
        nd = vocab.names[dotted]
        return f"`{dotted}`: {nd.type}\n\n{nd.doc}"
    if dotted in binds:
        return f"`{dotted}`: {binds[dotted]}\n\n{verb.bind_docs.get(dotted, '')}"
    if "." in dotted:
        head, field = dotted.rsplit(".", 1)
        rec = _record_of(_type_of(head, vocab, binds))
        d = vocab.records.get(rec, {}).get(field) if rec else None
        if d is not None:
            return f"field `{field}` of {rec}: {d.type}\n\n{d.doc}"
        return None
    if dotted in vocab.verbs:
        v = vocab.verbs[dotted]
        options = ", ".join(v.options) or "no options"
        return f"verb `{dotted}` ({options})\n\n{v.doc}"
    if dotted in KEYWORD_DOCS:
        return KEYWORD_DOCS[dotted]
    if dotted in FUNCTIONS:
        sig, doc = FUNCTIONS[dotted]
        return f"`{sig}`\n\n{doc}"
    if dotted in vocab.resources:
        return f"resource `{dotted}`\n\n{vocab.resource_docs.get(dotted, '')}"
    enums = vocab.enums_of(dotted)
    if enums:
        return f"`{dotted}`: {' or '.join(enums)} constant\n\n" + \
            "; ".join(vocab.enum_docs.get(e, "") for e in enums)
    for fields in vocab.records.values():
        if dotted in fields:  # a bare field inside `where`
            return f"field `{dotted}`: {fields[dotted].type}\n\n{fields[dotted].doc}"
    return None

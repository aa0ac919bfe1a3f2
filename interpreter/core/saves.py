"""Save files: what they hold, how they are sealed, and every check a loaded one goes through.

A save holds the state at the start of the step that waits and the answers that step has had
(loading runs that one step again, so it costs about the size of the state), the history of
every answer (for `verify`, a full replay from the seed), the modules with their versions and
digests, free-form `meta` (e.g. which seats are human), and a digest of all of it.
"""
from __future__ import annotations

import hashlib
import json
from typing import Any, NoReturn

from . import oldsaves
from .errors import CorruptSaveError, ReplayMismatch
from .integrity import problems
from .model import BoardSide, Ruleset
from .schemas import check_for, validator_for
from .shapes import G, GameClass, SavedGame
from .state import State

SAVE_FORMAT = "rococo-save"
SAVE_VERSION = 4  # 4: the Hire display lists its spaces, None where hired (3: only its cards)
# 3: a drawer lists its spaces, None where empty (2: only its tiles)
MAX_SAVE_CHARS = 20_000_000
MAX_DIGITS = 20  # the random generator's state, 2**64 - 1, is the longest number a save holds


class _NotANumber(Exception):
    """A number no save holds, met while parsing."""


def _bounded_int(text: str) -> int:
    digits = len(text) - text.startswith("-")
    if digits > MAX_DIGITS:
        raise _NotANumber(f"a number of {digits:,} digits (the limit is {MAX_DIGITS})")
    return int(text)


def _no_constant(text: str) -> NoReturn:
    raise _NotANumber(f"{text} is not a number a save holds")


def _finite(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):  # 1e400: json reads it as infinity
        raise _NotANumber(f"{text} is not a number a save holds (too large)")
    return value


def _canonical(body: dict) -> bytes:
    return json.dumps(body, sort_keys=True, separators=(",", ":")).encode()


def seal(body: dict) -> dict:
    """`body` with its digest (re)computed: a save's integrity seal."""
    body = {k: v for k, v in body.items() if k != "digest"}
    body["digest"] = hashlib.sha256(_canonical(body)).hexdigest()
    return body


# A save as the engine writes it: `{"digest":"<64 hex digits>",` and then the canonical text of
# the rest without its opening brace, so that the digest is checked by hashing the text itself
# (a save written otherwise, by hand or by `json.dumps(seal(body))`, is checked from its data).
_SEALED_HEAD = '{"digest":"'
_SEALED_REST = len(_SEALED_HEAD) + 64 + 2  # where the rest starts, after the digest's `",`


def dump_save(game: SavedGame) -> str:
    state, answers = game.step_start()
    rules = game.rules
    body = {"format": SAVE_FORMAT, "version": SAVE_VERSION,
            "modules": [dict(m) for m in rules.module_info], "ruleset": rules.fingerprint,
            "players": len(state["players"]), "seed": state["seed"], "meta": game.meta,
            "history": game.history, "answers": answers, "state": state}
    canonical = _canonical(body)  # the body has no digest yet
    digest = hashlib.sha256(canonical).hexdigest()
    return f'{_SEALED_HEAD}{digest}",{canonical[1:].decode()}'


def _as_text(text: Any) -> Any:
    """A save given as bytes, decoded (refused if it is not UTF-8); anything else as it is."""
    if isinstance(text, (bytes, bytearray)):
        try:
            return bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise CorruptSaveError(f"not a save file: byte {exc.start} is not UTF-8 text") \
                from None
    return text


def _parse(text: Any) -> dict:
    if not isinstance(text, str):
        raise CorruptSaveError(f"not a save file: expected JSON text, got "
                               f"{type(text).__name__}")
    if len(text) > MAX_SAVE_CHARS:
        raise CorruptSaveError(f"not a save file: {len(text):,} characters is over the limit "
                               f"of {MAX_SAVE_CHARS:,}")
    try:
        data = json.loads(text, parse_int=_bounded_int, parse_float=_finite,
                          parse_constant=_no_constant)
    except _NotANumber as exc:
        raise CorruptSaveError(f"not a save file: {exc}") from None
    except json.JSONDecodeError as exc:
        raise CorruptSaveError(f"not a save file: {exc.msg.lower()} at line {exc.lineno} "
                               f"column {exc.colno}") from None
    except RecursionError:
        raise CorruptSaveError("not a save file: its data is nested too deeply") from None
    except ValueError as exc:  # e.g. an integer of thousands of digits
        raise CorruptSaveError(f"not a save file: {str(exc).lower()}") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise CorruptSaveError(f"not a save file: expected format '{SAVE_FORMAT}'")
    version = version_of(data)
    if type(version) is not int:  # "4" is not 4, and says why it is not read
        said = "has no version" if version is None else \
            f"version {json.dumps(version)} is not a number"
        raise CorruptSaveError(f"save file {said} (this engine reads version {SAVE_VERSION}, "
                               f"written as the number {SAVE_VERSION})")
    if version not in oldsaves.STEPS and version != SAVE_VERSION:
        raise CorruptSaveError(f"save file version {version} is not supported (this engine "
                               f"reads version {SAVE_VERSION}, and converts versions "
                               f"{min(oldsaves.STEPS)} to {max(oldsaves.STEPS)})")
    return data


def version_of(data: dict) -> Any:
    """A save's version: its own, or 1 for the first format (`{"format", "state"}`, the
    version inside the state)."""
    if "version" not in data and isinstance(data.get("state"), dict) \
            and data["state"].get("version") == 1:
        return 1
    return data.get("version")


def _sealed_as_written(text: str, data: dict) -> bool:
    """Whether `text` (parsed as `data`) is a save as `dump_save` writes it with its digest
    right: then the digest is that of the text after it, which is the canonical text of the
    rest of the save (one hash of the text instead of printing the data again)."""
    digest = data.get("digest")
    if not (text.startswith(_SEALED_HEAD) and text[_SEALED_REST - 2:_SEALED_REST] == '",'
            and text[len(_SEALED_HEAD):_SEALED_REST - 2] == digest):
        return False
    rest = "{" + text[_SEALED_REST:]
    return hashlib.sha256(rest.encode()).hexdigest() == digest


def _check_digest(data: dict) -> None:
    digest = data.get("digest")
    if not isinstance(digest, str) or seal(data)["digest"] != digest:
        raise CorruptSaveError("save file was edited or damaged: its digest does not match "
                               "its content")


def _check_old_layout(data: dict) -> None:
    """A save from before a seat kind's own piles became per-player zones (`own` beside
    `zones`): its solo mode's rules have changed since, so it cannot resume."""
    players = data.get("state", {}).get("players") if isinstance(data.get("state"), dict) else None
    if isinstance(players, list) and any(isinstance(p, dict) and "own" in p for p in players):
        raise CorruptSaveError("save file was made by an older engine: a seat's own card piles "
                               "('own') are per-player zones now; start the game again")


def _check_schema(data: dict) -> None:
    quick = check_for("save")  # a valid save passes it; only a damaged one needs jsonschema
    if quick is None or not quick(data):
        _schema_error(data)
    for entry in data["history"]:  # cheaper by hand than by schema for a long game
        if not (type(entry) is list and len(entry) == 2 and type(entry[0]) is int
                and 0 <= entry[0] < data["players"]):
            raise CorruptSaveError(f"save file is damaged: history: {_short(entry)} is not a "
                                   f"[seat, answer] pair")


def _schema_error(data: dict) -> None:
    """The first problem jsonschema finds in `data` (by its path), as CorruptSaveError."""
    validator = validator_for("save")
    error = next(iter(sorted(validator.iter_errors(data), key=lambda e: list(e.absolute_path))),
                 None)
    if error is not None:
        where = "/".join(str(p) for p in error.absolute_path) or "the save"
        message = error.message if len(error.message) < 200 else error.message[:197] + "..."
        raise CorruptSaveError(f"save file is damaged: {where}: {message}")


def _short(value: Any) -> str:
    text = json.dumps(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _check_modules(rules: Ruleset, data: dict) -> None:
    saved = {m["id"]: m for m in data["modules"]}
    loaded = {m["id"]: m for m in rules.module_info}
    for mid, m in saved.items():
        if mid not in loaded:
            raise CorruptSaveError(f"save file was made with module {mid!r} (version "
                                   f"{m['version']}), which is not loaded")
        here = loaded[mid]
        if here["digest"] != m["digest"]:
            change = f"version {m['version']} -> {here['version']}" \
                if here["version"] != m["version"] else f"still version {m['version']}"
            raise CorruptSaveError(f"module {mid!r} changed since the game was saved "
                                   f"({change}, its rules differ)")
    for mid in loaded:
        if mid not in saved:
            raise CorruptSaveError(f"module {mid!r} is loaded, but the game was saved "
                                   f"without it")
    if data["ruleset"] != rules.fingerprint:
        raise CorruptSaveError(f"save file was made with other rules (ruleset "
                               f"{data['ruleset']}, these are {rules.fingerprint})")


def _problems(rules: Ruleset, state: State, side: BoardSide) -> list[str]:
    """The invariants a saved state breaks; a state too damaged to be checked (a record or a
    pile of these rules missing, after the schema's checks) is itself the problem."""
    try:
        return problems(rules, state, side)
    except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:
        what = f"{exc.args[0]!r} is missing" if isinstance(exc, KeyError) and exc.args \
            else f"{type(exc).__name__}: {exc}"
        raise CorruptSaveError(f"save file is damaged: its state does not fit these rules "
                               f"({what})") from None


def load_save(cls: GameClass[G], rules: Ruleset, text: Any, verify: bool = False) -> G:
    """Read, check and resume a saved game (see `Game.from_json`)."""
    text = _as_text(text)
    data = _parse(text)
    version = version_of(data)
    if version != SAVE_VERSION:  # an earlier format: converted, its position replayed
        if "digest" in data:
            _check_digest(data)
        return oldsaves.convert(cls, rules, data, version, SAVE_VERSION)
    if not _sealed_as_written(text, data):
        _check_digest(data)
    _check_old_layout(data)
    _check_schema(data)
    _check_modules(rules, data)
    state = data["state"]
    if state["ruleset"] != data["ruleset"] or state["seed"] != data["seed"]:
        raise CorruptSaveError("save file is damaged: its state names another ruleset or seed")
    if len(state["players"]) != data["players"]:
        raise CorruptSaveError("save file is damaged: its player count does not match its state")
    try:
        side = rules.side_for(data["players"])
    except ValueError as exc:
        raise CorruptSaveError(f"save file is damaged: {exc}") from None
    found = _problems(rules, state, side)
    if not found:
        try:
            game = cls.resumed(rules, state, data["answers"], data["history"], data["meta"])
        except ReplayMismatch as exc:
            raise CorruptSaveError(f"save file is damaged: {exc}") from None
        except Exception as exc:  # noqa: BLE001 - any failure means the save is inconsistent
            raise CorruptSaveError(f"save file is damaged: its position does not resume "
                                   f"({type(exc).__name__}: {exc})") from None
        found = _problems(rules, game.state, side)
    if found:
        more = f" (and {len(found) - 3} more)" if len(found) > 3 else ""
        raise CorruptSaveError("save file is damaged: " + "; ".join(found[:3]) + more)
    if verify:
        _verify(cls, rules, data, game)
    return game


def _verify(cls: GameClass[G], rules: Ruleset, data: dict, game: SavedGame) -> None:
    """The full check: the game replayed from its seed reaches the same position."""
    try:
        replayed = cls.replay(rules, data["players"], data["seed"],
                              [v for _, v in data["history"]])
    except Exception as exc:  # noqa: BLE001
        raise CorruptSaveError(f"save file is damaged: its history does not replay ({exc})") \
            from None
    if replayed.state != game.state or replayed.decision() != game.decision() or \
            replayed.history != game.history:
        raise CorruptSaveError("save file is damaged: its state does not match its history")

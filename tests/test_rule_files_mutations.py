"""Mutated copies of the built-in files: reading and schema checks answer every one with either
success or positioned errors, never a traceback (the YAML and schema layers; the builder's
checks are exercised by the loader tests)."""
from __future__ import annotations

import random

import pytest

from interpreter.core.errors import RulesError
from interpreter.core.schemas import RULES_DIR
from interpreter.loading.loader import validate_document
from interpreter.loading.yamlio import read_document

MUTATIONS_PER_FILE = 300


def _mutate(rng: random.Random, data: bytes) -> bytes:
    lines = data.split(b"\n")
    i = rng.randrange(len(lines))
    kind = rng.randrange(13)
    if kind == 0:
        del lines[i]
    elif kind == 1:
        lines.insert(i, lines[i])
    elif kind == 2:
        lines[i] = b"\t" + lines[i]
    elif kind == 3:
        lines[i] = lines[i][1:]  # break the indentation
    elif kind == 4:
        lines[i] = lines[i].replace(b":", b"", 1)
    elif kind == 5:
        lines[i] += rng.choice([b" [", b" {", b" '", b" ]", b" *x", b" &a &b", b" !!foo"])
    elif kind == 6:
        return data[:rng.randrange(len(data))]  # truncated
    elif kind == 7:
        at = rng.randrange(len(data))
        return data[:at] + bytes([rng.choice([0xff, 0xc3, 0x80, 0x00, 0x01, 0xfe])]) + data[at:]
    elif kind == 8:
        lines[i] = lines[i].replace(b"1", b"1.5").replace(b"2", b"'two'").replace(b"3", b"3e0")
    elif kind == 9:
        lines[i] += b" " + b"x" * rng.choice([150, 20_000, 1_000_000])
    elif kind == 10:
        lines.insert(i, b"  unknown_key: 3")
    elif kind == 11:
        lines[i] = lines[i].replace(b"id", b"di").replace(b"level", b"levle")
    else:
        lines.insert(0, rng.choice([b"%YAML 1.1", b"%TAG ! tag:x,2000:", b"---", b"..."]))
    return b"\n".join(lines)


@pytest.mark.parametrize("name", sorted(p.name for p in (RULES_DIR / "base").glob("*.yaml")))
def test_every_mutation_is_valid_or_a_positioned_error(tmp_path, name):
    rng = random.Random(name)
    original = (RULES_DIR / "base" / name).read_bytes()
    target = tmp_path / name
    outcomes = {"valid": 0, "refused": 0}
    for _ in range(MUTATIONS_PER_FILE):
        data = original
        for _ in range(rng.randrange(1, 4)):
            data = _mutate(rng, data)
        target.write_bytes(data)
        errors: list[RulesError] = []
        try:
            validate_document(read_document(target, name), errors)
        except RulesError as exc:
            errors.append(exc)
        for error in errors:
            assert error.span.file == name and error.span.line >= 1 and error.span.column >= 1
            assert error.message and error.message == error.message.strip()
            error.render()
        outcomes["refused" if errors else "valid"] += 1
    assert outcomes["refused"] > MUTATIONS_PER_FILE // 3

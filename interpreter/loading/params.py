"""Module parameters: values a module lets its user choose (`--set MODULE.NAME=VALUE`), read in
its effects as the name `MODULE.NAME`.

A module header declares them: `parameters: {join_round: {default: 1, min: 1, max: 7,
description: ...}}`. A value is a whole number, a real number (a default written with a decimal
point, `0.5`) or true/false, like its default; the chosen values are part of the ruleset (saves
record them with the module).
"""
from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from rulesdsl import BOOLEAN, NUMBER, NameDef
from rulesdsl.rule_errors import NO_SPAN
from rulesdsl.suggest import did_you_mean

from ..core.errors import ModuleError


def parse_setting(text: str) -> tuple[str, Any]:
    """`MODULE.NAME=VALUE` from the command line: VALUE a whole number, a real number (with a
    decimal point) or true/false."""
    key, sep, raw = text.partition("=")
    if not sep or "." not in key:
        raise ValueError(f"expected MODULE.NAME=VALUE, got {text!r}")
    raw = raw.strip().lower()
    if raw in ("true", "false"):
        return key.strip(), raw == "true"
    try:
        return key.strip(), int(raw)
    except ValueError:
        pass
    try:
        value = float(raw)
    except ValueError:
        value = math.nan
    if not math.isfinite(value):
        raise ValueError(f"{key}: {raw!r} is not a number or true/false")
    return key.strip(), value


def resolve(headers: Mapping[str, tuple], ordered: list[str], chosen: Mapping[str, Any],
            errors: list) -> dict[str, Any]:
    """Every parameter of the loaded modules with its value ("module.name" -> value)."""
    declared: dict[str, tuple[dict, Any]] = {}
    for mid in ordered:
        doc, header = headers[mid]
        for name, spec in header.get("parameters", {}).items():
            declared[f"{mid}.{name}"] = (spec, doc.span(("module", "parameters", name)))
    values = {}
    for key, (spec, span) in declared.items():
        default = _plain(spec["default"])
        value = _plain(chosen.get(key, default))
        if type(default) is float and type(value) is int:
            value = float(value)  # a real parameter set to 2 is 2.0
        # a value given (`--set`) is the user's mistake, named as given; a default, the module's
        where, given = (NO_SPAN, f" (given as {key}={value}; declared at {span})") \
            if key in chosen else (span, "")
        if type(value) is not type(default):
            wanted = ("true or false" if isinstance(default, bool) else
                      "a real number" if isinstance(default, float) else "a whole number")
            errors.append(ModuleError(f"parameter {key!r} takes {wanted}, not {value!r}{given}",
                                      where))
            continue
        if not isinstance(value, bool) and not spec.get("min", value) <= value <= \
                spec.get("max", value):
            errors.append(ModuleError(f"parameter {key!r} must be {spec.get('min')} to "
                                      f"{spec.get('max')}, not {value}{given}", where))
            continue
        values[key] = value
    for key in chosen:
        if key not in declared:
            errors.append(ModuleError(_unknown(key, headers, ordered, declared), NO_SPAN))
    return values


def _unknown(key: str, headers: Mapping[str, tuple], ordered: list[str],
             declared: Mapping[str, Any]) -> str:
    """Why `key` names no parameter: its module is not loaded, declares none, or not this."""
    mid = key.split(".", 1)[0]
    if mid in ordered and not headers[mid][1].get("parameters"):
        return f"unknown parameter {key!r}: module {mid!r} declares no parameters"
    if mid not in ordered and not did_you_mean(key, declared):
        known = f"; the loaded modules declare {', '.join(declared)}" if declared else ""
        return f"unknown parameter {key!r}: module {mid!r} is not loaded{known}"
    known = ", ".join(declared) or "none"
    return (f"unknown parameter {key!r}{did_you_mean(key, declared)}; the loaded modules "
            f"declare: {known}")


def _plain(value: Any) -> Any:
    """A YAML scalar as the plain bool, int or float it stands for."""
    for kind in (bool, int, float):
        if isinstance(value, kind):
            return kind(value)
    return value


def names(headers: Mapping[str, tuple], values: Mapping[str, Any]) -> dict[str, NameDef]:
    """The parameters as names an effect may use, each a constant of this ruleset."""
    out = {}
    for key, value in values.items():
        mid, name = key.split(".", 1)
        spec = headers[mid][1]["parameters"][name]
        out[key] = NameDef(BOOLEAN if isinstance(value, bool) else NUMBER,
                           (lambda v: lambda ctx: v)(value),
                           spec.get("description", name.replace("_", " ")), fixed=(value,))
    return out


def expansions(value: str | None) -> list[str]:
    """`--with a,b` as a list of module ids."""
    return [m.strip() for m in (value or "").split(",") if m.strip()]

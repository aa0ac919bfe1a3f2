"""The modules a save names, as --edition/--with: `play --load` and `serve --replay` load them."""
from __future__ import annotations

import json

from ..loading.loader import available_modules


def toggles_of_save(args, text: bytes) -> None:
    """A save names its modules: without --edition/--with, load the built-in ones it names (a
    custom pack still needs --module), so `rococo play --load FILE` just works."""
    try:
        data = json.loads(text)
        saved = [m["id"] for m in data["modules"]]
        params = data.get("meta", {}).get("params", {})
    except (ValueError, KeyError, TypeError, AttributeError, RecursionError):
        return  # not a save: Game.from_json says why
    if not getattr(args, "set", None) and isinstance(params, dict):  # the parameters it had
        args.set = [(k, v) for k, v in params.items() if isinstance(k, str)]
    kinds = {m["id"]: m["kind"] for m in available_modules()}
    args.edition = next((m for m in saved if kinds.get(m) == "edition"), None)
    args.with_ = ",".join(m for m in saved if kinds.get(m) == "expansion")
    args.solo = next((m for m in saved if kinds.get(m) == "solo"), None)

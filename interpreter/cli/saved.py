"""The modules a save names, as --edition/--with: `play --load` and `serve --replay` load them."""
from __future__ import annotations

import json

from ..loading.loader import available_modules


def toggles_of_save(args, text: bytes) -> None:
    """A save names its modules: without --edition/--with, load the built-in ones it names (a
    custom pack still needs --module), so `rococo play --load FILE` just works."""
    try:
        saved = [m["id"] for m in json.loads(text)["modules"]]
    except (ValueError, KeyError, TypeError, RecursionError):
        return  # not a save: Game.from_json says why
    kinds = {m["id"]: m["kind"] for m in available_modules()}
    args.edition = next((m for m in saved if kinds.get(m) == "edition"), None)
    args.with_ = ",".join(m for m in saved if kinds.get(m) == "expansion")

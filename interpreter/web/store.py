"""The table's games on disk: one save file per game in a folder, written after every move,
so a game outlives the server and is back when it starts again."""
from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

_ID = re.compile(r"^g\d+$")


class Store:
    """A folder of saves, `g1.json`, `g2.json`...: each in the format `rococo play --load`
    reads, with the table's notes (seat links, bots, modules) in its meta."""

    def __init__(self, folder: Path):
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)

    def save(self, gid: str, text: str) -> None:
        """Write the whole file beside, then put it in place: a crash leaves the old one."""
        path = self.folder / f"{gid}.json"
        part = path.with_suffix(".json.part")
        part.write_text(text, encoding="utf-8")
        os.replace(part, path)

    def saved(self) -> Iterator[tuple[str, str]]:
        """(id, text) of every game saved here, in the order they were made."""
        files = [p for p in self.folder.glob("g*.json") if _ID.match(p.stem)]
        for path in sorted(files, key=lambda p: int(p.stem[1:])):
            yield path.stem, path.read_text(encoding="utf-8")

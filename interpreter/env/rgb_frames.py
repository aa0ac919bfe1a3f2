"""Pictures of a position for `render_mode="rgb_array"`: a small RGB image made with numpy alone.

One band per seat, in seat order: a stripe in the seat's color, then one bar per counter of
the observation (observations.SCALES, same order), as long as the counter's scaled value; a
thin bar along the top shows how far the game is (round / rounds). Enough to watch a policy's
games as a video; the `ansi` text says the numbers.
"""
from __future__ import annotations

import zlib

import numpy as np

from .observations import SCALES, seat_view

WIDTH, BAND, BAR, TOP = 256, 64, 4, 8
BACKGROUND, TRACK = (250, 246, 238), (220, 214, 204)
COLORS = {"red": (200, 40, 40), "blue": (40, 80, 200), "green": (40, 150, 70),
          "yellow": (230, 190, 30), "purple": (130, 60, 160), "orange": (230, 120, 30),
          "pink": (230, 120, 170), "black": (30, 30, 30), "white": (235, 235, 235)}


def _color(name) -> tuple[int, int, int]:
    """The seat's color, or a steady one made from its name when it is not a common one."""
    if name in COLORS:
        return COLORS[name]
    h = zlib.crc32(str(name).encode())
    return (60 + h % 160, 60 + (h >> 8) % 160, 60 + (h >> 16) % 160)


def picture(game) -> np.ndarray:
    """The position as a (height, width, 3) uint8 image, everything public (the finished
    game's view, or the counters every seat sees)."""
    state = game.state
    players = state["players"]
    image = np.empty((TOP + BAND * len(players), WIDTH, 3), dtype=np.uint8)
    image[:] = BACKGROUND
    done = min((state["round"] or 0) / game.rules.rounds, 1.0)
    image[2:TOP - 2, : int(WIDTH * done)] = (90, 90, 90)
    view = seat_view(game, -1)  # no seat's own: only what every seat sees
    guests = [0] * len(players)
    decorations = [0] * len(players)
    for guest in state["guests"].values():
        guests[guest["owner"]] += 1
    for owner in state["decorations"].values():
        decorations[owner] += 1
    for row, p in enumerate(view["players"]):
        top = TOP + row * BAND
        color = _color(players[row].get("color"))
        image[top + 2:top + BAND - 2, 2:18] = color
        values = [p["livre"], p["prestige"], p["thread"], p["lace"], p["tiles"], p["hand"],
                  p["supply"], len(p["discard"]), guests[row], decorations[row]]
        for i, (value, (_, scale)) in enumerate(zip(values, SCALES)):
            y = top + 4 + i * (BAR + 2)
            image[y:y + BAR, 24:WIDTH - 4] = TRACK
            if value is not None:
                length = int((WIDTH - 28) * min(max(value / scale, 0.0), 1.0))
                image[y:y + BAR, 24:24 + length] = color
    return image

"""`rococo serve`: the game in a browser, on this machine only (see interpreter/web)."""
from __future__ import annotations

import ipaddress
import secrets
import sys
from pathlib import Path

from ..core.errors import CorruptSaveError
from ..sim.bots import BOTS, make_bot
from .common import rules_of, seats_of
from .saved import toggles_of_save

LOOPBACK_NAMES = ("localhost",)


def loopback(host: str) -> bool:
    """Only this machine may connect: 127.0.0.0/8, ::1 or localhost."""
    if host in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def cmd_serve(args) -> int:
    try:
        import uvicorn

        from ..web.app import create_app
    except ImportError:
        print("error: rococo serve needs Starlette and uvicorn: pip install -e '.[web]'",
              file=sys.stderr)
        return 1
    if not loopback(args.host):
        print(f"error: --host {args.host} is not a loopback address: rococo serve only "
              f"listens on this machine (127.0.0.1, ::1 or localhost)", file=sys.stderr)
        return 2
    if not 0 <= args.port <= 65535:
        print(f"error: --port must be 0 to 65535, not {args.port}", file=sys.stderr)
        return 2
    if args.delay < 0:
        print(f"error: --delay must be 0 or more seconds, not {args.delay}", file=sys.stderr)
        return 2
    if args.players is not None and not 0 <= args.humans <= args.players:
        print(f"error: --humans must be 0 to {args.players}", file=sys.stderr)
        return 2
    text = b""
    if args.replay:
        try:
            text = Path(args.replay).read_bytes()
        except OSError as exc:
            print(f"error: cannot read {args.replay}: {exc.strerror}", file=sys.stderr)
            return 2
        if args.edition is None and not args.with_:
            toggles_of_save(args, text)
    rules = rules_of(args)  # --solo too: a solo mode's automata play their seats
    if args.players is not None and rules.seat_kinds:
        args.players = seats_of(rules, args.players)  # its person and its automata
        args.humans = min(args.humans, 1)
    app = create_app(rules, lambda name, seed: make_bot(name, seed), sorted(BOTS), args.bots,
                     delay=args.delay, seed_source=lambda: secrets.randbelow(900_000) + 100_000)
    registry = app.state.registry
    base = f"http://{'[' + args.host + ']' if ':' in args.host else args.host}:{args.port}"
    pages = [f"{base}/  (start games here)"]
    if args.replay:
        try:
            replay = registry.new_replay(text)
        except CorruptSaveError as exc:
            print(f"error: {args.replay}: {exc}", file=sys.stderr)
            return 1
        pages.append(f"{base}/replay/{replay.id}  (replay of {args.replay})")
    if args.players is not None:
        seed = args.seed if args.seed is not None else secrets.randbelow(900_000) + 100_000
        live = registry.new_game(args.players, seed, set(range(args.humans)), start=False)
        pages += [f"{base}/play/{live.id}?seat={s}  (seed {seed}, seat {s})"
                  for s in range(args.humans)] or [f"{base}/watch/{live.id}  (seed {seed})"]
    print("rococo serve: modules " + ", ".join(rules.modules), flush=True)
    for line in pages:
        print("  " + line, flush=True)

    uvicorn.run(app, host=args.host, port=args.port, log_level="warning")
    return 0

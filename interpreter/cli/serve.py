"""`rococo serve`: the playtest table in browsers (see interpreter/web)."""
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
EXPOSED = ("anyone who can reach {host}:{port} may open the start page, start games, watch "
           "every game and replay saves; a seat is played only through its secret link. The "
           "links travel unencrypted (plain HTTP): use it on a network you trust")


def loopback(host: str) -> bool:
    """Only this machine may connect: 127.0.0.0/8, ::1 or localhost."""
    if host in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _address(host: str) -> bool:
    """A host uvicorn can listen on: an IP address or a name (checked when it binds)."""
    return bool(host) and not any(c.isspace() or c in "/?#@" for c in host)


def cmd_serve(args) -> int:
    try:
        import uvicorn

        from ..web.app import create_app
    except ImportError:
        print("error: rococo serve needs Starlette and uvicorn: pip install -e '.[web]'",
              file=sys.stderr)
        return 1
    if not _address(args.host):
        print(f"error: --host {args.host!r} is not an address to listen on (give an IP "
              f"address such as 0.0.0.0 or a host name)", file=sys.stderr)
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
    saves = None if args.saves in (None, "") else Path(args.saves)
    try:
        app = create_app(rules, lambda name, seed: make_bot(name, seed), sorted(BOTS),
                         args.bots, delay=args.delay,
                         seed_source=lambda: secrets.randbelow(900_000) + 100_000,
                         module_paths=[Path(p) for p in args.module or []], saves=saves)
    except OSError as exc:
        print(f"error: cannot keep games in {args.saves}: {exc.strerror}", file=sys.stderr)
        return 2
    registry = app.state.registry
    shown = args.host if loopback(args.host) or args.host not in ("0.0.0.0", "::") \
        else "THIS-MACHINE"
    base = f"http://{'[' + shown + ']' if ':' in shown else shown}:{args.port}"
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
        links = live.links()
        pages += [f"{base}{s['url']}  (seed {seed}, {s['who']}: send it to that player only)"
                  for s in links["seats"]]
        pages.append(f"{base}{links['watch']}  (seed {seed}, for watchers)")
    print("rococo serve: modules " + ", ".join(rules.modules), flush=True)
    if saves is not None:
        print(f"  games are kept in {saves}/ ({len(registry.reserved)} to resume)", flush=True)
    if not loopback(args.host):
        print("  listening beyond this machine: " + EXPOSED.format(host=args.host,
                                                                  port=args.port), flush=True)
    for line in pages:
        print("  " + line, flush=True)

    server = uvicorn.Server(uvicorn.Config(app, host=args.host, port=args.port,
                                           log_level="warning", timeout_graceful_shutdown=1))
    stop = server.handle_exit

    def handle_exit(sig, frame) -> None:  # Ctrl-C: the pages' event streams end at once
        registry.close_soon()
        stop(sig, frame)
    server.handle_exit = handle_exit  # type: ignore[method-assign]
    server.run()
    return 0

"""`rococo play`: a game at the terminal, humans against bots, new or resumed from a save."""
from __future__ import annotations

import secrets
from pathlib import Path

from rich.markup import escape

from ..core.engine import Game
from ..sim.bots import make_bot, seat_bots
from ..ui import render
from ..ui.play import TerminalGame
from . import main as entry
from .common import bot_spec, rules_of, seats_of
from .saved import toggles_of_save


def cmd_play(args) -> int:
    console = entry.console  # the command line's console, which a caller may replace
    if args.load:
        try:
            text = Path(args.load).read_bytes()
        except OSError as exc:
            console.print(f"[red]error:[/] cannot read {escape(args.load)}: {exc.strerror}")
            return 2
        if args.edition is None and not args.with_:
            toggles_of_save(args, text)
        game = Game.from_json(rules_of(args), text, verify=args.verify)
        seed = game.state["seed"]
    else:
        seed = args.seed if args.seed is not None else secrets.randbelow(900_000) + 100_000
        rules = rules_of(args)
        game = Game.new(rules, players=seats_of(rules, args.players), seed=seed,
                        explain=args.explain)
        if rules.seat_kinds and args.humans is None:
            args.humans = rules.humans or 1
        if args.set:  # a save then reloads the same rules (`--load` reads them back)
            game.meta["params"] = dict(args.set)
    players = len(game.state["players"])
    if args.humans is not None:
        if not 0 <= args.humans <= players:
            console.print(f"[red]error:[/] --humans must be 0 to {players}")
            return 2
        humans = set(range(args.humans))
    else:  # a loaded game keeps its human seats
        saved = game.meta.get("humans", [])
        humans = {s for s in saved if isinstance(s, int) and 0 <= s < players} \
            if isinstance(saved, list) else set()
    if args.load:
        console.print(f"resumed {escape(args.load)} (seed {seed}), human seats: "
                      f"{', '.join(render.seat_text(game, s) for s in sorted(humans)) or 'none'}")
        if args.verify:
            console.print(f"verified: replaying its {len(game.history)} decisions from seed "
                          f"{seed} gives the saved position")
    else:
        console.print(f"seed {seed}: replay with --seed {seed}")
    try:
        names = seat_bots(bot_spec(args), players)
    except ValueError as exc:
        console.print(f"[red]error:[/] {escape(str(exc))}")
        return 2
    bots = [None if seat in humans else make_bot(names[seat], seed * 31 + seat)
            for seat in range(players)]
    session = TerminalGame(game, bots, humans, console)
    if args.load:
        session.saved = (args.load, len(game.history))
    return session.run()

"""Shared fixtures: the ruleset (loaded once), games with a clean board, and small helpers to run
one rule of the game on a hand-built position."""
from __future__ import annotations

import json
import os
from pathlib import Path

import packwriter
import pytest

from interpreter import Game, load_ruleset, make_bot

# GNU readline (which pytest imports) exports the terminal's LINES and COLUMNS to every child
# process, though not into os.environ: a command the tests pipe would print at that width
# (interpreter/ui/layout.py honours COLUMNS). A test that wants a width sets it itself.
for _name in ("COLUMNS", "LINES"):
    os.environ.pop(_name, None)
    os.unsetenv(_name)


@pytest.fixture(scope="session")
def rules():
    return load_ruleset()


def clean_game(rules, players: int = 4, seed: int = 1, livre: int = 0, thread: int = 0,
               lace: int = 0) -> Game:
    """A new game whose players own nothing but their 5 start cards (all in the supply) and
    `livre` / `thread` / `lace`; the board displays are as set up for round 1."""
    game = Game.new(rules, players=players, seed=seed)
    for p in game.state["players"]:
        p.update(livre=livre, thread=thread, lace=lace, tiles=[], hand=[], discard=[],
                 played=None, prestige=0, score={})
    return game


@pytest.fixture
def own_judge_cache(tmp_path, monkeypatch):
    """The value judge's weights looked up afresh, in a cache of the test's own
    (`tmp_path / "cache"`; the shipped weights stay)."""
    from interpreter.sim.judge import weights

    monkeypatch.setenv("ROCOCO_JUDGE_CACHE", str(tmp_path / "cache"))
    weights.forget()
    yield
    weights.forget()


@pytest.fixture
def make_game(rules):
    def make(players: int = 4, seed: int = 1, **kw) -> Game:
        return clean_game(rules, players, seed, **kw)
    return make


def compile_text(game: Game, text: str):
    from interpreter.core.model import Effect
    from rulesdsl import Origin, build_effect
    return Effect(text, build_effect(text, Origin("<test>"), game.rules.vocabulary), "")


def decision_of(game: Game, effect, seat: int, answers=(), played: str | None = None):
    """The question `effect` asks `seat` after `answers`, or None if it needs no more answers.
    The state is left exactly as it was."""
    return game.next_question(effect, seat, answers, played)


def values(decision) -> list:
    return [o.value for o in decision.options]


def dump(game: Game) -> str:
    return json.dumps(game.state, sort_keys=True)


def sampled_positions(rules, seeds: int, rng, rate: float = 0.33, players: int = 4):
    """Random-bot games of seeds 0 .. seeds-1: the game at about `rate` of its decisions (drawn
    by `rng`), for the caller to look at; what the caller did there must change nothing (the
    state is compared before the game goes on)."""
    for seed in range(seeds):
        game = Game.new(rules, players=players, seed=seed)
        bots = [make_bot("random", seed * 10 + s) for s in range(players)]
        while not game.is_over():
            d = game.decision()
            if rng.random() < rate:
                before = dump(game)
                yield game
                assert dump(game) == before
            game.apply(bots[d.seat].choose(game, d))


def place(game: Game, seat: int, space: str, garment: str, master_made: bool = False) -> None:
    """Put a rented garment of `seat` on a guest space (position set-up)."""
    state = game.state
    if garment in state["garment_bag"]:
        state["garment_bag"].remove(garment)
    if garment in state["garment_display"]:
        state["garment_display"][state["garment_display"].index(garment)] = None
    state["guests"][space] = {"garment": garment, "owner": seat, "master_made": master_made}


def garments_of_color(rules, color: str, n: int, skip=()) -> list[str]:
    out = [g.id for g in rules.garments.values() if g.color == color and g.id not in skip]
    return out[:n]


def round_step(rules, phase_id: str):
    """The effect of a round phase (its first step), looked up by phase id."""
    return next(p for p in rules.round_phases if p.id == phase_id).steps[0].effect


def prepare_step(rules, step_id: str):
    """The effect of one step of phase 1 (prepare), looked up by step id."""
    phase = next(p for p in rules.round_phases if p.id == "prepare")
    return next(s for s in phase.steps if s.id == step_id).effect


def final_step(rules, phase_id: str):
    return next(p for p in rules.final_phases if p.id == phase_id).steps[0].effect


def card(game: Game, seat: int, start_id: str) -> str:
    """The id of one of `seat`'s start cards, e.g. card(game, 0, 'master_1')."""
    return f"start.{game.state['players'][seat]['color']}.{start_id}"


def write_pack(folder: Path, files: dict[str, str], listed: list | None = None) -> Path:
    """A designer's module `pack` in `folder` (made if need be): a header naming `listed` (by
    default `files`; an entry may be a dict, `{file: x.yaml, when: [...]}`), and the files
    (tests/packwriter.py)."""
    return packwriter.write(folder, files, "pack", None if listed is None else [
        name if isinstance(name, str) else json.dumps(name) for name in listed])


def jewelry_game() -> tuple:
    """The rules and a 2-player Jewelry Box game 30 random decisions in (seed 6): the save the
    hostile-save tests tamper with (tests/test_hostile_round3*.py)."""
    rules = load_ruleset(expansions=["jewelry_box"])
    game = Game.new(rules, players=2, seed=6)
    bots = [make_bot("random", s) for s in range(2)]
    for _ in range(30):
        d = game.decision()
        game.apply(bots[d.seat].choose(game, d))
    return rules, game


def resealed(data: dict, edit) -> str:
    """A copy of the save `data` changed by `edit` and sealed again, as a tamperer would: the
    seal cannot tell, the loader's own checks must."""
    from interpreter.core.saves import seal
    changed = json.loads(json.dumps(data))
    edit(changed)
    return json.dumps(seal(changed))


# records a resealed Jewelry Box save may lose, and what loading it then says
MISSING_RECORDS = {
    "task_fund": (lambda d: d["state"]["players"][0].pop("task_fund"),
                  "save file is damaged: its state does not fit these rules ('task_fund' is "
                  "missing)"),
    "jewelry_display": (lambda d: d["state"]["displays"].pop("jewelry_display"),
                        "save file is damaged: its state does not fit these rules "
                        "('jewelry_display' is missing)"),
}


def wrap_steps(rules, around):
    """`rules` whose every step runs as `around(run, ctx)` (`run()` runs the step's effect):
    the phases' steps and the seat kinds' phase effects, each a wrapper of the rules' own that
    the engine runs in its place. A step's trial runs (`ctx.trial`, which find what options can
    be completed) run the effect itself."""
    import dataclasses

    class Wrapped:
        def __init__(self, effect):
            self.effect = effect

        def run(self, ctx, env=None):
            if ctx.trial is not None:
                return self.effect.run(ctx, env)
            return around(lambda: self.effect.run(ctx, env), ctx)

        def __getattr__(self, name):
            return getattr(self.effect, name)

    def phases(of):
        return tuple(dataclasses.replace(phase, steps=tuple(
            dataclasses.replace(step, effect=Wrapped(step.effect)) for step in phase.steps))
            for phase in of)
    kinds = tuple(dataclasses.replace(kind, phases={
        name: Wrapped(effect) for name, effect in kind.phases.items()})
        for kind in rules.seat_kinds)
    return dataclasses.replace(rules, setup_phases=phases(rules.setup_phases),
                               round_phases=phases(rules.round_phases),
                               final_phases=phases(rules.final_phases), seat_kinds=kinds)

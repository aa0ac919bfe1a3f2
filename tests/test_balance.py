"""`rococo balance` and the parallel runner: the same seeds give the same figures whatever plays
them, what a game did is recorded from outside the engine, and a planted overpowered card is
found."""
from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from interpreter import load_ruleset
from interpreter.cli.main import main
from interpreter.sim.balance import (
    MIN_HELD,
    card_figures,
    catalogue,
    removal_pack,
    win_shares,
)
from interpreter.sim.parallel import GameSpec, pack_from_path, rules_for, run_games
from interpreter.sim.watch import game_record, score_sources, watched_game


def write_pack(folder: Path, cards: str) -> Path:
    """A custom pack as docs/first-card.md writes one."""
    folder.mkdir()
    (folder / "module.yaml").write_text(textwrap.dedent("""\
        module:
          id: planted
          kind: custom
          name: A planted card
          requires: [base]
          files: [cards.yaml]
        """))
    (folder / "cards.yaml").write_text(textwrap.dedent(cards))
    return folder


PLANTED = """\
    kind: employees
    hire:
      - id: l3.planted
        level: 3
        type: journeyman
        bonus: gain 8 prestige
    """


# -- simulate ----------------------------------------------------------------------------------
def test_simulate_json_is_the_same_for_one_and_two_workers(tmp_path, capsys):
    outputs = []
    for workers in ("1", "2"):
        path = tmp_path / f"w{workers}.json"
        assert main(["simulate", "--players", "2", "--games", "5", "--seed", "11", "--bots",
                     "random", "--quiet", "--workers", workers, "--json", str(path)]) == 0
        outputs.append(path.read_text())
    assert outputs[0] == outputs[1]
    games = json.loads(outputs[0])["games"]
    assert [g["seed"] for g in games] == [11, 12, 13, 14, 15]


def test_simulate_on_local_ray_gives_the_same_games_as_one_and_three_workers(tmp_path, capsys):
    ray = pytest.importorskip("ray")
    texts = []
    for where in (["--ray", "local"], ["--workers", "1"], ["--workers", "3"]):
        path = tmp_path / f"{where[1]}.json"
        try:
            assert main(["simulate", "--players", "3", "--games", "7", "--seed", "40",
                         "--bots", "random,greedy,random", "--quiet", "--json", str(path),
                         *where]) == 0
        finally:
            ray.shutdown()
        texts.append(path.read_text())
    assert texts[0] == texts[1] == texts[2]
    assert [g["seed"] for g in json.loads(texts[0])["games"]] == list(range(40, 47))
    assert "7 games, 3 players" in capsys.readouterr().out


def test_simulate_on_an_unreachable_ray_cluster_is_an_error_not_a_traceback(monkeypatch,
                                                                           capsys):
    ray = pytest.importorskip("ray")

    def refuse(**kwargs):
        raise ConnectionError("no cluster here")
    monkeypatch.setattr(ray, "init", refuse)
    assert main(["simulate", "--games", "2", "--quiet", "--ray", "auto"]) == 1
    assert capsys.readouterr().err == \
        "error: cannot start or reach Ray at 'auto': no cluster here\n"


def test_simulate_says_ray_is_missing_before_any_game(monkeypatch, capsys):
    import interpreter.cli.simulate as simulate_cli
    monkeypatch.setattr(simulate_cli, "ray_missing",
                        lambda: "ray is not installed: pip install -e '.[ray]'")
    assert main(["simulate", "--games", "2", "--ray", "auto"]) == 2
    assert capsys.readouterr().err == "error: ray is not installed: pip install -e '.[ray]'\n"


@pytest.mark.parametrize("workers", ["1", "2"])
def test_simulate_loads_the_rules_once_for_itself_and_its_workers(monkeypatch, workers, capsys):
    import interpreter.sim.parallel as parallel

    def reload(**_kwargs):
        raise AssertionError("the rules were loaded a second time")
    monkeypatch.setattr(parallel, "_RULES", {})
    monkeypatch.setattr(parallel, "load_ruleset", reload)
    assert main(["simulate", "--players", "2", "--games", "3", "--bots", "random", "--quiet",
                 "--workers", workers, "--json", "-"]) == 0
    assert [g["seed"] for g in json.loads(capsys.readouterr().out)["games"]] == [1, 2, 3]
    assert len(parallel._RULES) == 1


def test_simulate_json_breaks_each_players_prestige_down_by_source(rules, capsys):
    assert main(["simulate", "--players", "3", "--games", "2", "--quiet", "--json", "-"]) == 0
    data = json.loads(capsys.readouterr().out)
    sources = ["play", "livre", "crowns", "favor", "halls", "fireworks", "balcony", "statues",
               "tokens"]
    assert score_sources(rules) == sources
    for game in data["games"]:
        for player in game["players"]:
            assert list(player["score"]) == sources
            assert sum(player["score"].values()) == player["prestige"]


def test_workers_must_be_a_positive_number(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["simulate", "--workers", "0"])
    assert exc.value.code == 2
    assert "must be at least 1, not 0" in capsys.readouterr().err


# -- the parallel runner ------------------------------------------------------------------------
def test_results_come_back_in_seed_order_whatever_the_workers(tmp_path):
    pack = pack_from_path(write_pack(tmp_path / "planted", PLANTED))
    spec = GameSpec(players=2, bots="random", packs=(pack,))
    seeds = [9, 3, 7, 1, 5]
    one = list(run_games(watched_game, spec, seeds, workers=1))
    two = list(run_games(watched_game, spec, seeds, workers=2))
    assert one == two
    assert [r["seed"] for r in one] == seeds
    assert "l3.planted" in rules_for(spec).employees


def test_the_garbage_collector_is_frozen_only_while_workers_start_and_run():
    import gc
    spec = GameSpec(players=2, bots="random")
    frozen = []
    for record in run_games(watched_game, spec, [1, 2, 3], workers=2):
        frozen.append(gc.get_freeze_count() > 0)
        assert record["seed"] in (1, 2, 3)
    assert frozen == [True, True, True]
    assert gc.get_freeze_count() == 0


def test_balance_on_local_ray_gives_the_same_report_as_one_process(tmp_path, capsys):
    """With a search bot in every seat (issue 30, item 3: search on workers and on Ray)."""
    ray = pytest.importorskip("ray")
    texts = []
    for where in (["--ray", "local"], ["--workers", "1"]):
        path = tmp_path / f"{where[0][2:]}.json"
        try:
            assert main(["balance", "--players", "2", "--bots", "mcts:1", "--games", "4",
                         "--quiet", "--json", str(path)] + where) == 0
        finally:
            ray.shutdown()
        texts.append(path.read_text())
    assert texts[0] == texts[1]
    assert "4 games in" in capsys.readouterr().out


def test_an_unreachable_ray_cluster_is_an_error_not_a_traceback(monkeypatch, capsys):
    ray = pytest.importorskip("ray")

    def refuse(**kwargs):
        raise ConnectionError("no cluster here")
    monkeypatch.setattr(ray, "init", refuse)
    assert main(["balance", "--games", "2", "--quiet", "--ray", "auto"]) == 1
    err = capsys.readouterr().err
    assert "cannot start or reach Ray at 'auto': no cluster here" in err
    assert "Traceback" not in err


def test_ray_missing_is_said_before_any_game(monkeypatch, capsys):
    import interpreter.cli.balance_command as balance_cli
    monkeypatch.setattr(balance_cli, "ray_missing",
                        lambda: "ray is not installed: pip install -e '.[ray]'")
    assert main(["balance", "--games", "2", "--ray", "auto"]) == 2
    assert "ray is not installed: pip install -e '.[ray]'" in capsys.readouterr().err


# -- what a game did, watched from outside -----------------------------------------------------
def test_a_watched_game_is_the_game_simulate_plays(rules):
    spec = GameSpec(players=3, bots="greedy")
    for seed in (1, 2):
        watched = watched_game(rules, spec, seed)
        items = watched.pop("items")
        record = game_record(rules, spec, seed)
        timing = record.pop("timing")
        record.pop("cards")  # which cards came up (simulate --module), not a watched figure
        assert watched == record
        assert sum(timing["decisions"]) > 100 and len(timing["seconds"]) == 3
        for key, item in items.items():
            assert set(item["holders"]) <= {0, 1, 2}
            if key in rules.employees or key in rules.side_for(3).decorations:
                # a hire card is hired once, a decoration funded once
                assert item["taken"] == len(item["holders"]) <= 1, key
            if key in rules.employees:
                assert item["bonus_used"] + item["bonus_declined"] <= item["played"], key


def test_removal_pack_removes_one_card_and_refuses_a_decoration(rules, tmp_path):
    from interpreter.sim.balance import BalanceError
    from interpreter.sim.parallel import write_packs
    card = next(c.id for c in rules.employees.values() if c.level == 2)
    paths = write_packs([removal_pack(rules, card)], tmp_path)
    without = load_ruleset(extra_paths=paths)
    assert card not in without.employees
    assert set(rules.employees) - set(without.employees) == {card}
    space = next(iter(rules.side_for(2).decorations))
    with pytest.raises(BalanceError) as exc:
        removal_pack(rules, space)
    assert str(exc.value) == (f"'{space}' cannot be removed by a pack: a paired comparison needs "
                              "an employee card or a garment (--no-compare reports its figures "
                              "alone)")


def test_win_shares_split_a_shared_victory():
    record = {"winners": [0, 2], "players": [{"seat": s} for s in range(3)]}
    assert win_shares(record) == {0: 0.5, 1: 0.0, 2: 0.5}


def test_a_card_held_in_few_games_is_listed_but_not_ranked(rules):
    spec = GameSpec(players=2, bots="random")
    records = list(run_games(watched_game, spec, range(1, 9)))
    rows = card_figures(rules, records, 2)
    assert len(rows) == len(catalogue(rules, 2))
    held = [r for r in rows if r["games_with"]]
    assert held and all(not r["ranked"] for r in rows if r["games_with"] < MIN_HELD)
    for r in held:
        if not r["ranked"]:
            assert r["verdict"] == f"held in {r['games_with']} of 8 games: too few to rank"


# -- the command -------------------------------------------------------------------------------
def test_balance_json_is_the_same_for_one_and_two_workers(tmp_path, capsys):
    texts = []
    for workers in ("1", "2"):
        path = tmp_path / f"b{workers}.json"
        assert main(["balance", "--players", "2", "--bots", "random", "--games", "6", "--quiet",
                     "--workers", workers, "--json", str(path)]) == 0
        texts.append(path.read_text())
    assert texts[0] == texts[1]
    data = json.loads(texts[0])
    assert data["games"] == 6 and len(data["seat_win_rates"]) == 2
    assert {"id", "games_with", "win_rate_with", "win_rate_without", "delta", "ci"} <= \
        set(data["cards"][0])


def test_the_python_api_gives_the_figures_the_command_writes(tmp_path, capsys):
    from interpreter.sim.balance import measure
    path = tmp_path / "cli.json"
    assert main(["balance", "--players", "2", "--bots", "random", "--games", "3", "--seed", "4",
                 "--quiet", "--workers", "1", "--json", str(path)]) == 0
    assert measure(games=3, players=2, bots="random", seed=4) == json.loads(path.read_text())


def test_unknown_card_is_refused_with_a_suggestion(capsys):
    assert main(["balance", "--games", "2", "--card", "l3.plantd"]) == 2
    err = capsys.readouterr().err
    assert "unknown card, garment, decoration or component 'l3.plantd'" in err and "Traceback" not in err


def test_paired_card_comparison_runs_the_same_seeds_with_its_neutral_twin(rules, tmp_path,
                                                                          capsys):
    card = next(c.id for c in rules.employees.values() if c.level == 1)
    path = tmp_path / "paired.json"
    assert main(["balance", "--players", "2", "--bots", "random", "--games", "4", "--quiet",
                 "--workers", "1", "--card", card, "--json", str(path)]) == 0
    data = json.loads(path.read_text())
    assert [c["id"] for c in data["cards"]] == [card]
    (pair,) = data["paired"]
    assert pair["what"] == "card" and pair["id"] == card and pair["games"] == 4
    assert pair["verdict"].startswith(("raises", "lowers", "unclear at 4 games", "never held"))
    assert pair["verdict"].endswith("; judged by random in every seat")
    assert pair["against"] == "its neutral twin"
    assert pair["verdict"].startswith("never held") or \
        set(pair["q"]) == {"prestige", "lead", "win rate"}
    assert f"the same seeds with {card} and with its neutral twin in its place" in \
        capsys.readouterr().out


def test_a_module_is_compared_with_and_without_on_the_same_seeds(tmp_path, capsys):
    pack = write_pack(tmp_path / "planted", PLANTED)
    path = tmp_path / "module.json"
    assert main(["balance", "--players", "2", "--bots", "random", "--games", "4", "--quiet",
                 "--workers", "1", "--module", str(pack), "--json", str(path)]) == 0
    data = json.loads(path.read_text())
    assert data["modules"] == ["base", "deluxe", "planted"]
    (pair,) = data["paired"]
    assert pair["what"] == "modules" and pair["id"] == "planted" and pair["games"] == 4
    assert len(pair["seat_win_rate_delta"]) == 2
    assert set(pair["winning_prestige_delta"]) == {"mean", "ci"}


def test_html_report_is_one_file_with_three_plots(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    path = tmp_path / "report.html"
    assert main(["balance", "--players", "2", "--bots", "random", "--games", "4", "--quiet",
                 "--workers", "1", "--html", str(path)]) == 0
    text = path.read_text()
    assert text.count("src='data:image/svg+xml;base64,") == 3
    assert "Win-rate impact" in text and "Score by source" in text and "Game length" in text
    assert "judged by random in every seat" in text and "corrected by Benjamini-Hochberg" in text
    assert "http://" not in text.replace("http://www.w3.org", "") and "<script" not in text


def test_html_without_matplotlib_says_how_to_get_it(monkeypatch, tmp_path, capsys):
    import interpreter.ui.report_html as report_html
    monkeypatch.setattr(report_html, "matplotlib_missing", lambda: report_html.MISSING)
    assert main(["balance", "--games", "2", "--html", str(tmp_path / "r.html")]) == 2
    assert "the HTML report needs matplotlib: pip install -e '.[report]'" in \
        capsys.readouterr().err
    assert not (tmp_path / "r.html").exists()


def test_a_planted_overpowered_card_is_ranked_first(tmp_path, capsys):
    pack = write_pack(tmp_path / "planted", PLANTED)
    path = tmp_path / "planted.json"
    assert main(["balance", "--players", "3", "--bots", "greedy", "--games", "150", "--quiet",
                 "--no-compare", "--module", str(pack), "--json", str(path)]) == 0
    cards = json.loads(path.read_text())["cards"]
    first = cards[0]
    assert first["id"] == "l3.planted"
    assert first["ci"][0] > 0
    assert first["verdict"] == "stronger than the average level III card (prestige and win rate)"


def test_balance_refuses_an_unwritable_json_or_html_path_before_playing(tmp_path, capsys):
    target = tmp_path / "no such folder" / "report.json"
    assert main(["balance", "--games", "2", "--players", "2", "--json", str(target)]) == 2
    assert capsys.readouterr().err == \
        f"error: cannot write --json {target}: the folder {target.parent} does not exist\n"
    assert main(["balance", "--games", "2", "--players", "2", "--html", str(tmp_path)]) == 2
    assert capsys.readouterr().err == f"error: cannot write --html {tmp_path}: it is a folder\n"


# -- pieces of the kinds modules declare (Jewelry Box's jewels) ---------------------------------
def test_a_watched_game_follows_the_pieces_of_declared_kinds():
    from interpreter.core.components import owned
    from interpreter.core.engine import Game
    from interpreter.sim.watch import bots_for
    jewels = load_ruleset(expansions=("jewelry_box",))
    spec = GameSpec(players=3, bots="greedy")
    taken = 0
    for seed in range(1, 9):
        items = watched_game(jewels, spec, seed)["items"]
        game = Game.new(jewels, players=3, seed=seed)  # the same game, to read its last state
        bots = bots_for(spec, seed)
        while not game.is_over():
            decision = game.decision()
            game.apply(bots[decision.seat].choose(game, decision))
        for player in game.state["players"]:
            for piece in owned(player, "jewelry"):  # every jewel owned at the end was taken
                assert player["seat"] in items[piece]["holders"], (seed, piece)
        for key, item in items.items():
            if key in jewels.pieces:
                # taken once per seat that came to own it, and only after lying on the display
                assert item["taken"] == len(item["holders"]) and item["available"], key
                assert item["played"] == item["bonus_used"] == item["bonus_declined"] == 0
                taken += item["taken"]
    assert taken > 0


def test_balance_lists_the_jewels_of_jewelry_box(tmp_path, capsys):
    path = tmp_path / "jewels.json"
    assert main(["balance", "--with", "jewelry_box", "--players", "3", "--games", "12",
                 "--bots", "value:1", "--quiet", "--workers", "1", "--json", str(path)]) == 0
    data = json.loads(path.read_text())
    jewels = load_ruleset(expansions=("jewelry_box",))
    rows = [r for r in data["cards"] if r["kind"] == "jewelry"]
    assert sorted(r["id"] for r in rows) == sorted(jewels.pieces) and len(rows) == 24
    assert {r["group"] for r in rows} == {"Jewelry tile"}
    for r in rows:
        assert 0 <= r["games_with"] <= r["taken"] <= 3 * 12 and r["games_available"] <= 12
        assert (r["win_rate_with"] is None) == (r["games_with"] == 0)
        assert 0 <= r["win_rate_without"] <= 1
        if r["games_with"]:
            assert -1 <= r["ci"][0] <= r["delta"] <= r["ci"][1] <= 1
    assert sum(r["games_available"] for r in rows) >= 12 * 5  # 5 display slots, refilled
    assert any(r["taken"] for r in rows)
    out = capsys.readouterr().out
    assert all(r["id"] in out for r in rows)


def test_the_html_report_plots_a_declared_kind_in_a_colour_of_its_own():
    pytest.importorskip("matplotlib")
    from interpreter.ui.report_html import impact_plot
    row = {"ranked": True, "ci": [-0.1, 0.2], "delta": 0.05}
    svg = impact_plot([{**row, "id": "l3.x", "kind": "employee"},
                       {**row, "id": "ring_pink_1", "kind": "jewelry"}])
    assert svg.startswith("<img alt='per-component win-rate impact'")


# -- the judge ---------------------------------------------------------------------------------
def test_balance_plays_with_the_default_judge_unless_told(monkeypatch, capsys):
    import interpreter.cli.balance_command as balance_cli
    monkeypatch.setattr(balance_cli, "DEFAULT_JUDGE", "random")
    assert main(["balance", "--players", "2", "--games", "2", "--quiet", "--workers", "1",
                 "--json", "-"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["bots"] == "random" and data["judge"] == "random in every seat"
    assert data["correction"]["method"] == "Benjamini-Hochberg"


def test_balance_with_search_in_every_seat_is_the_same_on_one_and_two_workers(tmp_path, capsys):
    texts = []
    for workers in ("1", "2"):
        path = tmp_path / f"s{workers}.json"
        assert main(["balance", "--players", "2", "--bots", "mcts:1", "--games", "2", "--quiet",
                     "--no-compare", "--workers", workers, "--json", str(path)]) == 0
        texts.append(path.read_text())
    assert texts[0] == texts[1]
    assert json.loads(texts[0])["judge"] == "mcts:1 in every seat"
    assert "judged by mcts:1 in every seat" in capsys.readouterr().out

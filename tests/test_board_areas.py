"""The board's Decoration areas are data (a side's `areas:`, a module's `board:` patches): a
designer's new area with a majority is scored by `area_majority`, its spaces watch from the
balcony by `balcony` when they carry a multiplier, and a bad area is an error at its place."""
from __future__ import annotations

from pathlib import Path

import packwriter
import pytest
from packwriter import line_of, messages

from interpreter import Game, load_ruleset, make_bot
from interpreter.cli.main import main

ROOT = Path(__file__).resolve().parents[1]
BOARD = (ROOT / "rules" / "base" / "board.yaml").read_text()

# a garden of three spaces with a majority of its own, scored after the fireworks; a terrace of
# two spaces from which Royal Hall garments watch, x4 and x5, after the balcony
GARDEN = """kind: flow
board:
  - area: garden
    majority: [5, 2]
    decoration: {id: garden.1, cost: 1, prestige: 1}
  - area: garden
    decoration: {id: garden.2, cost: 1, prestige: 1}
  - area: garden
    decoration: {id: garden.3, cost: 1, prestige: 1}
  - area: terrace
    decoration: {id: terrace.1, cost: 9, prestige: 1, multiplier: 4}
  - area: terrace
    decoration: {id: terrace.2, cost: 9, prestige: 1, multiplier: 5}
patches:
  - after: fireworks
    phase:
      id: garden
      name: Majority in the garden
      once: area_majority area garden
  - after: balcony
    phase:
      id: terrace
      name: Admire the fireworks from the terrace
      each_player: |
        balcony area terrace
"""

SCENARIOS = """modules: [..]
scenarios:
  - name: the most garden decorations score the garden's 5, the second most its 2
    position:
      players:
        0: {decorations: [garden.1, garden.2]}
        1: {decorations: [garden.3]}
    run: {scoring: garden}
    expect:
      by_seat: {prestige: [5, 2, 0, 0]}
      players:
        0: {score: {garden: 5}}
  - name: a garden tie is won by the rightmost space
    position:
      players:
        0: {decorations: [garden.1]}
        1: {decorations: [garden.3]}
        2: {decorations: [garden.2]}
    run: {scoring: garden}
    expect:
      by_seat: {prestige: [0, 5, 2, 0]}
  - name: the best Royal Hall garment watches from the terrace's biggest multiplier
    position:
      players:
        0:
          decorations: [terrace.1, terrace.2]
          garments: {royal_hall.1: blue_01, royal_hall.2: pink_13}
    run: {scoring: terrace}
    expect:
      players:
        0: {balcony: {terrace.2: pink_13, terrace.1: blue_01}, garments: {}}
"""


def pack(tmp_path: Path, files: dict[str, str], mid: str = "garden") -> Path:
    return packwriter.pack(tmp_path, files, mid)


def test_the_base_board_declares_its_areas_as_data():
    for side in load_ruleset().sides:
        assert list(side.areas) == ["fireworks", "statue", "kitchen_left", "kitchen_right"]
        fireworks = side.areas["fireworks"]
        assert fireworks.majority == {"small": (6, 2), "large": (7, 3)}[side.id]
        assert fireworks.spaces == tuple(s for s, d in side.decorations.items()
                                         if d.area == "fireworks")
        assert all(not side.areas[a].majority for a in ("statue", "kitchen_left",
                                                        "kitchen_right"))


def test_a_module_brings_an_area_with_its_majority(tmp_path):
    rules = load_ruleset(extra_paths=[pack(tmp_path, {"flow.yaml": GARDEN})])
    for side in rules.sides:
        assert side.areas["garden"].majority == (5, 2)
        assert side.areas["garden"].spaces == ("garden.1", "garden.2", "garden.3")
        assert side.areas["terrace"].majority == ()
    assert "area_majority area garden" in [s.effect.source for p in rules.final_phases
                                           for s in p.steps]


def test_scenarios_score_the_new_area_and_its_balcony(tmp_path):
    folder = pack(tmp_path, {"flow.yaml": GARDEN, "scenarios/garden.yaml": SCENARIOS})
    assert main(["test", str(folder)]) == 0


def _garden_sheet(game: Game) -> tuple[list[int], list[int]]:
    """What the garden step scored each seat, and what its majority gives them by the
    final decorations: most 5, second most 2, a tie to the rightmost space."""
    state = game.state
    side = next(s for s in game.rules.sides if s.id == state["side"])
    held: dict[int, list[int]] = {}
    for space, owner in state["decorations"].items():
        if side.decorations[space].area == "garden":
            entry = held.setdefault(owner, [0, -1])
            entry[0] += 1
            entry[1] = max(entry[1], side.decorations[space].order)
    ranked = sorted(((tuple(v), seat) for seat, v in held.items()), reverse=True)
    expected = [0] * len(state["players"])
    for place, (_, seat) in enumerate(ranked[:2]):
        expected[seat] = (5, 2)[place]
    scored = [p["score"].get("garden", 0) for p in state["players"]]
    return scored, expected


def test_a_played_game_scores_the_new_area_majority(tmp_path):
    rules = load_ruleset(extra_paths=[pack(tmp_path, {"flow.yaml": GARDEN})])
    funded = 0
    for seed in range(1, 9):
        game = Game.new(rules, players=4, seed=seed)
        bots = [make_bot("random", seed * 10 + s) for s in range(4)]
        decision = game.decision()
        while decision is not None:
            game.apply(bots[decision.seat].choose(game, decision))
            decision = game.decision()
        scored, expected = _garden_sheet(game)
        assert scored == expected, seed
        funded += sum(expected) > 0
    assert funded >= 2  # the garden was funded and scored in some of the games


def test_an_area_the_board_lacks_is_named_with_a_suggestion(tmp_path):
    flow = GARDEN.replace("once: area_majority area garden", "once: area_majority area gardn")
    p = pack(tmp_path, {"flow.yaml": flow})
    assert messages(p) == [f"{p}/flow.yaml:{line_of(flow, 'area gardn')}:32: unknown name "
                           "'gardn' (did you mean 'garden'?)"]


def test_the_old_verb_names_the_new_one(tmp_path):
    flow = GARDEN.replace("once: area_majority area garden", "once: fireworks_majority")
    p = pack(tmp_path, {"flow.yaml": flow})
    assert messages(p) == [f"{p}/flow.yaml:{line_of(flow, 'fireworks_majority')}:13: unknown "
                           "verb 'fireworks_majority' (did you mean 'area_majority'?)"]


def test_area_majority_needs_its_area(tmp_path):
    flow = GARDEN.replace("once: area_majority area garden", "once: area_majority")
    p = pack(tmp_path, {"flow.yaml": flow})
    assert messages(p) == [f"{p}/flow.yaml:{line_of(flow, 'once: area_majority')}:13: "
                           "'area_majority' needs the option 'area'"]


def _board_pack(tmp_path: Path, text: str) -> Path:
    return pack(tmp_path, {"board.yaml": text.replace("kind: board", "kind: board\nreplace: true",
                                                      1)}, mid="b")


def test_an_area_id_twice_on_a_side(tmp_path):
    p = _board_pack(tmp_path, BOARD.replace("- id: kitchen_right", "- id: kitchen_left", 1))
    text = (p / "board.yaml").read_text()
    first = line_of(text, "- id: kitchen_left")
    second = first + 1 + text.splitlines()[first:].index("      - id: kitchen_left")
    assert messages(p) == [f"{p}/board.yaml:{second}:13: duplicate area id 'kitchen_left' "
                           f"(first at {p}/board.yaml:{first}:13)"]


def test_the_musicians_area_is_the_halls(tmp_path):
    p = _board_pack(tmp_path, BOARD.replace("- id: statue", "- id: musician", 1))
    text = (p / "board.yaml").read_text()
    assert messages(p) == [f"{p}/board.yaml:{line_of(text, '- id: musician')}:13: area id "
                           "'musician' is the halls' musicians' (each hall declares its "
                           "musician's space)"]


# a side as boards were written before areas were data (round ten)
OLD_SIDE = """    fireworks:
      majority: [6, 2]
      spaces:
        - {id: fireworks.1, cost: 6, prestige: 2, multiplier: 2}
    statues:
      - {id: statue.1, cost: 7, prestige: 2}
    kitchen:
      left:
        - {id: kitchen_left.1, cost: 5, prestige: 1}
      right:
        - {id: kitchen_right.1, cost: 5, prestige: 1}
"""


def test_a_board_of_the_old_format_names_the_new_one(tmp_path):
    start = BOARD.index("    areas:")
    text = BOARD[:start] + OLD_SIDE + BOARD[BOARD.index("    all_halls:", start):]
    p = _board_pack(tmp_path, text)
    text = (p / "board.yaml").read_text()
    found = messages(p)
    assert f"{p}/board.yaml:{line_of(text, '    fireworks:')}:5: sides/0: unknown key " \
           "'fireworks': the Fireworks are now an entry of the side's areas: '- {id: " \
           "fireworks, majority: [X, Y], spaces: [...]}' (docs/modules.md, The board's " \
           "areas)" in found
    assert any("unknown key 'kitchen': the Catering Kitchen's sides are now two entries" in m
               for m in found)
    assert f"{p}/board.yaml:{line_of(text, '  - id: small')}:5: sides/0: missing key " \
           "'areas'" in found


def test_a_majority_of_an_area_that_prints_none_is_an_error(tmp_path):
    flow = GARDEN.replace("once: area_majority area garden", "once: area_majority area statue")
    p = pack(tmp_path, {"flow.yaml": flow})
    assert messages(p) == [f"{p}/flow.yaml:{line_of(flow, 'area statue')}:27: area_majority: "
                           "the area 'statue' has no majority on the board sides 'small', "
                           "'large' (give its entry in areas: a 'majority: [X, Y]', or its "
                           "board: patch)"]


def _once(effect: str) -> str:
    """The garden's flow with its phase's `once:` effect written as a block."""
    return GARDEN.replace("      once: area_majority area garden",
                          "      once: |\n" + "".join(f"        {line}\n"
                                                    for line in effect.splitlines()).rstrip())


def test_an_area_named_by_a_let_is_checked_where_it_is_named(tmp_path):
    # the area's name is read through the let (before, the let's own name 'a' was taken for
    # an area, and a good garden refused); a block's let hides the outer one
    good = _once("let a = statue\nif count(players) > 2 then {\n  let a = garden\n"
                 "  area_majority area a\n}")
    load_ruleset(extra_paths=[pack(tmp_path / "good", {"flow.yaml": good})])
    flow = _once("let a = statue\nif count(players) > 2 then {\n  let b = garden\n}\n"
                 "area_majority area a")
    p = pack(tmp_path / "bad", {"flow.yaml": flow})
    call = f"{p}/flow.yaml:{line_of(flow, 'area_majority area a')}:23"
    assert messages(p) == [f"{p}/flow.yaml:{line_of(flow, 'let a = statue')}:17: area_majority: "
                           f"the area 'statue' (scored by 'area_majority area a' at {call}) "
                           "has no majority on the board sides 'small', 'large' (give its entry "
                           "in areas: a 'majority: [X, Y]', or its board: patch)"]


def test_every_area_a_choice_offers_is_checked(tmp_path):
    flow = _once("area_majority area choose one of [garden, musician, fireworks]")
    p = pack(tmp_path, {"flow.yaml": flow})
    line = line_of(flow, "choose one of")
    assert messages(p) == [f"{p}/flow.yaml:{line}:51: area_majority: the area 'musician' "
                           "(scored by 'area_majority area choose one of ...' at "
                           f"{p}/flow.yaml:{line}:23) is the halls' musicians', which score no "
                           "majority of their own (hall_majorities scores each hall, its "
                           "musician breaking a tie)"]


def test_an_area_read_in_play_is_not_checked_at_loading(tmp_path):
    # a decoration's area is known only in play: the rules load (a statue scores nothing)
    flow = _once("let d = choose one of my.decorations\narea_majority area d.area")
    load_ruleset(extra_paths=[pack(tmp_path, {"flow.yaml": flow})])


def test_a_board_patch_adds_no_space_to_the_musicians_area(tmp_path):
    # (as board.yaml's `areas:` refuses the id: a musician's space is its hall's, and one
    # added by a patch would be a musician of no hall)
    flow = "kind: flow\nboard:\n  - area: musician\n    decoration: {id: extra.musician, " \
           "cost: 4, prestige: 1}\n"
    p = pack(tmp_path, {"flow.yaml": flow})
    assert messages(p) == [f"{p}/flow.yaml:3:11: area 'musician' is the halls' musicians' "
                           "(each hall declares its musician's space): a board patch adds "
                           "spaces to the other areas"]


def test_a_space_added_after_one_removed_is_the_rightmost_of_its_area(tmp_path):
    # fireworks.2 removed, then fireworks.9 added: it comes after fireworks.4, so it wins a tie
    # for the Fireworks' majority ("the most expensive"; before, both had order 3: a tie)
    flow = """kind: flow
board:
  - remove: fireworks.2
  - area: fireworks
    decoration: {id: fireworks.9, cost: 14, prestige: 6, multiplier: 3}
"""
    scenario = """modules: [..]
scenarios:
  - name: the added space breaks the tie
    position:
      players:
        0: {decorations: [fireworks.4]}
        1: {decorations: [fireworks.9]}
    run: {scoring: fireworks}
    expect:
      by_seat: {prestige: [3, 7, 0, 0]}  # the large side: 7 and 3
"""
    folder = pack(tmp_path, {"flow.yaml": flow, "scenarios/tie.yaml": scenario})
    for side in load_ruleset(extra_paths=[folder]).sides:
        orders = [side.decorations[s].order for s in side.areas["fireworks"].spaces]
        assert orders == sorted(set(orders)), side.id
        assert side.areas["fireworks"].spaces[-1] == "fireworks.9"
    assert main(["test", str(folder)]) == 0


@pytest.mark.parametrize(("patch", "at", "message"), [
    ("  - remove: statue.1\n    majority: [5, 2]", "majority",
     "'majority:' gives the majority of the area a patch adds a Decoration space to (with "
     "'area:' and 'decoration:'): here it would give nothing"),
    ("  - hall: hall_2\n    majority: [5, 2]\n    space: {id: hall_2.arbor}", "majority",
     "'majority:' gives the majority of the area a patch adds a Decoration space to (with "
     "'area:' and 'decoration:'): here it would give nothing"),
    ("  - replace: fireworks.1\n    area: statue\n    decoration: {id: f.1, cost: 4, "
     "prestige: 1}", "area",
     "a replaced Decoration space stays in its area: 'area:' names the area of a space a patch "
     "adds"),
])
def test_a_board_patch_key_that_would_do_nothing_is_an_error(tmp_path, patch, at, message):
    """(before, each was taken and did nothing: no majority given, the space left in the
    Fireworks)"""
    flow = f"kind: flow\nboard:\n{patch}\n"
    p = pack(tmp_path, {"flow.yaml": flow})
    line = line_of(flow, f"{at}:")
    column = flow.splitlines()[line - 1].index(at) + len(at) + 3  # (its value)
    assert messages(p) == [f"{p}/flow.yaml:{line}:{column}: {message}"]


def test_the_diff_names_an_area_a_module_gives_a_majority(tmp_path, capsys):
    """`rococo diff` lists what a module changes on the board: the garden's spaces, and the
    majority that makes it score (before, only its spaces: a majority a module gives an area
    was not said)."""
    import json

    p = pack(tmp_path, {"flow.yaml": GARDEN})
    assert main(["diff", "--module", str(p), "--json"]) == 0
    changes = json.loads(capsys.readouterr().out)
    majorities = [c for c in changes if c["what"] == "area majority"]
    assert [(c["change"], c["id"]) for c in majorities] == [
        ("added", "small: garden [5, 2]"), ("added", "large: garden [5, 2]")]
    assert all(c["where"] == f"{p}/flow.yaml:3:5" for c in majorities)


def test_a_majority_of_the_musicians_is_an_error_that_gives_no_impossible_advice(tmp_path):
    # (before: "give its entry in areas: a 'majority: [X, Y]', or its board: patch", both of
    # which refuse the musicians' area)
    flow = GARDEN.replace("once: area_majority area garden", "once: area_majority area musician")
    p = pack(tmp_path, {"flow.yaml": flow})
    assert messages(p) == [f"{p}/flow.yaml:{line_of(flow, 'area musician')}:27: area_majority: "
                           "the area 'musician' is the halls' musicians', which score no "
                           "majority of their own (hall_majorities scores each hall, its "
                           "musician breaking a tie)"]


# an area_majority outside the flow's phases: a card's bonus and a trigger's effect
CARD = """kind: employees
hire:
  - id: g.steward
    name: Steward
    level: 2
    type: master
    bonus: area_majority area statue
"""
TRIGGER = """kind: flow
triggers:
  - id: statue_tip
    on: rent
    until: round_end
    effect: area_majority area kitchen_left
"""


def test_a_majority_of_an_area_that_prints_none_is_an_error_in_any_effect(tmp_path):
    # (before: only the flow's phases were checked; a card's or trigger's gave nothing, silent)
    p = pack(tmp_path, {"cards.yaml": CARD, "flow.yaml": TRIGGER})
    assert sorted(messages(p)) == sorted([
        f"{p}/cards.yaml:{line_of(CARD, 'area statue')}:26: area_majority: the area 'statue' "
        "has no majority on the board sides 'small', 'large' (give its entry in areas: a "
        "'majority: [X, Y]', or its board: patch)",
        f"{p}/flow.yaml:{line_of(TRIGGER, 'area kitchen')}:27: area_majority: the area "
        "'kitchen_left' has no majority on the board sides 'small', 'large' (give its entry in "
        "areas: a 'majority: [X, Y]', or its board: patch)"])


def test_a_card_scoring_an_area_with_a_majority_loads(tmp_path):
    p = pack(tmp_path, {"cards.yaml": CARD.replace("area statue", "area fireworks")})
    assert "g.steward" in load_ruleset(extra_paths=[p]).employees


def test_the_diff_shows_every_field_a_board_replace_changes(tmp_path, capsys):
    """`rococo diff` says what a `replace:` changes (before: one under its own id was not
    listed at all, one under a new id only as a space removed and one added)."""
    import json

    flow = """kind: flow
board:
  - replace: statue.1
    decoration: {id: statue.1, cost: 4, prestige: 3}
  - side: large
    replace: kitchen_left.1
    decoration: {id: kitchen_left.9, cost: 2, prestige: 1, multiplier: 3}
  - replace: royal_hall.1
    space: {id: royal_hall.1, reward: gain 4 livre, master: true}
  - side: small
    replace: royal_hall.3
    space: {id: royal_hall.3, master: true}
"""
    p = pack(tmp_path, {"flow.yaml": flow})
    assert main(["diff", "--module", str(p), "--json"]) == 0
    spaces = [c for c in json.loads(capsys.readouterr().out) if c["what"] == "space"]
    at = {key: f"{p}/flow.yaml:{line_of(flow, key)}:5" for key in
          ("replace: statue.1", "side: large", "replace: royal_hall.1")}
    royal = "royal_hall.1 master False -> True, reward gain 3 livre -> gain 4 livre"
    assert [(c["change"], c["id"], c["where"]) for c in spaces] == [  # (small's royal_hall.3: as it was)
        ("replaced", f"small: {royal}", at["replace: royal_hall.1"]),
        ("replaced", "small: statue.1 cost 7 -> 4, prestige 2 -> 3", at["replace: statue.1"]),
        ("replaced", "large: kitchen_left.1 -> kitchen_left.9 cost 4 -> 2, multiplier None -> 3",
         at["side: large"]),
        ("replaced", f"large: {royal}", at["replace: royal_hall.1"]),
        ("replaced", "large: statue.1 cost 7 -> 4, prestige 2 -> 3", at["replace: statue.1"])]

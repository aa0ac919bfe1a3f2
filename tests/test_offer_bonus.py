"""`offer_bonus`: a main action that offers the played card's bonus part-way through, as the
Jewelry Box's Examinations do ("2) If you desire, you may use the Employee Bonus of your played
Apprentice as usual. 3) Then, remove the played Apprentice ... 4) Next, take ..." 001:887-892),
written by a designer on the generic seam: the bonus comes where the action says, the turn does
not offer it again, and a bonus that performs such an action does not offer itself anew."""
from __future__ import annotations

from pathlib import Path

from conftest import write_pack

from interpreter.scenario.files import run_files

ACTIONS = """\
kind: actions
actions:
  - id: steps
    name: Steps with the bonus between them
    types: [master, journeyman, apprentice]
    effect: |
      gain 1 prestige
      offer_bonus
      gain 1 thread
"""
CARDS = """\
kind: employees
hire:
  - id: pack.staff
    name: Staff counter
    level: 1
    type: apprentice
    bonus: gain count(my.staff) livre
  - id: pack.again
    name: Steps again
    level: 1
    type: apprentice
    bonus: perform action steps
"""
SCENARIOS = """\
modules: [pack]
scenarios:
  - name: the bonus comes between the steps, once
    position:
      players:
        0: {livre: 0, thread: 0, prestige: 0, hand: [pack.staff], discard: [],
            supply: [master_1, master_2, journeyman, apprentice_1, apprentice_2]}
    run:
      step: actions
      answers: [{card: pack.staff, action: steps}, true]
      questions:
        - kind: play
        - {kind: bonus, prompt: "bonus of Staff counter: Gain 1 Livre for each of the cards in your staff."}
    expect:
      players:
        0: {livre: 6, thread: 1, prestige: 1, discard: [pack.staff]}

  - name: skipped at its step, the bonus is not offered after the action
    position:
      players:
        0: {livre: 0, thread: 0, hand: [pack.staff], discard: []}
    run:
      step: actions
      answers: [{card: pack.staff, action: steps}, false]
      questions:
        - kind: play
        - kind: bonus
    expect:
      players:
        0: {livre: 0, thread: 1, prestige: 1}

  - name: any other action still gets the bonus after it
    position:
      players:
        0: {livre: 0, thread: 0, hand: [pack.staff], discard: [],
            supply: [master_1, master_2, journeyman, apprentice_1, apprentice_2]}
    run:
      step: actions
      answers: [{card: pack.staff, action: null}, true]
    expect:
      players:
        0: {livre: 6, prestige: 0}

  - name: a bonus that performs the action does not offer itself again
    position:
      players:
        0: {thread: 0, prestige: 0, hand: [pack.again], discard: []}
    run:
      step: actions
      answers: [{card: pack.again, action: steps}, true]
      questions:
        - kind: play
        - kind: bonus
    expect:
      players:
        0: {thread: 2, prestige: 2, discard: [pack.again]}
"""


def _pack(folder: Path) -> Path:
    write_pack(folder / "pack", {"actions.yaml": ACTIONS, "cards.yaml": CARDS})
    (folder / "steps.yaml").write_text(SCENARIOS)
    return folder / "steps.yaml"


def test_an_action_offers_the_played_cards_bonus_where_it_says_and_only_there(tmp_path):
    results = run_files([_pack(tmp_path)])
    assert [(r.name, [str(f) for f in r.failures]) for r in results] == [
        ("the bonus comes between the steps, once", []),
        ("skipped at its step, the bonus is not offered after the action", []),
        ("any other action still gets the bonus after it", []),
        ("a bonus that performs the action does not offer itself again", []),
    ]

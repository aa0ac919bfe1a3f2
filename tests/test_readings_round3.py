"""Issue 35 part 3: readings on the weakest ground, made explicit. Invented text is marked as
reconstructed, never presented as printed; inferred values say so."""
from __future__ import annotations

from interpreter import load_ruleset
from interpreter.cli.main import main


def test_du_barrys_card_faces_are_reconstructed_not_printed():
    """001:993 prints only "25 Madame du Barry cards": her faces are the engine's, and say so."""
    rules = load_ruleset(expansions=["du_barry"])
    [kind] = rules.seat_kinds
    assert len(kind.cards) == 25 and set(kind.faces) == set(kind.cards)
    assert {source for _text, source in kind.faces.values()} == {"reconstructed"}
    assert all("printed" not in c and "reconstructed" not in c for c in kind.cards.values())
    assert kind.faces["card_01"] == ("Claim the Queen's Favor / Royal Hall / jewelry: colour",
                                     "reconstructed")


def test_rococo_cards_shows_which_face_and_value_is_printed(capsys):
    assert main(["cards", "--solo", "du_barry", "--with", "jewelry_box"]) == 0
    out = capsys.readouterr().out
    assert "Madame du Barry's cards" in out
    rows = [line for line in out.splitlines() if "card_" in line]
    assert len(rows) == 25 and all("reconstructed" in row for row in rows)
    assert "(inferred): a depute value not given for the card" in " ".join(out.split())


def test_depute_values_inferred_by_type_are_marked():
    """001:499: "the amount of Livres indicated near the carriage at the bottom of the Employee
    card": the base cards' values are their file's table by type (printed in the rulebook's
    Depute section); the Jewelry Box's new cards print none, so theirs are inferred."""
    rules = load_ruleset(expansions=["jewelry_box"])
    base = load_ruleset()
    assert not any(c.depute_inferred for c in base.employees.values())
    new = [c for cid, c in rules.employees.items() if cid not in base.employees]
    assert len(new) == 28 and all(c.depute_inferred for c in new)
    assert not any(rules.employees[cid].depute_inferred for cid in base.employees)

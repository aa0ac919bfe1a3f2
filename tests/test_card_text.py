"""Card text says what the card says: the text generated from each base card's effect is
compared with the card's `printed` text (the Deluxe rulebook's Overview of Employee Bonuses,
seed 001), after a normalisation that forgives only wording, never meaning.

The normalisation, in order (each entry is here for a reason given beside it):
1. case is ignored; "One-time Bonus at the end of the game:" is kept on both sides;
2. reminder text is dropped: phrases the rulebook adds to restate a general rule rather than
   what the card does (REMINDERS);
3. synonyms: printed wording -> the generated wording that means the same (SYNONYMS);
4. punctuation, articles (a, an, the) and a plural "s" are ignored; whitespace is collapsed.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from ruamel.yaml import YAML

from interpreter.core.labels import card_text

BASE = Path(__file__).parents[1] / "rules" / "base"

REMINDERS = (
    "(regardless of your main action)",  # every additional action is
    ": 1 time only",  # every bonus is used once per play
    "(including this one)",  # `among my.staff` includes the played card
    "(no limit)",  # an exchange of any number of sets
    "(do not include the all halls bonus.)",  # `my.decorations` never counts it
    "(regardless of their colors and where they are located on the game board)",
    "at no cost,",  # an effect that pays nothing
    "from the bank,", "from the bank",  # Livre always come from the bank
    "that you have on the game board",  # a player's Garments are always on the board
    "on the game board", "on the board",
)

SYNONYMS = (
    (r"\bprestige points?\b", "prestige"),
    (r"\b(thread|lace) tokens?\b", r"\1"),
    (r"\beither\b", ""),
    (r"\btake\b", "gain"),  # taking a token or a tile is gaining it
    (r"\bfund decoration\b", "fund a decoration"),
    (r"\btotal number\b", "number"),
    (r"\bcards?:", ":"),  # table rows: "5 or 6 cards: 2 Livre" -> "5 or 6: 2 Livre"
    (r"\byou return to the bank\b|\bthat you discard\b", "you pay"),
    (r"\b(each|every \d+) (\w+?)s? you have funded\b", r"\1 of your \2s"),
    (r"\beach set of (\d+) (\w+?)s?(?: tiles)? you have\b", r"every \1 of your \2s"),
    (r"\beach (\w+?)s? you have\b", r"each of your \1s"),
    (r"\blady's gown\b", "gown"), (r"\bgentleman's frock coat\b", "frock coat"),
    (r"\bfrom your staff\b", "from the cards in your staff"),
    (r"\bthe employee type\b", "the type of the deputed employee"),
    # the level V silk card: its second sentence spells out the first
    (r"\bdiscard any number of resource tiles and gain prestige for the bales of silk on these "
     r"tiles\. ", "discard any number of your resource tiles, then gain "),
    (r"\bany combination of (\d+) bales of (\w+) and/or (\w+) silk\b", r"every \1 \2 or \3 bales"),
    (r"\b(\w+) or (\w+) silk bale\b", r"\1 or \2 bale"),
)


def normalise(text: str) -> str:
    text = text.lower()
    for phrase in REMINDERS:
        text = text.replace(phrase, " ")
    for pattern, replacement in SYNONYMS:
        text = re.sub(pattern, replacement, text)
    words = re.sub(r"[^a-z0-9+]+", " ", text).split()
    words = [w[:-1] if len(w) > 3 and w.endswith("s") else w for w in words
             if w not in ("a", "an", "the")]
    return " ".join(words)


def _printed() -> dict[str, str]:
    data = YAML(typ="safe").load((BASE / "employees.yaml").read_text(encoding="utf-8"))
    return {c["id"]: c["printed"] for c in data["start"] + data["hire"]}


def test_every_base_card_has_its_printed_text(rules):
    printed = _printed()
    assert len(printed) == 5 + 28
    base = {c.id.split(".")[-1] if c.start else c.id for c in rules.employees.values()}
    assert set(printed) <= base
    assert all(isinstance(t, str) and t.strip() for t in printed.values())


def test_generated_card_text_matches_the_printed_text(rules):
    printed = _printed()
    differ, seen = [], set()
    for card in rules.employees.values():
        key = card.id.split(".")[-1] if card.start else card.id
        if key not in printed or key in seen:
            continue  # a card of another module, or a start card of another colour
        seen.add(key)
        generated = card_text(card)
        if normalise(generated) != normalise(printed[key]):
            differ.append(f"{key}:\n  printed:   {printed[key]}\n  generated: {generated}\n"
                          f"  normalised: {normalise(printed[key])}\n"
                          f"          vs: {normalise(generated)}")
    assert not differ, f"{len(differ)} cards differ:\n" + "\n".join(differ)


def test_normalisation_keeps_meaning():
    """The forgiving steps never make different amounts, colours or connectives equal."""
    assert normalise("use 1 less bale of silk (blue OR pink)") != \
        normalise("use 1 fewer bales of silk (blue and pink)")
    assert normalise("Gain 2 Livre from the bank.") == normalise("gain 2 Livre")
    assert normalise("Gain 2 Livre.") != normalise("Gain 3 Livre.")
    assert normalise("for each orange or green bale") != normalise("for each orange bale")


# -- the wording the issue named ----------------------------------------------------------

def _text(rules, source: str) -> str:
    from rulesdsl import Origin, effect_text, parse_effect
    return effect_text(parse_effect(source, Origin("<test>")), rules.vocabulary)


def test_extra_tailor_cards_say_less_bale_and_or(rules):
    two = card_text(rules.employees["l2.tailor_blue_pink"])
    assert "you can use 1 less bale of silk (blue OR pink) to complete the action" in two
    assert "fewer" not in two and "blue and pink" not in two
    four = card_text(rules.employees["l4.tailor_green"])
    assert "you can use up to 2 less green bales of silk to complete the action" in four


def test_silk_card_cannot_be_read_as_half_the_pink_plus_blue(rules):
    assert card_text(rules.employees["l5.silk_for_prestige"]) == (
        "Discard any number of your Resource tiles, then gain 1 Prestige for each orange or "
        "green bale and 1 Prestige for every 2 pink or blue bales.")


def test_machine_phrases_read_as_english(rules, make_game):
    assert _text(rules, "acquire price 0") == "Take 1 Resource tile from the display free of charge."
    assert _text(rules, "hire price 3") == "Hire 1 new Employee paying 3 Livre."
    assert rules.actions["hire"].effect.text == (
        "Hire 1 new Employee paying Livre based on the number of cards in the display: 4 or "
        "more: 5 Livre; 3: 3 Livre; 2: 1 Livre; 1: 0 Livre.")
    game = make_game(2)
    from interpreter import IllegalDecisionError
    try:
        game.run_effect("let n = choose number from 0 to 1\ngain n livre", 0)
    except IllegalDecisionError as exc:
        assert "'choose a number for n'" in str(exc)
    else:
        raise AssertionError("the effect asked nothing")


def test_cards_command_shows_names(tmp_path, capsys):
    from interpreter.cli.main import main
    pack = tmp_path / "seamstress.yaml"
    pack.write_text("kind: employees\nhire:\n  - id: z.seamstress\n    name: Seamstress\n"
                    "    level: 2\n    type: master\n    bonus: gain 1 livre\n")
    assert main(["cards", "--module", str(pack)]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if "z.seamstress" in line]
    assert rows and "Seamstress" in rows[0] and "Master" in rows[0]


# -- wordings of the solo modes' rules -------------------------------------------------------

@pytest.fixture(scope="module")
def barry_rules():
    from interpreter import load_ruleset
    return load_ruleset(expansions=["du_barry", "jewelry_box"])


@pytest.mark.parametrize("source, printed", [
    # 001 (du Barry): "she takes the Queen's Favor if possible": the verb is said once
    ("if possible(claim_favor) then claim_favor; gain 3 prestige",
     "If you can, take the Queen's Favor. Gain 3 Prestige."),
    ("if my.livre > 2 and possible(claim_favor) then claim_favor",
     "If your Livre is more than 2 and you can, take the Queen's Favor."),
    ("if possible(claim_favor) then { claim_favor; gain 5 livre } else gain 5 livre",
     "If you can, take the Queen's Favor, then gain 5 Livre; otherwise, gain 5 Livre."),
    # a different statement after the test still names what can be done
    ("if possible(claim_favor) then gain 1 livre",
     "If you can take the Queen's Favor, gain 1 Livre."),
])
def test_a_verb_tried_then_done_is_said_once(barry_rules, source, printed):
    assert _text(barry_rules, source) == printed


@pytest.mark.parametrize("source, printed", [
    # a test that it cannot be done says so ('you cannot', not 'not you can')
    ("if not possible(claim_favor) then gain 3 livre",
     "If you cannot take the Queen's Favor, gain 3 Livre."),
    ("if not possible(claim_favor) and my.livre > 2 then gain 1 livre",
     "If you cannot take the Queen's Favor and your Livre is more than 2, gain 1 Livre."),
    # inside a condition a verb says only its first sentence: its others explain how it is
    # done ("As usual, either keep the tile ...") and would break the condition in two
    ("if possible(draw_resource) and my.livre > 2 then gain 1 livre",
     "If you can randomly take 1 Resource from the bag and your Livre is more than 2, "
     "gain 1 Livre."),
    ("if not possible(draw_resource) then gain 1 livre",
     "If you cannot randomly take 1 Resource from the bag, gain 1 Livre."),
    # done after the test, it is said whole, once
    ("if possible(draw_resource) then draw_resource",
     "If you can, randomly take 1 Resource from the bag. As usual, either keep the tile for "
     "silk hidden on your rack or discard it immediately for Thread/Lace."),
])
def test_a_verb_tested_in_a_condition_reads_as_one_clause(barry_rules, source, printed):
    assert _text(barry_rules, source) == printed


@pytest.mark.parametrize("source, printed", [
    # a local list is not singularised into a made-up word ('the fit')
    ("let fits = my.garments where color = blue\nlet g = min_by(fits, price)\ngain 1 livre",
     "let g be the one of fits with the lowest price"),
    ("let fits = my.garments where color = blue\nlet g = first(fits)\ngain 1 livre",
     "let g be the first of fits"),
    # a pile named in the singular is not cut ('the last card discard')
    ("let top = last(my.own_discard)\ngain 1 livre", "Let top be the last of your own discard pile"),
    ("let top = first(my.own_hand)\ngain 1 livre", "Let top be the first of your own hand cards"),
    # a plural collection still names one member
    ("let g = first(my.garments)\ngain 1 livre", "Let g be the first Garment"),
])
def test_picking_from_a_list_reads_as_english(barry_rules, source, printed):
    assert printed in _text(barry_rules, source)


@pytest.mark.parametrize("source, printed", [
    ("if my.livre > 1 and my.livre < 5 or my.prestige > 2 then gain 1 prestige",
     "If your Livre is more than 1 and your Livre is less than 5, or your Prestige is more than 2, "
     "gain 1 Prestige."),
    ("if my.livre > 1 and (my.livre < 5 or my.prestige > 2) then gain 1 prestige",
     "If your Livre is more than 1 and (your Livre is less than 5 or your Prestige is more than 2), "
     "gain 1 Prestige."),
    ("if my.livre > 1 or my.livre < 5 or my.prestige > 2 then gain 1 prestige",
     "If your Livre is more than 1 or your Livre is less than 5 or your Prestige is more than 2, "
     "gain 1 Prestige."),
])
def test_mixed_and_or_keep_their_grouping(rules, source, printed):
    assert _text(rules, source) == printed


@pytest.mark.parametrize("source, printed", [
    ("if my.thread > 1 then gain 1 livre", "If your Thread tokens are more than 1, gain 1 Livre."),
    ("if my.livre > 1 then gain 1 livre", "If your Livre is more than 1, gain 1 Livre."),
    ("if count(my.garments) > 1 then gain 1 livre",
     "If the number of your Garments on the board is more than 1, gain 1 Livre."),
])
def test_a_plural_quantity_takes_are(rules, source, printed):
    assert _text(rules, source) == printed

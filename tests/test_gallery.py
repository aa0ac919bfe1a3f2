"""`rococo cards --html FILE`: the designer's proof sheet of a ruleset."""
from __future__ import annotations

import re
from html import escape

from packwriter import write

from interpreter.cli.main import main


def test_gallery_has_every_card_and_garment_with_its_text(rules, tmp_path, capsys):
    out = tmp_path / "cards.html"
    assert main(["cards", "--html", str(out)]) == 0
    assert capsys.readouterr().out.startswith(f"wrote {out}: 5 start cards, 28 hire cards, "
                                              "42 garments")
    page = out.read_text(encoding="utf-8")
    for card in rules.employees.values():
        shown = f"start.*.{card.id.split('.')[-1]}" if card.start else card.id
        assert f"<div class='id'>{escape(shown)}</div>" in page
        effect = card.bonus or card.final
        if effect is not None:
            assert escape(effect.text) in page
            assert f"<pre>{escape(effect.source)}</pre>" in page
        if not card.start:
            assert f"depute value {card.depute_value} Livre" in page
    for garment in rules.garments.values():
        assert f"<div class='id'>{garment.id}</div>" in page
        assert f"value {garment.value} Livre &middot; {garment.prestige} prestige" in page
    for tile in rules.tiles:
        assert f"<div class='id'>{tile}</div>" in page
    crowns = [c for c in rules.employees.values() if c.final is not None]
    assert page.count("At the end of the game: ") == len(crowns) > 0


def test_gallery_is_self_contained(tmp_path):
    out = tmp_path / "cards.html"
    assert main(["cards", "--html", str(out)]) == 0
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    assert not re.search(r"https?://|<script|<link|\bsrc=|@import|url\(", page)


def test_gallery_of_a_pack_shows_its_new_card(tmp_path, capsys):
    pack = write(tmp_path / "pack", {"cards.yaml": (
        "kind: employees\nhire:\n  - id: l3.patron\n    level: 3\n    type: master\n"
        "    bonus: gain count(my.garments where color = blue) prestige\n")})
    out = tmp_path / "pack.html"
    assert main(["cards", "--html", str(out), "--module", str(pack)]) == 0
    page = out.read_text(encoding="utf-8")
    assert "<div class='id'>l3.patron</div>" in page
    assert "Rococo cards: base, deluxe, pack" in page
    assert "29 hire cards" in capsys.readouterr().out


def test_gallery_to_an_unwritable_path_is_a_message(tmp_path, capsys):
    assert main(["cards", "--html", str(tmp_path / "missing" / "cards.html")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: cannot write ") and "no such file or directory" in err


def test_gallery_shows_garment_hooks_and_where_each_rule_is_written(rules, tmp_path):
    pack = write(tmp_path / "hooks", {"garments.yaml": (
        "kind: garments\ngarments:\n  - id: blue_99\n    color: blue\n    silk: {blue: 1}\n"
        "    thread: 1\n    lace: 0\n    master: false\n    value: 9\n    prestige: 2\n"
        "    on_sell: gain 1 prestige\n")}, "hooks")
    out = tmp_path / "hooks.html"
    assert main(["cards", "--html", str(out), "--module", str(pack)]) == 0
    page = out.read_text(encoding="utf-8")
    hooked = page.split("<div class='id'>blue_99</div>", 1)[1].split("<div class='card'", 1)[0]
    assert "<div class='text'>When sold: Gain 1 Prestige" in hooked  # the printer's text
    assert "<pre>gain 1 prestige</pre>" in hooked
    assert f"<div class='where'>{pack / 'garments.yaml'}:11:14</div>" in hooked
    card = next(c for c in rules.employees.values() if c.bonus is not None and not c.start)
    assert f"<div class='where'>{card.bonus.where}</div>" in page

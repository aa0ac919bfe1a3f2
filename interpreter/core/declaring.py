"""What a verb's declaration is written with: the game's record and enum types, the edition's
words (`Say`), options (`opt`) and descriptions (`documented`).

Each module that holds verbs declares them beside their code, in a `declarations(say)`
function and a `VERB_DOCS` table; loading/game_vocabulary.py assembles them into the
vocabulary. Here, below both, so that the core's own verbs (modifiers, zones) declare theirs
too.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace

from rulesdsl import EnumType, OptionDef, RecordType, Type, VerbDef

GARMENT, EMPLOYEE, TILE, DECORATION, PLAYER, SPACE = (
    RecordType(n) for n in ("garment", "employee", "tile", "decoration", "player", "space"))
COLOR, EMPLOYEE_TYPE, AREA, ACTION = (EnumType(n) for n in ("color", "employee_type", "area",
                                                             "action"))
GARMENT_KIND = EnumType("garment_kind")
COST, LIFETIME, ZONE = EnumType("cost"), EnumType("lifetime"), EnumType("zone")
HALL, REWARD_KIND, DISPLAY = EnumType("hall"), EnumType("reward_kind"), EnumType("display")
TRIGGER = EnumType("trigger")  # a declared trigger with a lifetime, started by an effect
PILE = EnumType("pile")  # a player's own piles of cards: hand, supply, discard
COUNTER, SEAT_KIND, CARD = EnumType("counter"), EnumType("seat_kind"), RecordType("card")

# `say(key, default)`: the edition's word for a thing a verb's text names (words.yaml)
Say = Callable[[str, str], str]
# A verb's description for `rococo vocab` and the editor: what it does, each option, each bind
VerbDoc = tuple[str, Mapping[str, str], Mapping[str, str]]


def same_word(key: str, default: str) -> str:
    """The `say` of the game's own words (no edition's)."""
    return default


def opt(type_: Type | None, text: str = "", required: bool = False) -> OptionDef:
    """An option of a verb; `text` is how a card prints it (`{}` where its value goes)."""
    return OptionDef(type_, required=required, text=text)


def documented(verbs: Mapping[str, VerbDef], docs: Mapping[str, VerbDoc]) -> dict[str, VerbDef]:
    """The verbs with their descriptions (and their options') from `docs` filled in."""
    out = {}
    for v, d in verbs.items():
        doc, option_docs, bind_docs = docs.get(v, (d.doc, {}, {}))
        options = {o: replace(od, doc=option_docs.get(o, od.doc)) for o, od in d.options.items()}
        out[v] = replace(d, options=options, doc=doc, bind_docs=bind_docs)
    return out

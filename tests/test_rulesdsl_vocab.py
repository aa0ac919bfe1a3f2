"""A toy vocabulary and game context shared by the rulesdsl tests (plus tests of Vocabulary)."""
from __future__ import annotations

from rulesdsl import (
    BOOLEAN,
    NUMBER,
    EffectAbort,
    EnumType,
    FieldDef,
    ListType,
    NameDef,
    OptionDef,
    Origin,
    RecordType,
    VerbDef,
    Vocabulary,
    build_effect,
)

COLOR = EnumType("color")
EMPLOYEE_TYPE = EnumType("employee_type")
GARMENT = RecordType("garment")
EMPLOYEE = RecordType("employee")
TILE = RecordType("tile")
ORIGIN = Origin("cards.yaml", 10, 12)


class FakeCtx:
    """Records gains and pays; answers choices from a scripted list."""

    def __init__(self, answers=(), livre=10, garments=None, staff=None, tiles=None):
        self.answers = list(answers)
        self.log: list = []
        self.choices: list = []
        self.livre = livre
        self.garments = garments if garments is not None else {
            "g1": {"color": "blue", "prestige": 2},
            "g2": {"color": "green", "prestige": 3},
            "g3": {"color": "blue", "prestige": 5},
        }
        self.staff = staff if staff is not None else {
            "e1": {"type": "master"}, "e2": {"type": "apprentice"}, "e3": {"type": "journeyman"}}
        self.tiles = tiles if tiles is not None else {"t1": {"orange": 2}, "t2": {"orange": 3}}

    def gain(self, resource, amount):
        assert isinstance(amount, int)
        self.log.append(("gain", resource, amount))
        if resource == "livre":
            self.livre += amount

    def pay(self, resource, amount):
        assert isinstance(amount, int)
        if resource == "livre":
            if self.livre < amount:
                raise EffectAbort("cannot pay")
            self.livre -= amount
        self.log.append(("pay", resource, amount))

    def choose_resource(self, resources, amount):
        self.choices.append(("resource", list(resources), amount))
        return self.answers.pop(0)

    def choose(self, kind, options, prompt):
        self.choices.append((kind, list(options), prompt))
        return self.answers.pop(0)


def _tailor(ctx, args):
    ctx.log.append(("tailor", {k: (v if v is True else v()) for k, v in sorted(args.items())}))


def _depute(ctx, args):
    among = args["among"]()
    if not among:
        raise EffectAbort("nobody to depute")
    who = ctx.choose("one", among, "depute whom?")
    payout = args["payout"](deputed=who) if "payout" in args else 0
    del ctx.staff[who]
    ctx.log.append(("depute", who, payout))
    ctx.gain("livre", payout)


def make_vocab() -> Vocabulary:
    return Vocabulary(
        names={
            "my.livre": NameDef(NUMBER, lambda ctx: ctx.livre, "your Livres"),
            "my.garments": NameDef(ListType(GARMENT), lambda ctx: list(ctx.garments),
                                   "your Garments on the board"),
            "my.staff": NameDef(ListType(EMPLOYEE), lambda ctx: list(ctx.staff), "your Staff"),
            "my.tiles": NameDef(ListType(TILE), lambda ctx: list(ctx.tiles), "your Tiles"),
            "my.favourite": NameDef(COLOR, lambda ctx: "pink", "your favourite colour"),
            "played": NameDef(EMPLOYEE, lambda ctx: "e1", "the played card"),
            "first_round": NameDef(BOOLEAN, lambda ctx: True, "it is the first round"),
        },
        records={
            "garment": {
                "color": FieldDef(COLOR, lambda ctx, g: ctx.garments[g]["color"], "colour"),
                "prestige": FieldDef(NUMBER, lambda ctx, g: ctx.garments[g]["prestige"], "prestige"),
            },
            "employee": {
                "type": FieldDef(EMPLOYEE_TYPE, lambda ctx, e: ctx.staff[e]["type"], "type"),
            },
            "tile": {
                "orange": FieldDef(NUMBER, lambda ctx, t: ctx.tiles[t]["orange"], "orange points"),
            },
        },
        enums={"color": ("blue", "pink", "green", "orange"),
               "employee_type": ("master", "journeyman", "apprentice")},
        resources={"livre": "Livre", "prestige": "Prestige", "thread": "Thread", "lace": "Lace"},
        verbs={
            "tailor": VerbDef(
                options={"silk_discount": OptionDef(NUMBER, text="a Silk discount"),
                         "discount_colors": OptionDef(ListType(COLOR), text="discount colours"),
                         "no_master_garment": OptionDef(None, text="but not a Master Garment")},
                run=_tailor,
                text="tailor a Garment {no_master_garment}"),
            "depute": VerbDef(
                options={"among": OptionDef(ListType(EMPLOYEE), required=True),
                         "payout": OptionDef(NUMBER)},
                run=_depute,
                text="depute one of {among} and gain {payout} Livre",
                binds={"deputed": EMPLOYEE}),
        },
    )


VOCAB = make_vocab()


def run(text: str, ctx: FakeCtx | None = None, vocab: Vocabulary = VOCAB) -> FakeCtx:
    ctx = ctx or FakeCtx()
    build_effect(text, ORIGIN, vocab).run(ctx)
    return ctx


def test_extended_adds_names_without_touching_the_original():
    v2 = VOCAB.extended({"bonus": NameDef(NUMBER, lambda ctx: 3, "the bonus")})
    assert "bonus" in v2.names and "bonus" not in VOCAB.names
    assert v2.resources is VOCAB.resources


def test_constant_text_and_enums_of():
    v = Vocabulary({}, {}, {"e": ("big_one",)}, {}, {}, enum_text={"x": "X!"})
    assert v.constant_text("big_one") == "big one"
    assert v.enums_of("big_one") == ["e"]

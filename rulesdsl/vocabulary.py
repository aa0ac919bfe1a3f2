"""What the interpreter supplies: every game name, field, enum, resource and verb.

`rulesdsl` knows nothing of Rococo; the checker, compiler and printer only ever look things up here.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from .types import Type


@dataclass(frozen=True)
class NameDef:
    """A vocabulary name: `get(ctx)` gives its value; `text` is how cards say it.

    `count`, when given for a list, is how many items it has without making the list:
    `count(ctx) == len(get(ctx))` in every position. Generated code (codegen.py) calls it for
    `count(name)`.

    `steady` says that gaining or paying a resource never changes the value (a player's cards,
    the board): generated code may then keep a read of it across a `gain` or a `pay`.

    `fixed`, when given, is `(value,)`: the value `get` gives in every game of the loaded
    ruleset (a game.yaml number), which the compiler folds as it folds `2` (folding.py)."""

    type: Type
    get: Callable[[Any], Any]
    text: str
    doc: str = ""  # the one-line description `rococo vocab` and the editor show
    count: Callable[[Any], int] | None = None
    steady: bool = False
    fixed: tuple = ()


@dataclass(frozen=True)
class FieldDef:
    """A record field: `get(ctx, item)` gives its value for one item.

    `column`, when given, is the same field for every item at once: `column(ctx)` is a mapping
    item -> value (`column(ctx)[item] == get(ctx, item)`, a missing item raising as `get`) that
    does not change while an effect runs, such as a catalogue's printed data. Generated code
    (codegen.py) reads it once and looks each item up, instead of a call per item.

    `printed` says that an item's value is printed data of the ruleset: the same in every
    position of every game, read by `get` from `ctx.rules` alone. A check may then keep what
    it read (interpreter/loading/static_checks.py)."""

    type: Type
    get: Callable[[Any, Any], Any]
    text: str
    doc: str = ""  # the one-line description `rococo vocab` and the editor show
    column: Callable[[Any], Mapping[Any, Any]] | None = None
    printed: bool = False


@dataclass(frozen=True)
class OptionDef:
    """A verb option; `type` None means a flag (present or absent, no value).

    A number option is a count or an amount unless `whole` is False: a constant value that is
    negative or not whole is a load error.
    """

    type: Type | None
    required: bool = False
    doc: str = ""  # the one-line description `rococo vocab` and the editor show
    text: str = ""
    whole: bool = True


# What a verb's `run(ctx, args)` gets: option name -> Thunk (True for a flag given).
VerbArgs = Mapping[str, Any]


@dataclass(frozen=True)
class VerbDef:
    """A game verb. `run(ctx, args)` gets option name -> Thunk (or True for flags).

    `text` is an English phrase that may use `{option}` placeholders, and `{option:s}` for a
    plural's s (none when the option is the number 1: 'piece{discard:s}'); `binds` are names
    the verb passes to its option thunks (e.g. `deputed`), and `bind_text` how cards say them.
    When the wording depends on the options' values (one colour or several, 1 bale or 2),
    `describe` gets option name -> its printed value (a list of texts for a list, True for a
    flag) and returns the phrase instead of `text`.
    Each group in `one_of` names options of which exactly one must be given (e.g. a card, or a
    list to choose the card from).
    """

    options: Mapping[str, OptionDef]
    run: Callable[[Any, VerbArgs], Any]
    text: str
    # for `rococo vocab` and the editor: what the verb does, and what each `binds` name is
    doc: str = ""
    bind_docs: Mapping[str, str] = field(default_factory=dict)
    binds: Mapping[str, Type] = field(default_factory=dict)
    bind_text: Mapping[str, str] = field(default_factory=dict)
    describe: Callable[[Mapping[str, Any]], str] | None = None
    one_of: tuple[tuple[str, ...], ...] = ()
    # names of the context the verb reads without an option saying so (e.g. the card being
    # played, whose type decides what it may do): callers that cache "can this be done" use it
    reads: tuple[str, ...] = ()
    # how the verb reads when, alone and without options, it is a whole main action ("Tailor a
    # Garment: make 1 Garment ..."), where `text` says what a bonus adds ("perform 1 additional")
    as_action: str = ""
    # whether a call can be done now, read without a trial run: `can(ctx, args)` -> True (it
    # can), False (it cannot; raising EffectAbort says the same) or None (it cannot tell). It
    # changes nothing, not even its args (a check may give every call the same dict), and must
    # agree with a trial run of the call (the interpreter's checks)
    can: Callable[[Any, VerbArgs], bool | None] | None = None
    # whether no call can be done now, whatever its options and whichever card is played:
    # `blocked(ctx)` -> True only where the verb aborts before it reads an option (a staff at
    # its minimum cannot depute); read once a turn for every card, not once per card. A verb
    # with `blocked` leaves it out of its `can`: a check reads `blocked` first, and `can` only
    # where it said False
    blocked: Callable[[Any], bool] | None = None
    # whether a call may abort the effect (a payment it cannot make, nothing to offer); False
    # for a verb that only moves what its options name: a question before a call of it then
    # stays exact (rulesdsl/aborts.py), where it would be tried option by option
    aborts: bool = True


# The language's built-in functions (the checker's BUILTINS), as (signature, description).
FUNCTIONS: Mapping[str, tuple[str, str]] = {
    "count": ("count(list) -> number", "how many items the list has"),
    "sum": ("sum(list of number) -> number", "the total of a list of numbers (0 when empty)"),
    "min": ("min(number, ...) or min(list of number) -> number",
            "the smallest of the numbers given, or of the list (0 for an empty list)"),
    "max": ("max(number, ...) or max(list of number) -> number",
            "the largest of the numbers given, or of the list (0 for an empty list)"),
    "floor": ("floor(number) -> number", "round down to a whole number"),
    "ceil": ("ceil(number) -> number", "round up to a whole number"),
    "first": ("first(list) -> item", "the first item (stops the effect if the list is empty)"),
    "last": ("last(list) -> item", "the last item (stops the effect if the list is empty)"),
    "nth": ("nth(list, number) -> item",
            "the item at that place, 1 first (stops the effect past the end: write the printed "
            "fallback with count())"),
    "reverse": ("reverse(list) -> list", "the list from its end ('from the right')"),
    "position": ("position(list, item) -> number", "the item's place in the list, 1 first; 0 "
                 "when absent"),
    "mod": ("mod(number, number) -> number", "the remainder of a division (walking round a "
            "circle of spaces)"),
    "min_by": ("min_by(list, key) -> item",
               "the first item with the lowest key; the key reads the item's fields bare or the "
               "item as `it` (`min_by(list as s, key)`: also as `s`, which a `where` inside the "
               "key does not take over)"),
    "max_by": ("max_by(list, key) -> item", "the first item with the highest key"),
    "sort_by": ("sort_by(list, key) -> list", "the items from the lowest key up, equal keys in "
                "the list's order"),
    "random": ("random(list) -> item", "one item drawn at random, by the game's own seeded "
               "generator (stops the effect if the list is empty)"),
}


@dataclass(frozen=True)
class Vocabulary:
    names: Mapping[str, NameDef]
    records: Mapping[str, Mapping[str, FieldDef]]
    enums: Mapping[str, Sequence[str]]
    resources: Mapping[str, str]
    verbs: Mapping[str, VerbDef]
    enum_text: Mapping[str, str] = field(default_factory=dict)
    # Enums whose constants name a thing by themselves ('gown'): a set reads '1 gown', not
    # '1 gown Garment'.
    noun_enums: Sequence[str] = ()
    # Enums whose constants are places: a filter on one reads 'in the Royal Hall' (the text
    # around `{}`), not 'Royal Hall'.
    place_enums: Mapping[str, str] = field(default_factory=dict)
    # The events a `whenever` statement may listen to, each with how a card says it ('you rent
    # out a Garment').
    events: Mapping[str, str] = field(default_factory=dict)
    # One-line descriptions for `rococo vocab`: per enum, per record type, per resource.
    enum_docs: Mapping[str, str] = field(default_factory=dict)
    record_docs: Mapping[str, str] = field(default_factory=dict)
    resource_docs: Mapping[str, str] = field(default_factory=dict)
    # The record type of who may act (`as PLAYER { ... }`, `each opponent { ... }` over the list
    # named `opponents`); None: the language has no actors. The context runs a block as one of
    # them with `act_as(item, run)` and `act_each(items, run)`.
    actor: Type | None = None
    # What can be known of a block without a trial run: `check_of(effect, vocab, analysis)` is
    # a check `f(ctx) -> True | False | None` (None: try it) that answers what a trial run of
    # the block would, or None when its shape needs the trial. The compiler gives one to each
    # `possible(...)` and each `either` alternative that reads no local; without it (None),
    # each of them is a trial run.
    check_of: Callable[[Any, Vocabulary, Any], Callable[[Any], bool | None] | None] | None = None

    @cached_property
    def sure_verbs(self) -> frozenset[str]:
        """The verbs that never abort (VerbDef.aborts False), as rulesdsl/aborts.py reads them."""
        return frozenset(name for name, verb in self.verbs.items() if not verb.aborts)

    def extended(self, names: Mapping[str, NameDef]) -> Vocabulary:
        """A copy with extra (or replaced) names, e.g. a card's own `played`."""
        return replace(self, names={**self.names, **names})

    def places_for(self, t: Type) -> str | None:
        """The phrase around a place ('in the {}') when `t` is an enum of places, else None."""
        return self.place_enums.get(getattr(t, "name", ""))

    def constant_text(self, constant: str) -> str:
        """How an enum constant reads on a card."""
        return self.enum_text.get(constant, constant.replace("_", " "))

    def enums_of(self, constant: str) -> list[str]:
        """The enums that have `constant` (usually one)."""
        return [e for e, consts in self.enums.items() if constant in consts]

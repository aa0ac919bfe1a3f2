"""The frozen catalogue a ruleset is made of: plain records with ids, built once by the loader."""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, fields, is_dataclass
from functools import cached_property
from types import FrameType, FunctionType
from typing import Any, Protocol

from rulesdsl import Vocabulary
from rulesdsl.codegen import SPANS

from .state import Player, State, keyed


class EffectContext(Protocol):
    """What an effect runs in: the context of a step (`Context`, context.py), named here by
    its shape so that the rules' model does not import what runs them."""

    seat: int
    state: State

CardId = str
GarmentId = str
TileId = str
SpaceId = str
MUSICIANS = "musician"  # the area of each hall's musician's Decoration space (halls declare it)
Seat = int


@dataclass(frozen=True)
class Effect:
    """A compiled effect together with where it came from and how it reads as card text.

    `owner` says whose effect it is ("the bonus of employee l1.livre") and `where` is the Span
    of its text in the rules, for errors raised while it runs."""

    source: str
    compiled: Any
    text: str
    owner: str = ""
    where: Any = None
    # whether it can be done now, known without a trial run where the loader could build such
    # a check (loading/static_checks.py): check(ctx) -> True, False or None (run the trial)
    check: Any = field(default=None, compare=False, repr=False)
    # whether it cannot be done now whichever card is played, for an effect that starts with a
    # verb declaring `blocked` (static_checks.build_blocked): blocked(ctx) -> bool, read once a
    # turn for the actions that depend on the card
    blocked: Any = field(default=None, compare=False, repr=False)
    # its check where `blocked` has just said False: the same answer as `check` there, without
    # reading again what `blocked` read (a turn reads `blocked` once, then this for each card);
    # None where it has no `blocked` (static_checks.build_check, `unblocked`)
    unblocked: Any = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        # An effect generated as one Python function (rulesdsl/codegen.py) is called directly,
        # without `run` below (one Python call fewer each time it runs): the Effect gets its
        # own copy of that function, whose globals name it, so that a fault or an explain trace
        # still finds which effect was running (`running_effect`).
        run = getattr(self.compiled, "run", None)
        if isinstance(run, FunctionType) and SPANS in run.__globals__:
            own = FunctionType(run.__code__, {**run.__globals__, EFFECT_GLOBAL: self},
                               run.__name__, run.__defaults__, run.__closure__)
            object.__setattr__(self, "run", own)

    def run(self, ctx: EffectContext, env: dict | None = None) -> None:
        """Run an effect not generated as one function (closures, rulesdsl/compiler.py; a flow
        patch's joined effects): this frame, whose `self` is the effect, is how
        `running_effect` finds it."""
        self.compiled.run(ctx, env)

    @property
    def certain(self) -> bool:
        """Whether it can be done in any position: nothing in it can abort (its check says so
        without reading the position)."""
        return self.check is always_possible

    @cached_property
    def verbs(self) -> frozenset[str]:
        """Every verb the effect calls (read once: a turn asks whether its action offers the
        played card's bonus itself, `offer_bonus`)."""
        return frozenset(verbs_used(self.compiled.effect))

    def mentions(self, name: str) -> bool:
        """Whether the effect's text uses the name (e.g. `played`) anywhere."""
        return name in _names_used(self.compiled.effect)


EFFECT_GLOBAL = "__rococo_effect__"  # the global of an Effect's own generated function: itself
_RUN_CODE = Effect.run.__code__


def running_effect(frame: FrameType) -> Effect | None:
    """The effect a frame is the running body of, if it is one: an Effect's own generated
    function (its globals name it, Effect.__post_init__) or the wrapper `Effect.run`. Faults
    and explain traces read it after the fact, so running an effect records nothing."""
    effect = frame.f_globals.get(EFFECT_GLOBAL)
    if effect is None and frame.f_code is _RUN_CODE:
        effect = frame.f_locals.get("self")
    return effect if isinstance(effect, Effect) else None


def always_possible(ctx: EffectContext) -> bool:
    """The check of an effect nothing in which can abort (loading/static_checks.py)."""
    return True


def ast_nodes(node: Any) -> Iterator[Any]:
    """Every AST node under `node` (itself included), found by walking dataclass fields."""
    if isinstance(node, (tuple, list)):
        for item in node:
            yield from ast_nodes(item)
    elif is_dataclass(node):
        yield node
        for f in fields(node):
            if f.name != "span":
                yield from ast_nodes(getattr(node, f.name))


def verbs_used(node: Any) -> set[str]:
    """Every verb an AST node calls."""
    return {n.verb for n in ast_nodes(node) if isinstance(getattr(n, "verb", None), str)}


def _names_used(node: Any) -> set[str]:
    """Every dotted name an AST node uses, and the first part of each."""
    out: set[str] = set()
    for n in ast_nodes(node):
        path = getattr(n, "path", None)
        if isinstance(path, tuple) and path and all(isinstance(p, str) for p in path):
            out.add(path[0])
            out.add(".".join(path))
    return out


@dataclass(frozen=True)
class Employee:
    id: CardId
    name: str
    level: int
    type: str
    depute_value: int
    bonus: Effect | None = None
    final: Effect | None = None
    start: bool = False
    fields: Mapping[str, Any] = field(default_factory=dict)  # fields a module declares
    start_in: str | None = None  # a zone it starts in, instead of the hire deck
    hire_condition: Condition | None = None  # what must hold to hire it with `hire_from`
    # its depute value was not given for it (nor by its own file's `depute_values`): it is
    # inferred from its type by another file's table (001:499 prints each card's own value)
    depute_inferred: bool = False


@dataclass(frozen=True)
class Condition:
    """A compiled true-or-false expression written on a component (`hire_condition:`), its
    text as a card says it, and where it is written."""

    source: str
    holds: Any  # f(ctx, env) -> bool
    text: str
    where: Any = None


@dataclass(frozen=True)
class Garment:
    id: GarmentId
    color: str
    kind: str
    silk: Mapping[str, int]
    thread: int
    lace: int
    master: bool
    value: int
    prestige: int
    # hooks run when it is tailored (after the cost is paid), placed on a guest space, sold
    on_tailor: Effect | None = None
    on_place: Effect | None = None
    on_sell: Effect | None = None
    sellable: bool = True
    rent_only: bool = False  # never sold, and not tailored while no guest space is free for it
    start_in: str = "garment_bag"  # the zone it starts the game in
    fields: Mapping[str, Any] = field(default_factory=dict)  # fields a module declares
    costs: Mapping[str, int] = field(default_factory=dict)  # other resources paid to tailor it

    def needs(self) -> tuple[tuple[str, int], ...]:
        """The resources (not silk) it takes to tailor: Thread, Lace, then any other `costs`."""
        return self._needs

    @cached_property
    def _needs(self) -> tuple[tuple[str, int], ...]:  # worked out once: tailoring asks often
        return tuple((r, n) for r, n in (("thread", self.thread), ("lace", self.lace),
                                          *self.costs.items()) if n)

    @cached_property
    def bales(self) -> int:
        """How many bales of silk it takes in all (any colours)."""
        return sum(self.silk.values())

    @cached_property
    def tailoring(self) -> tuple[bool, bool, int, tuple[tuple[str, int], ...],
                                 tuple[tuple[str, int], ...]]:
        """What offering it to tailor reads, at once: (a Master's garment, it may be sold,
        its bales, its other resources (`needs`), its silk by colour)."""
        return (self.master, self.sellable and not self.rent_only, self.bales, self._needs,
                tuple(self.silk.items()))


@dataclass(frozen=True)
class Zone:
    """A place for components that modules declare (a set-aside pile, a display): `holds`
    garments, tiles or employees; `visible` says whether players see what is in it."""

    id: str
    holds: str
    visible: bool = True
    name: str = ""
    start: str = ""  # what it starts with: "all" of its kind that start there, "hire_deck"
    per_player: bool = False  # one pile per player, in the player's `zones`


@dataclass(frozen=True)
class ComponentKind:
    """A kind of component a module declares in data (`components:` in a flow document): its
    fields (name -> the enum or type of its values), the zone its pieces start in, and who sees
    the pieces a player holds ("all", or "owner": the others see how many)."""

    id: str
    name: str
    fields: Mapping[str, str]  # field -> "number", "boolean", or an enum's name
    start_in: str
    visible: str = "all"


@dataclass(frozen=True)
class Piece:
    """One component of a declared kind, with its field values (a catalogue entry)."""

    id: str
    kind: str
    values: Mapping[str, Any]


@dataclass(frozen=True)
class Display:
    """A row of positioned slots, each with a price (`prices`, or "board": the board side's
    printed costs), filled from a source zone. Renewing it discards the rightmost pieces into
    `discard`, slides the rest right and refills from the right end leftwards, leaving the
    leftmost slots empty when the source runs out; `recycle` refills the source from the
    discard first, when it is empty."""

    id: str
    holds: str
    source: str
    discard: str
    prices: tuple[int, ...] | str
    recycle: bool = False
    name: str = ""
    game: bool = False  # declared in game.yaml: its slots are a state key of their own


@dataclass(frozen=True)
class Trigger:
    """An effect that runs when an event happens, for the acting seat, while its owner is in
    play (a module, an employee on the staff, a decoration held, a garment on the board)."""

    id: str
    on: str
    effect: Effect
    owner_kind: str = "module"
    owner: str = ""
    limit: str = "always"  # or "once" (a game, per seat), "once_per_round"
    # "" = it listens whenever its owner is in play; a lifetime (turn_end, round_end, game_end)
    # = it listens only once an effect started it (`start_trigger`), for that player, until then
    until: str = ""


@dataclass(frozen=True)
class Tile:
    id: TileId
    silk: Mapping[str, int]
    bottom: str
    fields: Mapping[str, Any] = field(default_factory=dict)  # fields a module declares

    @cached_property
    def conversions(self) -> tuple[tuple[str, ...], ...]:
        """What discarding the tile may give: '+' gives both, '/' lets the owner pick one
        (worked out once: a tile is acquired, and asked about, many times a game)."""
        if "+" in self.bottom:
            return (tuple(self.bottom.split("+")),)
        return tuple((part,) for part in self.bottom.split("/"))

    @cached_property
    def keep_values(self) -> tuple[str, ...]:
        """The values of the question asked when the tile is acquired (`take_tile`): "keep",
        then each way to discard it, its gains joined by '+' ("thread+lace"); worked out
        once, a tuple the question's Decision takes as it is."""
        return ("keep", *("+".join(gives) for gives in self.conversions))

    @cached_property
    def bales(self) -> int:
        """How many bales of silk it holds, of any colours."""
        return sum(self.silk.values())


@dataclass(frozen=True)
class GuestSpace:
    id: SpaceId
    hall: str
    master: bool
    reward: Effect | None


@dataclass(frozen=True)
class Decoration:
    id: SpaceId
    area: str
    cost: int
    prestige: int
    order: int
    hall: str | None = None
    multiplier: int | None = None


@dataclass(frozen=True)
class Area:
    """A kind of Decoration space as the board side prints it: its spaces left to right, and
    the prestige for the most and second most of its Decorations (empty: none printed)."""
    id: str
    spaces: tuple[SpaceId, ...]
    majority: tuple[int, ...] = ()


@dataclass(frozen=True)
class Hall:
    id: str
    name: str
    royal: bool
    majority: tuple[int, ...]
    musician: SpaceId
    guest_spaces: tuple[SpaceId, ...]


@dataclass(frozen=True)
class BoardSide:
    id: str
    players: tuple[int, ...]
    garment_costs: tuple[int, ...]
    drawers: int
    tiles_per_drawer: int
    halls: tuple[Hall, ...]
    guest_spaces: Mapping[SpaceId, GuestSpace]
    decorations: Mapping[SpaceId, Decoration]
    areas: Mapping[str, Area]  # by id, in board order; the musicians' area is the halls'
    all_halls: tuple[int, ...]

    def column(self, catalogue: str, attr: str) -> Mapping[str, Any]:
        """One field of every entry of a catalogue ('decorations', 'area'), by id."""
        return _column(self, catalogue, attr)

    @cached_property
    def halls_by_id(self) -> Mapping[str, Hall]:
        return {h.id: h for h in self.halls}

    @cached_property
    def decorations_by_cost(self) -> tuple[tuple[int, SpaceId, str], ...]:
        """(cost, space, area) of every Decoration space, the cheapest first (board order among
        equals)."""
        return tuple(sorted(((d.cost, s, d.area) for s, d in self.decorations.items()),
                            key=lambda t: t[0]))

    @cached_property
    def master_spaces(self) -> tuple[SpaceId, ...]:
        """The Master guest spaces, in board order."""
        return tuple(s for s, space in self.guest_spaces.items() if space.master)

    @cached_property
    def guest_spaces_for(self) -> Mapping[bool, tuple[SpaceId, ...]]:
        """The guest spaces a garment can be rented to, in board order, by whether a Master
        made it (only then the Master spaces too)."""
        return {True: tuple(self.guest_spaces),
                False: tuple(s for s, space in self.guest_spaces.items() if not space.master)}


@dataclass(frozen=True)
class Action:
    id: str
    name: str
    types: tuple[str, ...]
    effect: Effect

    def depends_on(self, vocabulary: Vocabulary) -> str:
        """What whether it can be done depends on, besides the position: "card" when its
        effect names `played`, "type" when one of its verbs reads the played card (a Master may
        tailor Master garments), otherwise "nothing"."""
        if self.effect.mentions("played"):
            return "card"
        verbs = vocabulary.verbs
        if any("played" in verbs[v].reads for v in self.effect.verbs if v in verbs):
            return "type"
        return "nothing"


@dataclass(frozen=True)
class Step:
    id: str
    name: str
    effect: Effect


@dataclass(frozen=True)
class Phase:
    """A phase of a round or of final scoring: `steps` run once each, `each_player` once per
    player from the start player, `turns` one turn at a time while anyone holds cards."""

    id: str
    name: str
    kind: str
    steps: tuple[Step, ...]


@dataclass(frozen=True)
class SeatKind:
    """A kind of seat a module declares: a seat that plays itself by its rules (an automaton).

    `phases` replaces, for seats of this kind, the per-player effect of a phase (`select`,
    `income`...) or, for a `turns` phase, what one turn is; `policy` answers, per decision kind,
    every question its rules leave open (ordered preferences over the option values); `bonuses`
    are its readings of cards' bonuses (card id -> effect, and `no_bonus` for a card without
    one), `triggers` its readings of module triggers (trigger id -> the effect run instead for
    a seat of this kind); `public_zones` are per-player zones it keeps face up."""

    id: str
    name: str
    count: int
    setup: Mapping[str, int]
    start_player: bool
    setup_effect: Effect | None
    phases: Mapping[str, Effect]
    zones: tuple[str, ...]
    never_gain: tuple[str, ...]
    never_pay: tuple[str, ...]
    bonuses: Mapping[str, Effect]
    no_bonus: Effect | None
    policy: Mapping[str, tuple]
    wins_ties: bool
    cards: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    triggers: Mapping[str, Effect] = field(default_factory=dict)
    public_zones: tuple[str, ...] = ()
    where: Any = None  # the Span of its policy (or of its id), for a question it leaves open
    # each of its own cards' face as text, and whether that text is `printed` (the rulebook's
    # words) or `reconstructed` (written for the engine where no face is printed)
    faces: Mapping[str, tuple[str, str]] = field(default_factory=dict)

    def bonus_for(self, card: Employee) -> Effect | None:
        """The bonus a seat of this kind uses when it plays `card`: its own reading of that
        card, else the printed bonus, else its reading of a card without one."""
        return self.bonuses.get(card.id) or card.bonus or self.no_bonus

    def pile(self, player: Player, which: int) -> list[str]:
        """One of its own card piles (0 supply, 1 hand, 2 discard): the per-player zones its
        `zones` name, or, for a kind without cards of its own, the player's Employee piles."""
        if self.cards:
            return player["zones"][self.zones[which]]
        return keyed(player)[("supply", "hand", "discard")[which]]


@dataclass(frozen=True)
class Hidden:
    """What a ruleset hides from the other seats (`Ruleset.hidden`, worked out once): the one
    description `player_view` and the environments' encoder both hide by. Hands, supplies,
    tiles, the generator and the seed are hidden in every ruleset and are not listed here."""
    private: frozenset[str]  # the players' counters kept face down until the game is over
    board_zones: tuple[str, ...]  # board piles the players see as a count
    game_zones: frozenset[str]  # game zones the players see as a count
    player_zones: frozenset[str]  # per-player zones only their owner sees, unless...
    face_up: Mapping[str, frozenset[str]]  # ...the owner's kind of seat keeps them face up
    owned: frozenset[str]  # component kinds only their owner sees (the others: a count)

    def sees(self, player: Player, zone: str) -> bool:
        """Whether the other seats see `player`'s pile of the per-player zone `zone`."""
        if zone not in self.player_zones:
            return True
        kind = player.get("kind")
        return kind is not None and zone in self.face_up.get(kind, ())


@dataclass(frozen=True)
class Ruleset:
    modules: tuple[str, ...]
    fingerprint: str
    rounds: int
    hand_size: int
    setup: Mapping[str, Any]
    colors: tuple[str, ...]
    employees: Mapping[CardId, Employee]
    start_cards: tuple[Employee, ...]
    hire_levels: tuple[int, ...]
    garments: Mapping[GarmentId, Garment]
    tiles: Mapping[TileId, Tile]
    sides: tuple[BoardSide, ...]
    actions: Mapping[str, Action]
    round_phases: tuple[Phase, ...]
    final_phases: tuple[Phase, ...]
    fund_limits: Mapping[str, int]
    words: Mapping[str, str]
    vocabulary: Any = field(repr=False, compare=False, default=None)
    # each loaded module: {"id", "version", "digest"} (the digest covers its header and files)
    module_info: tuple[Mapping[str, str], ...] = ()
    zones: tuple[Zone, ...] = ()
    # the game's own piles (game.yaml's zones): state keys of their own
    board_zones: tuple[Zone, ...] = ()
    # player counters only their owner sees until the game ends (a flow document's `private`)
    private: tuple[str, ...] = ()
    triggers: Mapping[str, tuple[Trigger, ...]] = field(default_factory=dict)
    # the triggers with a lifetime (`until:`), by id: they listen once an effect starts them
    started: Mapping[str, Trigger] = field(default_factory=dict)
    # resources the modules add, with what each player starts with: "jewel" -> 0
    extra_resources: Mapping[str, int] = field(default_factory=dict)
    # the modules' parameters as chosen: "festivity_dresses.join_round" -> 1
    params: Mapping[str, Any] = field(default_factory=dict)
    # where each catalogue entry is defined: "garment:blue_01" -> "rules/base/garments.yaml:40:7"
    sources: Mapping[str, str] = field(default_factory=dict, compare=False)
    # the kinds of seat the modules declare (a solo mode's automata), in seat order after the
    # people's seats; `humans` is how many people play when a kind is declared
    seat_kinds: tuple[SeatKind, ...] = ()
    humans: int | None = None
    # game-level counters (not owned by a player) with their starting values: "focus" -> 0
    counters: Mapping[str, int] = field(default_factory=dict)
    # the keys that rank players at the end, best first (game.yaml's ranking)
    ranking: tuple[str, ...] = ("prestige", "livre")
    # the kinds of component modules declare, their pieces by id, and the positioned displays
    components: Mapping[str, ComponentKind] = field(default_factory=dict)
    pieces: Mapping[str, Piece] = field(default_factory=dict)
    displays: tuple[Display, ...] = ()
    # the bodies of the `whenever` statements of every effect, by where each is written
    lasting: Mapping[str, Any] = field(default_factory=dict, compare=False)
    # Positioned `LoadWarning`s: accepted, but probably not what the designer meant.
    warnings: tuple = field(repr=False, compare=False, default=())
    # the setup stage: phases run once before round 1 (a flow document's `setup:`)
    setup_phases: tuple[Phase, ...] = ()
    # whether `seat_kinds` has any, asked by every gain and payment: worked out once, here
    has_seat_kinds: bool = field(init=False, repr=False, compare=False, default=False)
    # how it was loaded (loading/loader.py `Recipe`), set by `load_ruleset` alone: a pickle
    # carries it. Not an argument, so `dataclasses.replace` of a loaded ruleset (other rules)
    # has none.
    recipe: Any = field(init=False, repr=False, compare=False, default=None)

    def __post_init__(self) -> None:
        object.__setattr__(self, "has_seat_kinds", bool(self.seat_kinds))

    # Nothing changes a ruleset once loaded (what is written into it later are caches of its
    # own data: `labellers`, the flow's plan, the option tables, the memos of its effects), so
    # a copy of it, shallow or deep, is the ruleset itself, as a tuple's.
    def __copy__(self) -> Ruleset:
        return self

    def __deepcopy__(self, memo: dict) -> Ruleset:
        return self

    def __reduce__(self) -> tuple:
        """A pickle of a ruleset is how it was loaded (its effects are compiled functions,
        which do not pickle): the receiving process loads the same files again, once, and
        refuses them if they are no longer the same rules (`loader.reload_ruleset`)."""
        if self.recipe is None:
            raise TypeError(
                "this Ruleset was not made by load_ruleset (built by hand, or changed with "
                "dataclasses.replace), so it cannot be pickled: its effects are compiled "
                "functions, and a pickle of a loaded ruleset is how it was loaded. Pickle "
                "load_ruleset's arguments instead and load the rules in the receiving process")
        return self.recipe.pickled(self)

    def side_for(self, players: int) -> BoardSide:
        for side in self.sides:
            if players in side.players:
                return side
        raise ValueError(f"no board side for {players} players")

    @cached_property
    def labellers(self) -> dict[int, Any]:
        """The labeller of each of its board sides (core/labels.py `labeller_for`), made once
        and shared by every game of this ruleset: labels depend on nothing else."""
        return {}

    @cached_property
    def start_piles(self) -> dict[str, dict[str, tuple]]:
        """What each pile of a new game holds before it is shuffled (core/new_game.py
        `start_piles`), worked out once and shared by every game of this ruleset."""
        return {}

    @cached_property
    def expected_components(self) -> dict[tuple[str, ...], tuple]:
        """The employees, garments and tiles a game is played with, by its seats' colours
        (core/integrity.py `expected_components`), worked out once for each."""
        return {}

    @cached_property
    def action_dependence(self) -> Mapping[str, str]:
        """For each action, what whether it can be done depends on (Action.depends_on)."""
        return {a.id: a.depends_on(self.vocabulary) for a in self.actions.values()}

    @cached_property
    def actions_for_type(self) -> Mapping[str, tuple[tuple[Action, str], ...]]:
        """For each Employee type, the actions a card of that type may perform, in the
        ruleset's order, each with what whether it can be done depends on."""
        depends = self.action_dependence
        types = {card.type for card in self.employees.values()}
        types.update(t for a in self.actions.values() for t in a.types)
        return {t: tuple((a, depends[a.id]) for a in self.actions.values() if t in a.types)
                for t in types}

    @cached_property
    def offering_bonus(self) -> frozenset[str]:
        """The actions that offer the played card's bonus themselves (`offer_bonus`), after
        which a turn does not offer it."""
        return frozenset(a.id for a in self.actions.values() if "offer_bonus" in a.effect.verbs)

    @cached_property
    def hidden(self) -> Hidden:
        """What these rules hide from the other seats (see `Hidden`)."""
        return Hidden(
            private=frozenset(self.private),
            board_zones=tuple(z.id for z in self.board_zones if not z.visible),
            game_zones=frozenset(z.id for z in self.zones if not z.per_player and not z.visible),
            player_zones=frozenset(z.id for z in self.zones if z.per_player and not z.visible),
            face_up={k.id: frozenset(k.public_zones) for k in self.seat_kinds},
            owned=frozenset(k.id for k in self.components.values() if k.visible != "all"))

    @cached_property
    def fewest_bales(self) -> int:
        """The fewest bales of silk any garment takes."""
        return min((g.bales for g in self.garments.values()), default=0)

    @cached_property
    def plays_for_type(self) -> Mapping[str, tuple[tuple[str, Effect, tuple | None], ...]]:
        """`actions_for_type` as a turn's options read it: (action id, effect, the key whether
        it can be done is kept under for every card of the type), the key None for an action
        that depends on the card itself."""
        return {t: tuple((a.id, a.effect, None if on == "card" else
                          (t if on == "type" else None, a.id)) for a, on in actions)
                for t, actions in self.actions_for_type.items()}

    def column(self, catalogue: str, attr: str) -> Mapping[str, Any]:
        """One field of every entry of a catalogue ('garments', 'color'), by id: what the
        effect language's catalogue fields read (FieldDef.column)."""
        return _column(self, catalogue, attr)

    def zone(self, zone_id: str) -> Zone:
        return next(z for z in self.zones if z.id == zone_id)

    def display(self, display_id: str) -> Display:
        return next(d for d in self.displays if d.id == display_id)

    def word(self, key: str) -> str:
        return self.words.get(key, key.replace("_", " "))

    def term(self, key: str, default: str) -> str:
        """The edition's name for a thing the engine's texts name (words.yaml), else the
        default wording (the Deluxe one)."""
        return self.words.get(key, default)


def _column(owner: Any, catalogue: str, attr: str) -> Mapping[str, Any]:
    """`{id: getattr(entry, attr)}` over `owner.<catalogue>`, built on first use and kept with
    the (frozen, never changed) owner."""
    columns = owner.__dict__.get("_columns")
    if columns is None:
        columns = owner.__dict__["_columns"] = {}
    column = columns.get((catalogue, attr))
    if column is None:
        column = columns[catalogue, attr] = {
            key: getattr(entry, attr) for key, entry in getattr(owner, catalogue).items()}
    return column

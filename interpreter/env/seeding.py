"""numpy's seeded generator (`numpy.random.default_rng(seed)`: SeedSequence, PCG64 and
`Generator.integers`) worked out as plain integers, for the few draws a reset makes.

A reset seeds two generators (Gymnasium's `np_random`, drawn for the game's and the bots'
seeds, and the AEC environment's), about 210k instructions of numpy's Python-called Cython
(its SeedSequence alone runs `np.errstate`), against a few thousand here, compiled
(interpreter/_core.py). The numbers are numpy's, for any seed (tests/test_env_seeding.py);
`Pcg64.generator()` gives numpy's own in the same state, for a caller that reads one.
SeedSequence's 32-bit products are taken in 16-bit parts so that, compiled, each is a machine
multiplication.
"""
from __future__ import annotations

import importlib
from typing import Any, Final

# numpy at run time, not for the build: mypyc compiles this module where numpy is not installed
# yet (pip builds the wheel before it installs the dependencies), and its types are not needed
np: Any = importlib.import_module("numpy")

_M16: Final = 0xFFFF
_M32: Final = 0xFFFFFFFF
_M64: Final = (1 << 64) - 1
_M128: Final = (1 << 128) - 1
# numpy/random/bit_generator.pyx's SeedSequence constants
_INIT_A: Final = 0x43B0D7E5
_MULT_A: Final = 0x931E8875
_INIT_B: Final = 0x8B51F9DD
_MULT_B: Final = 0x58F38DED
_MIX_L: Final = 0xCA01F9DD
_MIX_R: Final = 0x4973F715
_PCG_MULT: Final = 0x2360ED051FC65DA44385DF649FCCF645  # PCG_DEFAULT_MULTIPLIER_128


def _mul32(a: int, b: int) -> int:
    """a * b modulo 2**32 (a, b below 2**32) by 16-bit parts (mypyc multiplies natively only
    factors below 2**30)."""
    al, bl = a & _M16, b & _M16
    return (al * bl + ((((a >> 16) * bl + al * (b >> 16)) & _M16) << 16)) & _M32


def _consts(start: int, mult: int, count: int) -> list[int]:
    """SeedSequence's hash constants for `count` hashes in a row, and the one after: a running
    product, the same whatever is hashed, so it is worked out once."""
    out = [start]
    for _ in range(count):
        start = _mul32(start, mult)
        out.append(start)
    return out


_A: Final = tuple(_consts(_INIT_A, _MULT_A, 16))  # the pool's first sixteen hashes: k xors
_B: Final = tuple(_consts(_INIT_B, _MULT_B, 8))   # with _A[k], multiplies by _A[k + 1]


def _hash(value: int, k: int) -> int:
    """SeedSequence's `hashmix`, as its `k`th hash of the pool."""
    value = _mul32(value ^ _A[k], _A[k + 1])
    return value ^ (value >> 16)


def _mix(x: int, y: int) -> int:
    value = (_mul32(x, _MIX_L) - _mul32(y, _MIX_R)) & _M32
    return value ^ (value >> 16)


def _pool(seed: int) -> tuple[int, int, int, int]:
    """SeedSequence(seed).pool: the seed's 32-bit words (least significant first) hashed and
    mixed into four, as `mix_entropy` does them."""
    if seed >= 1 << 128:  # more than four words: numpy's (never a reset's own draws)
        p = np.random.SeedSequence(seed).pool
        return int(p[0]), int(p[1]), int(p[2]), int(p[3])
    pool = [_hash((seed >> 32 * k) & _M32, k) for k in range(4)]
    k = 4
    for source in range(4):  # each word's hash mixed into every other word, in numpy's order
        for into in range(4):
            if into != source:
                pool[into] = _mix(pool[into], _hash(pool[source], k))
                k += 1
    return pool[0], pool[1], pool[2], pool[3]


def _word(pool: tuple[int, int, int, int], k: int) -> int:
    """generate_state's `k`th 32-bit word."""
    value = _mul32(pool[k & 3] ^ _B[k], _B[k + 1])
    return value ^ (value >> 16)


class Pcg64:
    """`np.random.default_rng(seed)` for a whole number seed >= 0, drawing `integers(0, high)`
    as numpy does (Lemire's bounded method; below 2**32 from the halves of 64-bit outputs,
    which PCG64's `next_uint32` keeps in turn)."""

    def __init__(self, seed: int):
        pool = _pool(seed)
        # generate_state(4, np.uint64): the initial state, then the stream, each two words
        # high first, each word two 32-bit halves low first
        state = (_word(pool, 0) | _word(pool, 1) << 32) << 64 | _word(pool, 2) | \
            _word(pool, 3) << 32
        stream = (_word(pool, 4) | _word(pool, 5) << 32) << 64 | _word(pool, 6) | \
            _word(pool, 7) << 32
        self.seed = seed
        self.inc: int = (stream << 1 | 1) & _M128  # pcg_setseq_128_srandom_r
        self.state: int = ((self.inc + state) * _PCG_MULT + self.inc) & _M128
        self.half = -1  # the upper half of the last output while it is not drawn

    def next64(self) -> int:
        state = (self.state * _PCG_MULT + self.inc) & _M128
        self.state = state
        value = ((state >> 64) ^ state) & _M64
        rot = state >> 122
        return ((value >> rot) | (value << (64 - rot))) & _M64

    def next32(self) -> int:
        half = self.half
        if half >= 0:
            self.half = -1
            return half
        value = self.next64()
        self.half = value >> 32
        return value & _M32

    def integers(self, high: int) -> int:
        """`Generator.integers(0, high)` for 1 < high <= 2**63 (numpy's int64 draw)."""
        excl = high  # numpy's `rng + 1`
        small = high - 1 <= _M32
        mask = _M32 if small else _M64
        product = (self.next32() if small else self.next64()) * excl
        if product & mask < excl:
            threshold = (mask - high + 1) % excl
            while product & mask < threshold:
                product = (self.next32() if small else self.next64()) * excl
        return product >> (32 if small else 64)

    def __reduce__(self) -> tuple:
        """Copied and pickled as its numbers (compiled, the class is made from its seed)."""
        return _restored, (self.seed, self.state, self.inc, self.half)

    def generator(self) -> Any:
        """numpy's generator for this seed, in the state these draws have left."""
        bits = np.random.PCG64(self.seed)
        bits.state = {"bit_generator": "PCG64",
                      "state": {"state": self.state, "inc": self.inc},
                      "has_uint32": int(self.half >= 0), "uinteger": max(self.half, 0)}
        return np.random.Generator(bits)


def _restored(seed: int, state: int, inc: int, half: int) -> Pcg64:
    """A Pcg64 as `Pcg64.__reduce__` kept it."""
    drawing = Pcg64(0)
    drawing.seed, drawing.state, drawing.inc, drawing.half = seed, state, inc, half
    return drawing


class Drawing:
    """numpy's own generator drawn as a Pcg64 draws (`integers(high)`): a seed that is no whole
    number >= 0 (numpy refuses it, or reads it as it does), or none (fresh entropy)."""

    def __init__(self, seed: object = None):
        self.numpy = np.random.default_rng(seed)

    def integers(self, high: int) -> int:
        return int(self.numpy.integers(0, high))


def seeded(seed: object) -> Pcg64 | Drawing:
    """numpy's `default_rng(seed)`, as a Pcg64 for a whole number >= 0 (not a bool)."""
    return Pcg64(seed) if type(seed) is int and seed >= 0 else Drawing(seed)

"""The static types of the effect language, used by the checker to reject bad rule text early."""
from __future__ import annotations

from dataclasses import dataclass


class Type:
    """Base of all types; str() is the readable form used in error messages."""


@dataclass(frozen=True)
class PrimType(Type):
    name: str

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class EnumType(Type):
    name: str

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class RecordType(Type):
    name: str

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class ListType(Type):
    item: Type

    def __str__(self) -> str:
        if self.item == UNKNOWN:
            return "list"
        return f"list of {self.item}"


NUMBER = PrimType("number")
BOOLEAN = PrimType("boolean")
# The type of an expression that already produced an error (or `[]`): it matches anything,
# so one mistake is reported once rather than cascading.
UNKNOWN = PrimType("unknown")


def compatible(a: Type, b: Type) -> bool:
    """True if a value of type `a` may be used where `b` is expected."""
    if a == UNKNOWN or b == UNKNOWN:
        return True
    if isinstance(a, ListType) and isinstance(b, ListType):
        return compatible(a.item, b.item)
    return a == b


def unify(a: Type, b: Type) -> Type:
    """The more precise of two compatible types."""
    if a == UNKNOWN:
        return b
    if isinstance(a, ListType) and isinstance(b, ListType):
        return ListType(unify(a.item, b.item))
    return a

"""Suggestions for a misspelt word: the one place that decides what counts as close."""
from __future__ import annotations

from collections.abc import Iterable

CUTOFF = 0.6  # difflib's similarity ratio a known word needs to be suggested


def closest(word: object, known: Iterable[object]) -> str | None:
    """The known word nearest to `word`, if one is close enough (difflib is imported only
    for a mistake: valid rules never need it)."""
    import difflib

    close = difflib.get_close_matches(str(word), [str(k) for k in known], n=1, cutoff=CUTOFF)
    return close[0] if close else None


def did_you_mean(word: object, known: Iterable[object]) -> str:
    """" (did you mean 'x'?)" when a known word is close to `word`, else ""."""
    close = closest(word, known)
    return f" (did you mean '{close}'?)" if close is not None else ""

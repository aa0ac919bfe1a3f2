"""`rococo bench`: how fast the engine is, measured the same way on every version of it.

The benchmark lives apart from the engine: its hand-written reference effects name rules by id,
which the engine itself never does. Speed is shown here only, never asserted by a test.
"""
from __future__ import annotations

from .runner import run_bench

__all__ = ["run_bench"]

"""`rococo test PATH...`: run scenario files and report each failed expectation where it
stands in its file, then `N passed, M failed`."""
from __future__ import annotations

import sys
from pathlib import Path

from ..scenario.files import find_scenario_files, run_files


def cmd_test(args) -> int:
    missing = [p for p in args.paths if not Path(p).exists()]
    if missing:
        print(f"error: no such file or folder: {', '.join(missing)}", file=sys.stderr)
        return 2
    files = find_scenario_files([Path(p) for p in args.paths])
    if not files:
        print("error: no scenario files found", file=sys.stderr)
        return 2
    results = run_files(files)
    for result in results:
        if result.passed:
            if args.verbose:
                print(f"ok    {result.span}: {result.name}")
            continue
        what = result.name if result.name is not None else "not a valid scenario file"
        print(f"FAIL  {result.span}: {what}")
        for failure in result.failures:
            print("  " + failure.render().replace("\n", "\n  "))
    passed = sum(r.passed for r in results)
    print(f"{passed} passed, {len(results) - passed} failed")
    return 0 if passed == len(results) else 1

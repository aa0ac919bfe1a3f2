"""Issue 34: each module of the packages has a file name of its own, so that a name in a
traceback, an editor's tab or a review says which file it is (`__init__.py` aside)."""
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("interpreter", "rulesdsl")


def test_no_two_modules_share_a_file_name():
    where: defaultdict[str, list[str]] = defaultdict(list)
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            if path.name != "__init__.py":
                where[path.name].append(path.relative_to(ROOT).as_posix())
    where["setup.py"].append("setup.py")  # the build's own, beside the packages
    assert len(where) > 60  # the packages were found
    assert {name: paths for name, paths in where.items() if len(paths) > 1} == {}

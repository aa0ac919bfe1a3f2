"""mkdocs hooks: the reference pages made from the code when the site is built.

docs/cli.md (every command's options) is generated from the argparse parser, so it is never
committed and never stale; the vocabulary lives in docs/effect-language.md between marker
comments (`rococo vocab --update-docs`, held to the code by tests/test_vocab_doc.py).
"""

from __future__ import annotations

import sys
from pathlib import Path

from mkdocs.structure.files import File, Files

try:
    from interpreter.cli.reference_command import markdown
except ImportError:  # the package not installed: read it from this checkout
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from interpreter.cli.reference_command import markdown


def on_files(files: Files, config) -> Files:
    files.append(File.generated(config, "cli.md", content=markdown()))
    return files

"""mkdocs hooks: the reference pages made from the code when the site is built.

docs/cli.md (every command's options) is generated from the argparse parser, so it is never
committed and never stale; the vocabulary lives in docs/effect-language.md between marker
comments (`rococo vocab --update-docs`, held to the code by tests/test_vocab_doc.py).
"""

from __future__ import annotations

from mkdocs.structure.files import File, Files


def on_files(files: Files, config) -> Files:
    from interpreter.cli.reference import markdown

    files.append(File.generated(config, "cli.md", content=markdown()))
    return files

"""One entry point from a document to its heading tree, whatever its source format (markdown, RST)."""

from __future__ import annotations

from dataclasses import dataclass, field

from indexes.sources.documents import Document
from indexes.sources.markdown import build_tree
from indexes.sources.tree_model import TreeNode


@dataclass
class DocumentTree:
    root: TreeNode
    warnings: list[str] = field(default_factory=list)  # "path:line: message", e.g. docutils complaints


def build_document_tree(doc: Document, count_tokens) -> DocumentTree:
    """The heading tree of ``doc`` (``count_tokens(text) -> int``) and any warnings about its source."""
    match doc.format:
        case "markdown":
            return DocumentTree(build_tree(doc, count_tokens))
        case "rst":
            from indexes.sources.rst import build_rst_tree

            built = build_rst_tree(doc, count_tokens)
            return DocumentTree(built.root, built.warnings)
        case _:
            raise ValueError(f"unknown document format {doc.format!r}; expected markdown or rst")

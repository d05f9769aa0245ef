"""Errors of the project. Messages say how to fix; the edges translate them (CLI line, MCP ToolError)."""


class QuycheError(Exception):
    """Base class for expected failures (bad input, missing index)."""


class DocumentError(QuycheError):
    """A corpus file that cannot be indexed (empty, not UTF-8, bad front matter, ...)."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason


class IndexMissingError(QuycheError):
    """No index has been built yet."""

    def __init__(self, index_dir: str) -> None:
        super().__init__(f"no index at {index_dir}; build it with: quyche index")


class UnknownDocumentError(QuycheError):
    def __init__(self, doc_id: str, known: list[str]) -> None:
        super().__init__(f"unknown document id {doc_id!r}; known: {', '.join(known) or '(none)'}")
        self.doc_id = doc_id
        self.known = known

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


class StoreDamagedError(QuycheError):
    """The document store is missing, empty or unreadable while a published index exists."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(
            f"document store {path} {reason}; nothing was changed. Repair it from the published index with: "
            "quyche doctor --repair"
        )
        self.path = path


class IndexDamagedError(QuycheError):
    """A published index file is missing or differs from what the build recorded."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(
            f"index file {path} {reason}; rebuild the index from the document store with: quyche doctor --repair"
        )
        self.path = path


class InputTooLargeError(QuycheError):
    """A query, a document or a payload over one of the limits in settings (the message names it)."""


class ThreadAccessError(QuycheError):
    """A conversation thread that belongs to another tenant (thread ids never cross tenants)."""

    def __init__(self, thread_id: str) -> None:
        super().__init__(
            f"thread {thread_id!r} belongs to another tenant; start a new conversation (no thread_id)"
        )
        self.thread_id = thread_id

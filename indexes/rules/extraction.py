"""Rule extraction with langextract: quantitative rules (leave days, hours, amounts, ...) with exact spans.

Both ways run through ``lx.extract``, so chunking and alignment are langextract's own:

- ``llm_mode() == "gemini"``: Gemini reads the prompt and few-shot examples of ``indexes.rules.examples``;
- offline (default): ``OfflineRuleModel``, a langextract provider registered with its router, answers each
  chunk's prompt with the rules that ``indexes.rules.patterns`` finds by pattern. No network, no key.

langextract takes ~1 s to import (pandas), so it is imported inside the functions that need it.
"""

from __future__ import annotations

import bisect
import functools
import json
import logging
import time
import unicodedata
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

from indexes.models import choose
from indexes.rules.offline_provider import offline_model
from indexes.settings import Settings
from indexes.sources.documents import Document
from indexes.sources.tree_model import TreeNode
from indexes.spans import line_offset

log = logging.getLogger(__name__)

_MAX_CHAR_BUFFER = 1500  # characters per chunk sent to the model
_RESOLVER_PARAMS = {"accept_match_lesser": False}


@dataclass(frozen=True)
class Rule:
    rule_class: str  # "LeaveRule", ...
    text: str  # the extraction's text (verbatim source span when aligned)
    attributes: dict[str, str]
    doc_id: str
    node_id: str  # the tree node whose own line range holds the span (deepest such node)
    start: int | None  # char offsets into Document.text (None when unaligned)
    end: int | None
    line_start: int | None  # 1-based lines of the span
    line_end: int | None
    alignment: str  # langextract's alignment_status name, e.g. "match_exact", or "unaligned"

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict) -> Rule:
        return cls(**{**data, "attributes": {str(k): str(v) for k, v in data.get("attributes", {}).items()}})


def extract_rules(doc: Document, root: TreeNode, settings: Settings) -> list[Rule]:
    """Extract the rules of one document (offline provider or Gemini, by settings.llm_mode()).

    Extraction runs over the body (after the front matter), NFC-normalised; offsets and lines refer to
    ``doc.text``. Rules come in source order. With Gemini, langextract's errors (network, quota) propagate.
    """
    body_offset = line_offset(doc.text, doc.body_start_line)
    body, to_source = _nfc_with_offsets(doc.text[body_offset:])
    if not body.strip():
        return []
    began = time.perf_counter()
    model = choose("rule_extractor", settings)
    online = model.kind == "gemini"
    extractions = _extract_gemini(body, settings) if online else _extract_offline(body)
    line_starts = [0] + [i + 1 for i, ch in enumerate(doc.text) if ch == "\n"]
    nodes = list(root.walk())
    rules = []
    for extraction in extractions:
        interval, status = extraction.char_interval, extraction.alignment_status
        if interval is None or status is None or interval.start_pos is None or interval.end_pos is None:
            rules.append(_rule(doc, root.node_id, extraction, None, None, None, None, "unaligned"))
            continue
        start = body_offset + to_source(interval.start_pos)
        end = body_offset + to_source(interval.end_pos - 1, end=True)
        first = bisect.bisect_right(line_starts, start)
        last = bisect.bisect_right(line_starts, end - 1)
        node_id = _deepest_node(nodes, first) or root.node_id
        rules.append(_rule(doc, node_id, extraction, start, end, first, last, status.value))
    rules.sort(key=lambda r: (r.start is None, r.start or 0))  # a second Gemini pass appends its finds
    log.info("%s: %d rules (%s) in %.2f s", doc.doc_id, len(rules), model.kind, time.perf_counter() - began)
    return rules


def _rule(doc: Document, node_id: str, extraction: Any, start, end, first, last, alignment: str) -> Rule:
    attributes = {str(k): v if isinstance(v, str) else json.dumps(v, ensure_ascii=False)
                  for k, v in (extraction.attributes or {}).items()}  # fmt: skip
    text = doc.text[start:end] if start is not None else extraction.extraction_text
    return Rule(
        extraction.extraction_class, text, attributes, doc.doc_id, node_id, start, end, first, last, alignment
    )


def _nfc_with_offsets(text: str) -> tuple[str, Callable[..., int]]:
    """NFC text, and a map from its offsets to ``text``'s: ``f(i)`` where character i starts, ``f(i, end=True)``
    where it ends.

    Documents are NFC already (``indexes.sources.documents``); this keeps spans right for one that is not: an NFC/NFD
    mismatch between the text and what langextract aligns would leave spans unaligned or shifted.
    """
    if unicodedata.is_normalized("NFC", text):
        return text, lambda i, end=False: i + 1 if end else i
    parts: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    i = 0
    while i < len(text):  # one starter and its combining marks at a time
        j = i + 1
        while j < len(text) and unicodedata.combining(text[j]):
            j += 1
        piece = unicodedata.normalize("NFC", text[i:j])
        parts.append(piece)
        starts.extend([i] * len(piece))
        ends.extend([j] * len(piece))
        i = j
    return "".join(parts), lambda i, end=False: ends[i] if end else starts[i]


def _deepest_node(nodes: list[TreeNode], line: int) -> str | None:
    holding = [n for n in nodes if n.line_start <= line <= n.line_end]
    return max(holding, key=lambda n: n.level).node_id if holding else None


# ---- The two ways through lx.extract ---------------------------------------------------------------------------


def _extract_offline(body: str) -> list:
    import langextract as lx

    from indexes.rules.examples import PROMPT, build_examples

    model = offline_model(source_text=body)
    annotated = lx.extract(
        body,
        prompt_description=PROMPT,
        examples=build_examples(),
        model=model,
        fence_output=False,
        use_schema_constraints=False,
        max_char_buffer=_MAX_CHAR_BUFFER,
        tokenizer=_tokenizer(),
        resolver_params={**_RESOLVER_PARAMS, "suppress_parse_errors": False},
        show_progress=False,
    )
    return list(annotated.extractions or [])


def _extract_gemini(body: str, settings: Settings) -> list:
    import langextract as lx

    from indexes.rules.examples import PROMPT, build_examples

    assert settings.google_api_key is not None, "llm_mode() is 'gemini' only with a key"
    annotated = lx.extract(
        body,
        prompt_description=PROMPT,
        examples=build_examples(),
        model_id=settings.gemini_model,
        api_key=settings.google_api_key.get_secret_value(),
        extraction_passes=2,
        max_char_buffer=_MAX_CHAR_BUFFER,
        tokenizer=_tokenizer(),
        resolver_params=dict(_RESOLVER_PARAMS),
        language_model_params={"http_options": {"timeout": int(settings.llm_timeout_s * 1000)}},
        show_progress=False,
    )
    return list(annotated.extractions or [])


@functools.cache
def _tokenizer() -> Any:
    """langextract's regex tokenizer, plus one-token numbers ("1.000.000", "0,5") and abbreviations ("e.g.").

    langextract ends a sentence at every '.' token, so with its own tokenizer a chunk can start inside an
    amount ("000 đồng") or a parenthesis; both extractors use this one for chunking and alignment alike.
    """
    import regex
    from langextract.core import tokenizer as tk

    pattern = regex.compile(
        r"(?P<number>\d+(?:[.,]\d+)+|\d+)|(?P<word>(?:[^\W\d_]\.){2,}|[^\W\d_]+)|([^\w\s]|_)\3*"
    )
    kinds = {"number": tk.TokenType.NUMBER, "word": tk.TokenType.WORD}

    class RegulationTokenizer(tk.Tokenizer):
        def tokenize(self, text: str) -> tk.TokenizedText:
            return _tokenize(text)

    # langextract tokenizes the same texts (examples, chunks, extraction strings) many times per document and
    # only reads the result, so one tokenization per distinct text is kept.
    @functools.lru_cache(maxsize=8192)
    def _tokenize(text: str) -> tk.TokenizedText:
        tokenized = tk.TokenizedText(text=text)
        previous_end = 0
        for index, match in enumerate(pattern.finditer(text)):
            start, end = match.span()
            after_newline = index > 0 and (
                text.find("\n", previous_end, start) >= 0 or text.find("\r", previous_end, start) >= 0
            )
            kind = kinds.get(match.lastgroup, tk.TokenType.PUNCTUATION)
            tokenized.tokens.append(tk.Token(index, kind, tk.CharInterval(start, end), after_newline))
            previous_end = end
        return tokenized

    return RegulationTokenizer()

"""The offline rule extractor as a langextract provider: it answers each chunk of a prompt with the rules that
``indexes/rules/patterns.py`` finds by pattern (no network, no key). The model registry (``indexes/models.py``)
picks it for the ``rule_extractor`` role unless Gemini is configured."""

from __future__ import annotations

import functools
import json
import logging
from collections.abc import Iterator, Sequence
from typing import Any

log = logging.getLogger(__name__)

OFFLINE_MODEL_ID = "quyche-rules-offline"
_OFFLINE_MODEL_PATTERN = r"^quyche-rules"


def chunk_from_prompt(prompt: str, last_example_text: str) -> str:
    """The chunk a langextract prompt asks about.

    langextract renders ``description, "Examples", (Q: example, A: answer)..., "Q: " + chunk, "A: "`` joined by
    newlines. Answers hold no blank line, so the chunk starts at the first blank-line "Q: " after the last
    example's question; searching from the end instead would be fooled by a chunk that itself holds "Q: ".
    """
    end = len(prompt) - len("\nA: ") if prompt.endswith("\nA: ") else len(prompt)
    anchor = prompt.find(f"Q: {last_example_text}")
    if anchor >= 0:
        question = prompt.find("\n\nQ: ", anchor + len(last_example_text))
        if question >= 0:
            return prompt[question + len("\n\nQ: ") : end]
    log.warning("prompt without the expected examples; taking the text after its last 'Q: '")
    return prompt[prompt.rfind("Q: ", 0, end) + len("Q: ") : end]


@functools.cache
def _offline_model_class() -> type:
    """The offline provider class, defined at first use so that importing this module stays cheap."""
    from langextract.core import base_model, types

    from indexes.rules.examples import example_texts
    from indexes.rules.patterns import find_rules, read_lines

    class OfflineRuleModel(base_model.BaseLanguageModel):
        """A deterministic, rule-based langextract provider: answers each chunk with pattern-found rules.

        ``source_text`` (the whole text being extracted) lets it read a chunk with its context: the headings,
        list lead-ins and table headers that precede it. Without it, the chunk is read alone.
        """

        def __init__(self, model_id: str = OFFLINE_MODEL_ID, source_text: str | None = None, **kwargs: Any):
            kwargs.pop("api_key", None)  # no key needed, none kept
            super().__init__(**kwargs)
            self.model_id = model_id
            self._source = source_text
            self._lines = read_lines(source_text) if source_text else None
            self._cursor = 0
            self._last_example = example_texts()[-1]

        def infer(
            self, batch_prompts: Sequence[str], **kwargs: Any
        ) -> Iterator[Sequence[types.ScoredOutput]]:
            for prompt in batch_prompts:
                yield [types.ScoredOutput(score=1.0, output=self._answer(prompt))]

        def _answer(self, prompt: str) -> str:
            chunk = chunk_from_prompt(prompt, self._last_example)
            source, lines, offset = chunk, None, self._locate(chunk)
            if offset is not None:
                source, lines = self._source, self._lines
            else:
                offset = 0
            items = [
                {
                    rule.rule_class: source[rule.start : rule.end],
                    f"{rule.rule_class}_attributes": rule.attributes,
                }
                for rule in find_rules(source, lines, offset, offset + len(chunk))
            ]
            payload = json.dumps({"extractions": items}, ensure_ascii=False, indent=1)
            return f"```json\n{payload}\n```" if self.requires_fence_output else payload

        def _locate(self, chunk: str) -> int | None:
            """Where the chunk lies in the source: chunks arrive in order, so search on from the last one."""
            if self._source is None:
                return None
            found = self._source.find(chunk, self._cursor)
            if found < 0:
                found = self._source.find(chunk)
            if found < 0:
                return None
            self._cursor = found + len(chunk)
            return found

    OfflineRuleModel.__module__ = __name__
    return OfflineRuleModel


def offline_model(source_text: str | None = None) -> Any:
    """The offline provider, resolved through langextract's router (registered here, again after a clear())."""
    from langextract.providers import router

    router.register(_OFFLINE_MODEL_PATTERN, priority=20)(_offline_model_class())
    return router.resolve(OFFLINE_MODEL_ID)(model_id=OFFLINE_MODEL_ID, source_text=source_text)

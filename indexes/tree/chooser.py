"""The tree retriever's questions to a model, its strict-JSON answers, and the lexical scorer that stands in.

Two tasks, both answered as one JSON object:

    choose   {"ids": ["doc:dieu-6", ...]}                      the most relevant candidates, best first
    rank     {"ranking": [{"id": "doc:dieu-6", "score": 0.9}]}  every candidate scored 0..1, best first

The prompt ends with ``INPUT:`` and a JSON object (task, question, search terms, candidates), so any chat model
can read it, and ``OfflineTreeChooser`` (a real LangChain chat model, no network) answers it from lexical
scores. ``lexical_scores`` is also the fallback when a model's reply stays malformed after one retry.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any, Literal

from langchain_core.language_models.chat_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage
from langchain_core.outputs import ChatGeneration, ChatResult

from indexes.models import chat_model, choose
from indexes.search.bm25_scorer import BM25
from indexes.settings import Settings
from indexes.text import search_terms

Task = Literal["choose", "rank"]
TITLE_WEIGHT = 3  # a title term counts as this many summary/text terms
INPUT_MARKER = "INPUT:\n"

# the weight of a candidate's ``match`` (keyword search over its full text) beside the offline chooser's own
# reading of its title and summary
MATCH_WEIGHT = 0.5

SYSTEM_PROMPT = (
    "You navigate the table of contents of company regulations to find the sections that answer an "
    "employee's question (Vietnamese or English). You see candidate sections: id, title, the titles above "
    "it (within), a summary, the titles below it (contains) and match: how well the words of its full text, "
    "and of the sections below it, match the question (0..1, a keyword search over text you do not see; a "
    "hint, not a verdict). Reply with one JSON object and nothing else."
)
TASK_PROMPTS = {
    "choose": "Pick at most {max_ids} candidates whose section most likely contains the answer, best first. "
    'Reply exactly: {{"ids": ["<candidate id>", ...]}}. Use only ids from the candidates; '
    'reply {{"ids": []}} if none is relevant.',
    "rank": "Score how well each candidate's text answers the question, from 0 (not at all) to 1 (fully), "
    'best first. Reply exactly: {{"ranking": [{{"id": "<candidate id>", "score": 0.0}}, ...]}}.',
}
RETRY_PROMPT = (
    "Your previous reply was not valid. Reply with ONLY the JSON object described above: no prose, no "
    "markdown, no code fences, only ids from the candidates."
)


@dataclass(frozen=True)
class Candidate:
    """What the model is shown of one node."""

    id: str
    title: str
    summary: str = ""  # summary (choose) or the node text (rank)
    contains: tuple[str, ...] = ()  # child titles
    within: str = ""  # the titles above it: "Quy chế cho vay › Chương II"
    match: float | None = None  # keyword match of its full text (and its subtree's) with the question, 0..1

    def to_prompt(self) -> dict[str, Any]:
        data: dict[str, Any] = {"id": self.id, "title": self.title}
        if self.within:
            data["within"] = self.within
        data["summary"] = self.summary
        if self.contains:
            data["contains"] = list(self.contains)
        if self.match is not None:
            data["match"] = self.match
        return data


class MalformedReply(ValueError):
    """The model's reply is not the JSON object the task asks for."""


def build_messages(
    task: Task, question: str, terms: str, candidates: list[Candidate], max_ids: int, retry: bool
) -> list[BaseMessage]:
    payload = {
        "task": task,
        "question": question,
        "search_terms": terms,  # the question with glossary expansions (abbreviations, English -> Vietnamese)
        "max_ids": max_ids,
        "candidates": [c.to_prompt() for c in candidates],
    }
    instructions = TASK_PROMPTS[task].format(max_ids=max_ids)
    if retry:
        instructions = f"{instructions}\n{RETRY_PROMPT}"
    body = f"{instructions}\n\n{INPUT_MARKER}{json.dumps(payload, ensure_ascii=False)}"
    return [SystemMessage(SYSTEM_PROMPT), HumanMessage(body)]


def reply_text(message: BaseMessage) -> str:
    """The text of a reply, also when it comes as content blocks (Gemini)."""
    content = message.content
    if isinstance(content, str):
        return content
    return "".join(b if isinstance(b, str) else str(b.get("text", "")) for b in content)


def _json_object(text: str) -> dict:
    stripped = re.sub(r"^```(?:json)?\s*|\s*```$", "", text.strip())
    try:
        data = json.loads(stripped)
    except json.JSONDecodeError as exc:
        raise MalformedReply(f"not JSON: {exc.msg}") from None
    if not isinstance(data, dict):
        raise MalformedReply("not a JSON object")
    return data


def parse_choice(text: str) -> list[str]:
    """``{"ids": [...]}`` -> the ids as given (validation against the tree is the caller's)."""
    ids = _json_object(text).get("ids")
    if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
        raise MalformedReply('expected {"ids": [string, ...]}')
    return ids


def parse_ranking(text: str) -> list[tuple[str, float]]:
    """``{"ranking": [{"id", "score"}]}`` -> (id, score clamped to 0..1) pairs as given."""
    ranking = _json_object(text).get("ranking")
    if not isinstance(ranking, list):
        raise MalformedReply('expected {"ranking": [{"id": string, "score": number}, ...]}')
    out = []
    for item in ranking:
        if not isinstance(item, dict) or not isinstance(item.get("id"), str):
            raise MalformedReply("each ranking item needs a string 'id'")
        score = item.get("score", 0.0)
        if not isinstance(score, int | float) or isinstance(score, bool):
            raise MalformedReply("each ranking item needs a numeric 'score'")
        out.append((item["id"], min(1.0, max(0.0, float(score)))))
    return out


def lexical_scores(terms: str, candidates: list[Candidate]) -> list[float]:
    """0..1 relevance of each candidate: BM25 over title (weighted) + summary/text + child titles, diacritic
    folded, blended with the share of the query's weighted terms it covers."""
    docs = [
        search_terms(c.title) * TITLE_WEIGHT + search_terms(f"{c.summary} {' '.join(c.contains)}")
        for c in candidates
    ]
    if not docs:
        return []
    bm25 = BM25(docs)
    query = search_terms(terms, query=True)
    raw = bm25.scores(query)
    top = max(raw, default=0.0) or 1.0
    return [
        round(0.5 * r / top + 0.5 * bm25.coverage(query, i), 4) if r > 0 else 0.0 for i, r in enumerate(raw)
    ]


def judged_scores(terms: str, candidates: list[Candidate]) -> list[float]:
    """0..1 relevance judged by words: what the candidate shows (``lexical_scores``), blended with its ``match``
    (its full text's, which a title and a summary often only hint at) when the retriever gives one."""
    scores = lexical_scores(terms, candidates)
    return [
        s if c.match is None else round((1 - MATCH_WEIGHT) * s + MATCH_WEIGHT * c.match, 4)
        for s, c in zip(scores, candidates, strict=True)
    ]


def lexical_answer(task: Task, terms: str, candidates: list[Candidate], max_ids: int) -> dict:
    """The JSON object a perfectly obedient model would give if it judged by words alone."""
    scores = judged_scores(terms, candidates)
    order = sorted(range(len(candidates)), key=lambda i: -scores[i])
    if task == "choose":
        return {"ids": [candidates[i].id for i in order if scores[i] > 0][:max_ids]}
    return {"ranking": [{"id": candidates[i].id, "score": scores[i]} for i in order]}


class OfflineTreeChooser(BaseChatModel):
    """A deterministic chat model for the tree retriever with no LLM configured: reads the ``INPUT:`` JSON of
    the prompt and answers with strict JSON from ``lexical_answer``."""

    @property
    def _llm_type(self) -> str:
        return "offline-tree-chooser"

    def _generate(self, messages, stop=None, run_manager=None, **kwargs) -> ChatResult:
        text = reply_text(messages[-1])
        payload = json.loads(text.split(INPUT_MARKER, 1)[1])
        candidates = [
            Candidate(
                c["id"],
                c["title"],
                c.get("summary", ""),
                tuple(c.get("contains", ())),
                c.get("within", ""),
                c.get("match"),
            )
            for c in payload["candidates"]
        ]
        answer = lexical_answer(payload["task"], payload["search_terms"], candidates, payload["max_ids"])
        message = AIMessage(content=json.dumps(answer, ensure_ascii=False))
        return ChatResult(generations=[ChatGeneration(message=message)])


def chooser_for(settings: Settings) -> BaseChatModel:
    """The model that drives the traversal, as the model registry chooses it for the ``tree_chooser`` role."""
    return (
        OfflineTreeChooser() if choose("tree_chooser", settings).kind == "offline" else chat_model(settings)
    )

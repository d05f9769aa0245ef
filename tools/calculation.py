"""What every calculator returns beside its own figures: the steps it took (in Vietnamese, each with the rule it
applied), the steps and the answer in English, the answer in Vietnamese, and where each parameter came from (a
cited span of the corpus, the question, or a named default)."""

from __future__ import annotations

from pydantic import BaseModel, Field

from tools.leave_policy import ParamSource


def money_en(value: float) -> str:
    """An amount as an English answer writes it: 1,280,000 VND."""
    return f"{round(value):,} VND"


def where(source: ParamSource) -> str:
    """Where a step's parameter came from, for its rule label: the document and section, or the default's note."""
    return f"{source.doc_id} › {source.node_id}" if source.source == "corpus" else f"mặc định: {source.note}"


class CalculationStep(BaseModel):
    text: str
    rule: str  # which policy parameter (and its source) the step applied


class CalculationResult(BaseModel):
    """The part of a calculator's result every calculator shares; each adds its own figures."""

    steps: list[CalculationStep]
    steps_en: list[str] = Field(default_factory=list)
    policy_sources: dict[str, ParamSource] = Field(default_factory=dict)
    answer: str
    answer_en: str = ""

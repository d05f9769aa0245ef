"""What every calculator returns beside its own figures: the steps it took (in Vietnamese, each with the rule it
applied), the steps and the answer in English, the answer in Vietnamese, and where each parameter came from (a
cited span of the corpus, the question, or a named default)."""

from __future__ import annotations

from pydantic import BaseModel, Field

from tools.leave_policy import ParamSource


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

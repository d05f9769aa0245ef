"""The golden set: questions over the bundled corpus with the nodes that hold the answer and what it must say."""

from __future__ import annotations

import json
import re
from pathlib import Path

from pydantic import BaseModel, Field

from indexes.text import nfc

GOLDEN_FILE = Path(__file__).with_name("golden.jsonl")


class GoldenItem(BaseModel):
    id: str
    question: str
    lang: str = "vi"
    category: str
    expected_nodes: list[str] = Field(default_factory=list)
    must_contain: list[list[str]] = Field(default_factory=list)  # groups of alternatives
    must_not_contain: list[str] = Field(default_factory=list)
    needs_calculation: bool = False
    refuse: bool = False
    seed: bool = False  # the seed cases from the product brief: must always pass
    # "heldout": written after the offline model was last tuned and never tuned on; reported on its own
    split: str = "dev"

    def answer_ok(self, answer: str, refused: bool) -> bool:
        if self.refuse:
            return refused
        if refused:
            return False
        return all(any(contains(answer, alt) for alt in group) for group in self.must_contain) and not any(
            contains(answer, bad) for bad in self.must_not_contain
        )


def contains(text: str, phrase: str) -> bool:
    """Case-insensitive phrase match on word boundaries: "4 ngày" is not inside "14 ngày"."""
    zeros = "0*" if phrase[:1].isdigit() else ""  # "3 ngày" also matches "03 ngày"
    pattern = r"(?<!\w)" + zeros + re.escape(nfc(phrase).lower()) + r"(?!\w)"
    return re.search(pattern, nfc(text).lower()) is not None


def load_golden(path: Path = GOLDEN_FILE) -> list[GoldenItem]:
    items = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.strip():
            try:
                items.append(GoldenItem.model_validate(json.loads(line)))
            except (json.JSONDecodeError, ValueError) as exc:
                raise ValueError(f"{path}:{number}: {exc}") from None
    return items

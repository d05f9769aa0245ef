"""A unit of a document as the calculators read it (``RuleText``), for tests: its text, its section's title path,
and a made-up span on one line."""

from __future__ import annotations

from tools.leave_policy import RuleText


def rule_text(text: str, title_path: list[str], line: int, node_id: str) -> RuleText:
    return RuleText(
        doc_id=node_id.split(":")[0],
        node_id=node_id,
        text=text,
        context=" ".join(title_path),
        title_path=title_path,
        start=10 * line,
        end=10 * line + len(text),
        line_start=line,
        line_end=line,
    )

"""Tool outputs stay within the model's budget (``Settings.max_tool_output_chars``): long texts are clipped,
saying how much was left out and how to read all of it."""

from __future__ import annotations


def clip(text: str, limit: int) -> str:
    """Bound a text field, saying how much was left out."""
    if len(text) <= limit:
        return text
    return text[:limit].rstrip() + f" … [đã cắt {len(text) - limit} ký tự; dùng expand_node để xem đủ]"

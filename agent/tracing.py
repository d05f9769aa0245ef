"""One JSONL trace per run under ``<data_dir>/traces``: the question, each model step and tool call, the answer."""

from __future__ import annotations

import datetime as dt
import json
import threading
import time
import uuid
from pathlib import Path
from typing import Any


class Tracer:
    def __init__(self, trace_dir: Path, question: str, thread_id: str | None = None) -> None:
        self.run_id = dt.datetime.now().strftime("%Y%m%d-%H%M%S-") + uuid.uuid4().hex[:6]
        trace_dir.mkdir(parents=True, exist_ok=True)
        self.path = trace_dir / f"{self.run_id}.jsonl"
        self._started = time.perf_counter()
        self._lock = threading.Lock()
        self.llm_calls = 0
        self.event("run_start", question=question, thread_id=thread_id)

    def event(self, kind: str, **data: Any) -> None:
        record = {"t_ms": round((time.perf_counter() - self._started) * 1000, 1), "event": kind, **data}
        with self._lock, self.path.open("a", encoding="utf-8") as f:
            f.write(json.dumps(record, ensure_ascii=False, default=str) + "\n")

    def finish(self, answer: dict) -> None:
        self.event(
            "run_end",
            answer=answer,
            total_ms=round((time.perf_counter() - self._started) * 1000, 1),
            llm_calls=self.llm_calls,
        )


def list_traces(trace_dir: Path) -> list[Path]:
    return sorted(trace_dir.glob("*.jsonl")) if trace_dir.exists() else []


def format_trace(path: Path) -> str:
    """A readable rendering of one trace file."""
    lines = []
    for raw in path.read_text(encoding="utf-8").splitlines():
        e = json.loads(raw)
        t = f"{e['t_ms']:>8.1f} ms"
        if e["event"] == "run_start":
            lines.append(f"{t}  run {path.stem}: {e['question']!r} (thread {e.get('thread_id')})")
        elif e["event"] == "model_step":
            calls = ", ".join(
                f"{c['name']}({json.dumps(c['args'], ensure_ascii=False)})" for c in e["tool_calls"]
            )
            lines.append(
                f"{t}  model step {e['step']}: {calls or 'final answer'}"
                + (f" ERROR {e['error']}" if e.get("error") else "")
            )
        elif e["event"] == "tool_call":
            status = f"error={e['error']}" if e.get("error") else f"{e['result_chars']} chars"
            lines.append(
                f"{t}  tool {e['name']} {json.dumps(e['args'], ensure_ascii=False)} {e['duration_ms']} ms {status}"
            )
        elif e["event"] == "fallback":
            lines.append(f"{t}  fallback: {e['reason']}")
        elif e["event"] == "run_end":
            a = e["answer"]
            lines.append(
                f"{t}  answer (refused={a.get('refused')}, llm_calls={e['llm_calls']}): {a.get('answer', '')[:300]}"
            )
    return "\n".join(lines)

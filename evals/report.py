"""Markdown and JSON reports of an eval run."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import asdict, replace
from pathlib import Path

from evals.harness import EvalResult

REPORT_DIR = Path(__file__).with_name("reports")


def to_markdown(result: EvalResult) -> str:
    m = result.meta
    title = f"Eval {m['date']} ({m['git_sha']}, {m['llm_mode']}, {m['items']} questions, {m.get('set', 'golden')} set)"
    lines = [f"# {title}", ""]
    metrics = ["recall@1", "recall@5", "mrr", "ndcg@5", "p50_ms", "p95_ms", "llm_calls", "cache_hit_rate"]
    lines += [
        "## Retrieval",
        "",
        "| strategy | " + " | ".join(metrics) + " |",
        "|---" * (len(metrics) + 1) + "|",
    ]
    for name, values in result.retrieval.items():
        lines.append(f"| {name} | " + " | ".join(str(values.get(k, "–")) for k in metrics) + " |")
    if "tree" in result.retrieval:
        lines += [
            "",
            "llm_calls: model calls per question (offline: the lexical chooser model); cache_hit_rate: share of "
            "the tree's traversal decisions served by its cache when the same questions are asked again.",
        ]
    if result.answers:
        lines += ["", "## Answers (agent)", "", "| metric | value |", "|---|---|"]
        lines += [f"| {k} | {v} |" for k, v in result.answers.items()]
        by_category: dict[str, list[bool]] = {}
        for row in result.per_item:
            by_category.setdefault(row["category"], []).append(row["ok"])
        lines += ["", "| language | accuracy | answered in its language | n |", "|---|---|---|---|"]
        for lang in ("vi", "en"):
            mine = [r for r in result.per_item if r["lang"] == lang]
            if mine:
                ok = sum(r["ok"] for r in mine) / len(mine)
                same = sum(r.get("answer_lang") == lang for r in mine) / len(mine)
                lines.append(f"| {lang} | {ok:.2f} | {same:.2f} | {len(mine)} |")
        lines += ["", "| category | accuracy | n |", "|---|---|---|"]
        lines += [f"| {c} | {sum(v) / len(v):.2f} | {len(v)} |" for c, v in sorted(by_category.items())]
    lines += ["", f"## Failures ({len(result.failures)})", ""]
    if m.get("blind"):
        counts = Counter((f["kind"], f.get("category", "?"), f.get("lang", "?")) for f in result.failures)
        lines += [
            "A blind set: failures are counted, never shown, so that nobody tunes on them.",
            "",
            "| kind | category | language | failures |",
            "|---|---|---|---|",
        ]
        lines += [f"| {k} | {c} | {lang} | {n} |" for (k, c, lang), n in sorted(counts.items())]
        return "\n".join(lines) + "\n"
    for f in result.failures:
        lines.append(
            f"- **{f['kind']}** `{f['id']}` {f['question']!r} — expected {f['expected']}; got {f['got']!r}"
        )
    return "\n".join(lines) + "\n"


def blinded(result: EvalResult) -> EvalResult:
    """The result of a blind set: each failure keeps its kind, category and language; the question, what was
    expected and what came back are dropped (from the per-question rows too)."""
    failures = [{k: f.get(k, "?") for k in ("kind", "category", "lang")} for f in result.failures]
    per_item = [
        {
            k: v
            for k, v in r.items()
            if k in ("category", "lang", "answer_lang") or isinstance(v, (bool, int, float))
        }
        for r in result.per_item
    ]
    return replace(result, failures=failures, per_item=per_item, meta={**result.meta, "blind": True})


def save(result: EvalResult, directory: Path = REPORT_DIR) -> tuple[Path, Path]:
    directory.mkdir(parents=True, exist_ok=True)
    stem = f"{result.meta['date']}-{result.meta['git_sha']}-{result.meta['llm_mode']}"
    if result.meta.get("set", "golden") != "golden":
        stem += f"-{result.meta['set']}"
    md, js = directory / f"{stem}.md", directory / f"{stem}.json"
    md.write_text(to_markdown(result), encoding="utf-8")
    js.write_text(json.dumps(asdict(result), ensure_ascii=False, indent=1), encoding="utf-8")
    return md, js

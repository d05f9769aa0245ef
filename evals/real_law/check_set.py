"""Validate the real-law retrieval set: texts parse into article headings, every gold article exists,
ids are unique, folds are fixed, and the excluded laws (hidden acceptance set) are absent.

Run: python evals/real_law/check_set.py   (stdlib + pyyaml)
"""

from __future__ import annotations

import json
import re
import sys
import unicodedata
from collections import Counter
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
TEXTS = HERE / "texts"
QUESTIONS = HERE / "questions.jsonl"

# Labour Code 2019, Decree 145/2020 (hidden acceptance set) and the old Labour Code 2012: never in this set.
EXCLUDED_NUMBERS = ("45/2019/QH14", "145/2020/NĐ-CP", "145/2020/ND-CP", "10/2012/QH13")
EXCLUDED_TITLES = re.compile(r"bộ\s+luật\s+lao\s+động|labou?r\s+code|nghị\s+định\s+(số\s+)?145/2020", re.I)
EXCLUDED_DOC_IDS = re.compile(
    r"(blld|bo_luat_lao_dong|labou?r_code|nd_?145|decree_?145|145_2020|45_2019|10_2012)"
)
ARTICLE_HEADING = re.compile(r"^(#{2,6}) Điều (\d+)\.\s+\S", re.M)
DOC_ID = re.compile(r"^[a-z0-9_]+$")


def load_texts(errors: list[str]) -> dict[str, set[str]]:
    docs: dict[str, set[str]] = {}
    for path in sorted(TEXTS.glob("*.md")):
        text = path.read_text(encoding="utf-8")
        if text != unicodedata.normalize("NFC", text):
            errors.append(f"{path.name}: not NFC-normalised")
        if not text.startswith("---\n"):
            errors.append(f"{path.name}: no YAML front matter")
            continue
        head, _, body = text[4:].partition("\n---\n")
        meta = yaml.safe_load(head) or {}
        doc_id = str(meta.get("doc_id", ""))
        title = str(meta.get("title", ""))
        number = str(meta.get("document_number", ""))
        if not DOC_ID.match(doc_id):
            errors.append(f"{path.name}: doc_id {doc_id!r} is not ascii snake_case")
        if doc_id != path.stem:
            errors.append(f"{path.name}: doc_id {doc_id!r} differs from the file name")
        if not title:
            errors.append(f"{path.name}: no title")
        if any(x.lower() in number.lower() or x.lower() in title.lower() for x in EXCLUDED_NUMBERS):
            errors.append(f"{path.name}: is an excluded law ({number or title})")
        if EXCLUDED_TITLES.search(title) or EXCLUDED_DOC_IDS.search(doc_id):
            errors.append(f"{path.name}: title/doc_id looks like an excluded law ({title})")
        h1 = [line for line in body.splitlines() if line.startswith("# ")]
        if len(h1) != 1:
            errors.append(f"{path.name}: expected exactly one '# ' title heading, found {len(h1)}")
        found = ARTICLE_HEADING.findall(body)
        nums = [int(n) for _, n in found]
        levels = {lvl for lvl, _ in found}
        if not nums:
            errors.append(f"{path.name}: no 'Điều N.' headings")
        if len(levels) > 1:
            errors.append(f"{path.name}: article headings at mixed levels {sorted(levels)}")
        if nums != list(range(1, len(nums) + 1)):
            errors.append(f"{path.name}: article numbers are not 1..N in order")
        # every line that opens an article must be a heading
        stray = re.findall(r"^Điều \d+\. [A-ZĐ]", body, re.M)
        if stray:
            errors.append(f"{path.name}: {len(stray)} 'Điều N.' lines that are not headings")
        docs[doc_id] = {f"Điều {n}" for n in nums}
        print(f"  {doc_id}: {len(nums)} articles, {len(text.encode('utf-8')) / 1024:.0f} KiB")
    if not 2 <= len(docs) <= 4:
        errors.append(f"expected 2-4 texts, found {len(docs)}")
    return docs


def check_questions(docs: dict[str, set[str]], errors: list[str]) -> None:
    rows = [json.loads(line) for line in QUESTIONS.read_text(encoding="utf-8").splitlines() if line.strip()]
    ids = Counter(r.get("id") for r in rows)
    for i, n in ids.items():
        if n > 1:
            errors.append(f"duplicate id {i}")
    texts = Counter(r.get("question", "").strip().lower() for r in rows)
    for t, n in texts.items():
        if n > 1:
            errors.append(f"duplicate question text: {t[:60]!r}")
    for r in rows:
        rid = r.get("id")
        if not re.fullmatch(r"rl-\d{4}", str(rid)):
            errors.append(f"{rid}: bad id")
        if r.get("lang") not in ("vi", "en"):
            errors.append(f"{rid}: lang must be vi or en")
        if r.get("fold") not in ("dev", "test"):
            errors.append(f"{rid}: fold must be dev or test")
        if not r.get("question", "").strip() or not r.get("source"):
            errors.append(f"{rid}: empty question or source")
        if r.get("question") != unicodedata.normalize("NFC", r.get("question", "")):
            errors.append(f"{rid}: question not NFC")
        gold = r.get("gold") or []
        if not gold:
            errors.append(f"{rid}: no gold articles")
        for g in gold:
            d, a = g.get("doc_id"), g.get("article")
            if EXCLUDED_DOC_IDS.search(str(d)):
                errors.append(f"{rid}: gold in an excluded law ({d})")
            elif d not in docs:
                errors.append(f"{rid}: gold doc {d!r} is not among the texts")
            elif a not in docs[d]:
                errors.append(f"{rid}: gold {d} {a} has no heading in the text")
    folds = Counter((r.get("fold"), r.get("lang")) for r in rows)
    for fold in ("dev", "test"):
        if not any(f == fold for f, _ in folds):
            errors.append(f"fold {fold} is empty")
    if len(rows) < 150:
        errors.append(f"only {len(rows)} questions (need >= 150)")
    if sum(1 for r in rows if r.get("lang") == "en") < 30:
        errors.append("fewer than 30 English questions")
    by_fold = ", ".join(f"{f}/{lang}={n}" for (f, lang), n in sorted(folds.items()))
    print(f"  {len(rows)} questions; by fold/lang: {by_fold}")


def main() -> int:
    errors: list[str] = []
    print("texts:")
    docs = load_texts(errors)
    print("questions:")
    check_questions(docs, errors)
    for e in errors:
        print("ERROR:", e)
    print("OK" if not errors else f"{len(errors)} error(s)")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())

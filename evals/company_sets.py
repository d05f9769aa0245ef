"""The company sets: a fictional company's own corpus and questions, indexed into their own data dir.

``heldout`` (Hải Đăng Software) is never tuned on; ``dev-company`` (Trường An Logistics) is the one to tune on.
Each folder holds ``corpus/*.md``, ``questions.jsonl`` (``GoldenItem`` lines, one ``split`` value, an optional
``note``), ``node_ids.txt`` (every node id the tree builder makes of the corpus) and a ``check.py`` that calls
``check_main`` with its minimum counts.
"""

from __future__ import annotations

import collections
import json
import sys
from dataclasses import dataclass
from pathlib import Path

from evals.golden import GoldenItem, contains, load_golden
from indexes.settings import Settings

EVALS_DIR = Path(__file__).parent


@dataclass(frozen=True)
class CompanySet:
    name: str  # as ``quyche eval --set`` names it
    folder: Path
    split: str  # the one ``split`` every question carries
    blind: bool = False  # reports give counts only: no question, expectation or answer text of a failure

    @property
    def corpus_dir(self) -> Path:
        return self.folder / "corpus"

    @property
    def questions_file(self) -> Path:
        return self.folder / "questions.jsonl"

    def settings(self, settings: Settings) -> Settings:
        """This set's own corpus alone, in its own data dir under the usual one (the embedding model stays in
        the usual one's folder: a copy per set would write ~550 MB each)."""
        return settings.model_copy(
            update={
                "corpus_dir": self.corpus_dir,
                "data_dir": settings.data_dir / self.folder.name,
                "models_dir": settings.model_cache_dir,
            }
        )

    def load(self) -> list[GoldenItem]:
        return load_golden(self.questions_file)

    def with_law_settings(self, settings: Settings) -> Settings:
        """This set asked as production serves a company: its documents as tenant ``COMPANY_TENANT`` beside
        national law as the global scope (the real-law texts, ``LAW_TEXTS``), in a data dir of their own."""
        return settings.model_copy(
            update={
                "corpus_dir": self.corpus_dir,
                "data_dir": settings.data_dir / f"{self.folder.name}-with-law",
                "models_dir": settings.model_cache_dir,
                "tenant": COMPANY_TENANT,
            }
        )


COMPANY_TENANT = "company"
LAW_TEXTS = EVALS_DIR / "real_law" / "texts"


def index_with_law(settings: Settings) -> None:
    """Index the law texts as global, then the company's folder as its tenant (each folder syncs only its own
    documents; the company's folder last, so that its glossary is the index's)."""
    from indexes.pipeline.ingest import index_folder

    index_folder(settings.model_copy(update={"tenant": "global"}), LAW_TEXTS, show_progress=False)
    index_folder(settings, settings.corpus_dir, show_progress=False)


COMPANY_SETS = {
    s.name: s
    for s in (
        CompanySet("heldout", EVALS_DIR / "heldout_company", "heldout", blind=True),
        CompanySet("dev-company", EVALS_DIR / "dev_company", "dev-company"),
        CompanySet("dev-company-2", EVALS_DIR / "dev_company_2", "dev-company-2"),
        CompanySet("heldout-2", EVALS_DIR / "heldout_company_2", "heldout-2", blind=True),
        CompanySet("dev-company-3", EVALS_DIR / "dev_company_3", "dev-company-3"),
        CompanySet("dev-company-4", EVALS_DIR / "dev_company_4", "dev-company-4"),
        CompanySet("dev-company-5", EVALS_DIR / "dev_company_5", "dev-company-5"),
        CompanySet("dev-company-6", EVALS_DIR / "dev_company_6", "dev-company-6"),
        CompanySet("dev-company-7", EVALS_DIR / "dev_company_7", "dev-company-7"),
        CompanySet("dev-company-8", EVALS_DIR / "dev_company_8", "dev-company-8"),
    )
}


def node_texts(corpus_dir: Path) -> dict[str, str]:
    """Every node id of the corpus as the project's tree builder makes them (in order), with the text of the
    node and its subtree."""
    # only the checks read the corpus: the CLI starts without these
    from indexes.sources.folder import scan_corpus
    from indexes.sources.markdown import build_tree

    scan = scan_corpus(corpus_dir, 10**7)
    assert not scan.skipped, scan.skipped

    def subtree(node) -> str:
        return "\n".join([node.text, *(subtree(c) for c in node.children)])

    texts = {}
    for doc in scan.documents:
        texts |= {n.node_id: subtree(n) for n in build_tree(doc, lambda t: len(t.split())).walk()}
    return texts


def node_ids(corpus_dir: Path) -> list[str]:
    return list(node_texts(corpus_dir))


def problems(
    company: CompanySet, minimums: dict[str, int], answers_stated: bool = False
) -> tuple[list[str], dict[str, int], dict]:
    """What is wrong with the set's questions (unknown nodes, fields, counts below ``minimums``). With
    ``answers_stated``, every must_contain group of an answerable item that needs no calculation must also have
    an alternative stated in its expected nodes' text: the gold points at the section that says it."""
    texts = node_texts(company.corpus_dir)
    ids = set(texts)
    items = company.load()
    lines = company.questions_file.read_text(encoding="utf-8").splitlines()
    raw = [json.loads(x) for x in lines if x.strip()]
    found: list[str] = []
    seen = set()
    for item, data in zip(items, raw, strict=True):
        extra = set(data) - set(GoldenItem.model_fields) - {"note"}
        if extra:
            found.append(f"{item.id}: unexpected fields {extra}")
        if item.id in seen:
            found.append(f"{item.id}: duplicate id")
        seen.add(item.id)
        found += [f"{item.id}: unknown node {n}" for n in item.expected_nodes if n not in ids]
        if item.split != company.split or item.seed:
            found.append(f"{item.id}: split must be {company.split} and seed false")
        if item.lang not in ("vi", "en"):
            found.append(f"{item.id}: lang {item.lang}")
        if item.refuse and (item.expected_nodes or item.must_contain):
            found.append(f"{item.id}: a refusal has nodes or must_contain")
        if not item.refuse and not (item.expected_nodes and item.must_contain):
            found.append(f"{item.id}: an answerable item needs nodes and must_contain")
        if answers_stated and not item.refuse and not item.needs_calculation:
            gold = "\n".join(texts.get(n, "") for n in item.expected_nodes)
            found += [
                f"{item.id}: none of {group} is in its expected nodes"
                for group in item.must_contain
                if not any(contains(gold, alt) for alt in group)
            ]
    counts = {
        "total": len(items),
        "en": sum(i.lang == "en" for i in items),
        "vi": sum(i.lang == "vi" for i in items),
        "refuse": sum(i.refuse for i in items),
        "needs_calculation": sum(i.needs_calculation for i in items),
        "calc_leave_probation": sum(
            i.needs_calculation and i.category in ("leave", "probation", "special_leave") for i in items
        ),
    }
    for name, minimum in minimums.items():
        if counts[name] < minimum:
            found.append(f"{name}: {counts[name]} < {minimum}")
    return found, counts, dict(collections.Counter(i.category for i in items))


def check_main(
    name: str, minimums: dict[str, int], answers_stated: bool = False, argv: list[str] | None = None
) -> int:
    """A set's check script: node_ids.txt current (``--write-node-ids`` rewrites it), questions well formed."""
    argv = sys.argv[1:] if argv is None else argv
    company = COMPANY_SETS[name]
    ids = node_ids(company.corpus_dir)
    listed = company.folder / "node_ids.txt"
    if "--write-node-ids" in argv:
        listed.write_text("\n".join(ids) + "\n", encoding="utf-8")
    found, counts, categories = problems(company, minimums, answers_stated)
    if listed.read_text(encoding="utf-8").split() != ids:
        found.insert(0, "node_ids.txt is stale: run with --write-node-ids")
    print(json.dumps(counts))
    print(json.dumps(categories))
    print("\n".join(found) or "OK")
    return 1 if found else 0

"""Check the eighth dev company set: node_ids.txt matches the corpus, every question parses as a GoldenItem,
every expected node exists and (for answers that need no calculation) states what the answer must contain,
and the counts meet the minimums (``evals/company_sets.py``).

    PYTHONPATH=. python evals/dev_company_8/check.py [--write-node-ids]
"""

from __future__ import annotations

from evals.company_sets import check_main

MINIMUMS = {"total": 100, "en": 50, "refuse": 15, "calc_leave_probation": 7}

if __name__ == "__main__":
    raise SystemExit(check_main("dev-company-8", MINIMUMS, answers_stated=True))

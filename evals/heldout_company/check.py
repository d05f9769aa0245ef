"""Check the held-out set: node_ids.txt matches the corpus, every question parses as a GoldenItem,
every expected node exists, and the counts meet the minimums (``evals/company_sets.py``).

    PYTHONPATH=. python evals/heldout_company/check.py [--write-node-ids]
"""

from __future__ import annotations

from evals.company_sets import check_main

MINIMUMS = {"total": 60, "en": 15, "refuse": 10, "calc_leave_probation": 6}

if __name__ == "__main__":
    raise SystemExit(check_main("heldout", MINIMUMS))

"""Check the second held-out set: node_ids.txt matches the corpus, every question parses as a GoldenItem,
every expected node exists, and the counts meet the minimums (``evals/company_sets.py``).

    PYTHONPATH=. python evals/heldout_company_2/check.py [--write-node-ids]
"""

from __future__ import annotations

from evals.company_sets import check_main

MINIMUMS = {"total": 75, "en": 25, "refuse": 12, "calc_leave_probation": 6}

if __name__ == "__main__":
    raise SystemExit(check_main("heldout-2", MINIMUMS))

"""Tenant probes: every caller (acme, beta, global) asks for another tenant's secret document through every
retrieval mode of ``/retrieve``, every MCP tool, ``ask``, the MCP resources, a pushed payload that names a tenant,
and the CLI; thread ids of another tenant are refused. A probe holds (``ok``) when no answer shows the other
tenant's marker or document ids. Controls show each tenant does find its own secret, so the probes can fail."""

from __future__ import annotations

import json
from collections.abc import Callable

import httpx

from evals.adversary_lab import (
    HEADERS,
    HEADING,
    MARKER,
    SECRET,
    Check,
    Lab,
    Mcp,
    answers,
    cli,
    refusals,
    tool_refused,
)
from tools.retrieval_service import STRATEGIES

DIRECTIONS = (("acme", "beta"), ("beta", "acme"), ("global", "acme"), ("global", "beta"))


def _leaks(lab: Lab, other: str, text: str) -> bool:
    markers = (MARKER[other], HEADING[other], *lab.secret_ids.get(other, ()))
    return any(marker in text for marker in markers)


def _judge(lab: Lab, other: str, status: int, text: str, sent: object) -> str:
    """``sent``: what the probe sent; an answer that merely echoes it (a query, an unknown id) leaks nothing."""
    if status == 500 or "Traceback" in text:
        return "traceback/500"
    for echo in sorted(_strings(sent), key=len, reverse=True):
        text = text.replace(echo, "").replace(json.dumps(echo, ensure_ascii=False)[1:-1], "")
    return "leak" if _leaks(lab, other, text) else "ok"


def _strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    return []


def _tool_probes(lab: Lab, other: str) -> dict[str, tuple[str, dict]]:
    """MCP tool calls aimed at ``other``'s secret (name -> (tool, arguments))."""
    doc = next(iter(lab.secret_ids.get(other, {"?"})))
    secret_text = SECRET[other].splitlines()[-1]
    return {
        f"search {mode}": ("search", {"query": secret_text, "k": 20, "mode": mode})
        for mode in ("hybrid", "vector", "keyword")
    } | {
        "navigate_tree (all documents)": ("navigate_tree", {}),
        "navigate_tree of its document": ("navigate_tree", {"doc_id": doc}),
        "expand_node of its node": ("expand_node", {"node_id": lab.secret_nodes.get(other, f"{doc}:dieu-1")}),
        "lookup_rules by its words": ("lookup_rules", {"query": secret_text, "k": 20}),
        "lookup_rules in its document": ("lookup_rules", {"query": "nghỉ phép", "doc_id": doc}),
        "lookup_article 'Điều 1' in its document": ("lookup_article", {"ref": "Điều 1", "doc_id": doc}),
        "lookup_article by its title": ("lookup_article", {"ref": SECRET[other].splitlines()[2][3:]}),
        "calculate_leave (its days per year)": (
            "calculate_leave",
            {"probation_start": "2026-01-05", "confirmation_date": "2026-03-05", "as_of": "2026-11-23"},
        ),
        "ask its secret": ("ask", {"question": f"{secret_text} Là bao nhiêu?"}),
    }


def _probe_tool(lab: Lab, client: httpx.Client, own: str, other: str, tool: str, args: dict) -> str:
    session = Mcp(client, HEADERS[own])
    message = session.call(tool, args)
    return _judge(lab, other, session.last.status_code, json.dumps(message, ensure_ascii=False), args)


def _probe_resource(lab: Lab, client: httpx.Client, own: str, other: str, uri: str) -> str:
    session = Mcp(client, HEADERS[own])
    message = session.read(uri)
    sent = {"uri": uri, "doc_id": uri.rsplit("/", 1)[-1]}
    return _judge(lab, other, session.last.status_code, json.dumps(message, ensure_ascii=False), sent)


def _probe_retrieve(lab: Lab, client: httpx.Client, own: str, other: str, mode: str) -> str:
    query = SECRET[other].splitlines()[-1]
    r = client.post("/retrieve", json={"query": query, "mode": mode, "top_k": 50}, headers=HEADERS[own])
    return _judge(lab, other, r.status_code, r.text, query)


def probe_cases(lab: Lab, client: httpx.Client) -> dict[str, Check]:
    cases: dict[str, Callable[[], str]] = {}
    for own, other in DIRECTIONS:
        for mode in STRATEGIES:
            cases[f"{own} → {other}: /retrieve {mode}"] = lambda o=own, t=other, m=mode: _probe_retrieve(
                lab, client, o, t, m
            )
        for name, (tool, args) in _tool_probes(lab, other).items():
            cases[f"{own} → {other}: {name}"] = lambda o=own, t=other, n=tool, a=args: _probe_tool(
                lab, client, o, t, n, a
            )
        doc = next(iter(lab.secret_ids.get(other, {"?"})))
        for uri in ("quyche://documents", f"quyche://tree/{doc}"):
            cases[f"{own} → {other}: resource {uri.split('/')[2]}"] = lambda o=own, t=other, u=uri: (
                _probe_resource(lab, client, o, t, u)
            )
    return answers(cases)


def _finds_own(lab: Lab, client: httpx.Client, own: str, via: str) -> str:
    """A control: the tenant's own secret is found (``ok``), else the probes prove nothing."""
    query = SECRET[own].splitlines()[-1]
    if via == "retrieve":
        r = client.post("/retrieve", json={"query": query, "mode": "bm25"}, headers=HEADERS[own])
        text = r.text
    elif via == "search":
        text = json.dumps(Mcp(client, HEADERS[own]).call("search", {"query": query, "mode": "keyword"}))
    elif via == "expand_node":
        text = json.dumps(
            Mcp(client, HEADERS[own]).call("expand_node", {"node_id": lab.secret_nodes[own]}),
            ensure_ascii=False,
        )
    else:
        doc = next(iter(lab.secret_ids[own]))
        text = json.dumps(Mcp(client, HEADERS[own]).read(f"quyche://tree/{doc}"), ensure_ascii=False)
    return "ok" if _leaks(lab, own, text) else "silent wrong"


def control_cases(lab: Lab, client: httpx.Client) -> dict[str, Check]:
    return answers(
        {
            f"control: {own} finds its own secret via {via}": (
                lambda o=own, v=via: _finds_own(lab, client, o, v)
            )
            for own in ("acme", "beta")
            for via in ("retrieve", "search", "expand_node", "tree resource")
        }
    )


def _pushed_with_a_tenant_field(lab: Lab, client: httpx.Client) -> str:
    """acme pushes a document whose payload claims tenant beta: it stays acme's (beta must not see it)."""
    body = {"body": "# Kho phụ\n\nMã cửa phụ ZQ-9090.", "title": "Kho phụ", "tenant": "beta"}
    r = client.post("/documents", json=body, headers=HEADERS["acme"])
    if r.status_code >= 500:
        return "traceback/500"
    found = client.post(
        "/retrieve", json={"query": "Mã cửa phụ ZQ-9090", "mode": "bm25"}, headers=HEADERS["beta"]
    )
    return "leak" if "ZQ-9090" in found.text or "kho_phu" in found.text else "ok"


def _overwrite_other(lab: Lab, client: httpx.Client) -> str:
    """acme pushes a document titled like beta's secret: it becomes a new acme document; beta's is unchanged."""
    title = SECRET["beta"].splitlines()[0][2:]
    body = {"body": "# " + title + "\n\nĐã bị ghi đè.", "title": title}
    pushed = client.post("/documents", json=body, headers=HEADERS["acme"]).json()["results"][0]
    query = {"query": SECRET["beta"].splitlines()[-1], "mode": "bm25"}
    hits = client.post("/retrieve", json=query, headers=HEADERS["beta"]).json()["hits"]
    seen = {h["doc_id"] for h in hits}
    kept = lab.secret_ids["beta"] <= seen and pushed["tenant"] == "acme"
    return "ok" if kept and pushed["documentId"] not in seen else "data loss"


def _cli_probe(lab: Lab, *argv: str) -> str:
    rc, out, err = cli(lab.served, *argv)
    if "Traceback" in err:
        return "traceback/500"
    return "leak" if _leaks(lab, "acme", out.replace(argv[-1], "")) else "ok"


def write_cases(lab: Lab, client: httpx.Client) -> dict[str, Check]:
    secret = SECRET["acme"].splitlines()[-1]
    return answers(
        {
            "acme pushes a payload claiming tenant beta": lambda: _pushed_with_a_tenant_field(lab, client),
            "acme pushes a document titled like beta's": lambda: _overwrite_other(lab, client),
            "CLI: ask --tenant beta for acme's secret": lambda: _cli_probe(
                lab, "ask", "--tenant", "beta", secret
            ),
            "CLI: retrieve --tenant beta for acme's secret": lambda: _cli_probe(
                lab, "retrieve", "--tenant", "beta", "--mode", "bm25", secret
            ),
        }
    )


def _ask(client: httpx.Client, own: str, thread: str | None) -> tuple[dict, int]:
    session = Mcp(client, HEADERS[own])
    args = {"question": "Giờ làm việc buổi sáng?"} | ({"thread_id": thread} if thread is not None else {})
    return session.call("ask", args), session.last.status_code


def issue_threads(lab: Lab, client: httpx.Client) -> None:
    """A thread per tenant, as the server issues them (the thread probes reuse them)."""
    for tenant in ("acme", "beta"):
        message, _ = _ask(client, tenant, None)
        text = message.get("result", {}).get("content", [{}])[0].get("text", "{}")
        lab.threads[tenant] = json.loads(text).get("thread_id", "")


def _other_thread(lab: Lab, client: httpx.Client, own: str, other: str) -> str:
    message, status = _ask(client, own, lab.threads[other])
    return tool_refused(message, status)


def _unguessable(lab: Lab) -> str:
    ids = list(lab.threads.values())
    good = len(set(ids)) == len(ids) and all(len(i) >= 32 and set(i) <= set("0123456789abcdef") for i in ids)
    return "ok" if good else "silent wrong"


def _odd_thread(client: httpx.Client, thread: str) -> str:
    """An odd thread id is either refused or a fresh conversation; never a crash."""
    message, status = _ask(client, "acme", thread)
    outcome = tool_refused(message, status)
    return "ok" if outcome in ("clear error", "silent wrong") else outcome


def _cli_other_thread(lab: Lab) -> str:
    rc, out, err = cli(
        lab.served, "ask", "--tenant", "beta", "--thread", lab.threads["acme"], "Giờ làm việc?"
    )
    return (
        "traceback/500"
        if "Traceback" in err
        else "clear error"
        if rc != 0 and "thread" in err
        else "silent wrong"
    )


def thread_cases(lab: Lab, client: httpx.Client) -> dict[str, Check]:
    refused = {
        f"thread: {own} continues {other}'s thread": (lambda o=own, t=other: _other_thread(lab, client, o, t))
        for own, other in (("acme", "beta"), ("beta", "acme"), ("global", "acme"))
    }
    refused["thread: CLI --tenant beta continues acme's thread"] = lambda: _cli_other_thread(lab)
    odd = {
        f"thread: id {label}": (lambda t=thread: _odd_thread(client, t))
        for label, thread in (
            ("'../../etc/passwd'", "../../etc/passwd"),
            ("of 10,000 characters", "a" * 10_000),
            ("with SQL", "x' OR '1'='1"),
            ("with a NUL", "abc\x00def"),
        )
    }
    return refusals(refused) | answers(
        odd | {"thread: server-issued ids are unguessable": lambda: _unguessable(lab)}
    )


def tenant_cases(lab: Lab, client: httpx.Client) -> dict[str, Check]:
    return (
        control_cases(lab, client)
        | probe_cases(lab, client)
        | write_cases(lab, client)
        | thread_cases(lab, client)
    )

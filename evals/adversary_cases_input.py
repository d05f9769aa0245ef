"""Hostile input through the CLI: files in the wrong encoding, binary, empty, pathological in size or shape, with
broken front matter; extreme questions, queries, tool arguments and options. Each is refused with a message
naming the problem (exit non-zero), or, where the input is merely unusual, indexed within the time budget."""

from __future__ import annotations

import os
import unicodedata
from collections.abc import Callable
from pathlib import Path

from evals.adversary_lab import ANSWER, QUESTION, Check, Lab, answers, cli, cli_outcome, refusals

PWNED = Path("/tmp/quyche-adversary-pwned")  # a YAML tag that ran code would create it

BAD_FILES: dict[str, tuple[str, bytes]] = {
    "UTF-16 LE with BOM": ("u16le.md", "# Lương\n\nTăng lương 5%.\n".encode("utf-16")),
    "UTF-16 BE with BOM": ("u16be.md", b"\xfe\xff" + "# Lương\n\nTăng lương 5%.\n".encode("utf-16-be")),
    "UTF-16 LE without BOM": ("u16nobom.md", "# Lương\n\nTăng lương 5%.\n".encode("utf-16-le")),
    "UTF-32": ("u32.md", "# Lương\n\nTăng lương 5%.\n".encode("utf-32")),
    "cp1258 (Vietnamese Windows)": ("cp1258.md", "# Lương tháng\n\nTăng lương.\n".encode("cp1258")),
    "binary": ("bin.md", b"\x00\x01\x02\xff" * 100),
    "a PNG named .md": ("png.md", b"\x89PNG\r\n\x1a\n" + os.urandom(200)),
    "empty": ("empty.md", b""),
    "blanks only": ("blank.md", b" \n\t\n \n"),
    "a NUL inside text": ("nul.md", "# Lương\n\nTăng\x00lương.\n".encode()),
    "front matter never closed": ("fm_open.md", "---\ntitle: Lương\n# Lương\n\nTăng lương.\n".encode()),
    "front matter bad YAML": ("fm_yaml.md", "---\ntitle: [Lương\n---\n# Lương\n\nTăng.\n".encode()),
    "front matter a list": ("fm_list.md", "---\n- a\n- b\n---\n# Lương\n\nTăng.\n".encode()),
    "front matter with a python tag": (
        "fm_tag.md",
        f"---\ntitle: !!python/object/apply:os.system ['touch {PWNED}']\n---\n# A\n\nB.\n".encode(),
    ),
    "front matter effective_date 2026-13-45": (
        "fm_date.md",
        b"---\neffective_date: 2026-13-45\n---\n# A\n\nB.\n",
    ),
    "over the 5 MB file cap": ("big.md", b"# A\n\n" + b"x " * 2_600_000),
    "20,000 headings": ("h.md", "".join(f"# Mục {i}\n\nNghỉ 1 ngày.\n" for i in range(20_000)).encode()),
    "4.9 MB one line": ("line.md", ("Nghỉ 12 ngày mỗi năm. " * 170_000).encode()),
    "deep JSON": ("deep.json", b"[" * 100_000),
    "latin-1 JSON": (
        "l1.json",
        '{"body": "Lương tháng"}'.encode("latin-1", "replace").replace(b"?", b"\xe9"),
    ),
    "JSON a number": ("num.json", b"42"),
    "JSON item without body": ("nobody.json", b'[{"title": "A"}]'),
    "JSON body a list": ("bodylist.json", b'{"body": ["a", "b"]}'),
    "JSON Lines with a broken line": ("broken.jsonl", b'{"body": "# A\\n\\nB."}\n{oops\n'),
}
# Unusual but valid: indexed (exit 0) within the case's budget, or refused with a message; never a hang.
ODD_FILES: dict[str, tuple[str, bytes]] = {
    "CRLF line endings": ("crlf.md", "# Lương\r\n\r\n## Điều 1. Tăng\r\n\r\nTăng lương 5%.\r\n".encode()),
    "CR-only line endings": ("cr.md", "# Lương\r\r## Điều 1. Tăng\r\rTăng lương 5%.\r".encode()),
    "a 100 KB heading": ("longhead.md", ("# " + "Lương " * 17_000 + "\n\nTăng lương.\n").encode()),
    "a 200,000-character word": ("word.md", ("# A\n\n" + "a" * 200_000 + "\n").encode()),
    "1,500-level nested list": (
        "nested.md",
        ("# Danh sách\n\n" + "".join("  " * i + "- mục\n" for i in range(1_500))).encode(),
    ),
    "front matter title a mapping": ("fm_map.md", b"---\ntitle: {a: 1}\n---\n# A\n\nB.\n"),
    "JSON an empty array": ("arr.json", b"[]"),
    "decomposed (NFD) Vietnamese": (
        "nfd.md",
        unicodedata.normalize("NFD", "# Lương\n\nNghỉ phép năm 12 ngày.\n").encode(),
    ),
}


def _ingest(lab: Lab, name: str, raw: bytes) -> tuple[int, str, str]:
    path = lab.work / "files" / name
    path.parent.mkdir(exist_ok=True)
    path.write_bytes(raw)
    return cli(lab.copy(f"in-{Path(name).stem}"), "ingest", str(path), "--tenant", "beta")


def _refused(lab: Lab, name: str, raw: bytes) -> str:
    rc, out, err = _ingest(lab, name, raw)
    if PWNED.exists():
        return "silent wrong"
    outcome = cli_outcome(rc, out, err)
    if outcome == "silent wrong" and rc != 0 and name in out:  # the per-file error line is on stdout
        return "clear error"
    return outcome


def _handled(lab: Lab, name: str, raw: bytes) -> str:
    rc, out, err = _ingest(lab, name, raw)
    if err == "TIMEOUT":
        return "hang"
    if "Traceback" in err or rc < 0:
        return "traceback/500"
    return "ok" if rc == 0 or (err.strip() or name in out) else "silent wrong"


def file_cases(lab: Lab) -> dict[str, Check]:
    refused = {
        f"ingest a file: {n}": (lambda f=f, r=r: _refused(lab, f, r)) for n, (f, r) in BAD_FILES.items()
    }
    odd = {f"ingest a file: {n}": (lambda f=f, r=r: _handled(lab, f, r)) for n, (f, r) in ODD_FILES.items()}
    odd["index a folder with a symlink loop"] = lambda: _symlink_loop(lab)
    return refusals(refused) | answers(odd)


def _symlink_loop(lab: Lab) -> str:
    folder = lab.work / "loop"
    folder.mkdir(exist_ok=True)
    (folder / "a.md").write_text("# A\n\nNghỉ phép 12 ngày.\n", encoding="utf-8")
    if not (folder / "self").exists():
        (folder / "self").symlink_to(folder)
    rc, out, err = cli(lab.copy("loop"), "index", "--corpus", str(folder))
    return "traceback/500" if "Traceback" in err else "ok" if rc == 0 or err.strip() else "silent wrong"


def cli_cases(lab: Lab) -> dict[str, Check]:
    def run(*argv: str) -> Callable[[], str]:
        return lambda: cli_outcome(*cli(lab.base, *argv))

    data_file = lab.work / "a-file"
    data_file.write_text("x", encoding="utf-8")
    # one command-line argument holds at most 128 KiB on Linux: 90,000 characters (HTTP sends 1 MB)
    return refusals(
        {
            "ask a 90,000-character question": run("ask", "nghỉ phép " * 9_000),
            "ask an empty question": run("ask", ""),
            "ask --tenant ''": run("ask", "--tenant", "", "Giờ làm việc?"),
            "retrieve a 90,000-character query": run("retrieve", "--mode", "bm25", "nghỉ phép " * 9_000),
            "retrieve --mode magic": run("retrieve", "--mode", "magic", "a"),
            "retrieve --top-k 0": run("retrieve", "--top-k", "0", "a"),
            "retrieve --top-k 10^9": run("retrieve", "--top-k", str(10**9), "a"),
            "retrieve --tenant ''": run("retrieve", "--tenant", "", "a"),
            "tool calculate_leave 0001 to 9999": run(
                "tool",
                "calculate_leave",
                "--args",
                '{"probation_start": "0001-01-01", "as_of": "9999-12-31"}',
            ),
            "tool args deep JSON": run("tool", "search", "--args", "[" * 100_000),
            "tool args not JSON": run("tool", "search", "--args", "{query: a}"),
            "tool args an array": run("tool", "search", "--args", "[1]"),
            "an unknown tool": run("tool", "rm_rf", "--args", "{}"),
            "tree of ../../etc/passwd": run("tree", "../../etc/passwd"),
            "versions of an unknown document": run("versions", "../../etc/passwd"),
            "restore version -1": run("restore", "noi_quy_lao_dong", "-1"),
            "--data-dir is a file": lambda: cli_outcome(*cli(data_file, "ask", "Giờ làm việc?")),
            "mcp on 0.0.0.0 without a token": lambda: cli_outcome(
                *cli(lab.base, "mcp", "--transport", "http", "--host", "0.0.0.0", timeout=60)
            ),
            "mcp on 0.0.0.0 with a blank token": lambda: cli_outcome(
                *cli(
                    lab.base,
                    "mcp",
                    "--transport",
                    "http",
                    "--host",
                    "0.0.0.0",
                    timeout=60,
                    QUYCHE_MCP_TOKEN="  ",
                )
            ),
        }
    )


def input_cases(lab: Lab) -> dict[str, Check]:
    fresh = {
        "ask --thread '' (a new conversation)": lambda: cli_outcome(
            *cli(lab.base, "ask", "--thread", "", QUESTION), want="ok", needs=ANSWER
        )
    }
    return file_cases(lab) | cli_cases(lab) | answers(fresh)

"""Framed questions: every question of the golden set and the non-blind company sets asked as an employee writes
to HR. Two kinds of frame, neither of which asks anything, so an item answered plainly must be answered framed:
- ``courtesy``: a greeting, a request formula and a thank-you ("Anh chị ơi, mình có thắc mắc: … Mong anh chị phản
  hồi sớm.", "Hi HR team, quick question: … Thanks in advance!");
- ``context``: a sentence of the asker's circumstances that bears on no rule ("Em đang ngồi trên xe buýt đi làm thì
  chợt nghĩ tới chuyện này.", "My team was arguing about this at lunch.").
Each kind's frames are split into a dev fold (to tune on) and a test fold, written before any change they measure
and never tuned on (courtesy: 66bbeac; context: committed with this text, before any change for it).

``python -m evals.framed_eval [--kind courtesy|context] [--fold dev|test] [--today 2026-11-23]`` prints, per
language, the items answered plainly and how many of them stay answered inside a frame, both measured in the same
run.
"""

from __future__ import annotations

import argparse
import datetime as dt
import re
from collections.abc import Iterable

from evals.company_sets import COMPANY_SETS, EVALS_DIR
from evals.golden import GoldenItem, load_golden
from indexes.settings import Settings

Frame = tuple[str, str]  # (what comes before the question, what comes after it)

COURTESY: dict[str, dict[str, list[Frame]]] = {
    "dev": {
        "vi": [
            ("Kính gửi phòng Nhân sự, xin cho hỏi: ", ""),
            ("Chào anh chị, em muốn hỏi là ", " ạ"),
            ("Dạ cho em hỏi chút ạ, ", " Em cảm ơn ạ."),
            ("Anh chị ơi, mình có thắc mắc: ", " Mong anh chị phản hồi sớm."),
        ],
        "en": [
            ("Hi HR team, quick question: ", ""),
            ("Hello, I was wondering: ", " Thanks in advance!"),
            ("Dear HR, ", " Many thanks."),
            ("Sorry to bother you, but ", " Thank you!"),
        ],
    },
    # written with the dev fold, before any change; never tuned on
    "test": {
        "vi": [
            ("Xin chào, cho mình hỏi với: ", " Cảm ơn nhiều!"),
            ("Em chào chị ạ. Chị cho em hỏi ", ""),
            ("Nhờ phòng HR giải đáp giúp em: ", " Trân trọng."),
            ("Mọi người ơi, ", " Ai biết chỉ giúp với."),
            ("Tôi xin phép hỏi: ", " Xin cảm ơn."),
            ("Chào bạn, ", " Thanks bạn nhé!"),
        ],
        "en": [
            ("Hey there! ", " Cheers."),
            ("Good morning, could you please help me with this: ", ""),
            ("Quick one - ", " Appreciate it."),
            ("I have a question. ", " Best regards, Minh"),
            ("Hi! ", " Thanks a lot :)"),
            ("Hello HR, hope you are well. ", " Kind regards."),
        ],
    },
}


CONTEXT: dict[str, dict[str, list[Frame]]] = {
    "dev": {
        "vi": [
            (
                "Hôm qua nói chuyện với đồng nghiệp thì mỗi người nói một kiểu nên em muốn hỏi lại cho chắc. ",
                "",
            ),
            ("Em đang ngồi trên xe buýt đi làm thì chợt nghĩ tới chuyện này. ", ""),
            ("Sếp em bảo em tự tìm trong quy chế mà em đọc không hiểu lắm. ", ""),
            ("Tuần trước team em có tranh luận về việc này. ", ""),
        ],
        "en": [
            ("A colleague told me something different, so I want to double-check. ", ""),
            ("I was reading the handbook on the bus this morning and got confused. ", ""),
            ("My team was arguing about this at lunch. ", ""),
            ("I couldn't find this clearly in the documents. ", ""),
        ],
    },
    # written with the dev fold, before any change; never tuned on
    "test": {
        "vi": [
            ("Trong nhóm chat của phòng mọi người đang bàn tán về chuyện này. ", ""),
            ("Tối qua em đọc tin tức trên mạng thấy nói khác. ", ""),
            ("Em mới đọc lại sổ tay nhân viên nhưng vẫn chưa rõ. ", ""),
            ("Bạn cùng phòng trọ của em làm ở chỗ khác bảo bên đó khác hẳn. ", ""),
            ("Chuyện này em thắc mắc từ lâu mà ngại chưa hỏi. ", ""),
            ("Sáng nay uống cà phê với mấy anh chị trong nhóm thì nghe nhắc tới. ", ""),
        ],
        "en": [
            ("There's a debate in our group chat about this. ", ""),
            ("I read something online that said otherwise. ", ""),
            ("I've been meaning to ask this for a while. ", ""),
            ("My flatmate works somewhere else and says their rules differ. ", ""),
            ("We talked about it over coffee this morning. ", ""),
            ("I went through the intranet but I'm still unsure. ", ""),
        ],
    },
}

FRAMES = {"courtesy": COURTESY, "context": CONTEXT}

# ``chat``: a Vietnamese question typed the way people chat, the common abbreviations for its words ("đc" for
# "được", "ko" for "không", "cty" for "công ty"); one spelling for both folds, which split the items instead (dev:
# the items tuned on; test: the golden set's held-out items and the even items of dev companies 5 to 8). Written
# before any change for it and never tuned on.
CHAT_ABBREVIATIONS = {
    "không": "ko",
    "được": "đc",
    "công ty": "cty",
    "bao nhiêu": "bn",
    "như thế nào": "ntn",
    "em": "e",
    "với": "vs",
    "người": "ng",
    "nhân viên": "nv",
    "gì": "j",
    "vậy": "v",
    "rồi": "r",
    "trước": "trc",
    "thời gian": "tgian",
    "điện thoại": "đt",
}
_CHAT = re.compile(
    r"(?<!\w)(" + "|".join(sorted(CHAT_ABBREVIATIONS, key=len, reverse=True)) + r")(?!\w)", re.IGNORECASE
)


def chat_spelling(question: str) -> str:
    return _CHAT.sub(lambda m: CHAT_ABBREVIATIONS[m.group(1).lower()], question)


def item_fold(set_name: str, item: GoldenItem) -> str:
    """The fold an item belongs to: golden held-out items and the even items of dev companies 5 to 8 are test."""
    if set_name == "golden":
        return "test" if item.split == "heldout" else "dev"
    if set_name[-1] in "5678":
        number = re.search(r"(\d+)$", item.id)
        return "test" if number and int(number.group(1)) % 2 == 0 else "dev"
    return "dev"


def framed(items: Iterable[GoldenItem], fold: str, kind: str = "courtesy") -> list[GoldenItem]:
    """Each item's question inside a frame of its kind and language (the fold's frames in turn); for ``chat``,
    each Vietnamese item's question in chat spelling."""
    if kind == "chat":
        return [i.model_copy(update={"question": chat_spelling(i.question)}) for i in items if i.lang != "en"]
    out = []
    for k, item in enumerate(items):
        frames = FRAMES[kind][fold]["en" if item.lang == "en" else "vi"]
        before, after = frames[k % len(frames)]
        out.append(item.model_copy(update={"question": f"{before}{item.question}{after}"}))
    return out


def kept(plain: list[dict], wrapped: list[dict]) -> dict[str, int | float]:
    """Items answered right plainly, and the share of them still answered right inside a frame."""
    framed_ok = {(r["set"], r["id"]) for r in wrapped if r["ok"]}
    ok = [(r["set"], r["id"]) for r in plain if r["ok"]]
    held = sum(i in framed_ok for i in ok)
    return {
        "items": len(plain),
        "plain_ok": len(ok),
        "framed_ok": held,
        "kept": round(held / len(ok), 4) if ok else 1.0,
    }


def run(
    fold: str, today: dt.date | None, settings: Settings | None = None, kind: str = "courtesy"
) -> dict[str, dict]:
    from evals.harness import run_eval
    from indexes.pipeline.ingest import index_folder

    base = settings or Settings()
    sets: list[tuple[str, Settings, list[GoldenItem]]] = [
        ("golden", base, load_golden(EVALS_DIR / "golden.jsonl"))
    ]
    for name, company in COMPANY_SETS.items():
        if not company.blind:
            sets.append((name, company.settings(base), company.load()))
    plain: list[dict] = []
    wrapped: list[dict] = []
    for name, own, items in sets:
        if kind == "chat":  # the fold's Vietnamese items
            items = [i for i in items if i.lang != "en" and item_fold(name, i) == fold]
        index_folder(own, own.corpus_dir, show_progress=False)
        plain += [{**r, "set": name} for r in run_eval(own, ("agent",), today=today, items=items).per_item]
        asked = run_eval(own, ("agent",), today=today, items=framed(items, fold, kind)).per_item
        wrapped += [{**r, "set": name} for r in asked]
    out = {"all": kept(plain, wrapped)}
    for lang in ("vi", "en") if kind != "chat" else ():
        out[lang] = kept([r for r in plain if r["lang"] == lang], [r for r in wrapped if r["lang"] == lang])
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kind", choices=[*sorted(FRAMES), "chat"], default="courtesy")
    parser.add_argument("--fold", choices=["dev", "test"], default="dev")
    parser.add_argument("--today", help="the date questions are asked on (YYYY-MM-DD)")
    args = parser.parse_args(argv)
    today = dt.date.fromisoformat(args.today) if args.today else None
    print(f"## {args.kind} frames, {args.fold} fold")
    print("| slice | items | answered plainly | still answered framed | kept |")
    print("|---|---|---|---|---|")
    for name, f in run(args.fold, today, kind=args.kind).items():
        print(f"| {name} | {f['items']} | {f['plain_ok']} | {f['framed_ok']} | {f['kept']} |")


if __name__ == "__main__":
    main()

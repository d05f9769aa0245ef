"""The framed eval: frames wrap a question in its language, chat spelling abbreviates only Vietnamese items, the
folds split as documented, and "kept" counts only items answered plainly."""

from evals.framed_eval import CONTEXT, COURTESY, chat_spelling, framed, item_fold, kept
from evals.golden import GoldenItem


def _item(id_: str, question: str, lang: str = "vi", split: str = "dev") -> GoldenItem:
    return GoldenItem(id=id_, question=question, lang=lang, category="leave", split=split)


def test_frames_of_the_items_language_wrap_the_question() -> None:
    vi, en = _item("a-1", "Nghỉ phép năm được mấy ngày?"), _item("a-2", "How many leave days?", "en")
    wrapped = framed([vi, en], "test", "courtesy")
    assert wrapped[0].question == COURTESY["test"]["vi"][0][0] + vi.question + COURTESY["test"]["vi"][0][1]
    assert wrapped[1].question == COURTESY["test"]["en"][1][0] + en.question + COURTESY["test"]["en"][1][1]
    assert framed([vi], "dev", "context")[0].question.startswith(CONTEXT["dev"]["vi"][0][0])


def test_chat_spelling_abbreviates_vietnamese_items_only() -> None:
    assert chat_spelling("Em được nghỉ bao nhiêu ngày không?") == "e đc nghỉ bn ngày ko?"
    items = framed(
        [_item("a-1", "Công ty có hỗ trợ không?"), _item("a-2", "Is it paid?", "en")], "dev", "chat"
    )
    assert [i.question for i in items] == ["cty có hỗ trợ ko?"]


def test_folds_split_the_items() -> None:
    assert item_fold("golden", _item("x-1", "q", split="heldout")) == "test"
    assert item_fold("golden", _item("x-1", "q")) == "dev"
    assert item_fold("dev-company-7", _item("dc7-leave-004", "q")) == "test"
    assert item_fold("dev-company-7", _item("dc7-leave-005", "q")) == "dev"
    assert item_fold("dev-company-2", _item("dc2-leave-004", "q")) == "dev"


def test_kept_counts_the_items_answered_plainly() -> None:
    plain = [
        {"set": "s", "id": "1", "ok": True},
        {"set": "s", "id": "2", "ok": True},
        {"set": "s", "id": "3", "ok": False},
    ]
    wrapped = [
        {"set": "s", "id": "1", "ok": True},
        {"set": "s", "id": "2", "ok": False},
        {"set": "s", "id": "3", "ok": True},
    ]
    assert kept(plain, wrapped) == {"items": 3, "plain_ok": 2, "framed_ok": 1, "kept": 0.5}

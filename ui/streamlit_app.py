"""Streamlit chat for employees. A thin adapter over ``agent.assistant.Assistant``; run with ``quyche ui``."""

from __future__ import annotations

import html
import uuid

import streamlit as st

from agent.assistant import Assistant
from indexes.errors import IndexMissingError, QuycheError
from indexes.search.retrieval import visible_tenants
from indexes.settings import Settings
from indexes.store.published_index import IndexStore

TEXT = {
    "vi": {
        "title": "Quy Chế — hỏi đáp quy chế công ty",
        "ask": "Hỏi về nghỉ phép, giờ làm, công tác phí…",
        "docs": "Tài liệu",
        "tenant": "Công ty (tenant)",
        "mode": "Chế độ mô hình",
        "reindex": "Lập lại chỉ mục",
        "nodes": "mục",
        "missing": "Chưa có chỉ mục. Bấm nút để lập chỉ mục cho thư mục corpus (hoặc chạy `quyche index`).",
        "build": "Lập chỉ mục",
        "thinking": "Đang tra cứu…",
        "done": "Xong",
        "steps": "Cách tính",
        "trace": "Các bước (trace)",
        "too_long": "Câu hỏi quá dài (tối đa 2000 ký tự).",
        "lines": "dòng",
        "new": "Cuộc trò chuyện mới",
        "lang": "Ngôn ngữ",
        "damaged": "Chỉ mục bị hỏng, không thể trả lời đúng: {error}",
        "failed": "Không trả lời được: {error}",
    },
    "en": {
        "title": "Quy Chế — company regulations Q&A",
        "ask": "Ask about leave, working hours, expenses…",
        "docs": "Documents",
        "tenant": "Company (tenant)",
        "mode": "Model mode",
        "reindex": "Re-index",
        "nodes": "sections",
        "missing": "No index yet. Press the button to index the corpus folder (or run `quyche index`).",
        "build": "Build index",
        "thinking": "Searching…",
        "done": "Done",
        "steps": "Calculation",
        "trace": "Steps (trace)",
        "too_long": "The question is too long (max 2000 characters).",
        "lines": "lines",
        "new": "New conversation",
        "lang": "Language",
        "damaged": "The index is damaged; answers would be wrong: {error}",
        "failed": "Could not answer: {error}",
    },
}


@st.cache_resource
def get_assistant(data_dir: str) -> Assistant:
    return Assistant(Settings(data_dir=data_dir))


def highlight(text: str, quote: str) -> str:
    """The cited passage with the quoted span marked."""
    escaped, q = html.escape(text), html.escape(quote)
    return escaped.replace(q, f"<mark>{q}</mark>") if q and q in escaped else f"<mark>{q}</mark><br>{escaped}"


def show_answer(answer: dict, t: dict, store: IndexStore | None) -> None:
    st.markdown(answer["answer"])
    for i, c in enumerate(answer.get("citations", []), 1):
        node = store.node(c["node_id"]) if store else None
        doc = store.documents.get(c["doc_id"]) if store else None
        label = f"[{i}] {doc.title if doc else c['doc_id']} › {c['title']} ({t['lines']} {c['line_start']}–{c['line_end']})"
        with st.expander(label):
            st.caption(" › ".join(node.title_path) if node else c["node_id"])
            if c.get("url"):
                st.caption(f"[{c['url']}]({c['url']})")
            st.markdown(highlight(node.text if node else c["quote"], c["quote"]), unsafe_allow_html=True)
    if answer.get("calculation"):
        with st.expander(t["steps"]):
            for step in answer["calculation"]["steps"]:
                st.markdown(
                    f"- {step['text']}  \n  <small>{html.escape(step['rule'])}</small>",
                    unsafe_allow_html=True,
                )
    with st.expander(t["trace"]):
        for call in answer.get("tool_calls", []):
            st.code(
                f"{call['name']}({call['args']}) {call['duration_ms']} ms"
                + (f" error={call['error']}" if call["error"] else "")
            )


settings = Settings()
lang = st.sidebar.radio("Ngôn ngữ / Language", ["vi", "en"], horizontal=True, key="lang")
t = TEXT[lang]
st.title(t["title"])
assistant = get_assistant(str(settings.data_dir))
st.session_state.setdefault("thread_id", uuid.uuid4().hex)
st.session_state.setdefault("history", [])

try:  # checked as `quyche ask` checks it: damage is an error to show, never a false "no rule found"
    store = IndexStore(settings.index_dir)
    store.verify(settings, deep=True)
except IndexMissingError:
    store = None
except QuycheError as exc:
    st.error(t["damaged"].format(error=exc))
    st.stop()
tenant = settings.tenant
with st.sidebar:
    st.caption(f"{t['mode']}: **{settings.llm_mode()}**")
    if store:
        tenants = sorted({d.tenant for d in store.documents.values()} | {settings.tenant})
        tenant = st.selectbox(t["tenant"], tenants, index=tenants.index(settings.tenant), key="tenant")
        if st.session_state.get("last_tenant", tenant) != tenant:  # another company: a new conversation
            st.session_state.thread_id, st.session_state.history = uuid.uuid4().hex, []
        st.session_state.last_tenant = tenant
    if st.button(t["new"]):
        st.session_state.thread_id, st.session_state.history = uuid.uuid4().hex, []
    if store:
        st.subheader(t["docs"])
        for doc in store.documents.values():
            if doc.tenant not in visible_tenants(tenant):
                continue
            st.markdown(f"**{doc.title}** · {doc.node_count} {t['nodes']} · {doc.indexed_at[:10]}")
    if st.button(t["reindex"] if store else t["build"], key="reindex"):
        from indexes.pipeline.ingest import index_folder

        try:
            report = index_folder(settings)
        except QuycheError as exc:
            st.error(t["failed"].format(error=exc))
            st.stop()
        st.success(report.summary_line())
        st.rerun()

if store is None:
    st.info(t["missing"])
    st.stop()

for turn in st.session_state.history:
    with st.chat_message("user"):
        st.markdown(turn["question"])
    with st.chat_message("assistant"):
        show_answer(turn["answer"], t, store)

question = st.chat_input(t["ask"])
if question is not None:
    question = question.strip()
    if not question:
        st.stop()
    if len(question) > settings.max_question_chars:
        st.warning(t["too_long"])
        st.stop()
    with st.chat_message("user"):
        st.markdown(question)
    with st.chat_message("assistant"):
        answer = None
        with st.status(t["thinking"], expanded=False) as status:
            try:
                for event in assistant.stream(question, thread_id=st.session_state.thread_id, tenant=tenant):
                    if event["node"] == "tools":
                        for run in event["update"].get("tool_runs", []):
                            st.write(f"🔧 {run['name']} {run['args']} — {run['duration_ms']} ms")
                    elif event["node"] == "final":
                        answer = event["answer"].model_dump(mode="json")
            except QuycheError as exc:  # damage found mid-answer, a thread of another tenant, a limit
                status.update(state="error")
                st.error(t["failed"].format(error=exc))
                st.stop()
            status.update(label=t["done"], state="complete")
        show_answer(answer, t, store)
    st.session_state.history.append({"question": question, "answer": answer})

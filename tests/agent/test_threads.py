"""Conversation threads carry their tenant: another tenant's thread id is refused, new ids are unguessable."""

from __future__ import annotations

import sqlite3

import pytest

from agent.assistant import Assistant
from agent.threads import ThreadOwners, new_thread_id
from indexes.errors import ThreadAccessError
from tests.conftest import TODAY


def test_a_thread_belongs_to_the_tenant_that_started_it(tmp_path):
    owners = ThreadOwners(sqlite3.connect(tmp_path / "conversations.sqlite"))
    owners.claim("t1", "acme")
    owners.claim("t1", "acme")  # its own thread, again: fine
    with pytest.raises(ThreadAccessError, match="another tenant"):
        owners.claim("t1", "beta")
    owners.claim("t2", "beta")


def test_new_thread_ids_are_random_128_bit():
    ids = {new_thread_id() for _ in range(1000)}
    assert len(ids) == 1000 and all(len(i) == 32 and int(i, 16) >= 0 for i in ids)


def test_the_assistant_refuses_another_tenants_thread(corpus_settings, shared_embedder):
    assistant = Assistant(corpus_settings, today=TODAY, embedder=shared_embedder)
    first = assistant.ask("Giờ làm việc buổi sáng bắt đầu lúc mấy giờ?", tenant="global")
    assert first.thread_id and len(first.thread_id) == 32
    with pytest.raises(ThreadAccessError):
        assistant.ask("Còn buổi chiều thì sao?", thread_id=first.thread_id, tenant="acme")
    again = assistant.ask("Còn buổi chiều thì sao?", thread_id=first.thread_id, tenant="global")
    assert again.thread_id == first.thread_id and not again.refused

"""Two simultaneous first uploads of one student's resume: both succeed, one resume remains.

With no resume yet there was no row for `select_for_update` to lock, so both requests
inserted one and the second hit the one-resume-per-account constraint: an IntegrityError,
a 500. Real threads, each with its own connection, really committing: on PostgreSQL the owner's
row lock makes the second wait, on SQLite BEGIN IMMEDIATE does.
"""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from apps.applications.tests.applicant_data import PDF_BYTES, resume_storage  # noqa: F401
from apps.resumes.models import Resume
from apps.resumes.tests.test_resumes_api import upload
from conftest import signed_in_client

ROUNDS = 5


def _files(folder) -> set[str]:
    return {str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file()} if folder.exists() else set()


def _race(clients, round_: int) -> list:
    """Both clients upload at the same moment, each from its own thread and connection."""
    barrier = threading.Barrier(len(clients))
    responses: list = [None] * len(clients)

    def post(i: int) -> None:
        try:
            barrier.wait(timeout=10)
            pdf = PDF_BYTES.replace(b"%%EOF", f"% upload {round_}-{i}\n%%EOF".encode())
            responses[i] = upload(clients[i], pdf)
        finally:
            connection.close()  # this thread's own connection

    threads = [threading.Thread(target=post, args=(i,)) for i in range(len(clients))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    return responses


@pytest.mark.django_db(transaction=True)
def test_two_simultaneous_first_uploads_both_succeed_and_leave_one_resume(student, resume_storage):  # noqa: F811
    clients = [signed_in_client(student), signed_in_client(student)]
    for c in clients:
        c.raise_request_exception = False  # a 500 is the failure we look for, not a crash of the thread
    for round_ in range(ROUNDS):
        Resume.objects.filter(user=student).delete()
        files_before = _files(resume_storage)
        responses = _race(clients, round_)
        statuses = [r.status_code if r is not None else None for r in responses]
        assert statuses == [201, 201], f"round {round_}: {statuses} {[r and r.content[:200] for r in responses]}"
        resume = Resume.objects.get(user=student)
        # The later upload won, and the earlier one's file did not stay behind.
        assert _files(resume_storage) - files_before == {resume.path}

"""The registration-day student, for locust (run by benchmarks/registration.py).

Each iteration is a new student walking the whole path: register → the verification mail
(read from the folder the servers' mail backend writes, benchmarks/mailbox.py) → verify → sign
in → questions → a draft → resume upload → submit → status. Users pace themselves
(BENCH_PACING seconds per student), so N users make N / pacing students arrive per second.
"""

from __future__ import annotations

import email
import email.policy
import os
import re
import time
import uuid
from pathlib import Path

from locust import HttpUser, constant_pacing, events, task

MAIL_DIR = Path(os.environ.get("BENCH_MAIL_DIR", "/tmp/portal-bench-mail"))
PACING = float(os.environ.get("BENCH_PACING", "20"))
MAIL_TIMEOUT = 30.0
PASSWORD = "Registration-Day-2026"
LINK = re.compile(r"/verify/([^\s\"'<>]+)")

# A small but real PDF with some incompressible content, about the size of a one-page resume.
_NOISE = os.urandom(120_000).replace(b"%%EOF", b"%%EOX")
RESUME = (
    b"%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n"
    b"2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n"
    b"3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >> endobj\n"
    b"4 0 obj << /Length " + str(len(_NOISE)).encode() + b" /Filter /FlateDecode >> stream\n" + _NOISE + b"\n"
    b"endstream endobj\ntrailer << /Size 5 /Root 1 0 R >>\n%%EOF\n"
)
ANSWERS = {
    "age": "19",
    "country": "United States of America",
    "level_of_study": "Undergraduate University (3+ year)",
    "major": "Computer Science",
    "first_hackathon": "no",
    "languages": "Python,Rust",
    "why_attend": "To build a tool that helps my classmates find study groups.",
    "proud_project": "A bus tracker for our campus; I wrote the backend and the map view.",
    "links": "https://github.com/ada,https://ada.dev",
    "needs_travel": "no",
    "gender": "Woman",
    "ethnicity": "Chinese,White",
    "first_generation": "yes",
    "tshirt_size": "M",
    "dietary_restrictions": "Vegetarian",
}


def application(answers: dict) -> dict:
    return {
        "first": "Ada",
        "last": "Lovelace",
        "school": "Princeton University",
        "sections": [{"section_name": "All", "answers": [{"question_id": k, "answer": v} for k, v in answers.items()]}],
        "checkboxes": [True, True, False],
        "teamcode": None,
    }


def verification_key(address: str) -> str:
    """Waits for the student's verification mail and returns the key of its link."""
    path = MAIL_DIR / f"{address}.eml"
    started = time.perf_counter()
    while not path.exists():
        if time.perf_counter() - started > MAIL_TIMEOUT:
            _mail_event(started, RuntimeError(f"no verification mail for {address} after {MAIL_TIMEOUT:g}s"))
            raise RuntimeError("no mail")
        time.sleep(0.05)
    message = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
    body = message.get_body(preferencelist=("plain", "html")).get_content()
    path.unlink()
    _mail_event(started, None)
    match = LINK.search(body)
    if match is None:
        raise RuntimeError(f"no /verify/ link in the mail to {address}")
    return match.group(1)


def _mail_event(started: float, exception) -> None:
    events.request.fire(
        request_type="MAIL",
        name="verification mail arrives (Celery)",
        response_time=(time.perf_counter() - started) * 1000,
        response_length=0,
        exception=exception,
        context={},
    )


class Student(HttpUser):
    wait_time = constant_pacing(PACING)

    def _post(self, path: str, expected: int, **kwargs):
        headers = {"X-CSRFToken": self.client.cookies.get("csrftoken", ""), "Referer": self.host + "/"}
        with self.client.post(path, headers=headers, catch_response=True, **kwargs) as response:
            if response.status_code == expected:
                response.success()
            else:
                response.failure(f"{response.status_code}: {response.text[:200]}")
        return response

    def _get(self, path: str, expected: int = 200, name: str | None = None):
        with self.client.get(path, name=name, catch_response=True) as response:
            if response.status_code == expected:
                response.success()
            else:
                response.failure(f"{response.status_code}: {response.text[:200]}")
        return response

    @task
    def register_and_apply(self) -> None:
        self.client.cookies.clear()
        address = f"s{uuid.uuid4().hex[:16]}@princeton.edu"
        credentials = {"email": address, "password": PASSWORD}
        self._get("/api/auth/user", expected=401)  # the CSRF cookie, as the page's first call
        if self._post("/api/auth/register", 201, json=credentials).status_code != 201:
            return
        try:
            key = verification_key(address)
        except RuntimeError:
            return
        self._get(f"/api/auth/verify/{key}", name="/api/auth/verify/[key]")
        if self._post("/api/auth/login", 200, json=credentials).status_code != 200:
            return
        self._get("/api/applications/questions")
        self._post("/api/applications/save", 200, json=application(dict(list(ANSWERS.items())[:5])))
        self._post("/api/resume/upload", 201, files={"resume": ("resume.pdf", RESUME, "application/pdf")})
        self._post("/api/applications/application", 200, json=application(ANSWERS))
        self._get("/api/applications/status")

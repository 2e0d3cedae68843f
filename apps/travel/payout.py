"""The payout CSV: one line per applicant with approved receipts, what to pay them.

Every text cell goes through the one formula rule (apps.core.csv_cells), and the file is
streamed a row at a time."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator

from apps.core.csv_cells import neutralise

from .selectors import money, payout_rows

HEADER = ["email", "first_name", "last_name", "origin", "country", "granted", "approved", "payout", "currency"]


def lines(cycle, currency: str) -> Iterator[str]:
    buffer = io.StringIO()
    writer = csv.writer(buffer)

    def take() -> str:
        text = buffer.getvalue()
        buffer.seek(0)
        buffer.truncate()
        return text

    writer.writerow(HEADER)
    yield take()
    for grant in payout_rows(cycle).iterator(chunk_size=500):
        application = grant.application
        request = getattr(application, "travel_request", None)
        approved = grant.approved or 0
        writer.writerow(
            [
                neutralise(application.email),
                neutralise(application.first),
                neutralise(application.last),
                neutralise(request.origin if request else ""),
                neutralise(request.country if request else ""),
                money(grant.amount),
                money(approved),
                money(min(approved, grant.amount)),
                currency,
            ]
        )
        yield take()

"""A resume book: the resumes of a set of people as one zip, streamed.

Who is in the book is the caller's question (the reports app asks for the confirmed
applicants: apps/reports/resume_book.py); resumes knows people, not applications.

The archive is never held in memory or on disk: Python's zipfile writes into a non-seekable
sink (so it emits data descriptors instead of seeking back to patch headers), and each file is
copied from the storage in chunks, with whatever zipfile produced so far handed to the HTTP
response after every chunk.
"""

from __future__ import annotations

import io
import logging
import zipfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from django.core.files.storage import storages
from django.db.models import QuerySet

from .models import Resume

logger = logging.getLogger(__name__)

CHUNK_SIZE = 64 * 1024


class _Sink(io.RawIOBase):
    """A write-only, non-seekable file that keeps what was written until it is drained."""

    def __init__(self) -> None:
        super().__init__()
        self._parts: list[bytes] = []
        self._position = 0

    def writable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return False

    def write(self, data) -> int:
        data = bytes(data)
        self._parts.append(data)
        self._position += len(data)
        return len(data)

    def tell(self) -> int:
        # zipfile needs the offset of each entry for the central directory.
        return self._position

    def drain(self) -> bytes:
        data = b"".join(self._parts)
        self._parts.clear()
        return data


@dataclass(frozen=True)
class Entry:
    name: str  # the name inside the archive
    path: str  # the storage name of the file
    date_time: tuple[int, int, int, int, int, int]


def stream_zip(entries: Iterable[Entry], *, storage=None, chunk_size: int = CHUNK_SIZE) -> Iterator[bytes]:
    """The bytes of a zip holding `entries`, produced piece by piece.

    A file missing from the storage is left out (and logged) rather than breaking the archive
    half-way through the download.
    """
    storage = storage or storages["resumes"]
    sink = _Sink()
    with zipfile.ZipFile(sink, mode="w", compression=zipfile.ZIP_DEFLATED, allowZip64=True) as archive:
        for entry in entries:
            try:
                source = storage.open(entry.path, "rb")
            except Exception:  # noqa: BLE001 - a missing or unreadable file must not break the archive
                logger.warning("Resume file %s can't be opened; left out of the zip.", entry.path)
                continue
            with source:
                try:
                    chunk = source.read(chunk_size)
                except Exception:  # noqa: BLE001 - S3 reports a missing key on first read
                    logger.warning("Resume file %s can't be read; left out of the zip.", entry.path)
                    continue
                info = zipfile.ZipInfo(entry.name, date_time=entry.date_time)
                info.compress_type = zipfile.ZIP_DEFLATED
                with archive.open(info, mode="w", force_zip64=True) as target:
                    while chunk:
                        target.write(chunk)
                        if data := sink.drain():
                            yield data
                        chunk = source.read(chunk_size)
            if data := sink.drain():
                yield data
    if data := sink.drain():
        yield data  # the central directory


def resume_entries(users: QuerySet) -> Iterator[Entry]:
    """One entry per user in `users` (a query of user ids) with a resume, named <email>.pdf."""
    rows = (
        Resume.objects.filter(user__in=users).order_by("user__email").values_list("user__email", "path", "updated_at")
    )
    for email, path, updated_at in rows.iterator(chunk_size=500):
        stamp = max(updated_at.timetuple()[:6], (1980, 1, 1, 0, 0, 0))  # zip dates start in 1980
        yield Entry(name=f"{email}.pdf", path=path, date_time=stamp)


def has_resumes(users: QuerySet) -> bool:
    """Whether anyone in `users` (a query of user ids) has a resume on file."""
    return Resume.objects.filter(user__in=users).exists()

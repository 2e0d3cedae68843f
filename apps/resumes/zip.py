"""A resume book: the resumes of a set of people as one zip, streamed.

Who is in the book is the caller's question (the reports app asks for the confirmed
applicants: apps/reports/resume_book.py); resumes knows people, not applications.

The archive is never held whole in memory or on disk: each file is copied from the storage in
chunks into a buffer that holds the current entry only (a resume is at most 2 MB), and once
zipfile has finished the entry the buffer is handed to the HTTP response in chunks.

PDFs are stored, not deflated: they are compressed inside already, so deflating cost most of
the archive's CPU for a few percent of size (benchmarks/bench.py measures both). Because the
buffer lets zipfile seek back within the current entry, each local header carries the real
CRC and sizes (no data descriptor): stored entries with data descriptors can't be read by
streaming unzippers, which have no other way to find where a stored file ends.
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
COMPRESSION = zipfile.ZIP_STORED


class _Sink(io.RawIOBase):
    """A write-only file that keeps what was written since the last drain, and can seek back
    within it (zipfile rewrites an entry's local header once the entry is complete)."""

    def __init__(self) -> None:
        super().__init__()
        self._buffer = bytearray()
        self._base = 0  # the archive offset of the buffer's first byte
        self._position = 0

    def writable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def tell(self) -> int:
        return self._position

    def seek(self, offset: int, whence: int = io.SEEK_SET) -> int:
        end = self._base + len(self._buffer)
        target = {io.SEEK_SET: offset, io.SEEK_CUR: self._position + offset, io.SEEK_END: end + offset}[whence]
        if not self._base <= target <= end:
            raise OSError("can't seek into what was already streamed")
        self._position = target
        return target

    def write(self, data) -> int:
        start = self._position - self._base
        size = len(data)
        self._buffer[start : start + size] = data
        self._position += size
        return size

    def truncate(self, size=None) -> int:
        return self._position  # nothing past the end is ever left to cut

    def drain(self, chunk_size: int) -> Iterator[bytes]:
        """What was written since the last drain, in pieces of at most chunk_size bytes."""
        data = memoryview(self._buffer)
        try:
            for start in range(0, len(data), chunk_size):
                yield bytes(data[start : start + chunk_size])
        finally:
            data.release()
        self._base += len(self._buffer)
        self._buffer.clear()


@dataclass(frozen=True)
class Entry:
    name: str  # the name inside the archive
    path: str  # the storage name of the file
    date_time: tuple[int, int, int, int, int, int]


def stream_zip(
    entries: Iterable[Entry], *, storage=None, chunk_size: int = CHUNK_SIZE, compression: int = COMPRESSION
) -> Iterator[bytes]:
    """The bytes of a zip holding `entries`, produced piece by piece.

    A file missing from the storage is left out (and logged) rather than breaking the archive
    half-way through the download.
    """
    storage = storage or storages["resumes"]
    sink = _Sink()
    with zipfile.ZipFile(sink, mode="w", compression=compression, allowZip64=True) as archive:
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
                info.compress_type = compression
                # Resumes are at most 2 MB: no Zip64 extra fields (which older unzippers trip on).
                with archive.open(info, mode="w") as target:
                    while chunk:
                        target.write(chunk)
                        chunk = source.read(chunk_size)
            yield from sink.drain(chunk_size)
    yield from sink.drain(chunk_size)  # the central directory


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

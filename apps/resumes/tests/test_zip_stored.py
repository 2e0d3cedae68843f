"""The resume book stores PDFs (they are compressed already) and gives every entry's CRC and
sizes in its local header, so that streaming unzippers can read it too."""

from __future__ import annotations

import io
import shutil
import struct
import subprocess
import zipfile

import pytest

from apps.applications.tests.applicant_data import resume_storage  # noqa: F401 - fixture
from apps.cycles.selectors import current_cycle
from apps.reports import resume_book
from apps.resumes import zip as resume_zip
from apps.resumes.tests.test_zip import book  # noqa: F401 - fixture

LOCAL_HEADER = struct.Struct("<4s5H3L2H")  # signature .. extra length (APPNOTE 4.3.7)


def archive_bytes(**options) -> bytes:
    entries = resume_book.confirmed_resume_entries(cycle=current_cycle())
    return b"".join(resume_zip.stream_zip(entries, **options))


def test_pdfs_are_stored_with_sizes_and_crc_in_the_local_header(book, resume_storage):  # noqa: F811
    data = archive_bytes()
    archive = zipfile.ZipFile(io.BytesIO(data))
    assert archive.testzip() is None
    for info in archive.infolist():
        assert info.compress_type == zipfile.ZIP_STORED
        assert info.file_size == info.compress_size == len(book[info.filename.removesuffix(".pdf")])
        assert not info.flag_bits & 0x08  # no data descriptor
        (signature, _version, flags, method, _time, _date, crc, compressed, size, _name, _extra) = (
            LOCAL_HEADER.unpack_from(data, info.header_offset)
        )
        assert signature == b"PK\x03\x04"
        assert (flags & 0x08, method, crc, compressed, size) == (0, 0, info.CRC, info.file_size, info.file_size)


def test_a_streaming_reader_finds_every_file_from_the_local_headers_alone(book, resume_storage):  # noqa: F811
    """Read front to back as a streaming unzipper does, never looking at the central directory."""
    data = archive_bytes()
    found, offset = {}, 0
    while data[offset : offset + 4] == b"PK\x03\x04":
        fields = LOCAL_HEADER.unpack_from(data, offset)
        size, name_length, extra_length = fields[8], fields[9], fields[10]
        start = offset + LOCAL_HEADER.size
        name = data[start : start + name_length].decode()
        body = start + name_length + extra_length
        found[name] = data[body : body + size]
        offset = body + size
    assert sorted(found) == ["ada@princeton.edu.pdf", "bob@yale.edu.pdf"]  # the confirmed ones
    assert all(found[name] == book[name.removesuffix(".pdf")] for name in found)


@pytest.mark.skipif(shutil.which("unzip") is None, reason="Info-ZIP's unzip is not installed")
def test_info_zip_tests_the_archive_clean(book, resume_storage, tmp_path):  # noqa: F811
    path = tmp_path / "book.zip"
    path.write_bytes(archive_bytes())
    result = subprocess.run(["unzip", "-t", str(path)], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "No errors detected" in result.stdout


def test_deflate_is_still_available_and_valid(book, resume_storage):  # noqa: F811
    archive = zipfile.ZipFile(io.BytesIO(archive_bytes(compression=zipfile.ZIP_DEFLATED)))
    assert archive.testzip() is None
    assert {i.compress_type for i in archive.infolist()} == {zipfile.ZIP_DEFLATED}


def test_memory_holds_one_entry_at_most(book, resume_storage):  # noqa: F811
    """Pieces come out as each entry completes: none is larger than the chunk size."""
    pieces = list(resume_zip.stream_zip(resume_book.confirmed_resume_entries(cycle=current_cycle()), chunk_size=8192))
    assert max(len(p) for p in pieces) <= 8192
    assert len(pieces) > len(book)

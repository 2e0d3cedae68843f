"""A resume without what its file says about its author, for blind review.

A PDF carries its author outside the page: the document information dictionary (Author,
Title, Creator…), XMP metadata streams (on the catalog, on pages, on images and fonts), page
piece info, the author of each annotation (`/T`), files embedded in it, and earlier revisions
kept by incremental saves. `strip_metadata` copies the pages alone into a new file without any
of them; what the pages show is untouched (a reviewer reads the resume, and in blind mode it is
named after the application, not the person).

A file pypdf can't read (or can only read with a password) is refused as `UnreadablePdf`:
the caller then serves nothing rather than the original bytes.
"""

from __future__ import annotations

import io
import logging

from pypdf import PdfReader, PdfWriter
from pypdf.generic import ArrayObject, DictionaryObject, IndirectObject, NameObject

logger = logging.getLogger(__name__)

# Keys that describe who made a document or any part of it. `/Metadata` is XMP wherever it
# appears; `/PieceInfo` holds the producing application's private data (often the user name);
# `/LastModified` dates a part's last edit.
PERSONAL_KEYS = ("/Metadata", "/PieceInfo", "/LastModified")
# Annotation keys naming their author (`/T` on a markup annotation) or a pop-up carrying it.
ANNOTATION_KEYS = ("/T", "/Popup", "/RC")


class UnreadablePdf(Exception):
    """The file could not be read and rewritten as a PDF."""


def _strip_tree(page: DictionaryObject) -> None:
    """Remove the personal keys from a page and every dictionary it reaches (each object
    visited once: PDFs share objects and may hold cycles). `/Parent` is not followed: the page
    tree above belongs to the file, which is not copied."""
    seen: set[tuple[int, int]] = set()
    stack: list = [page]
    while stack:
        item = stack.pop()
        if isinstance(item, IndirectObject):
            key = (item.idnum, item.generation)
            if key in seen:
                continue
            seen.add(key)
            item = item.get_object()
        if isinstance(item, DictionaryObject):
            for name in PERSONAL_KEYS:
                item.pop(NameObject(name), None)
            if item.get("/Type") == "/Annot" or ("/Subtype" in item and "/Rect" in item):
                # An annotation: its `/T` is its author's name (a form field's `/T` is its
                # field name: widgets keep theirs).
                if item.get("/Subtype") != "/Widget":
                    for name in ANNOTATION_KEYS:
                        item.pop(NameObject(name), None)
            stack.extend(value for name, value in item.items() if name != "/Parent")
        elif isinstance(item, ArrayObject):
            stack.extend(item)


def strip_metadata(content: bytes) -> bytes:
    """The PDF `content` rewritten as its pages alone, without any metadata: no document
    information, no XMP, no piece info, no annotation authors. Only the pages (and what they
    use) are copied into a new file, so nothing hung on the document itself (XMP on the
    catalog, embedded files, bookmarks, form data, earlier revisions) comes along.
    Raises UnreadablePdf."""
    try:
        reader = PdfReader(io.BytesIO(content), strict=False)
        if reader.is_encrypted and not reader.decrypt(""):
            raise UnreadablePdf("The PDF needs a password.")
        if len(reader.pages) == 0:
            # Nothing a reviewer could read: a broken file that pypdf's lenient mode got through.
            raise UnreadablePdf("The PDF has no readable page.")
        writer = PdfWriter()
        for page in reader.pages:
            _strip_tree(page)
            writer.add_page(page)
        writer.metadata = None  # no /Info at all, not even pypdf's own /Producer
        out = io.BytesIO()
        writer.write(out)
    except UnreadablePdf:
        raise
    except Exception as exc:  # noqa: BLE001 - any parser failure means "can't be shown safely"
        logger.info("A resume could not be rewritten without its metadata: %s", type(exc).__name__)
        raise UnreadablePdf(str(exc)) from exc
    return out.getvalue()

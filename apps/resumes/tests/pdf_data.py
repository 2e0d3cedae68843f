"""A resume whose file names its author everywhere a PDF can outside the page: the document
information (Author, Title, Subject, Keywords, Creator), XMP on the catalog and on the page,
piece info, an annotation's author and an embedded file. Built with pypdf, uncompressed, so a
plain byte search finds each of them in the original."""

from __future__ import annotations

import io

from pypdf import PdfWriter
from pypdf.generic import ArrayObject, DictionaryObject, NameObject, NumberObject, StreamObject, TextStringObject

AUTHOR = "Grace Hopperton"
TITLE = "Curriculum vitae of Grace Hopperton"
XMP_MARK = "xmpmeta"
# What must not survive: each is in the original file.
TELLTALES = (AUTHOR, "Hopperton", TITLE, XMP_MARK, "grace.hopperton", "/Author", "/Title", "/PieceInfo", "/Metadata")

XMP = (
    '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?>'
    '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
    '<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">'
    f"<dc:creator><rdf:Seq><rdf:li>{AUTHOR}</rdf:li></rdf:Seq></dc:creator>"
    f"<dc:title><rdf:Alt><rdf:li>{TITLE}</rdf:li></rdf:Alt></dc:title>"
    "<pdf:Producer>grace.hopperton's laptop</pdf:Producer>"
    '</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>'
).encode()


def _stream(writer: PdfWriter, data: bytes, **entries):
    stream = StreamObject()
    stream.set_data(data)
    stream.update({NameObject(k): v for k, v in entries.items()})
    return writer._add_object(stream)


def pdf_with_author(author: str = AUTHOR, handle: str = "grace.hopperton") -> bytes:
    """A one-page PDF naming `author` (and `handle`) in its metadata; the page itself is blank."""
    title = TITLE.replace(AUTHOR, author)
    xmp_packet = XMP.replace(AUTHOR.encode(), author.encode()).replace(b"grace.hopperton", handle.encode())
    xmp_packet = xmp_packet.replace(TITLE.encode(), title.encode())
    writer = PdfWriter()
    page = writer.add_blank_page(612, 792)
    writer.add_metadata(
        {
            "/Author": author,
            "/Title": title,
            "/Subject": f"Resume - {author}",
            "/Keywords": f"{handle}, resume",
            "/Creator": f"Word for {handle}",
        }
    )
    xmp = {"/Type": NameObject("/Metadata"), "/Subtype": NameObject("/XML")}
    writer.root_object[NameObject("/Metadata")] = _stream(writer, xmp_packet, **xmp)
    page[NameObject("/Metadata")] = _stream(writer, xmp_packet, **xmp)
    page[NameObject("/PieceInfo")] = DictionaryObject(
        {NameObject("/Word"): DictionaryObject({NameObject("/Private"): TextStringObject(author)})}
    )
    note = DictionaryObject(
        {
            NameObject("/Type"): NameObject("/Annot"),
            NameObject("/Subtype"): NameObject("/Text"),
            NameObject("/Rect"): ArrayObject([NumberObject(10), NumberObject(10), NumberObject(30), NumberObject(30)]),
            NameObject("/T"): TextStringObject(author),
            NameObject("/Contents"): TextStringObject("Please hire me"),
        }
    )
    page[NameObject("/Annots")] = ArrayObject([writer._add_object(note)])
    writer.add_attachment(f"notes-{handle}.txt", f"Written by {author}".encode())
    # Uncompressed streams (pypdf's default for these): the original holds every telltale in
    # plain bytes, so the test's byte search means something.
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()

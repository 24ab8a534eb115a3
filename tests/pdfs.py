"""What the tests read of the PDFs they build, through pypdf: a page's content stream as text,
and a page's resources and the document's catalog as the dictionaries they are (pypdf types
every value inside a PDF dictionary as a bare ``PdfObject``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pypdf import PageObject, PdfReader


def content_stream(page: PageObject) -> str:
    """Return what a page draws: its content stream, as text."""
    contents = page.get_contents()
    assert contents is not None, "the page draws nothing"
    return contents.get_data().decode("latin-1")


def resources(page: PageObject) -> Any:
    """Return a page's resources: its fonts (``/Font``) and forms (``/XObject``) by name."""
    return page["/Resources"]


def catalog(reader: PdfReader) -> Any:
    """Return a document's catalog: its viewer preferences, page mode and outline."""
    return reader.trailer["/Root"]

"""XML hand histories parsed with limits, into ``xml.etree`` elements.

Three sites export XML (Merge, Boss Media, Microgaming). A file is untrusted input, and XML
can ask a parser for more than its size: entities that expand a billion times, external
entities that read other files, nesting a million deep. So, as defusedxml does, a hand's XML is
parsed by expat (the parser under ``xml.etree``) with every declaration refused: no document
type, no entity, no external reference; and with bounds on the size, the depth and the number
of elements. What comes out is an ``xml.etree.ElementTree.Element``; anything else is a
``HistoryError`` naming the hand, raised at once.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree
from typing import Optional
from xml.parsers import expat

from ..exceptions import HistoryError

__all__ = ["MAX_HAND_XML", "MAX_DEPTH", "MAX_ELEMENTS", "parse", "hand_element", "attribute", "is_number"]

MAX_HAND_XML = 200_000
"""The most characters one hand's XML may hold: the sites' hands are a few thousand."""
MAX_DEPTH = 12
"""The deepest nesting a hand may have: the sites' go four or five deep."""
MAX_ELEMENTS = 5_000
"""The most elements a hand may have: a ten-seat hand has a few hundred."""


class _Refused(Exception):
    """Why the parse stopped: raised inside expat's handlers, turned into a HistoryError."""


def _declares(text: str) -> bool:
    """Whether the text declares a document type or an entity ("<!" other than a comment or a
    CDATA section): no hand needs one. Checked before parsing, and again by expat's handlers."""
    return "<!" in text.replace("<!--", "").replace("<![CDATA[", "")


def parse(text: str, hand_id: str) -> ElementTree.Element:
    """One XML document (a hand) as an element tree, within the limits above; a declaration of
    a document type or an entity, or anything past the limits, is refused."""
    if len(text) > MAX_HAND_XML:
        raise HistoryError(f"hand {hand_id}: the hand's XML is longer than {MAX_HAND_XML:,} characters")
    if _declares(text):
        raise HistoryError(f"hand {hand_id}: the XML declares a document type or an entity, which omaha8 refuses")
    builder = ElementTree.TreeBuilder()
    depth = 0
    count = 0

    def start(tag: str, attributes: dict) -> None:
        nonlocal depth, count
        depth += 1
        count += 1
        if depth > MAX_DEPTH:
            raise _Refused(f"the XML nests deeper than {MAX_DEPTH}")
        if count > MAX_ELEMENTS:
            raise _Refused(f"the XML holds more than {MAX_ELEMENTS:,} elements")
        builder.start(tag, attributes)

    def end(tag: str) -> None:
        nonlocal depth
        depth -= 1
        builder.end(tag)

    def refuse(*_: object) -> None:
        raise _Refused("the XML declares a document type or an entity, which omaha8 refuses")

    parser = expat.ParserCreate()
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = builder.data
    parser.StartDoctypeDeclHandler = refuse
    parser.EntityDeclHandler = refuse
    parser.UnparsedEntityDeclHandler = refuse
    parser.ExternalEntityRefHandler = refuse  # type: ignore[assignment]
    try:
        parser.Parse(text, True)
    except _Refused as why:
        raise HistoryError(f"hand {hand_id}: {why}") from None
    except expat.ExpatError as error:
        reason = expat.errors.messages[error.code] if error.code else str(error)
        raise HistoryError(f"hand {hand_id}: not well-formed XML: {reason} at line {error.lineno}") from None
    return builder.close()


def hand_element(text: str, tag: str, outside: Optional[re.Pattern] = None) -> ElementTree.Element:
    """A hand's one element ``tag`` (with ``<tag`` at its start and ``</tag>`` at its end) out
    of its piece of a file, parsed; the text around it must be blank or lines ``outside``
    matches (a file's wrapper and trailer lines)."""
    begin, end = text.find(f"<{tag}"), text.rfind(f"</{tag}>")
    number = re.search(r'\b(?:id|ID)="([0-9A-Za-z-]{1,40})"', text[max(begin, 0) : max(begin, 0) + 400])
    hand_id = number.group(1) if number else "?"
    if _declares(text):
        raise HistoryError(f"hand {hand_id}: the XML declares a document type or an entity, which omaha8 refuses")
    if begin < 0 or end < begin:
        raise HistoryError(f"hand {hand_id}: no <{tag}> element from its start to its end: the hand is cut short")
    for line in (text[:begin] + "\n" + text[end + len(tag) + 3 :]).split("\n"):
        if line.strip() and (outside is None or not outside.match(line.strip())):
            raise HistoryError(f"hand {hand_id}: text outside the hand's XML: {line.strip()[:80]!r}")
    return parse(text[begin : end + len(tag) + 3], hand_id)


def attribute(element: ElementTree.Element, name: str, hand_id: str) -> str:
    """An attribute the hand cannot be read without, or a HistoryError naming it."""
    value = element.get(name)
    if value is None:
        raise HistoryError(f"hand {hand_id}: <{element.tag}> has no {name!r}")
    return value


def is_number(text: str, most_digits: int) -> bool:
    """Whether an attribute is a whole number of ASCII digits, at most ``most_digits`` of them
    ("²" and "٣" are digits to ``str.isdigit`` but not to ``int``)."""
    return text.isascii() and text.isdigit() and len(text) <= most_digits

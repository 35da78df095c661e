"""history.xmldoc: a hand's XML parsed with limits. Entity expansion (the billion laughs),
external entities, document types, deep nesting, too many elements and too much text are
refused at once as HistoryErrors, directly and through every XML format's reader; only errors of
omaha8's family come out of mangled XML."""

from __future__ import annotations

import random
import time

import pytest
from history_helpers import DATA, mangled

from omaha8 import history
from omaha8.exceptions import HistoryError
from omaha8.history.xmldoc import MAX_DEPTH, MAX_ELEMENTS, MAX_HAND_XML, hand_element, parse

LAUGHS = (
    '<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol">'
    + "".join(f'<!ENTITY lol{i} "{("&lol" + str(i - 1) + ";") * 10 if i > 1 else "&lol;" * 10}">' for i in range(1, 10))
    + ']>\n<HISTORY ID="1">&lol9;</HISTORY>'
)
EXTERNAL = '<!DOCTYPE x [<!ENTITY secret SYSTEM "file:///etc/passwd">]>\n<HISTORY ID="1">&secret;</HISTORY>'
PARAMETER = '<!DOCTYPE x [<!ENTITY % remote SYSTEM "http://example.invalid/x.dtd"> %remote;]>\n<HISTORY ID="1"/>'
# The same declarations as the readers meet them, after a hand's first line.
FILES = {
    "boss": DATA / "boss" / "PLO8-CAD-0.05-0.10-201703.dead.small.txt",
    "merge": DATA / "merge" / "PLO8-USD-0.25-0.50-201111.txt",
    "microgaming": DATA / "microgaming" / "PLO8-EUR-1.00-2.00-201209.txt",
}


def test_a_well_formed_hand_parses_to_elements():
    root = parse('<HISTORY ID="7"><PLAYER NAME="a &amp; b"/><!-- a comment --></HISTORY>', "7")
    assert root.tag == "HISTORY" and root.find("PLAYER").get("NAME") == "a & b"


@pytest.mark.parametrize("text", [LAUGHS, EXTERNAL, PARAMETER], ids=["billion-laughs", "external", "parameter"])
def test_declarations_are_refused_at_once(text):
    started = time.perf_counter()
    with pytest.raises(HistoryError, match="hand 1: the XML declares a document type or an entity"):
        parse(text, "1")
    assert time.perf_counter() - started < 1  # refused before any expansion (a generous bound)


@pytest.mark.parametrize("text", [LAUGHS, EXTERNAL, PARAMETER], ids=["billion-laughs", "external", "parameter"])
def test_expat_itself_refuses_what_the_quick_check_would_miss(monkeypatch, text):
    # The second guard: with the text check out of the way, expat's handlers refuse the same.
    from omaha8.history import xmldoc

    monkeypatch.setattr(xmldoc, "_declares", lambda text: False)
    with pytest.raises(HistoryError, match="hand 1: the XML declares a document type or an entity"):
        parse(text, "1")


def test_deep_nesting_many_elements_and_long_text_are_refused():
    deep = "<a>" * 100_000 + "</a>" * 100_000
    with pytest.raises(HistoryError, match=f"nests deeper than {MAX_DEPTH}"):
        parse(deep[:MAX_HAND_XML], "1")
    wide = "<a>" + "<b/>" * (MAX_ELEMENTS + 1) + "</a>"
    with pytest.raises(HistoryError, match=f"more than {MAX_ELEMENTS:,} elements"):
        parse(wide, "1")
    with pytest.raises(HistoryError, match=f"longer than {MAX_HAND_XML:,} characters"):
        parse("<a>" + "x" * MAX_HAND_XML + "</a>", "1")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("<a><b></a>", "not well-formed XML: mismatched tag at line 1"),
        ('<a x="1" x="2"/>', "not well-formed XML: duplicate attribute"),
        ("<a>&nope;</a>", "not well-formed XML: undefined entity"),
        ("", "not well-formed XML: no element found"),
        ("<a>\x00</a>", "not well-formed XML"),
    ],
)
def test_text_that_is_not_xml_names_why(text, message):
    with pytest.raises(HistoryError, match=message):
        parse(text, "1")


def test_a_hand_must_be_its_element_whole():
    with pytest.raises(HistoryError, match="hand 9: no <HISTORY> element from its start to its end"):
        hand_element('<HISTORY ID="9">', "HISTORY")
    with pytest.raises(HistoryError, match="text outside the hand's XML: 'junk'"):
        hand_element('<HISTORY ID="9"/>junk</HISTORY>\njunk', "HISTORY")


ROOTS = {"boss": "<HISTORY ", "merge": "<game ", "microgaming": "<Game "}


@pytest.mark.parametrize("site", sorted(FILES))
@pytest.mark.parametrize("attack", ["laughs", "external", "deep"])
def test_every_xml_reader_refuses_hostile_xml_as_one_bad_hand(site, attack):
    text = FILES[site].read_text(encoding="utf-8")
    root = text.index(ROOTS[site])
    body = text.index(">", root) + 1  # just inside the hand's element
    if attack == "deep":
        damaged = text[:body] + "<a>" * 50 + "</a>" * 50 + text[body:]
    else:
        declaration, reference = (LAUGHS, "&lol9;") if attack == "laughs" else (EXTERNAL, "&secret;")
        doctype = declaration.split("\n")[-2]
        damaged = text[:root] + doctype + text[root:body] + reference + text[body:]
    # The damaged hand, then the file whole: one error, the other hand read.
    result = history.read_all(damaged + "\n" + text)
    assert len(result) == 1 and len(result.errors) == 1, result.errors
    # Named as what it is; Boss's line before its root is no hand's first line at all.
    why = "nests deeper than" if attack == "deep" else "declares a document type or an entity"
    assert why in str(result.errors[0]) or (site == "boss" and "not the first line of a hand" in str(result.errors[0]))


def test_mangled_xml_hands_raise_only_history_errors(live_core):
    texts = [path.read_text(encoding="utf-8") for path in FILES.values()]
    rng = random.Random(3636)
    read = 0
    for _ in range(600):
        text = mangled(rng.choice(texts), rng, signs="$€")
        if rng.random() < 0.3:  # a character in a tag or an attribute changed
            at = rng.randrange(len(text))
            text = text[:at] + rng.choice('<>"&=/ !?-x9') + text[at + 1 :]
        result = history.read_all(text)
        assert all(isinstance(error, HistoryError) for error in result.errors)
        for hand in result:
            hand.replay()
            read += 1
    assert read  # some survive and replay

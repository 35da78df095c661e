"""omaha8.viewer: a solution as one HTML page. The page's data against the solution's own numbers
and the test's own hand classes, the escaping of every text, the page's limits, the command, and
the page itself in headless Chromium: no console error, three nodes and a card clicked through,
the frequencies, a grid cell and a cell's hands read off the screen."""

from __future__ import annotations

import base64
import html
import json
import math
import shutil
import struct

import pytest
from conftest import make_live

import omaha8
from omaha8 import SolverError, viewer
from omaha8.cli import main

TURN = "Ks7d2h9c"
SPOT = dict(bets=(1.0,), raises=(1.0,), max_raises=1, iterations=30)
HOSTILE = '</script><script>window.injected=1</script><img src=x onerror="window.injected=2">&amp;'


@pytest.fixture(scope="module")
def solved(core):
    """A turn of 58 hands a side (every 40th of the top 1%, so that two streets' page is quick),
    solved on the compiled core; its values below the root need the compiled core live."""
    with pytest.MonkeyPatch.context() as patch:
        make_live(core, patch)
        every = omaha8.solve(TURN, "1%", "1%", 100, 400, **{**SPOT, "iterations": 1}).hands("oop").tolist()[::40]
        rows = memoryview(bytes(c for row in every for c in row)).cast("B", (len(every), 4))
        return omaha8.solve(TURN, rows, rows, 100, 400, **SPOT)


@pytest.fixture(scope="module")
def river(core):
    with pytest.MonkeyPatch.context() as patch:
        make_live(core, patch)
        return omaha8.solve_river(TURN + "3s", "3%", "3%", 100, 400, bets=(0.5, 1.0), iterations=60)


@pytest.fixture
def live(core, monkeypatch):
    make_live(core, monkeypatch)


def _category(hand, board) -> str:
    """A hand's class by the test's own words: its high category and its low."""
    _, low = omaha8.evaluate(hand, board)
    best = omaha8.nut_low(board)
    words = "no low" if low is None else "the nut low" if best is not None and low == best.value else "a low"
    return f"{omaha8.high_hand(hand, board).category}, {words}"


def _decoded(entry: dict) -> tuple[bytes, bytes, list[float]]:
    hands = entry["hands"]
    raw = base64.b64decode(hands["ev"])
    return (
        base64.b64decode(hands["cell"]),
        base64.b64decode(hands["strategy"]),
        [x for (x,) in struct.iter_unpack("<f", raw)],
    )


def _float32(x: float) -> float:
    return struct.unpack("<f", struct.pack("<f", x))[0]


# ---------------------------------------------------------------- the page's data


def test_every_decision_holds_the_solutions_numbers(solved, live):
    data = viewer.page_data(solved, streets=2)
    assert data["hands"][0] == ["".join(str(omaha8.Card(c)) for c in row) for row in solved.hands("oop").tolist()]
    decisions = [node for node in data["nodes"] if node["kind"] in ("oop", "ip")]
    assert any(len(node["path"]) == 4 for node in decisions)  # a river decision, below a card
    for node in decisions[:6] + decisions[-3:]:
        path = tuple(node["path"])
        actions = [label for label, _ in node["children"]]
        assert actions == list(solved.node_at(path).actions)
        frequencies = solved.frequencies(path)
        assert node["frequencies"] == pytest.approx([frequencies[a] for a in actions], abs=1e-12)
        report = solved.report(path)
        assert [(c[0] + ", " + c[1]) for c in node["grid"]] == [row.hand_class for row in report.rows]
        for cell, row in zip(node["grid"], report.rows):
            assert cell[2] == row.hands and cell[3] == pytest.approx(row.share, abs=1e-12)
            assert cell[4] == pytest.approx([row.frequencies[a] for a in actions], abs=1e-12)
            assert (cell[5] is None and math.isnan(row.ev)) or cell[5] == pytest.approx(row.ev, abs=1e-9)
        classes, percents, evs = _decoded(node)
        strategy, reach, ev = solved.strategy(path), solved.reach(path), solved.ev(node["kind"], path)
        board = solved.node_at(path).board
        hands = solved.hands(node["kind"]).tolist()
        n = len(hands)
        for i, row in enumerate(hands):
            if reach[i] > 0:
                cell = node["grid"][classes[i]]
                assert f"{cell[0]}, {cell[1]}" == _category(tuple(omaha8.Card(c) for c in row), board)
                for a, action in enumerate(actions):
                    assert percents[a * n + i] == round(100 * strategy[action][i])
            else:
                assert classes[i] == 255
            assert (math.isnan(evs[i]) and math.isnan(ev[i])) or evs[i] == _float32(ev[i])


def test_the_nodes_are_the_trees_breadth_first(solved, live):
    one, two = viewer.page_data(solved), viewer.page_data(solved, streets=2)
    for data in (one, two):
        for number, node in enumerate(data["nodes"]):
            for label, child in node["children"]:
                if child is not None:
                    assert child > number and data["nodes"][child]["path"] == node["path"] + [label]
    chance = [node for node in one["nodes"] if node["kind"] == "chance"]
    assert chance and all(child is None for node in chance for _, child in node["children"])
    # Every card that can come is listed, the solved and the mirror ones, by the test's count.
    for node in chance:
        cards = [label for label, _ in node["children"]]
        assert len(cards) == 52 - 4 and set(cards).isdisjoint(TURN[i : i + 2] for i in range(0, 8, 2))
    deep = [node for node in two["nodes"] if len(node["path"]) > 2 and node["path"][2][0] in "23456789TJQKA"]
    assert deep and all(node["board"][:4] == ["Ks", "7d", "2h", "9c"] and len(node["board"]) == 5 for node in deep)
    assert one["settings"]["streets"] == 1 and two["settings"]["streets"] == 2
    assert one["settings"]["exploitability"] == solved.exploitability


def test_a_river_solution_has_values_at_its_root_only(river):
    data = viewer.page_data(river)
    root = data["nodes"][0]
    _, _, evs = _decoded(root)
    assert evs == [_float32(x) if not math.isnan(x) else pytest.approx(math.nan, nan_ok=True) for x in river.ev("oop")]
    below = next(node for node in data["nodes"][1:] if node["kind"] in ("oop", "ip"))
    assert all(math.isnan(x) for x in _decoded(below)[2])
    assert all(cell[5] is None for cell in below["grid"])
    assert any(cell[1] != "no low" for cell in root["grid"])  # a river with lows: the grid's columns


@pytest.mark.parametrize("streets", [0, 4, 2.0, "2", True])
def test_bad_streets_are_refused(solved, streets):
    with pytest.raises(SolverError, match="streets"):
        viewer.page_data(solved, streets=streets)


def test_a_river_page_holds_one_street(river):
    with pytest.raises(SolverError, match="plays 1 street"):
        river.to_html("x.html", streets=2)


def test_hands_stop_where_the_page_runs_out_of_room(solved, live, monkeypatch):
    monkeypatch.setattr(viewer, "_HAND_BYTES", 3_000)
    data = viewer.page_data(solved)
    decisions = [node for node in data["nodes"] if node["kind"] in ("oop", "ip")]
    assert decisions[0]["hands"] is not None and decisions[-1]["hands"] is None
    assert all(node["grid"] for node in decisions)  # the grid stays


def test_a_page_over_the_limit_is_refused(solved, live, monkeypatch):
    monkeypatch.setattr(viewer, "MAX_PAGE_BYTES", 10_000)
    with pytest.raises(SolverError, match="more than 10,000"):
        viewer.page(solved)


def test_no_text_can_end_the_script_element(solved, live):
    data = viewer.page_data(solved)
    data["hands"][0][0] = HOSTILE
    page = viewer.page_html(data)
    inside = page.split('<script id="omaha8-data" type="application/json">', 1)[1].split("</script>", 1)[0]
    assert not set("<>&") & set(inside)
    assert json.loads(inside) == data
    assert HOSTILE not in page and page.count("</script>") == 2


def test_what_is_no_solution_or_no_page_data_is_refused(solved, live):
    for bad in (object(), None, "spot.omaha8"):
        with pytest.raises(SolverError, match="a page shows a solution"):
            viewer.page_data(bad)
    with pytest.raises(SolverError, match="JSON throughout"):
        viewer.page_html({"nodes": [object()]})
    with pytest.raises(SolverError, match="JSON throughout"):
        viewer.page_html({"settings": {"pot": math.nan}})


def test_repr_html_is_the_page_in_a_frame(solved, live):
    shown = solved._repr_html_()
    assert shown.startswith("<iframe") and shown.endswith("</iframe>")
    source = shown.split('srcdoc="', 1)[1].rsplit('"></iframe>', 1)[0]
    assert '"' not in source and "<" not in source
    assert html.unescape(source) == viewer.page(solved)


def test_to_html_writes_the_page_whole(solved, live, tmp_path):
    target = solved.to_html(tmp_path / "spot.html")
    assert target.read_text(encoding="utf-8") == viewer.page(solved)
    assert [p.name for p in tmp_path.iterdir()] == ["spot.html"]
    with pytest.raises(SolverError, match="is a directory"):
        solved.to_html(tmp_path)
    with pytest.raises(SolverError, match="does not exist"):
        solved.to_html(tmp_path / "missing" / "spot.html")


# ---------------------------------------------------------------- the command


def test_view_writes_beside_the_solution_and_opens_a_browser(solved, live, tmp_path, monkeypatch, capsys):
    saved = tmp_path / "spot.omaha8"
    solved.save(saved)
    opened = []
    monkeypatch.setattr("webbrowser.open", lambda uri: opened.append(uri) or True)
    assert main(["view", str(saved)]) == 0
    page = tmp_path / "spot.html"
    assert capsys.readouterr().out.strip() == str(page.resolve())
    assert opened == [page.resolve().as_uri()]
    assert page.read_text(encoding="utf-8") == viewer.page(omaha8.Solution.load(saved))
    assert main(["view", str(saved), "--out", str(tmp_path / "two.html"), "--streets", "2", "--no-browser"]) == 0
    assert opened == [page.resolve().as_uri()] and capsys.readouterr().out.strip().endswith("two.html")
    assert (
        json.loads(
            (tmp_path / "two.html")
            .read_text(encoding="utf-8")
            .split('type="application/json">')[1]
            .split("</script>")[0]
        )["settings"]["streets"]
        == 2
    )


def test_view_never_writes_over_the_solution(solved, live, tmp_path, capsys):
    saved = tmp_path / "spot.html"  # a solution named as a page
    solved.save(saved)
    assert main(["view", str(saved), "--no-browser"]) == 0
    assert capsys.readouterr().out.strip() == str(tmp_path / "spot.html.html")
    assert omaha8.Solution.load(saved) == solved


def test_view_takes_a_river_file_and_refuses_bad_input(river, tmp_path, capsys):
    saved = tmp_path / "river.omaha8"
    river.save(saved)
    assert main(["view", str(saved), "--no-browser"]) == 0
    assert (tmp_path / "river.html").is_file()
    capsys.readouterr()
    assert main(["view", str(saved), "--streets", "2", "--no-browser"]) == 2
    assert "plays 1 street" in capsys.readouterr().err
    assert main(["view", str(tmp_path / "none.omaha8"), "--no-browser"]) == 2
    assert "cannot read it" in capsys.readouterr().err


# ---------------------------------------------------------------- in a real browser


@pytest.fixture(scope="module")
def browser():
    """Headless Chromium driven by Selenium (Debian's chromium and chromium-driver, which
    .ci/run installs)."""
    webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed (pip install selenium)")
    binary = next(filter(None, map(shutil.which, ("chromium", "chromium-browser", "google-chrome"))), None)
    driver = shutil.which("chromedriver")
    if binary is None or driver is None:
        pytest.skip("no Chromium and chromedriver on this machine (apt-get install chromium chromium-driver)")
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(argument)
    options.add_argument("--window-size=1400,1000")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    chrome = webdriver.Chrome(options=options, service=webdriver.ChromeService(executable_path=driver))
    yield chrome
    chrome.quit()


def _shown_frequencies(browser) -> dict[str, str]:
    from selenium.webdriver.common.by import By

    shown = {}
    for button in browser.find_elements(By.CSS_SELECTOR, "#actions button[data-action]"):
        action = button.get_attribute("data-action")
        assert button.text.startswith(action + " ")
        shown[action] = button.text[len(action) + 1 :]
    bar = {
        s.get_attribute("data-action"): s.get_attribute("title")
        for s in browser.find_elements(By.CSS_SELECTOR, "#bar .segment")
    }
    assert bar == {action: f"{action} {value}" for action, value in shown.items()}
    return shown


def _click(browser, selector: str) -> None:
    from selenium.webdriver.common.by import By

    browser.find_element(By.CSS_SELECTOR, selector).click()


def _errors(browser) -> list:
    return [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]


@pytest.mark.slow
def test_the_page_in_chromium(solved, live, browser, tmp_path):
    from selenium.webdriver.common.by import By

    page = solved.to_html(tmp_path / "spot.html", streets=2)
    browser.get(page.as_uri())
    assert browser.title == "omaha8 solution"
    setting = browser.find_element(By.CSS_SELECTOR, '[data-setting="exploitability"] dd').text
    assert setting == f"{100 * solved.exploitability:.3f}% of the pot"
    path: tuple = ()
    for step in ("check", "bet 1.0", "call", "3s"):
        expected = {a: f"{100 * f:.1f}%" for a, f in solved.frequencies(path).items()}
        assert _shown_frequencies(browser) == expected
        _click(browser, f'#actions button[data-action="{step}"]')
        path += (step,)
        if step == "call":  # the chance node: every card that can come
            title = browser.find_element(By.ID, "node-title").text
            cards = browser.find_elements(By.CSS_SELECTOR, "#actions button[data-card]")
            assert title == "The river is dealt" and len(cards) == 48
            _click(browser, '#actions button[data-card="3s"]')
            path += ("3s",)
            break
    assert browser.find_element(By.ID, "node-title").text == "OOP to act"
    assert [card.text for card in browser.find_elements(By.CSS_SELECTOR, "#node-board .card")][-1] == "3\u2660"
    assert _shown_frequencies(browser) == {a: f"{100 * f:.1f}%" for a, f in solved.frequencies(path).items()}
    # A grid cell, and its hands.
    report = solved.report(path)
    row = max(report.rows, key=lambda r: r.hands)
    high, low = row.hand_class.split(", ")
    cell = browser.find_element(By.CSS_SELECTOR, f'#grid td.cell[data-high="{high}"][data-low="{low}"]')
    assert cell.find_element(By.CLASS_NAME, "share").text == f"{100 * row.share:.1f}%"
    assert cell.find_element(By.CLASS_NAME, "ev").text == f"EV {row.ev:.2f}"
    cell.click()
    rows = browser.find_elements(By.CSS_SELECTOR, "#hands-table tr[data-hand]")
    assert len(rows) == row.hands
    names = ["".join(str(omaha8.Card(c)) for c in hand) for hand in solved.hands("oop").tolist()]
    strategy, ev = solved.strategy(path), solved.ev("oop", path)
    for shown in rows[:5]:
        i = names.index(shown.get_attribute("data-hand"))
        cells = [td.text for td in shown.find_elements(By.TAG_NAME, "td")]
        assert cells == [names[i]] + [f"{round(100 * strategy[a][i])}%" for a in strategy] + [f"{_float32(ev[i]):.2f}"]
    # Back to the root by the path's first button.
    _click(browser, '#path button[data-node="0"]')
    assert browser.find_element(By.ID, "node-title").text == "OOP to act"
    assert _shown_frequencies(browser) == {a: f"{100 * f:.1f}%" for a, f in solved.frequencies(()).items()}
    assert _errors(browser) == []


def test_the_address_names_the_node_and_cell_shown(solved, live, browser, tmp_path):
    from selenium.webdriver.common.by import By

    data = viewer.page_data(solved)
    number = next(i for i, node in enumerate(data["nodes"]) if node["path"] == ["check"])
    page = solved.to_html(tmp_path / "spot.html")
    browser.get(f"{page.as_uri()}#node={number}&cell=1")
    assert browser.find_element(By.ID, "node-title").text == "IP to act"
    selected = browser.find_element(By.CSS_SELECTOR, "#grid td.selected")
    assert selected.get_attribute("data-cell") == "1"
    _click(browser, '#actions button[data-action="check"]')  # to the chance node after check-check
    chance = next(i for i, node in enumerate(data["nodes"]) if node["path"] == ["check", "check"])
    assert browser.current_url.endswith(f"#node={chance}")
    for hostile in ("#node=99999", "#node=-1&cell=x", "#node=%3Cimg%3E"):  # the root instead
        browser.get("about:blank")  # a new load, not a change of the fragment alone
        browser.get(page.as_uri() + hostile)
        assert browser.find_element(By.ID, "node-title").text == "OOP to act"
    assert _errors(browser) == []


def test_the_notebook_frame_in_chromium(solved, live, browser, tmp_path):
    """_repr_html_'s frame, as Jupyter puts it in a page: its document is about:srcdoc, whose
    address cannot change, and the viewer works there all the same."""
    from selenium.webdriver.common.by import By

    page = tmp_path / "notebook.html"
    page.write_text(f"<!DOCTYPE html><html><body>{solved._repr_html_()}</body></html>", encoding="utf-8")
    browser.get("about:blank")
    browser.get(page.as_uri())
    browser.switch_to.frame(browser.find_element(By.TAG_NAME, "iframe"))
    try:
        assert browser.find_element(By.ID, "node-title").text == "OOP to act"
        assert _shown_frequencies(browser) == {a: f"{100 * f:.1f}%" for a, f in solved.frequencies(()).items()}
        _click(browser, '#actions button[data-action="check"]')
        assert browser.find_element(By.ID, "node-title").text == "IP to act"
        _click(browser, "#grid td.cell")
        assert browser.find_elements(By.CSS_SELECTOR, "#hands-table tr[data-hand]")
    finally:
        browser.switch_to.default_content()
    assert _errors(browser) == []


def test_a_hostile_name_is_shown_as_text_in_chromium(solved, live, browser, tmp_path):
    from selenium.webdriver.common.by import By

    data = viewer.page_data(solved)
    root = data["nodes"][0]
    first = next(i for i, c in enumerate(base64.b64decode(root["hands"]["cell"])) if c != 255)
    data["hands"][0][first] = HOSTILE
    page = tmp_path / "hostile.html"
    page.write_text(viewer.page_html(data), encoding="utf-8")
    browser.get(page.as_uri())
    cell = base64.b64decode(root["hands"]["cell"])[first]
    _click(browser, f'#grid td.cell[data-cell="{cell}"]')
    shown = browser.find_element(By.CSS_SELECTOR, "#hands-table").text
    assert HOSTILE in shown
    assert browser.execute_script("return window.injected === undefined")
    assert browser.find_elements(By.CSS_SELECTOR, "#hands-table img") == []
    assert _errors(browser) == []

"""The playtest table in real browsers (headless Chromium through Selenium, as
test_web_browser.py): two people and a watcher, each in their own browser, finish a game with bots
in the other seats, the server restarted in the middle; no page ever holds a card its seat
may not see (read from the page and from every answer its scripts received). The solo start
page and a wrong link are tried too, and every page at a phone's width (390 px).
With ROCOCO_WEB_SHOTS=DIR, a screenshot of each page, at desktop and at 390 px width."""
from __future__ import annotations

import json
import os
import random
import re
import shutil
import time
from pathlib import Path

import pytest
from webtools import Served, chromium, ever_seen

from interpreter import load_ruleset
from interpreter.web import present

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")
pytestmark = pytest.mark.skipif(not (CHROMIUM and CHROMEDRIVER), reason=(
    "headless Chromium is not installed: as root, apt-get update && apt-get install -y "
    "chromium chromium-driver"))
webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed: "
                                                             "pip install -e '.[test]'")
from selenium.common.exceptions import StaleElementReferenceException  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

SHOTS = os.environ.get("ROCOCO_WEB_SHOTS")
QUIET = ("--disable-background-timer-throttling", "--disable-renderer-backgrounding")
TWO_ROUNDS = Path(__file__).parent / "table_modules" / "two_rounds"
# every answer a page's scripts receive, kept in the page: what reached it over the network
RECORD = """
window.__answers = [];
const __fetch = window.fetch;
window.fetch = async (...args) => {
  const response = await __fetch(...args);
  response.clone().text().then((text) => window.__answers.push(text));
  return response;
};
"""


@pytest.fixture(scope="module")
def browser():
    driver = chromium(webdriver, CHROMIUM, CHROMEDRIVER, *QUIET)
    yield driver
    driver.quit()


def _wait(driver, seconds: float = 60):
    return WebDriverWait(driver, seconds, poll_frequency=0.05,
                         ignored_exceptions=[StaleElementReferenceException])


def _shot(driver, name: str) -> None:
    """A screenshot at desktop width and at 390 px (a phone held upright)."""
    if not SHOTS:
        return
    Path(SHOTS).mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(Path(SHOTS) / f"{name}.png"))
    size = driver.get_window_size()
    driver.set_window_size(390, 844)
    try:
        driver.save_screenshot(str(Path(SHOTS) / f"{name}-390.png"))
    finally:
        driver.set_window_size(size["width"], size["height"])


def _open(driver, url: str):
    """`url` in `driver`, recording every answer the page's scripts receive."""
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORD})
    driver.get(url)
    return driver


def _version(driver) -> str:
    return driver.find_element(By.ID, "status").get_attribute("data-version") or ""


def _ids(text: str, game) -> set[str]:
    return {w.rstrip(".") for w in re.findall(r"[A-Za-z0-9_][\w.]*", text)
            if present.is_id(game, w.rstrip("."))}


def _start_from_the_page(driver, base: str) -> dict[str, str]:
    """The start page: the two-round prototype, four players, seats 0 and 1 for people;
    the invite links it gives."""
    driver.get(base + "/")
    wait = _wait(driver)
    wait.until(lambda d: d.find_elements(By.ID, "module-two_rounds"))
    driver.find_element(By.ID, "module-two_rounds").click()
    wait.until(lambda d: "two_rounds" in d.find_element(By.ID, "modules").text)
    driver.find_element(By.CSS_SELECTOR, "#players option[value='4']").click()
    for seat in (0, 1):
        driver.find_element(By.ID, f"human-{seat}").click()
    driver.find_element(By.ID, "seed").send_keys("5")
    driver.find_element(By.ID, "start").click()
    wait.until(lambda d: d.find_element(By.ID, "invite").is_displayed())
    _shot(driver, "start")
    links = {name: driver.find_element(By.ID, f"link-{name}").get_attribute("data-url")
             for name in ("seat-0", "seat-1", "watch")}
    # the browser that made the game keeps its seats' links; the server lists only the watchers'
    driver.get(base + "/")
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#games a.own-seat"))
    assert [a.get_attribute("href") for a in driver.find_elements(
        By.CSS_SELECTOR, "#games a.own-seat")] == [links["seat-0"], links["seat-1"]]
    return links


def test_two_people_and_a_watcher_finish_a_game_through_a_restart(browser, tmp_path):
    rules = load_ruleset()
    rng = random.Random(4)
    more: list = []
    site = Served(rules, delay=0.0, saves=tmp_path, module_paths=[TWO_ROUNDS]).__enter__()
    try:
        links = _start_from_the_page(browser, site.base)
        live = site.registry.game("g1")
        assert live.humans == {0, 1} and live.game.rules.rounds == 2
        # three browsers: each person's own, and a watcher's
        more = [chromium(webdriver, CHROMIUM, CHROMEDRIVER, *QUIET) for _ in range(2)]
        browsers = {0: _open(browser, links["seat-0"]), 1: _open(more[0], links["seat-1"]),
                None: _open(more[1], links["watch"])}
        pages: dict = {key: [] for key in browsers}
        answered, restarted, undone = 0, False, False
        while True:
            game = site.registry.game("g1").game
            if game.is_over():
                break
            seat = game.decision().seat
            if seat not in (0, 1):  # a bot thinks: wait for it
                time.sleep(0.01)
                continue
            browser = browsers[seat]
            version = str(len(game.history))
            buttons = _wait(browser).until(lambda d, v=version: _version(d) == v and [
                b for b in d.find_elements(By.CSS_SELECTOR, "#options button.option")
                if b.is_enabled()])
            turn = browser.find_element(By.ID, "turn")
            assert turn.is_displayed() and turn.text.startswith("Your turn")
            if answered == 6 and not undone:  # ask to take back; the other accepts
                buttons[0].click()
                _wait(browser).until(lambda d, v=version: _version(d) != v)
                browser.find_element(By.ID, "undo-ask-button").click()
                browser = browsers[1 - seat]
                _wait(browser).until(lambda d: d.find_elements(By.ID, "undo-accept"))
                _shot(browser, "undo-asked")
                browser.find_element(By.ID, "undo-accept").click()
                _wait(browser).until(lambda d: "took back" in d.find_element(
                    By.ID, "undo-note").text)
                assert len(site.registry.game("g1").game.history) == int(version)
                undone = True
                continue
            if answered == 14 and not restarted:  # the server stops and starts again
                pages[seat].append(browser.page_source)
                port = site.port
                site.__exit__(None, None, None)
                site = Served(rules, delay=0.0, saves=tmp_path, module_paths=[TWO_ROUNDS],
                              port=port).__enter__()
                assert site.registry.game("g1").game.history == game.history
                restarted = True
                continue  # the page reconnects by itself and finds the same position
            if answered == 3:
                _shot(browser, "play")
            buttons[rng.randrange(len(buttons))].click()
            answered += 1
            _wait(browser).until(lambda d, v=version: _version(d) != v)
            if answered % 5 == 0:
                pages[seat].append(browser.page_source)
        game = site.registry.game("g1").game
        assert restarted and undone and answered >= 20
        for key, browser in browsers.items():
            _wait(browser).until(lambda d: d.find_element(By.ID, "status")
                                 .get_attribute("data-over") == "true")
            pages[key].append(browser.page_source)
            # the balcony is drawn: the garments the Royal Hall sent there
            shown = {e.get_attribute("data-space")
                     for e in browser.find_elements(By.CSS_SELECTOR, "#balcony [data-space]")}
            assert shown == set(game.state["balcony"]) and shown
            heads = [e.text for e in browser.find_elements(By.CSS_SELECTOR,
                                                           "#standings tr[data-key] th")]
            assert len(heads) == len(set(heads)) and "Livre left" in heads
            sheet = {r.get_attribute("data-key"): [c.text for c in r.find_elements(
                By.CSS_SELECTOR, "td")] for r in browser.find_elements(
                By.CSS_SELECTOR, "#standings tr[data-key]")}
            assert sheet["prestige"] == [str(r["prestige"]) for r in game.standings()]
            pages[key] += browser.execute_script("return window.__answers")
            _shot(browser, {0: "final-seat-0", 1: "final-seat-1", None: "final-watch"}[key])
        # no page held a card its seat could not see at some moment, nor a watcher's
        for key in browsers:
            viewer = present.SPECTATOR if key is None else key
            seen, every = ever_seen(game.rules, game, viewer)
            secret = every - seen
            assert secret, "nothing was hidden from this page: the check proves nothing"
            leaked = set().union(*(_ids(text, game) for text in pages[key])) & secret
            assert not leaked, f"the page of {key} held {sorted(leaked)[:5]}"
            assert any(json.loads(t).get("seat") == key for t in pages[key]
                       if t.startswith("{") and '"seat"' in t)
    finally:
        site.__exit__(None, None, None)
        for driver in more:
            driver.quit()


def test_the_solo_start_page_seats_its_person_and_says_what_cannot_be_played(browser):
    """Issue 32: the solo start page offered 2-5 players and its start gave HTTP 500."""
    solo = load_ruleset(expansions=["masques"], params={"masques.count": 2})
    with Served(solo, delay=0.0) as site:
        browser.get(site.base + "/")
        wait = _wait(browser)
        wait.until(lambda d: d.find_elements(By.ID, "human-2"))
        players = browser.find_element(By.ID, "players")
        assert players.get_attribute("disabled") is not None
        assert players.get_attribute("value") == "3"
        boxes = [browser.find_element(By.ID, f"human-{s}") for s in range(3)]
        assert [b.is_selected() for b in boxes] == [True, False, False]
        assert [b.is_enabled() for b in boxes] == [True, False, False]
        assert "(Masque: plays itself)" in browser.find_element(By.ID, "humans").text
        _shot(browser, "solo-start")
        browser.find_element(By.ID, "start").click()
        wait.until(lambda d: d.find_element(By.ID, "invite").is_displayed())
        browser.get(browser.find_element(By.ID, "link-seat-0").get_attribute("data-url"))
        wait.until(lambda d: d.find_element(By.ID, "decision").is_displayed())
        assert browser.find_element(By.ID, "turn").text.startswith("Your turn")
        assert browser.find_element(By.ID, "error").text == ""
        # hire display: each card's text is on the card; decorations say cost and prestige
        cards = browser.find_elements(By.CSS_SELECTOR, "#hire-display .card")
        assert cards and all(c.find_elements(By.CSS_SELECTOR, ".card-text") for c in cards)
        game = site.registry.game("g1").game
        first = game.state["hire_display"][0]
        assert cards[0].text.replace("\n", ": ") == game.label(first)
        deco = browser.find_element(By.CSS_SELECTOR, "#decorations .deco")
        assert re.search(r" · \d+ Livre → \d+ Prestige", deco.text), deco.text
        _shot(browser, "solo-play")
        # modules that cannot be played together: said in the page, nothing started
        browser.get(site.base + "/")
        wait.until(lambda d: d.find_elements(By.ID, "human-0"))
        browser.find_element(By.ID, "set").clear()
        browser.find_element(By.ID, "set").send_keys("masques.count=x")
        browser.find_element(By.ID, "edition").click()  # leaves the field: it changed
        wait.until(lambda d: "cannot be played together" in d.find_element(By.ID, "error").text)
        assert "parameter 'masques.count' takes a whole number, not 'x'" in \
            browser.find_element(By.ID, "error").text
        assert not browser.find_element(By.ID, "start").is_enabled()
        assert list(site.registry.games) == ["g1"]


def test_a_wrong_link_opens_nothing_and_a_phone_sees_the_decision_above_the_log(browser):
    rules = load_ruleset()
    with Served(rules, delay=0.0) as site:
        site.post("/api/games", {"players": 2, "seed": 3, "humans": [0]})
        wait = _wait(browser)
        for query, reason in (("seat=0", "not by ?seat=N"), ("token=guess", "opens no seat")):
            browser.get(f"{site.base}/play/g1?{query}")
            wait.until(lambda d, r=reason: r in d.find_element(By.ID, "error").text)
            assert not browser.find_elements(By.CSS_SELECTOR, "#players tr[data-seat]")
        browser.set_window_size(390, 844)
        try:
            browser.get(f"{site.base}/play/g1?{site.seat('g1', 0)}")
            wait.until(lambda d: d.find_element(By.ID, "decision").is_displayed())
            width = browser.execute_script("return document.documentElement.scrollWidth")
            assert width <= 390
            box = browser.find_element(By.ID, "decision").rect
            log = browser.find_element(By.ID, "log").rect
            assert box["y"] + box["height"] <= log["y"] and box["width"] <= 390
        finally:
            browser.set_window_size(1400, 1300)

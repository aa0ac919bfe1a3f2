"""`rococo serve` in a real browser: headless Chromium (Debian's `chromium` and
`chromium-driver`) driven by Selenium through the system chromedriver. A person's seat plays a
complete game through the page; the page's final table and board are checked against the
engine. With ROCOCO_WEB_SHOTS=DIR, a screenshot of each page (play, watch, replay) is saved."""
from __future__ import annotations

import os
import random
import shutil
from collections import Counter
from pathlib import Path

import pytest
from webtools import Served, chromium

from interpreter import Game
from interpreter.core.wording import grouped, option_label

INSTALL = ("headless Chromium is not installed: as root, apt-get update && apt-get install -y "
           "chromium chromium-driver")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")
pytestmark = pytest.mark.skipif(not (CHROMIUM and CHROMEDRIVER), reason=INSTALL)
webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed: "
                                                             "pip install -e '.[test]'")
from selenium.common.exceptions import StaleElementReferenceException  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.select import Select  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

SHOTS = os.environ.get("ROCOCO_WEB_SHOTS")


@pytest.fixture(scope="module")
def browser():
    driver = chromium(webdriver, CHROMIUM, CHROMEDRIVER)
    yield driver
    driver.quit()


def _shot(driver, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        driver.save_screenshot(str(Path(SHOTS) / f"{name}.png"))


def _status(driver) -> dict:
    status = driver.find_element(By.ID, "status")
    return {"over": status.get_attribute("data-over"),
            "version": status.get_attribute("data-version"), "text": status.text}


def _table(driver, table_id: str) -> dict[int, dict[str, str]]:
    rows = {}
    for row in driver.find_elements(By.CSS_SELECTOR, f"#{table_id} tr[data-seat]"):
        cells = {c.get_attribute("data-key"): c.text
                 for c in row.find_elements(By.CSS_SELECTOR, "td[data-key]")}
        rows[int(row.get_attribute("data-seat"))] = cells
    return rows


def _sheet(driver) -> dict[str, dict[int, str]]:
    """The final score sheet: a row per step (data-key), a column per player (data-seat)."""
    return {row.get_attribute("data-key"): {int(c.get_attribute("data-seat")): c.text
                                            for c in row.find_elements(By.CSS_SELECTOR, "td")}
            for row in driver.find_elements(By.CSS_SELECTOR, "#standings tr[data-key]")}


def test_a_person_plays_a_complete_game_through_the_page(rules, browser):
    rng = random.Random(3)
    with Served(rules, delay=0.0) as site:
        site.post("/api/games", {"players": 3, "seed": 11, "humans": [0]})
        browser.get(f"{site.base}/play/g1?{site.seat('g1', 0)}&poll=100")
        wait = WebDriverWait(browser, 60, poll_frequency=0.05,
                             ignored_exceptions=[StaleElementReferenceException])
        answered, shot = 0, False
        while True:
            def ready(d):
                if _status(d)["over"] == "true":
                    return "over"
                if not d.find_element(By.ID, "decision").is_displayed():
                    return False
                buttons = d.find_elements(By.CSS_SELECTOR, "#options button.option")
                return buttons if buttons and all(b.is_enabled() for b in buttons) else False
            state = wait.until(ready)
            if state == "over":
                break
            game = site.registry.game("g1").game  # quiet: the bots wait on this seat
            decision = game.decision()
            labels = [b.text for b in state]  # options that read the same, once each
            groups = grouped(game, decision.options)
            assert [int(b.get_attribute("data-index")) for b in state] == \
                [decision.options.index(g[0]) for g in groups]
            assert [lab.split(" (×")[0] for lab in labels] == \
                [option_label(game, g, Counter(x[0].label for x in groups)) for g in groups]
            assert browser.find_element(By.ID, "prompt").text == decision.prompt
            if not shot and game.state["round"] == 3 and decision.kind == "play":
                _shot(browser, "play")
                shot = True
            version = _status(browser)["version"]
            state[rng.randrange(len(state))].click()
            answered += 1
            wait.until(lambda d, v=version: _status(d)["version"] != v)
        game = site.registry.game("g1").game
        assert game.is_over() and answered == sum(1 for seat, _ in game.history if seat == 0)
        again = Game.replay(rules, 3, 11, [value for _seat, value in game.history])
        shown = _sheet(browser)
        assert list(shown["prestige"]) == [row["seat"] for row in again.standings()]
        for row in again.standings():
            assert shown["prestige"][row["seat"]] == str(row["prestige"])
            assert shown["livre"][row["seat"]] == str(row["livre"])
        board = _table(browser, "players")
        for p in game.view(0)["players"]:
            assert board[p["seat"]]["livre"] == str(p["livre"])
            assert board[p["seat"]]["thread"] == str(p["thread"])
        assert "Winner" not in browser.page_source  # the status line says it, in words:
        best = again.standings()[0]
        assert f"wins with {best['prestige']} prestige" in _status(browser)["text"]
        log = browser.find_elements(By.CSS_SELECTOR, "#log li.entry[data-n]")
        assert len(log) == len(game.history) + 1  # the set-up, then one entry per answer
        # a prompt that quotes a rule's sentence ends it once before its answer
        prompts = [e.text for e in browser.find_elements(By.CSS_SELECTOR, "#log span.prompt")]
        assert prompts and not any(p.endswith(".:") for p in prompts), prompts
        log[-1].find_element(By.CSS_SELECTOR, "button.why").click()
        wait.until(lambda d: d.find_element(By.ID, "explain").is_displayed())
        assert browser.find_element(By.ID, "explain-title").text == \
            f"Answer {len(game.history)}, explained"


def test_the_watch_and_replay_pages_show_the_engines_game(rules, browser):
    with Served(rules, delay=0.02) as site:
        site.post("/api/games", {"players": 4, "seed": 6})
        browser.get(f"{site.base}/watch/g1?poll=100")
        wait = WebDriverWait(browser, 120, poll_frequency=0.05,
                             ignored_exceptions=[StaleElementReferenceException])
        wait.until(lambda d: (_status(d)["version"] or "0").isdigit()
                   and int(_status(d)["version"] or 0) >= 120)
        _shot(browser, "watch")
        wait.until(lambda d: _status(d)["over"] == "true")
        game = site.registry.game("g1").game
        assert _sheet(browser)["prestige"] == \
            {r["seat"]: str(r["prestige"]) for r in game.standings()}
        browser.find_element(By.ID, "to-replay").click()
        wait.until(lambda d: "/replay/r1" in d.current_url)
        wait.until(lambda d: d.find_element(By.ID, "steps").text == str(len(game.history)))
        assert _status(browser)["version"] == "0"

        def at(step):
            return lambda d: _status(d)["version"] == str(step)
        browser.find_element(By.ID, "forward").click()
        wait.until(at(1))
        browser.find_element(By.ID, "forward").click()
        wait.until(at(2))
        browser.find_element(By.ID, "back").click()
        wait.until(at(1))
        replay = site.registry.replay("r1")
        round_4 = next(r["step"] for r in replay.rounds if r["round"] == 4)
        Select(browser.find_element(By.ID, "round")).select_by_visible_text("4")
        wait.until(at(round_4))
        expected = Game.replay(rules, 4, 6, [v for _s, v in game.history[:round_4]])
        board = _table(browser, "players")
        for p in expected.state["players"]:
            assert board[p["seat"]]["livre"] == str(p["livre"])
            assert board[p["seat"]]["prestige"] == str(p["prestige"])
        assert "Round 4" in _status(browser)["text"]
        browser.find_elements(By.CSS_SELECTOR, "#log li.entry button.why")[-1].click()
        wait.until(lambda d: d.find_element(By.ID, "explain").is_displayed())
        browser.execute_script("window.scrollTo(0, 0)")
        _shot(browser, "replay")

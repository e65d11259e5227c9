"""gjk explain's page in a real browser: headless Chromium (Debian's ``chromium``),
driven by Playwright. Skipped, saying why, where there is no such browser.

One browser serves the whole module; each test opens the page afresh.
"""

from __future__ import annotations

import itertools
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from gjkcli.render.explain import explain_page, step_lines
from gjkcli.render.json_record import check_record
from gjkcli.render.scene import run_steps
from gjkcli.verify.check import Check
from tests.render.test_explain import expected_marks, marks_of, traced

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

CHROMIUM = os.environ.get("GJKCLI_CHROMIUM", "/usr/bin/chromium")
"""The browser the tests drive: Debian's chromium, unless GJKCLI_CHROMIUM names another."""

ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if shutil.which(CHROMIUM) is None:
        pytest.skip(
            f"no browser at {CHROMIUM} to open gjk explain's page in: install Debian's "
            "chromium: apt-get install chromium"
        )
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("Playwright is not installed: pip install -e '.[test]'")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        launched.close()


PAIRS = {
    "seed": ("seed-example.json", (0.0, 1.0)),
    "curved": ("ellipse/overlapping.json", None),
}
"""The pages the tests open: the seed article's triangles, first direction (0, 1), and a
curved pair (an ellipse and a circle: GJK on the cores, then 27 steps of EPA)."""


@pytest.fixture(scope="module", params=list(PAIRS))
def explained(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> tuple[Check, Path]:
    """A pair's page, and its check."""
    sample, direction = PAIRS[request.param]
    check = traced(sample, direction)
    path = tmp_path_factory.mktemp("explain") / f"{request.param}.html"
    path.write_text(explain_page(check), encoding="utf-8")
    return check, path


@pytest.fixture
def page(browser: Browser, explained: tuple[Check, Path]) -> Iterator[Page]:
    opened = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    opened.on("request", lambda request: errors.append(f"fetched {request.url}"))
    opened.goto(explained[1].as_uri())
    yield opened
    opened.close()
    assert errors == [f"fetched {explained[1].as_uri()}"]  # the page itself, nothing else


def shown(page: Page) -> dict[str, Any]:
    """The step the page shows: the index and run of the visible picture and words."""
    result: dict[str, Any] = page.evaluate(
        """() => {
        const visible = (el) => getComputedStyle(el).display !== "none";
        const groups = [...document.querySelectorAll("g.step")].filter(visible);
        const words = [...document.querySelectorAll("li.narration")].filter(visible);
        const marks = groups.length !== 1 ? [] : [...groups[0].querySelectorAll("[class]")]
            .map((el) => [el.getAttribute("class"), Object.fromEntries([...el.attributes]
                .filter((a) => a.name.startsWith("data-")).map((a) => [a.name, a.value]))]);
        return {
            groups: groups.map((g) => g.dataset.index),
            words: words.map((li) => li.dataset.index),
            run: groups.length ? groups[0].dataset.run : null,
            lines: words.length ? [...words[0].querySelectorAll("p.line")]
                .map((p) => p.textContent) : [],
            marks: marks,
            slider: document.getElementById("slider").value,
            position: document.getElementById("position").textContent,
        };
    }"""
    )
    assert result["groups"] == result["words"], result
    assert len(result["groups"]) == 1, result
    result["index"] = int(result["groups"][0])
    return result


def test_the_slider_moves_through_every_step(page: Page, explained: tuple[Check, Path]) -> None:
    check = explained[0]
    steps = run_steps(check)
    trace = check_record(check, "both")["trace"]
    told = []
    for index, step in enumerate(steps):
        page.locator("#slider").fill(str(index))
        now = shown(page)
        assert now["index"] == index and now["run"] == step.run
        assert now["position"] == f"step {index + 1} of {len(steps)}"
        assert now["lines"] == step_lines(check, step)
        record = trace[step.run][step.step.iteration - 1]
        marks = marks_of([(css, data) for css, data in now["marks"]])
        assert marks == expected_marks(step.run, record)
        told.append(now["lines"])
    assert all(one != other for one, other in itertools.pairwise(told))


def test_keys_and_buttons_step_forward_and_back(page: Page) -> None:
    last = int(page.locator("#slider").get_attribute("max") or "0")
    assert last >= 2
    page.keyboard.press("ArrowRight")
    assert shown(page)["index"] == 1
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    assert shown(page)["index"] == 1
    page.keyboard.press("End")
    assert shown(page)["index"] == last
    page.keyboard.press("ArrowRight")  # no step after the last
    assert shown(page)["index"] == last
    page.keyboard.press("Home")
    assert shown(page)["index"] == 0
    page.click("#next")
    page.click("#next")
    assert shown(page)["index"] == 2
    page.click("#prev")
    assert shown(page)["index"] == 1
    assert shown(page)["slider"] == "1"
    page.click("[data-jump][data-run=epa]")
    assert shown(page)["run"] == "epa"


def test_play_runs_to_the_end(page: Page) -> None:
    last = int(page.locator("#slider").get_attribute("max") or "0")
    page.evaluate("document.getElementById('play').setAttribute('data-ms', '40')")
    page.click("#play")
    page.wait_for_function(f"document.getElementById('slider').value === '{last}'")
    assert page.inner_text("#play") == "Play"


def test_the_answer_is_shown_at_the_last_step_alone(
    page: Page, explained: tuple[Check, Path]
) -> None:
    answer = ["#verdict", "#answer", "g.answer"]
    assert not any(page.locator(selector).is_visible() for selector in answer)
    assert "overlapping" not in page.inner_text("body")
    page.keyboard.press("End")
    assert all(page.locator(selector).is_visible() for selector in answer)
    assert f"{explained[0].pair.name}: overlapping" in page.inner_text("#verdict")
    page.keyboard.press("ArrowLeft")
    assert not any(page.locator(selector).is_visible() for selector in answer)


def test_screenshots_of_the_first_and_last_steps(
    page: Page, tmp_path_factory: pytest.TempPathFactory
) -> None:
    folder = tmp_path_factory.mktemp("screenshots")
    first = page.locator("#picture").screenshot(path=str(folder / "first.png"))
    page.keyboard.press("End")
    last = page.locator("#picture").screenshot(path=str(folder / "last.png"))
    for picture in (first, last):
        assert picture.startswith(b"\x89PNG") and len(picture) > 10_000
    assert first != last


def test_the_page_prints(page: Page) -> None:
    page.emulate_media(media="print")
    assert not page.locator("#controls").is_visible()
    assert page.locator("#picture svg").is_visible()
    assert page.pdf()[:4] == b"%PDF"

"""A real browser for the tests: the system's Chromium driven by Selenium through the system's
chromedriver (``apt-get install chromium chromium-driver``), and the web table served by
uvicorn in a thread on a free port.

Nothing downloads a browser or a driver: the binary and the driver are given by path and
Selenium Manager is switched off (``SE_OFFLINE``). Without them the browser tests are
skipped, unless ``WUHANMJ_REQUIRE_BROWSER=1`` (CI sets it): then they fail.
``WUHANMJ_SCREENSHOTS=DIR`` keeps the screenshots in DIR (``docs`` for the README's).
"""

from __future__ import annotations

import contextlib
import os
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM = ("/usr/bin/chromium", "/usr/bin/chromium-browser")
CHROMEDRIVER = "/usr/bin/chromedriver"


def _missing(why: str):
    if os.environ.get("WUHANMJ_REQUIRE_BROWSER") == "1":
        pytest.fail(f"browser test required (WUHANMJ_REQUIRE_BROWSER=1) but {why}")
    pytest.skip(why)


def chrome(width: int = 1500, height: int = 1050):
    """A headless Chromium (a selenium WebDriver); skips or fails when there is none."""
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        _missing("selenium is not installed")
    binary = next((p for p in CHROMIUM if os.path.exists(p)), None)
    if binary is None:
        _missing("no system Chromium (apt-get install chromium)")
    if not os.path.exists(CHROMEDRIVER):
        _missing(f"no {CHROMEDRIVER} (apt-get install chromium-driver)")
    os.environ["SE_OFFLINE"] = "true"  # Selenium Manager never downloads anything
    opts = webdriver.ChromeOptions()
    opts.binary_location = binary
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
              "--disable-extensions", "--no-first-run", f"--window-size={width},{height}", "--lang=en-US"):
        opts.add_argument(a)
    return webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=opts)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def served(app) -> Iterator[str]:
    """Serve ``app`` on 127.0.0.1 in a thread; yields its base URL."""
    import uvicorn

    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the test server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)


def figure_sizes(driver) -> list[list]:
    """``[figure id, width, height]`` of the ``<svg>`` in every ``<figure id="plot-…">`` of
    the page (a report's plots), as laid out."""
    return driver.execute_script(
        "return [...document.querySelectorAll('figure[id^=plot-] svg')].map("
        "s => [s.closest('figure').id, s.getBoundingClientRect().width, s.getBoundingClientRect().height])"
    )


def screenshot(driver, name: str, tmp_path: Path) -> Path:
    """Save a screenshot as ``name`` in ``$WUHANMJ_SCREENSHOTS`` (kept) or ``tmp_path``."""
    where = os.environ.get("WUHANMJ_SCREENSHOTS")
    folder = Path(where) if where else tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    assert driver.save_screenshot(str(path)), f"no screenshot {path}"
    return path



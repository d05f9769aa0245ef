"""End to end in headless Chromium: the running Streamlit app on 127.0.0.1 answers a question; a screenshot is saved.

Needs Debian's `chromium` and `chromium-driver` (the README's test command installs them when apt is available);
skipped, saying so, when they are absent.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

from tests.conftest import REPO, free_port, wait_for_port

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
SCREENSHOT_DIR = REPO / ".quyche" / "screenshots"

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        not (os.path.exists(CHROMIUM) and os.path.exists(DRIVER)),
        reason="Debian chromium/chromium-driver not installed",
    ),
]


def test_chat_in_a_real_browser(corpus_settings):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait

    port = free_port()
    env = {**os.environ, "QUYCHE_DATA_DIR": str(corpus_settings.data_dir), "QUYCHE_LLM_PROVIDER": "offline"}
    app = subprocess.Popen(
        [sys.executable, "-m", "ui.cli", "ui", "--port", str(port)],
        cwd=REPO,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--window-size=1280,1400",
    ):
        options.add_argument(flag)
    driver = None
    try:
        wait_for_port(port, app)
        driver = webdriver.Chrome(service=Service(DRIVER), options=options)
        driver.get(f"http://127.0.0.1:{port}")
        wait = WebDriverWait(driver, 240)
        box = wait.until(
            lambda d: d.find_element(By.CSS_SELECTOR, "textarea[data-testid='stChatInputTextArea']")
        )
        box.send_keys("Giờ làm việc buổi sáng bắt đầu lúc mấy giờ?")
        box.send_keys(Keys.ENTER)
        wait.until(lambda d: "[1] Nội quy lao động" in d.find_element(By.TAG_NAME, "body").text)  # citation
        body = driver.find_element(By.TAG_NAME, "body").text
        assert "8 giờ 30" in body or "8h30" in body
        SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
        shot = SCREENSHOT_DIR / "chat_answer.png"
        driver.save_screenshot(str(shot))
        assert shot.stat().st_size > 10_000
    finally:
        if driver is not None:
            driver.quit()
        app.terminate()
        app.wait(timeout=20)

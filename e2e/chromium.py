"""How Debian's Chromium is started, by the browser journeys (e2e/conftest.py) and by the page-load
benchmark (benchmarks/pageload.py): one list of switches, so both measure the same browser."""

from __future__ import annotations

import re

# The features Playwright launches Chromium without (its chromiumSwitches, Playwright 1.65).
# Chromium keeps only the last --disable-features switch it is given, so ours repeats these;
# `features_turned_back_on` reads the switches a browser was started with, so that a Playwright
# upgrade that disables one more feature is noticed instead of silently undone.
PLAYWRIGHT_DISABLED_FEATURES = [
    "AvoidUnnecessaryBeforeUnloadCheckSync",
    "DestroyProfileOnBrowserClose",
    "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable",
    "LensOverlay",
    "MediaRouter",
    "PaintHolding",
    "ThirdPartyStoragePartitioning",
    "AvoidCorsURLLoaderRestartOnRedirect",
    "TcpPortRandomizationWin",
    "OptimizationHints",
    "NetworkTimeServiceQuerying",
    "AimEnabled",
    "PreconnectToSearch",
    "msForceBrowserSignIn",
    "msEdgeUpdateLaunchServicesPreferredVersion",
]
# Each window Chromium opens (one per page) preloads the address bar's suggestion popup, a
# WebUI page in a renderer of its own, though a headless window never shows it: about a third
# of a second of CPU a window, 13 % of the journeys' CPU (22 journeys: 54-58 CPU-s with it,
# 48-49 without), and, in the page-load benchmark, work of the browser's own competing with
# each cold load it times.
DISABLED_FEATURES = [*PLAYWRIGHT_DISABLED_FEATURES, "WebUIOmniboxPopup", "WebUIOmniboxAimPopup"]
ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-features=" + ",".join(DISABLED_FEATURES),
]


def features_turned_back_on(browser) -> set[str]:
    """The features an earlier --disable-features switch of `browser`'s (Playwright's) disabled
    and the last one, the only one Chromium reads, leaves enabled: none, or our list is stale."""
    page = browser.new_page()
    try:
        page.goto("chrome://version")
        command_line = page.locator("#command_line").inner_text()
    finally:
        page.context.close()
    switches = [set(value.split(",")) for value in re.findall(r"--disable-features=(\S+)", command_line)]
    return set().union(*switches[:-1]) - switches[-1] if switches else set()

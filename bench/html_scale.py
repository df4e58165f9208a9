"""The HTML explorer at scale: page size and time to interactive in headless Chromium.

    python bench/html_scale.py BUILD_DIR [--runs 5] [--screenshot PNG] [--search 200]

BUILD_DIR is a `kg build` output (e.g. of all of ../shared/corpora).  Writes its
page as `kg build` does (the central 1,500 nodes plus the catalog of every node),
then loads it --runs times in a fresh headless Chromium and prints, per run, the
milliseconds from navigation start to `KG.ready` (the page draws, responds to the
mouse and the search box), with the split: file read, script start, JSON parsed,
network built, first frame.  Then checks that --search random papers are found by
their title (and prints the search time), and that the page made no network
request and logged no console error.  Figures go in docs/HTML.md by hand, with the
machine's load average (printed too).  Needs chromium, chromedriver, selenium.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path


def _driver(profile: str):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("KG_CHROMIUM") or shutil.which("chromium") or "chromium"
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--no-first-run", "--disable-extensions", "--window-size=1400,900", f"--user-data-dir={profile}"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    driver = webdriver.Chrome(service=Service(executable_path=os.environ.get("KG_CHROMEDRIVER")
                                              or shutil.which("chromedriver") or "chromedriver"), options=options)
    driver.set_script_timeout(120)
    return driver


def _load(driver, url: str) -> dict:
    driver.get("about:blank")
    driver.get_log("browser")
    driver.get_log("performance")
    driver.get(url)
    end = time.monotonic() + 120
    while not driver.execute_script("return !!(window.KG && KG.ready)"):
        if time.monotonic() > end:
            raise SystemExit("error: the page did not become ready in 120 s")
        time.sleep(0.02)
    timing = driver.execute_script(
        "var nav = performance.getEntriesByType('navigation')[0];"
        "return Object.assign({read: nav.responseEnd}, KG.timing);")
    timing["console"] = [e for e in driver.get_log("browser") if e.get("level") in ("SEVERE", "WARNING")]
    urls = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.requestWillBeSent":
            urls.append(message["params"]["request"]["url"])
    timing["requests"] = [u for u in urls if not u.startswith(("file:", "data:"))]
    return timing


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("build", type=Path, help="a kg build output folder")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--search", type=int, default=200, help="random papers to find by title")
    ap.add_argument("--screenshot", type=Path, help="save the first view as this PNG")
    ap.add_argument("--page", type=Path, help="use this page instead of writing one")
    args = ap.parse_args()
    if not args.build.is_dir():
        sys.exit(f"error: {args.build}: not a build folder")

    tmp = Path(tempfile.mkdtemp(prefix="kg-html-bench-"))
    if args.page:
        page, written = args.page, 0.0
    else:
        from kg.api import write_view

        t0 = time.perf_counter()
        page = write_view(args.build, out=tmp / "graph.html").path
        written = time.perf_counter() - t0
    size = page.stat().st_size
    print(f"page       {page} ({size / 1e6:.1f} MB, written in {written:.0f} s)")
    print(f"load       {' '.join(f'{x:.2f}' for x in os.getloadavg())} (1, 5, 15 min; {os.cpu_count()} cores)")

    driver = _driver(str(tmp / "profile"))
    try:
        url = page.resolve().as_uri()
        ready = []
        for run in range(args.runs):
            t = _load(driver, url)
            ready.append(t["ready"])
            print(f"run {run + 1}      interactive {t['ready']:6.0f} ms  (file read {t['read']:.0f}, script start "
                  f"{t['start']:.0f}, JSON parsed {t['parsed']:.0f}, network built {t['network']:.0f}, "
                  f"first frame {t['ready']:.0f}); console errors {len(t['console'])}, "
                  f"network requests {len(t['requests'])}")
            if t["console"] or t["requests"]:
                print("           ", t["console"][:3], t["requests"][:3])
        print(f"interactive median {statistics.median(ready):.0f} ms, min {min(ready):.0f}, max {max(ready):.0f}")
        if args.screenshot:
            driver.execute_script("KG.clearSelection(); KG.fit();")
            time.sleep(0.5)
            driver.save_screenshot(str(args.screenshot))
            print(f"screenshot {args.screenshot}")

        view = driver.execute_script("return KG.data.view")
        n_papers = driver.execute_script("return KG.data.catalog.n_papers")
        print(f"graph      {view['papers_total']:,} papers, {view['entities_total']:,} entities, "
              f"{view['edges_total']:,} links; drawn {view['nodes_shown']:,} nodes, {view['edges_shown']:,} edges; "
              f"catalog {driver.execute_script('return KG.data.catalog.id.length'):,} nodes")
        t0 = time.perf_counter()
        driver.execute_script("KG.buildSearchIndex()")
        index_ms = (time.perf_counter() - t0) * 1000
        picks = random.Random(15).sample(range(n_papers), min(args.search, n_papers))
        found = driver.execute_script(
            "var c = KG.data.catalog, out = [], t = performance.now();"
            "arguments[0].forEach(function (i) { var r = KG.search(c.label[i], 20);"
            " out.push(r.some(function (x) { return x.id === c.id[i]; })); });"
            "return [out.filter(Boolean).length, (performance.now() - t) / arguments[0].length];", picks)
        print(f"search     {found[0]} of {len(picks)} random papers found by title; "
              f"index built in {index_ms:.0f} ms, {found[1]:.0f} ms per query")
    finally:
        driver.quit()
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Helpers for the tests of ``kg serve``: the real server in a subprocess on a free localhost port, and
requests to it with urllib (``tests/test_serve.py``, ``tests/test_serve_hardening.py``; the ``server``
fixture of ``conftest.py``)."""
from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# a cross join that runs until the query timeout: the runaway of the timeout and starvation tests
SLOW = "SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . FILTER(?c != ?i) }"
TIMEOUT = 1.0  # the server's query timeout in these tests (kg serve --timeout)


class Server:
    def __init__(self, directory: Path, *extra: str):
        cmd = [sys.executable, "-m", "kg", "serve", str(directory), "--port", "0",
               "--timeout", str(TIMEOUT), "--workers", "2", *extra]
        self.proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                     env={**os.environ, "PYTHONUNBUFFERED": "1"})
        self.stdout_lines: list[str] = []
        self.url = self._wait_for_url()
        self.endpoint = self.url + "/sparql"

    def _wait_for_url(self, timeout: float = 90.0) -> str:
        found: list[str] = []

        def read():
            for line in self.proc.stdout:
                self.stdout_lines.append(line)
                m = re.search(r"(http://[^\s]+)/sparql", line)
                if m and not found:
                    found.append(m.group(1))

        threading.Thread(target=read, daemon=True).start()
        deadline = time.monotonic() + timeout
        while not found:
            if self.proc.poll() is not None:
                raise RuntimeError(f"kg serve exited: {self.proc.stderr.read()}")
            if time.monotonic() > deadline:
                self.proc.kill()
                raise RuntimeError("kg serve did not start")
            time.sleep(0.05)
        return found[0]

    def stop(self) -> tuple[int, str]:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            return -9, self.proc.stderr.read()
        return self.proc.returncode, self.proc.stderr.read()


def request(url: str, data: bytes | None = None, headers: dict[str, str] | None = None,
            method: str | None = None, timeout: float = 30.0) -> tuple[int, dict[str, str], bytes]:
    req = urllib.request.Request(url, data=data, headers=headers or {}, method=method)
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            return resp.status, dict(resp.headers), resp.read()
    except urllib.error.HTTPError as err:
        return err.code, dict(err.headers), err.read()


def get(server: Server, query: str, accept: str | None = None, **params: str):
    qs = urllib.parse.urlencode({"query": query, **params})
    return request(f"{server.endpoint}?{qs}", headers={"Accept": accept} if accept else {})

"""Errors and bookkeeping shared by the input readers.

Bad input is the most common way a user meets this tool, so every problem is
reported as ONE line that names the file (and line) and, where it helps, says
what to do.  Fatal problems raise :class:`kg.errors.InputError`; a bad record in an
otherwise good file is only skipped and noted in an :class:`IngestReport`.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from kg.errors import InputError


@dataclass
class IngestReport:
    """What happened while reading: good records and one message per skipped record.

    One report can be shared by several ``read_papers`` calls (several input
    files); counts accumulate.
    """

    read: int = 0
    skipped: list[str] = field(default_factory=list)


class FileTally:
    """Per-file counters behind the "every record was bad" rule.

    A file in which no record is usable is almost always the wrong file or the
    wrong format, so it must fail loudly instead of yielding an empty graph.
    """

    def __init__(self, where: str, report: IngestReport) -> None:
        self.where = where
        self.report = report
        self.good = 0
        self.bad = 0
        self.first_problem = ""

    def ok(self) -> None:
        self.good += 1
        self.report.read += 1

    def skip(self, line: int | str, problem: str) -> None:
        """Note a skipped record; ``line`` is a line number or a range like ``"4-9"``."""
        msg = " ".join(f"{self.where}:{line}: {problem}".split())
        self.bad += 1
        if not self.first_problem:
            self.first_problem = msg
        self.report.skipped.append(msg)

    def finish(self, empty_message: str) -> None:
        """Raise if the file gave nothing usable (called once the file is exhausted)."""
        if self.good:
            return
        if self.bad:
            raise InputError(
                f"no valid records in {self.where}; first problem: {self.first_problem}", path=self.where
            )
        raise InputError.at(self.where, empty_message)

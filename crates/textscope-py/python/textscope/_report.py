"""The report as a typed object over the core's JSON report (the CLI's ``--json`` object).

Every field of the JSON is an attribute, nested objects too (``report.endings.crlf``), and a
field the core adds later is reachable the same way without a change here. ``to_dict()`` gives
the plain JSON value and ``to_json()`` the core's own JSON text, byte for byte what
``textscope --json`` prints for the same input (``path`` aside).
"""

from __future__ import annotations

import copy
import json
from typing import TYPE_CHECKING, Any, ClassVar, Dict, Iterator, List, Optional, Type

__all__ = [
    "Candidate",
    "Container",
    "Detection",
    "Figures",
    "Hint",
    "Endings",
    "FindingCounts",
    "LongestLine",
    "Mark",
    "Node",
    "Note",
    "Problem",
    "ProblemCounts",
    "Report",
    "Step",
]


class Node:
    """A read-only view of one JSON object: keys as attributes and as items."""

    __slots__ = ("_d",)
    if TYPE_CHECKING:
        _d: Dict[str, Any]
    _children: ClassVar[Dict[str, Type["Node"]]] = {}
    # Fields the JSON leaves out when they have nothing to say, and their value then.
    _absent: ClassVar[Dict[str, Any]] = {}

    def __init__(self, data: Dict[str, Any]) -> None:
        object.__setattr__(self, "_d", data)

    if not TYPE_CHECKING:
        # Hidden from type checkers: each class declares its fields, so that a misspelt one
        # (`report.linez`) fails `mypy --strict` (issue 40). At run time a field the core adds
        # later is still reachable.
        def __getattr__(self, name: str) -> Any:
            try:
                value = self._d[name]
            except KeyError:
                if name in self._absent:
                    return copy.copy(self._absent[name])
                raise AttributeError(
                    f"{type(self).__name__!s} has no field {name!r}"
                ) from None
            return _wrap(value, self._children.get(name, Node))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is read-only")

    def __getitem__(self, key: str) -> Any:
        return _wrap(self._d[key], self._children.get(key, Node))

    def __contains__(self, key: object) -> bool:
        return key in self._d

    def __iter__(self) -> Iterator[str]:
        return iter(self._d)

    def __len__(self) -> int:
        return len(self._d)

    def keys(self) -> List[str]:
        """The field names, in the JSON's order."""
        return list(self._d)

    def get(self, key: str, default: Any = None) -> Any:
        """The field, or ``default`` when absent."""
        return self[key] if key in self._d else default

    def to_dict(self) -> Dict[str, Any]:
        """A deep copy of the JSON value (dicts, lists, str, int, float, bool, None)."""
        return copy.deepcopy(self._d)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Node):
            return self._d == other._d
        if isinstance(other, dict):
            return self._d == other
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __dir__(self) -> List[str]:
        return sorted(set(super().__dir__()) | set(self._d))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self._d!r})"

    def __getstate__(self) -> Dict[str, Any]:
        return self._d

    def __setstate__(self, state: Dict[str, Any]) -> None:
        object.__setattr__(self, "_d", state)


def _wrap(value: Any, kind: Type[Node]) -> Any:
    if isinstance(value, dict):
        return kind(value)
    if isinstance(value, list):
        return [_wrap(v, kind) for v in value]
    return value


class Mark(Node):
    """The byte order mark (B1)."""

    __slots__ = ()
    if TYPE_CHECKING:
        offset: int
        length: int
        bytes: str


class Figures(Node):
    """The figures a step or a hint cites, by name (``characters``, ``nul`` …): read them
    with ``figures["nul"]`` or ``figures.get("nul")``; the names depend on the step's code
    (docs/json-schema.md)."""

    __slots__ = ()


class Step(Node):
    """One parser's verdict in the detection (D9)."""

    __slots__ = ()
    _children = {"figures": Figures}
    if TYPE_CHECKING:
        format: str
        accepted: bool
        code: str
        reason: str
        figures: Figures


class Candidate(Node):
    """A code page the legacy stage scored (D12): the runners-up, best first."""

    __slots__ = ()
    if TYPE_CHECKING:
        encoding: str
        language: Optional[str]
        score: float
        also: List[str]


class Detection(Node):
    """Why the format was chosen (D9): every parser tried, in order."""

    __slots__ = ()
    _children = {"steps": Step, "candidates": Candidate}
    if TYPE_CHECKING:
        forced: bool
        window: int
        steps: List[Step]
        confidence: Optional[float]
        candidates: List[Candidate]


class Container(Node):
    """The format a binary file's magic number shows (schema 3)."""

    __slots__ = ()
    if TYPE_CHECKING:
        name: str
        mime: str
        extension: str


class Hint(Node):
    """A format worth forcing with ``encoding=`` (schema 3)."""

    __slots__ = ()
    _children = {"figures": Figures}
    if TYPE_CHECKING:
        code: str
        encoding: str
        reason: str
        figures: Figures
        message: str


class Endings(Node):
    """Line endings by kind."""

    __slots__ = ()
    if TYPE_CHECKING:
        lf: int
        crlf: int
        cr: int
        nel: int
        ls: int
        ps: int


class LongestLine(Node):
    """The longest line: its number and its length in characters."""

    __slots__ = ()
    if TYPE_CHECKING:
        line: int
        characters: int


class ProblemCounts(Node):
    """Exact count of each problem kind."""

    __slots__ = ()
    if TYPE_CHECKING:
        unpaired_surrogate: int
        nul: int
        control_character: int
        bom_in_text: int
        truncated_character: int
        invalid_code_point: int
        invalid_utf8: int
        unmapped_byte: int
        mixed_line_endings: int


class FindingCounts(Node):
    """Exact count of each finding kind (bidi controls, invisible characters, terminal
    escape sequences, runs of mojibake, stretches in another encoding)."""

    __slots__ = ()
    if TYPE_CHECKING:
        bidi_control: int
        invisible_character: int
        ansi_escape: int
        mojibake: int
        mixed_encoding: int


class Repair(Node):
    """A ``mojibake`` finding's repair: the chain of encodings the text went through
    (``["utf-8", "windows-1252", "utf-8"]``), the text as it stands and as it was meant, and
    whether another reading is as likely (then it is not repaired without asking)."""

    __slots__ = ()
    if TYPE_CHECKING:
        chain: List[str]
        original: str
        repaired: str
        ambiguous: bool


class Segment(Node):
    """One stretch of a file of two encodings: where it is (bytes and lines), its format and
    encoding, whether it starts with a byte order mark, and how sure textscope is of it."""

    __slots__ = ()
    if TYPE_CHECKING:
        offset: int
        length: int
        first_line: int
        last_line: int
        format: str
        encoding: str
        mark: bool
        confidence: float


class Problem(Node):
    """One problem (or a run of touching ones of a kind, ``count`` of them) with its place:
    offset and length in bytes (the whole run's), line and column from 1 (its first)."""

    __slots__ = ()
    if TYPE_CHECKING:
        kind: str
        offset: int
        length: int
        count: int
        line: int
        column: int
        bytes: str
        message: str


class Note(Node):
    """A note (N1: no final line ending)."""

    __slots__ = ()
    if TYPE_CHECKING:
        kind: str
        line: int
        offset: int
        message: str


class Report(Node):
    """Everything textscope says about one file (the CLI's ``--json`` object)."""

    __slots__ = ("_json",)
    if TYPE_CHECKING:
        _json: Optional[str]
    _children = {
        "bom": Mark,
        "detection": Detection,
        "endings": Endings,
        "longest_line": LongestLine,
        "problem_counts": ProblemCounts,
        "problems": Problem,
        "notes": Note,
        "finding_counts": FindingCounts,
        "findings": Problem,
        "container": Container,
        "hints": Hint,
        "segments": Segment,
    }
    _absent = {
        "container": None,
        "text_reading": None,
        "hints": [],
        "language": None,
        "segments": [],
    }
    if TYPE_CHECKING:
        schema: int
        path: Optional[str]
        size: int
        format: str
        encoding: str
        language: Optional[str]
        ascii: bool
        bom: Optional[Mark]
        detection: Detection
        lines: int
        characters: int
        endings: Endings
        longest_line: Optional[LongestLine]
        problem_counts: ProblemCounts
        problems: List[Problem]
        problems_omitted: int
        notes: List[Note]
        finding_counts: FindingCounts
        findings: List[Problem]
        findings_omitted: int
        finding_total: int
        container: Optional[Container]
        text_reading: Optional["Report"]
        hints: List[Hint]
        segments: List[Segment]

    def __init__(self, data: Dict[str, Any], text: Optional[str] = None) -> None:
        super().__init__(data)
        object.__setattr__(self, "_json", text)

    @classmethod
    def from_json(cls, text: str) -> "Report":
        """A report from the JSON text of ``textscope --json`` (one object)."""
        return cls(json.loads(text), text)

    def to_json(self) -> str:
        """The report as one line of JSON, as ``textscope --json`` prints it."""
        if self._json is None:
            object.__setattr__(
                self, "_json", json.dumps(self._d, ensure_ascii=False, separators=(",", ":"))
            )
        return self._json  # type: ignore[return-value]

    @property
    def problem_total(self) -> int:
        """All problems together, listed or not."""
        return sum(int(v) for v in self._d["problem_counts"].values())

    def __getstate__(self) -> Dict[str, Any]:
        return self._d

    def __setstate__(self, state: Dict[str, Any]) -> None:
        object.__setattr__(self, "_d", state)
        object.__setattr__(self, "_json", None)

    def __repr__(self) -> str:
        return (
            f"<Report path={self._d.get('path')!r} format={self._d.get('format')!r} "
            f"lines={self._d.get('lines')} problems={self.problem_total}>"
        )


# A binary file's closest text reading is a whole report of its own (schema 3).
Report._children = {**Report._children, "text_reading": Report}

"""cutego.Error: every refusal of the binding, a ValueError naming the operation and why.

The lowest module of the package: it imports none of the others (cutego._ffi, which reads
libcutego's messages, builds its errors with status_error).
"""

from __future__ import annotations

import re

# cutego_status_t: the name of each status code (cutego.h)
STATUS_NAMES = {
    0: "ok", 1: "invalid argument", 2: "not admissible", 3: "overflow", 4: "parse",
    5: "capacity", 6: "null pointer", 7: "buffer too small", 8: "internal",
}

_PREFIX = re.compile(r"^(cutego|cute)_[a-z0-9_]+: ")


class Error(ValueError):
    """An operation refused its input: CuTe refuses it (C++ CuTe would not compile it), the
    input is not a layout, a value overflows int64, or it exceeds the capacity of
    libcutego's layout struct (16 leaf modes).

    Attributes: ``op`` (the operation, by its CuTe name), ``reason`` (why), ``kind`` (the
    libcutego status name: "not admissible", "invalid argument", "overflow", "parse",
    "capacity", ...).
    """

    def __init__(self, op: str, reason: str, kind: str = "invalid argument"):
        super().__init__("%s: %s" % (op, reason))
        self.op = op
        self.reason = reason
        self.kind = kind


def status_error(op: str, status: int, msg: str) -> Error:
    """The Error for a libcutego status code and the library's message."""
    # libcutego's messages name the operation first ("composition: ..."); keep the reason
    msg = _PREFIX.sub("", msg, count=1)
    while msg.startswith(op + ": "):
        msg = msg[len(op) + 2:]
    kind = STATUS_NAMES.get(status, "status %d" % status)
    return Error(op, msg or kind, kind)

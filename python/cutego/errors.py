"""cutego.Error: every refusal of the binding, a ValueError naming the operation and why."""

from __future__ import annotations

import re

from . import _ffi

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


def raise_status(op: str, status: int):
    """Raises the Error for a libcutego status code, with the library's message."""
    msg = _ffi.last_error()
    # libcutego's messages name the operation first ("composition: ..."); keep the reason
    msg = _PREFIX.sub("", msg, count=1)
    while msg.startswith(op + ": "):
        msg = msg[len(op) + 2:]
    raise Error(op, msg or _ffi.STATUS_NAMES.get(status, "status %d" % status),
                _ffi.STATUS_NAMES.get(status, "status %d" % status))

#!/usr/bin/env python3
"""Entry point: python3 interop/run.py --help (see interop/README.md)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness.run import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())

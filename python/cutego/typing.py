"""Integer: what counts as an integer in an IntTuple (as in PyCuTe: int and its subclasses,
not bool or float; anything with __index__ is accepted where a value goes to libcutego)."""

from abc import ABC
from typing import Tuple, Union


class Integer(ABC):
    @classmethod
    def __subclasshook__(cls, c):
        if c in [bool, float]:
            return False

        return issubclass(c, int)


#: An IntTuple: an integer or a (nested) tuple of integers, CuTe's shapes, strides and
#: coordinates.
IntTuple = Union[int, Tuple["IntTuple", ...]]

"""A value computed once per object, for the frozen shapes: :func:`functools.cached_property`
without its lock.

Python 3.10 and 3.11's ``cached_property`` takes a lock on every first access, which
costs several times what a polytope's bounding box does to compute; the shapes are
frozen, and a value computed twice by two threads is the same value. So this descriptor
computes the value on first access and keeps it in the instance dictionary, where the
next access finds it without calling the descriptor at all (it is a non-data
descriptor, as ``cached_property`` is). Python 3.12 dropped the lock; this keeps 3.10
and 3.11 as quick.

>>> class Square:
...     def __init__(self, side: float) -> None:
...         self.side = side
...     @cached
...     def area(self) -> float:
...         print("computed")
...         return self.side * self.side
>>> square = Square(3.0)
>>> square.area
computed
9.0
>>> square.area
9.0
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar, overload

__all__ = ["cached"]

T = TypeVar("T")


class cached(Generic[T]):  # noqa: N801 (named like the decorator it stands for)
    """The decorator: ``@cached`` on a method of no arguments makes it a computed-once
    attribute (see the module notes)."""

    def __init__(self, compute: Callable[[Any], T]) -> None:
        self.compute = compute
        self.name = compute.__name__
        self.__doc__ = compute.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> cached[T]: ...

    @overload
    def __get__(self, instance: object, owner: type | None = None) -> T: ...

    def __get__(self, instance: object | None, owner: type | None = None) -> T | cached[T]:
        if instance is None:
            return self
        value = self.compute(instance)
        instance.__dict__[self.name] = value
        return value

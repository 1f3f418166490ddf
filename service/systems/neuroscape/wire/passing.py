"""The inputs of giving way: `pass` (an awaited decision declined) and `concede`."""

from __future__ import annotations

from service.systems.neuroscape.wire.actions import NeuroscapeActionBase


class NeuroscapePassAction(NeuroscapeActionBase):
    pass


class NeuroscapeConcedeAction(NeuroscapeActionBase):
    pass

"""A decision's time budget: when to stop sampling and answer with what is known."""

from __future__ import annotations

import math
import time

from bridgetable.bots.play.twohand import SolverTimeout


class Budget:
    """Seconds a decision may take, counted from creation.

    `room_for_another()` says whether one more step of the same kind (the mean of the
    steps recorded so far) still fits, so a decision rarely overruns by a whole step.
    A budget of `math.inf` never runs out: the decision then depends on nothing but
    its inputs and its seed.
    """

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.start = time.perf_counter()
        self._steps = 0
        self._step_time = 0.0

    def elapsed(self) -> float:
        """Seconds since the decision started."""
        return time.perf_counter() - self.start

    def expired(self) -> bool:
        """Whether the budget is spent."""
        return not math.isinf(self.seconds) and self.elapsed() >= self.seconds

    def record_step(self, seconds: float) -> None:
        """Note how long one step (one sample solved) took."""
        self._steps += 1
        self._step_time += seconds

    def room_for_another(self) -> bool:
        """Whether one more step is expected to finish within the budget."""
        if math.isinf(self.seconds):
            return True
        mean = self._step_time / self._steps if self._steps else 0.0
        return self.elapsed() + mean <= self.seconds

    def fits(self, seconds: float) -> bool:
        """Whether a step expected to take `seconds` fits in what is left."""
        return math.isinf(self.seconds) or self.elapsed() + seconds <= self.seconds

    def check(self) -> None:
        """Raise `SolverTimeout` once the budget is spent (for long searches)."""
        if self.expired():
            raise SolverTimeout("the decision's time budget is spent")

"""The exact distribution of one dice term, modifier by modifier, as `term.py` rolls it.

The stages run in the roller's order: clamp, reroll, explode, keep, count. What the roller does,
and how each stage is counted here:

- a clamp maps every face, the first dice and every later one alike;
- `r` rerolls each die until it misses the condition, so a kept die is the face given that it
  misses; the term's rerolls are a negative binomial, and more than `maxRerolls` of them is a
  refused roll. `ro` rerolls the dice it finds once, the new face standing;
- `!` adds a die for every die meeting its condition (the top face by default), the added dice
  checked in turn; `!o` (Foundry's `xo`) checks only the dice there before it. More than
  `maxExplosions` in the term is a refused roll. Added dice are plain draws, never rerolled;
- keep and drop keep a run of the sorted active dice; the count counts active dice meeting it.

The answer is a sub-distribution: the chances of each total, summing to the chance the roller
answers at all (the rest it refuses at a cap).
"""

from __future__ import annotations

from collections import OrderedDict
from fractions import Fraction
from math import comb

from service.dice.memo import shape_cache
from service.dice.notation.ast import CountSuccesses, Dice, Explode, Keep, Reroll
from service.dice.notation.exact import Budget, OddsLimits, Weights
from service.dice.notation.explode_odds import exploded
from service.dice.notation.limits import Limits
from service.dice.notation.pool_odds import inside, pool_chances
from service.dice.odds import OddsTooCostly


def faces(node: Dice) -> Weights:
    """One die of the term as drawn: every face once, clamped."""
    low, high = node.clamp if node.clamp is not None else (1, node.sides)
    out: dict[int, int] = {}
    for face in range(1, node.sides + 1):
        value = low if face < low else high if face > high else face
        out[value] = out.get(value, 0) + 1
    return Weights(out, node.sides)


def _rerolled(die: Weights, modifier: Reroll, count: int, limits: Limits) -> tuple[Weights, Fraction]:
    """The active die after the reroll stage, and the chance the term stays within `maxRerolls`."""
    hit = inside(modifier.condition)
    missed = die.part(lambda v: not hit(v))
    c = die.mass - missed.mass
    if modifier.once:
        if count > limits.max_rerolls:  # how many reroll would then depend on the faces: not computed
            raise OddsTooCostly("maxRerolls", count, limits.max_rerolls)
        ways = die.mass - missed.mass  # a hit is replaced by a fresh draw
        out = {v: w * ways + (w * die.total if not hit(v) else 0) for v, w in die.counts.items()}
        return Weights({v: w for v, w in out.items() if w}, die.total * die.total), Fraction(1)
    if not c:
        return die, Fraction(1)
    # R rerolls, negative binomial: k hits before `count` misses; in integers over total**(count + cap).
    hits, total, cap = die.mass - missed.mass, die.total, limits.max_rerolls
    ways = sum(comb(count + k - 1, k) * hits**k * total ** (cap - k) for k in range(cap + 1))
    answered = Fraction(ways * missed.mass**count, total ** (count + cap))
    return Weights(missed.counts, missed.mass), answered


SHAPES_BYTES = 8 << 20  # about how much the terms remembered by shape may hold (`8d6`: 41 values, ~4 kB)
_SHAPED: OrderedDict[tuple[Dice, Limits, OddsLimits], tuple[Weights, int, int]] = OrderedDict()
_held = 0


def term_weights(node: Dice, limits: Limits, budget: Budget) -> Weights:
    """The exact chances of each value of the term, as far as the roller answers it.

    The answer depends on the term's shape alone (`4d6kh3` whatever surrounds it), so it is kept by
    shape with the work it cost, and a later term of that shape charges the same work without doing it.
    A term that would pass the budget now is worked afresh, so it is refused exactly as the first time.
    """
    global _held
    key = (node, limits, budget.limits)
    found = _SHAPED.get(key)
    if found is not None and budget.spent + found[1] <= budget.limits.max_work:
        _SHAPED.move_to_end(key)
        budget.charge(found[1])
        return found[0]
    before = budget.spent
    weights = _term_weights(node, limits, budget)
    size = len(weights.counts) * (weights.total.bit_length() // 8 + 100)  # a dict entry and its int, roughly
    if found is None and size <= SHAPES_BYTES // 16:
        _SHAPED[key] = (weights, budget.spent - before, size)
        _held += size
        while _held > SHAPES_BYTES:
            _held -= _SHAPED.popitem(last=False)[1][2]
    return weights


@shape_cache
def forget_shapes() -> None:
    global _held
    _SHAPED.clear()
    _held = 0


def _term_weights(node: Dice, limits: Limits, budget: Budget) -> Weights:
    modifiers = node.modifiers
    rerolls = [m for m in modifiers if isinstance(m, Reroll)]
    if len(rerolls) > budget.limits.max_stages:
        raise OddsTooCostly("maxRerollStages", len(rerolls), budget.limits.max_stages)
    budget.outcomes(node.sides)
    drawn = faces(node)
    active, answered = _rerolled(drawn, rerolls[0], node.count, limits) if rerolls else (drawn, Fraction(1))
    keeps = [m for m in modifiers if isinstance(m, Keep)]
    count = next((m for m in modifiers if isinstance(m, CountSuccesses)), None)
    hit = inside(count.condition) if count is not None else None
    explode = next((m for m in modifiers if isinstance(m, Explode)), None)
    if count is not None:  # the roller checks the dice's sum before counting: only the worst case is known here
        most = (node.count + (limits.max_explosions if explode else 0)) * max(drawn.counts)
        if most > limits.max_value:
            raise OddsTooCostly("maxValue", most, limits.max_value)
    if explode is None:
        weights = pool_chances([(active, node.count)], keeps, hit, budget)
    else:
        weights = exploded(node, explode, drawn, active, keeps, hit, limits, budget)
    if answered != 1:
        weights = Weights({v: w * answered.numerator for v, w in weights.counts.items()}, weights.total * answered.denominator)
    return weights.bounded(limits.max_value)

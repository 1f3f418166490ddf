"""The exact odds of a dice expression, as `roller.py` rolls it.

Terms are independent, so the expression's distribution combines theirs with its arithmetic,
left to right, dropping (as refused) every running value past `maxValue`, as the roller does.
The answer's `total` is the distribution of the total given that the roller answers; when some
rolls are refused (a chain of explosions or rerolls past its cap, a value past `maxValue`) a
second distribution, `answered`, gives the exact chance of `answered` and `refused`.

Bounds: the expression must fit the roll limits whatever is rolled (`maxDice` counting every
reroll and explosion the caps allow, else the dice budget would couple the terms), and the work
the `OddsLimits` allow (see `service.dice.notation.exact`).
"""

from __future__ import annotations

import operator
from fractions import Fraction

from service.dice.notation.ast import Dialect, Dice, Explode, Group, Negate, Node, Number, Product, Reroll, Sum
from service.dice.notation.exact import DEFAULT_ODDS_LIMITS, Budget, OddsLimits, Weights, combine
from service.dice.notation.errors import LimitExceeded
from service.dice.notation.limits import DEFAULT_LIMITS, Limits
from service.dice.notation.parser import compile_formula
from service.dice.notation.term_odds import term_weights
from service.dice.odds import Distribution, Odds, OddsTooCostly


def expression_odds(
    expression: str, limits: Limits = DEFAULT_LIMITS, dialect: Dialect = "default", odds_limits: OddsLimits = DEFAULT_ODDS_LIMITS
) -> Odds:
    """`expression_odds("3d6")["total"].at_least(11) == Fraction(1, 2)`; the roll's own errors raise as for the roll."""
    node = compile_formula(expression, limits, dialect)[0]
    drawn = worst_dice(node, limits, caps=False)
    if drawn > limits.max_dice:  # every roll of it is refused, as the roller refuses it
        raise LimitExceeded("maxDice", limits.max_dice, drawn)
    most = worst_dice(node, limits)
    if most > limits.max_dice:
        raise OddsTooCostly("maxDice", most, limits.max_dice)
    weights = _weights(node, limits, Budget(odds_limits))
    mass = weights.mass
    if not mass:
        raise OddsTooCostly("answered", 0, 1)  # every roll of it is refused: there is nothing to show
    total = Distribution.counted("total", {v: w for v, w in weights.counts.items() if w})
    if mass == weights.total:
        return Odds.of(total)
    answered = Fraction(mass, weights.total)
    return Odds.of(total, Distribution.of("answered", {"answered": answered, "refused": 1 - answered}))


def worst_dice(node: Node, limits: Limits, *, caps: bool = True) -> int:
    """The most dice any roll of `node` draws before the roller answers, every reroll and explosion
    the caps allow included (`caps=False`: the dice it draws first, which every roll draws)."""
    if isinstance(node, Dice):
        extra = 0
        for modifier in node.modifiers if caps else ():
            if isinstance(modifier, Reroll):
                extra += min(node.count, limits.max_rerolls) if modifier.once else limits.max_rerolls
            elif isinstance(modifier, Explode):
                extra += limits.max_explosions
        return node.count + extra
    if isinstance(node, Negate):
        return worst_dice(node.operand, limits, caps=caps)
    if isinstance(node, Group):
        return worst_dice(node.inner, limits, caps=caps)
    if isinstance(node, Sum):
        return worst_dice(node.first, limits, caps=caps) + sum(worst_dice(n, limits, caps=caps) for _, n in node.rest)
    if isinstance(node, Product):
        return worst_dice(node.first, limits, caps=caps) + sum(worst_dice(n, limits, caps=caps) for n in node.rest)
    return 0


def _weights(node: Node, limits: Limits, budget: Budget) -> Weights:
    if isinstance(node, Number):
        return Weights.point(node.value).bounded(limits.max_value)
    if isinstance(node, Dice):
        return term_weights(node, limits, budget)
    if isinstance(node, Negate):
        return _weights(node.operand, limits, budget).map(operator.neg)
    if isinstance(node, Group):
        return _weights(node.inner, limits, budget)
    if isinstance(node, Sum):
        value = _weights(node.first, limits, budget)
        for op, operand in node.rest:
            value = _summed(value, op, _weights(operand, limits, budget), budget).bounded(limits.max_value)
        return value
    assert isinstance(node, Product)
    value = _weights(node.first, limits, budget)
    for operand in node.rest:
        value = combine(value, _weights(operand, limits, budget), operator.mul, budget).bounded(limits.max_value)
    return value


def _summed(value: Weights, op: str, operand: Weights, budget: Budget) -> Weights:
    """`value` plus or minus `operand`. Adding or taking away a constant (`1d20+5`, the commonest shape of
    all) moves every value by it, charged as the convolution it stands for; anything else is convolved."""
    by = operand.constant()
    if by is not None:
        moved, by = value, by if op == "+" else -by
    elif op == "+" and (first := value.constant()) is not None:
        moved, by = operand, first
    else:  # convolved, `operator`'s C functions called per pair of values (a third of what a Python one costs)
        return combine(value, operand, operator.add if op == "+" else operator.sub, budget)
    budget.charge(len(moved.counts))
    budget.outcomes(len(moved.counts))
    return moved.shifted(by)

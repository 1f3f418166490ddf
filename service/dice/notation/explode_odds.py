"""The exact value of an exploding dice term, with the roller's cap on explosions.

Of the term's `n` active dice, `k` meet the condition (binomial). Exploding (`!`), each of them
starts a chain of plain draws that goes on while a draw meets the condition: the `k` chains hold
`j` more dice meeting it (negative binomial: `j` hits before `k` misses) and end on `k` that miss.
The term has then exploded `k + j` times, and past `maxExplosions` the roller refuses the roll,
so only `k + j <= maxExplosions` is counted. Exploding once (`xo`) adds one plain draw for each
of the `k` and checks nothing more.

Given `k` and `j` the dice are independent groups: `n - k` active dice that missed, `k` that hit,
and the chains' `j` hits and `k` misses (once: `k` plain draws). A term that adds its dice sums
the groups in integers over one denominator, chain by chain; one that keeps or drops evaluates
each pool (`pool_odds`), which the budget bounds. Exploding on the top face alone, a pool whose
exploded dice fill the kept run at the top keeps nothing but that face: no pool to evaluate.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from math import comb

from service.dice.notation.ast import Condition, Dice, Explode, Keep
from service.dice.notation.exact import Budget, Weights, add, power
from service.dice.notation.limits import Limits
from service.dice.notation.pool_odds import Chances, Hit, inside, pool_chances, value_of, weights_of, window


PER_POOL = 500  # building and weighing one pool of a kept exploding term, in pairs of outcomes combined
PER_PAIR = 100  # weighing one (k, j) at all


def _all_top(keeps: list[Keep], size: int, tops: int) -> bool:
    """Whether the run kept from `size` sorted dice, the `tops` highest showing the top face, is all top faces."""
    lo, hi = window(keeps, size)
    return hi == size and hi - lo <= tops


def _pools(n: int, cap: int, once: bool, a_hits: bool) -> Iterator[tuple[int, int]]:
    """Every (k, j) the roller answers: k first dice exploding, j more hits in their chains."""
    for k in range(min(n, cap) + 1):
        if k and not a_hits:
            return
        if once or k == 0:
            yield k, 0
            continue
        for j in range(cap - k + 1):
            yield k, j


def exploded(
    node: Dice, explode: Explode, drawn: Weights, active: Weights, keeps: list[Keep], hit: Hit, limits: Limits, budget: Budget
) -> Weights:
    condition = explode.condition or Condition("=", node.sides)
    meets = inside(condition)
    a_hit, a_miss = active.part(meets), active.part(lambda v: not meets(v))
    f_hit, f_miss = drawn.part(meets), drawn.part(lambda v: not meets(v))
    n, cap, once = node.count, limits.max_explosions, explode.once
    pools = list(_pools(n, cap, once, a_hit.mass > 0))
    if keeps:
        return _kept(pools, n, once, (a_hit, a_miss, f_hit, f_miss, drawn, active), keeps, hit, budget)
    value = value_of(hit)
    a_hit_v, a_miss_v, f_hit_v, f_miss_v, drawn_v = (w.map(value) for w in (a_hit, a_miss, f_hit, f_miss, drawn))
    sides = drawn.total
    extra = n if once else cap  # every path is counted over sides**extra plain draws
    out: dict[int, int] = {}
    chain: Weights | None = None
    for k, j in pools:
        if j == 0:
            first = add(power(a_miss_v, n - k, budget), power(a_hit_v, k, budget), budget)
            chain = add(first, power(drawn_v if once else f_miss_v, k, budget), budget)
        else:
            assert chain is not None
            chain = add(chain, f_hit_v, budget)  # one more hit in the chains
        ways = comb(n, k) * (comb(k + j - 1, j) if k else 1) * sides ** (extra - k - j)
        for v, w in chain.counts.items():
            out[v] = out.get(v, 0) + w * ways
        budget.charge(len(chain.counts))
    return Weights({v: w for v, w in out.items() if w}, active.total**n * sides**extra)


def _kept(
    pools: list[tuple[int, int]],
    n: int,
    once: bool,
    parts: tuple[Weights, Weights, Weights, Weights, Weights, Weights],
    keeps: list[Keep],
    hit: Hit,
    budget: Budget,
) -> Weights:
    a_hit, a_miss, f_hit, f_miss, drawn, active = parts
    a, f = Fraction(a_hit.mass, active.total), Fraction(f_hit.mass, drawn.total)
    # Exploding on the highest face alone: every die that exploded shows it and no other die does,
    # so once they fill the kept run at the top, the run is that face throughout, whatever else is rolled.
    faces = set(drawn.counts) | set(active.counts)
    hits = set(a_hit.counts) | set(f_hit.counts)
    top = max(faces) if not once and len(hits) == 1 and hits == {max(faces)} else None
    value = value_of(hit)

    def kept_top(size: int) -> int:
        lo, hi = window(keeps, size)
        return (hi - lo) * value(top) if top is not None else 0

    out: Chances = {}
    first = chain = Fraction(0)
    for k, j in pools:
        budget.charge(PER_PAIR)
        if j == 0:  # P(K = k), then P(J = j | k) step by step: C(k+j-1, j) f^j (1-f)^k
            first = comb(n, k) * a**k * (1 - a) ** (n - k)
            chain = (1 - f) ** k
        else:
            chain *= Fraction(k + j - 1, j) * f
        chance = first * chain if not once else first
        if not chance:
            continue
        if top is not None and _all_top(keeps, n + 2 * k + j, k + j):
            key = kept_top(n + 2 * k + j)
            out[key] = out.get(key, Fraction(0)) + chance
            continue
        budget.charge(PER_POOL)
        groups = [(a_miss, n - k), (a_hit, k)] + ([(drawn, k)] if once else [(f_miss, k), (f_hit, j)])
        pool = pool_chances(groups, keeps, hit, budget)
        for v, w in pool.counts.items():
            out[v] = out.get(v, Fraction(0)) + chance * Fraction(w, pool.total)
    return weights_of(out)

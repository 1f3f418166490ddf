"""The expression tree of a formula, for clients that render a roll structurally.

`(2d6+3)*2` is a product of a group (holding the sum of a dice term and 3) and 2. The tree is
a flat list in pre-order, the root first; a node names its children by index in that list, and
a dice node names its term by index in the roll's `dice` (terms are numbered left to right,
the order they are rolled in). The shape depends on the formula alone, so it is built once per
parsed formula and shared by every roll of it: it is never changed after it is built.

Every node has the same keys: `kind` (`number`, `dice`, `group`, `negate`, `sum`, `product`),
`children`, `operators` (between consecutive children: `+`/`-` in a sum, `*` in a product),
`term` (dice nodes) and `number` (number nodes); keys that do not apply are empty or null.
"""

from __future__ import annotations

from typing import Any

from service.dice.notation.ast import Dice, Group, Negate, Node, Number, Sum


def expression_tree(node: Node) -> tuple[dict[str, Any], ...]:
    nodes: list[dict[str, Any]] = []
    _visit(node, nodes, [0])
    return tuple(nodes)


def _visit(node: Node, nodes: list[dict[str, Any]], terms: list[int]) -> int:
    at = len(nodes)
    entry: dict[str, Any] = {"kind": "", "children": [], "operators": [], "term": None, "number": None}
    nodes.append(entry)
    if isinstance(node, Number):
        entry["kind"], entry["number"] = "number", node.value
    elif isinstance(node, Dice):
        entry["kind"], entry["term"] = "dice", terms[0]
        terms[0] += 1
    elif isinstance(node, (Group, Negate)):
        entry["kind"] = "group" if isinstance(node, Group) else "negate"
        entry["children"] = [_visit(node.inner if isinstance(node, Group) else node.operand, nodes, terms)]
    elif isinstance(node, Sum):
        entry["kind"] = "sum"
        entry["children"] = [_visit(node.first, nodes, terms)] + [_visit(item, nodes, terms) for _, item in node.rest]
        entry["operators"] = [op for op, _ in node.rest]
    else:
        entry["kind"] = "product"
        entry["children"] = [_visit(node.first, nodes, terms)] + [_visit(item, nodes, terms) for item in node.rest]
        entry["operators"] = ["*"] * len(node.rest)
    return at

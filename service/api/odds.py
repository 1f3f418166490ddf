"""The odds operations, derived from a mechanic's declared `odds` / `session_odds`.

For a mechanic that declares them:

- `POST /v1/{system}/{mechanic}/odds`, GraphQL query `{system}{Mechanic}Odds`: the stateless
  input minus `seed` and `clientSeed` (model `{System}{Mechanic}OddsRequest`);
- `POST /v1/sessions/{sessionId}/{system}/{mechanic}/odds`, query `{system}{Mechanic}OddsInSession`:
  the session input, computed against the session's state for the seat whose token is sent. It
  only reads: no log entry, no new version, no nonce spent. The odds function gets the stored
  state and the seat (`actor`): it answers from what that seat may see, as the game's `view` shows it.

Both answer `Odds` (`service.api.odds_models`); a GraphQL query may select `svg`, and REST answers
the chart for `Accept: image/svg+xml`. An odds function that would cost too much raises
`OddsTooCostly`, answered as the 422 `odds/too-costly` naming the limit; the input's own checks
answer as they do for the roll.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from pydantic import BaseModel, create_model

from service.api.odds_models import Odds, OddsWithChart, SessionOdds, SessionOddsWithChart
from service.api.odds_svg import odds_svg
from service.dice.notation import Limits
from service.dice.memo import content_key
from service.dice.odds import Odds as DiceOdds, OddsTooCostly, under_limits
from service.errors import CATALOG, STATELESS_REFUSAL, Code, Problem
from service.api.operations import Call, Operation, Reply, _camel, _pascal, _same_system
from service.registry import Mechanic, OddsFor, SessionOddsFor

TOO_COSTLY = "odds/too-costly"
_TOO_COSTLY = Code(*CATALOG[TOO_COSTLY])

class OddsBody(dict[str, Any]):
    """The JSON answer; GraphQL's `svg` field draws the chart from it only when a query selects it."""

    def get(self, key: str, default: Any = None) -> Any:
        if key == "svg":
            return odds_svg(self)
        return super().get(key, default)

    def __getattr__(self, name: str) -> Any:  # GraphQL plans read non-dict values by attribute
        if name == "svg" or name in self:
            return self.get(name)
        raise AttributeError(name)


def too_costly(exc: OddsTooCostly) -> Problem:
    return Problem(TOO_COSTLY, str(exc), limit=exc.limit, maximum=exc.maximum)


def compute(odds: Any, limits: Limits, *args: Any) -> dict[str, Any]:
    """Call an odds function under the app's roll budget; its answer as JSON, or the problem."""
    return _computed(odds, limits, *args).wire()


def _computed(odds: Any, limits: Limits, *args: Any) -> DiceOdds:
    try:
        made: DiceOdds = under_limits(limits, odds, *args)
        return made
    except OddsTooCostly as exc:
        raise too_costly(exc) from None


class AnswerCache:
    """The answers of stateless odds, which depend on the input and the roll budget alone: the one place
    they are remembered (the declared odds compute with nothing beneath them remembered, `computed_alone`).

    A table asks for the same few expressions over and over. Each answer is kept by the mechanic, the
    budget and the input's content (`memo.content_key`: its JSON where that says everything it holds), the
    oldest going first past `size` entries: a small one (at most `most_outcomes` outcomes in all) as
    its JSON, a larger one as its odds, written again when asked (`3d6!`'s 613 outcomes: their text would
    cost more to keep than to write). An input that cannot be keyed by content is computed each time.
    """

    def __init__(self, size: int = 1024, most_outcomes: int = 400) -> None:
        self._answers: OrderedDict[Any, dict[str, Any] | DiceOdds] = OrderedDict()
        self.size, self.most_outcomes = size, most_outcomes

    def answer(self, odds: OddsFor, key: str, limits: Limits, params: Any) -> dict[str, Any]:
        content = content_key(params)
        if content is None:
            return compute(odds, limits, params)
        entry = (key, limits, content)
        found = self._answers.get(entry)
        if found is not None:
            self._answers.move_to_end(entry)
            return found.wire() if isinstance(found, DiceOdds) else found
        made = _computed(odds, limits, params)
        body = made.wire()
        small = sum(len(d["outcomes"]) for d in body["distributions"]) <= self.most_outcomes
        self._answers[entry] = body if small else made
        if len(self._answers) > self.size:
            self._answers.popitem(last=False)
        return body

    def clear(self) -> None:
        self._answers.clear()


ANSWERS = AnswerCache()


def stateless_input(mech: Mechanic, stem: str) -> type[BaseModel]:
    """The odds body: the stateless input as it is, under its own name (the roll's adds the seeds)."""
    model: type[BaseModel] = create_model(f"{stem}OddsRequest", __base__=mech.input)
    return model


def stateless_codes(codes: dict[str, Code]) -> dict[str, Code]:
    return {**{code: Code(STATELESS_REFUSAL, entry.title, entry.why) for code, entry in codes.items()}, TOO_COSTLY: _TOO_COSTLY}


def session_codes(codes: dict[str, Code]) -> dict[str, Code]:
    return {**codes, TOO_COSTLY: _TOO_COSTLY}


OUTPUTS = {"stateless": (OddsWithChart, Odds), "session": (SessionOddsWithChart, SessionOdds)}


def odds_operations(mech: Mechanic, codes: dict[str, Code]) -> list[Operation]:
    """The odds operations of a mechanic: one per form it declares odds for."""
    ops = []
    if mech.odds is not None:
        ops.append(_stateless_odds(mech, mech.odds, codes))
    if mech.session_odds is not None:
        ops.append(_session_odds(mech, mech.session_odds, codes))
    return ops


def _stateless_odds(mech: Mechanic, odds: OddsFor, codes: dict[str, Code]) -> Operation:
    stem = _pascal(mech.system) + _pascal(mech.name)
    graphql, published = OUTPUTS["stateless"]

    async def run(call: Call, params: Any) -> Reply:
        try:
            return Reply(OddsBody(ANSWERS.answer(odds, mech.key, call.sessions.limits, params)))
        except Problem as refusal:  # as for the roll: the whole situation is in the request
            if 400 <= refusal.status < 500:
                refusal.status = STATELESS_REFUSAL
            raise

    return Operation(
        field=_camel(mech.system) + _pascal(mech.name) + "Odds",
        kind="query",
        method="POST",
        path=f"/v1/{mech.system}/{mech.name}/odds",
        summary=f"The exact odds of: {mech.summary[:1].lower()}{mech.summary[1:]}",
        description=_DESCRIPTION,
        tag=mech.system,
        input=stateless_input(mech, stem),
        output=graphql,
        published_output=published,
        run=run,
        codes=stateless_codes(codes),
        picture=odds_svg,
        computes_only=True,
    )


def _session_odds(mech: Mechanic, odds: SessionOddsFor, codes: dict[str, Code]) -> Operation:
    graphql, published = OUTPUTS["session"]

    async def run(call: Call, params: Any) -> Reply:
        doc, actor = await call.sessions.read(call.session, call.token, shared=True)  # the odds only read it
        _same_system(mech, doc.system)
        body = compute(odds, call.sessions.limits, doc.state, params, actor)
        return Reply(OddsBody({"sessionId": doc.id, "version": doc.version, **body}), version=doc.version)

    return Operation(
        field=_camel(mech.system) + _pascal(mech.name) + "OddsInSession",
        kind="query",
        method="POST",
        path=f"/v1/sessions/{{sessionId}}/{mech.system}/{mech.name}/odds",
        summary=f"The exact odds of: {mech.summary[:1].lower()}{mech.summary[1:]} (in a session, as your seat sees it)",
        description=_DESCRIPTION + " In a session it only reads: no log entry, no new version, no nonce spent.",
        tag=mech.system,
        input=mech.session_input or mech.input,
        output=graphql,
        published_output=published,
        run=run,
        session=True,
        errors=(401, 403, 404, 409, 422, 503),
        codes=session_codes(codes),
        picture=odds_svg,
        computes_only=True,
    )


_DESCRIPTION = (
    "Exact probabilities before anything is rolled, from the same rules as the roll: each outcome as a "
    'fraction `"n/d"` with its float, and for numbers the mean, standard deviation and P(≥ x). '
    "`Accept: image/svg+xml` answers a bar chart instead. Too costly to compute exactly (see the odds "
    "limits in the API description): a 422 `odds/too-costly` naming the limit."
)

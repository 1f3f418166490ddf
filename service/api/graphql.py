"""GraphQL adapter: one field per operation, built with strawberry from the same declarations."""

from __future__ import annotations

import inspect
import typing
from collections.abc import Awaitable, Callable, Iterator
from typing import Any

import orjson
import strawberry
from strawberry.asgi import GraphQL
from strawberry.subscriptions import GRAPHQL_TRANSPORT_WS_PROTOCOL
from graphql import GraphQLError, GraphQLFormattedError, OperationDefinitionNode
from pydantic import BaseModel, ValidationError
from strawberry.exceptions import MissingQueryError
from strawberry.extensions import MaxAliasesLimiter, MaxTokensLimiter, ParserCache, QueryDepthLimiter, SchemaExtension, ValidationCache
from strawberry.schema.config import StrawberryConfig
from strawberry.schema.exceptions import CannotGetOperationTypeError
from strawberry.types import ExecutionContext
from starlette.responses import Response

from service.api.bodies import check_value
from service.api.events import subscription_resolver
from service.api.graphql_plans import Plans, Runner
from service.api.enums import of_operations
from service.api.graphql_types import TypeFactory, plain, resolve_field
from service.api.operations import Call, Operation
from service.api.problems import as_problem, validation_problem
from service.api.rest import bearer
from service.api.services import Services
from service.errors import Problem
from service.sessions.models import LogEntry

# The work behind one GraphQL field: (request context, field arguments) -> the answer.
FieldRun = Runner


def _extensions(problem: Problem) -> dict[str, Any]:
    extensions = {"code": problem.code, "status": problem.status, "type": f"/problems/{problem.code}", **problem.extra}
    if problem.status in (400, 413, 422):
        # The marker generic GraphQL clients (Apollo's convention) read as "fix your input".
        extensions["classification"] = "BAD_USER_INPUT"
    return extensions


def graphql_error(exc: BaseException) -> GraphQLError:
    problem = as_problem(exc)
    return GraphQLError(problem.detail, extensions=_extensions(problem))


_IDEMPOTENCY_KEY = (
    "Retry-safe key, 1-200 characters: a repeat from the same client (the seat; on a stateless call the "
    "bearer token, else the address) returns the first answer and rolls no new dice."
)


def _resolver(op: Operation, factory: TypeFactory, run: FieldRun) -> Callable[..., Awaitable[Any]]:
    params: list[inspect.Parameter] = [
        inspect.Parameter("info", inspect.Parameter.KEYWORD_ONLY, annotation=strawberry.Info)
    ]

    def arg(name: str, hint: Any) -> None:
        default = inspect.Parameter.empty if typing.get_origin(hint) is not typing.Union else None
        params.append(inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, annotation=hint, default=default))

    flat = op.method == "GET" and op.input is not None
    if op.session:
        arg("sessionId", strawberry.ID)
    if op.input is not None and not flat:
        arg("input", factory.input(op.input))
    if flat and op.input is not None:  # flat is only set for an input
        for name, info in op.input.model_fields.items():
            hint = factory.convert(info.annotation, as_input=True)
            arg(info.alias or name, hint if info.is_required() else typing.Optional[hint])  # noqa: UP007
    if op.versioned:
        arg("expectedVersion", typing.Optional[int])  # noqa: UP007
    if op.kind == "mutation":
        key = typing.Annotated[typing.Optional[str], strawberry.argument(description=_IDEMPOTENCY_KEY)]  # noqa: UP007
        params.append(inspect.Parameter("idempotencyKey", inspect.Parameter.KEYWORD_ONLY, annotation=key, default=None))
    async def resolve(info: strawberry.Info, **kwargs: Any) -> Any:
        return await run(info.context, kwargs)

    # strawberry reads the arguments through inspect.signature
    typing.cast(Any, resolve).__signature__ = inspect.Signature(params, return_annotation=factory.output(op.output))
    resolve.__name__ = op.field
    return resolve


def field_runner(op: Operation) -> FieldRun:
    """The work behind one GraphQL field, given the request context and the field's arguments."""
    model = op.input
    flat = op.method == "GET" and model is not None
    aliases = _aliases(model) if model is not None else set()

    async def run(context: dict[str, Any], kwargs: dict[str, Any], *, direct: bool = False) -> Any:
        services: Services = context["services"]
        try:
            key = kwargs.get("idempotencyKey")
            if key is not None and not (1 <= len(key) <= 200):
                raise Problem("validation-failed", "idempotencyKey must be 1-200 characters")
            request = context["request"]
            token = _bearer(request.scope)
            call = Call(
                sessions=services.sessions,
                store=services.store,
                idempotency_ttl_ms=services.idempotency_ttl_ms,
                session_id=kwargs.get("sessionId"),
                token=token,
                expected_version=kwargs.get("expectedVersion"),
                idempotency_key=key,
                client=services.clients.idempotency_scope(request.scope, token) if key and not op.session else "",
            )
            if op.session and call.token is None:
                raise Problem("unauthorized", "send this session's seat token as 'Authorization: Bearer <token>'")
            data = None
            if model is not None:
                if flat:
                    raw = {k: v for k, v in kwargs.items() if k in aliases and v is not None}
                elif direct:  # built from the variables as plain dicts, no Int past 32 bits: nothing to convert or check
                    raw = kwargs["input"]
                else:
                    raw = plain(kwargs["input"])
                if not direct:
                    check_value(raw, ["input"])  # a literal in the query text is not checked as JSON: same rule
                try:
                    data = model.model_validate_json(orjson.dumps(raw))  # the same JSON-mode rules as REST
                except ValidationError as exc:
                    raise validation_problem(exc, where="input") from None
            reply = await op.run(call, data)
        except Exception as exc:
            raise graphql_error(exc) from None
        return reply.body

    return run


def _bearer(scope: Any) -> str | None:
    """The bearer token, from the first Authorization header of the raw scope (as `request.headers.get`
    finds it, without building Starlette's Headers)."""
    for name, value in scope["headers"]:
        if name == b"authorization":
            return bearer({"authorization": value.decode("latin-1")})
    return None


def _aliases(model: type[BaseModel]) -> set[str]:
    return {info.alias or name for name, info in model.model_fields.items()}


_DEPTH_LIMIT = QueryDepthLimiter(max_depth=12)
_ALIAS_LIMIT = MaxAliasesLimiter(max_alias_count=20)


class PlannedSchema(strawberry.Schema):
    """The schema, with the plans that answer common queries without graphql-core's executor."""

    plans: Plans

    def process_errors(self, errors: list[GraphQLError], execution_context: ExecutionContext | None = None) -> None:
        # Expected failures are coded problems, unexpected ones were logged by as_problem.
        return None


class OperationNamed(SchemaExtension):
    """A document of several operations runs only the one `operationName` names: without a name it is a
    request error (the GraphQL spec's GetOperation), answered as `graphql/invalid-query`, and nothing runs.
    (Left alone, the first operation would run, a mutation included.)"""

    def on_validate(self) -> Iterator[None]:
        context = self.execution_context
        document = context.graphql_document
        # The name the request gave: `operation_name` falls back to the first operation's (tests/api/test_graphql_operations.py).
        if context._provided_operation_name is None and document is not None:
            if sum(isinstance(d, OperationDefinitionNode) for d in document.definitions) > 1:
                error = GraphQLError("Must provide operationName when the document holds several operations.")
                context.pre_execution_errors = [*(context.pre_execution_errors or ()), error]  # a new list: the cache keeps its own
        yield


def build_schema(operations: list[Operation]) -> PlannedSchema:
    factory = TypeFactory(of_operations(operations))
    queries: dict[str, Any] = {}
    mutations: dict[str, Any] = {}
    runners = {op.field: field_runner(op) for op in operations}
    for op in operations:
        resolver = _resolver(op, factory, runners[op.field])
        field = strawberry.field(resolver=resolver, description=op.summary, name=op.field)
        (queries if op.kind == "query" else mutations)[op.field] = field
    query = strawberry.type(type("Query", (), dict(queries)))
    mutation = strawberry.type(type("Mutation", (), dict(mutations)))
    events = strawberry.subscription(
        resolver=subscription_resolver(factory.output(LogEntry)),
        name="sessionEvents",
        description="Follow a session: entries after `after` (a seq), then every new one, as your seat may see them.",
    )
    subscription = strawberry.type(type("Subscription", (), {"sessionEvents": events}))
    schema = PlannedSchema(
        query=query,
        mutation=mutation,
        subscription=subscription,
        config=StrawberryConfig(auto_camel_case=False, default_resolver=resolve_field),
        extensions=[
            # Factories: the parse and validation caches live at module level, shared by requests.
            lambda: ParserCache(maxsize=512),
            lambda: ValidationCache(maxsize=512),
            OperationNamed,  # after the validation cache, which sets the document's errors as it starts
            # One instance each, handed back by its factory: a fresh instance brings fresh rule classes,
            # and the validation cache (keyed by the rules too) would never hit again — 20x slower GraphQL.
            lambda: _DEPTH_LIMIT,
            lambda: _ALIAS_LIMIT,
            lambda: MaxTokensLimiter(max_token_count=4000),
        ],
    )
    schema.plans = Plans(schema._schema, runners, _formatted)
    return schema


async def execute(
    schema: PlannedSchema, payload: Any, context: dict[str, Any], *, plans: bool = True, direct_arguments: bool = True
) -> dict[str, Any]:
    """Run one GraphQL-over-HTTP request body; the answer is the standard `data` / `errors` shape.

    `plans` (NA_GRAPHQL_PLANS) answers a known text by its plan, else every request runs through
    strawberry; `direct_arguments` (NA_GRAPHQL_DIRECT_ARGUMENTS) lets a plan build its arguments itself.
    """
    if not isinstance(payload, dict) or not isinstance(payload.get("query"), str):
        raise Problem("validation-failed", "a GraphQL request is a JSON object with a string 'query'")
    variables = payload.get("variables")
    if variables is not None and not isinstance(variables, dict):
        raise Problem("validation-failed", "'variables' must be an object")
    operation = payload.get("operationName")
    if operation is not None and not isinstance(operation, str):
        raise Problem("validation-failed", "'operationName' must be a string")
    query = payload["query"]
    if plans:
        plan = schema.plans.plan(query, operation)
        if plan is not None:
            answer = await plan.execute(schema.plans, variables, context, direct_arguments=direct_arguments)
            if answer is not None:
                return answer
    try:
        result = await schema.execute(query, variable_values=variables, context_value=context, operation_name=operation)
    except CannotGetOperationTypeError as error:  # raised, not answered: an unknown `operationName`
        return {"data": None, "errors": [_formatted(GraphQLError(error.as_http_error_reason()))]}
    except MissingQueryError:
        return {"data": None, "errors": [_formatted(GraphQLError("the query is empty"))]}
    out: dict[str, Any] = {"data": result.data}
    if result.errors:
        out["errors"] = [_formatted(error) for error in result.errors]
    if plans and all(error.extensions for error in result.errors or ()):  # no query error: the text is valid
        schema.plans.learn(query, operation)
    return out


class GraphQLAnswer(Response):
    """A 200 `application/json` answer: the headers `Response(body, media_type=...)` makes, in its
    order, written out instead of derived for every request."""

    media_type = "application/json"

    def __init__(self, body: bytes) -> None:
        self.status_code = 200
        self.background = None
        self.body = body
        self.raw_headers = [(b"content-length", str(len(body)).encode("latin-1")), (b"content-type", b"application/json")]


def _formatted(error: GraphQLError) -> GraphQLFormattedError:
    formatted = error.formatted
    if not formatted.get("extensions"):
        # Parse and validation errors (the query itself is wrong) get a code like every other error.
        problem = Problem("graphql/invalid-query", error.message, status=400, title="The GraphQL query is not valid")
        formatted["extensions"] = _extensions(problem)
    return formatted


class SubscriptionApp(GraphQL[dict[str, Any], None]):
    """Strawberry's ASGI app, mounted for WebSocket only (graphql-transport-ws)."""

    def __init__(self, schema: strawberry.Schema, services: Services) -> None:
        super().__init__(schema, graphql_ide=None, subscription_protocols=(GRAPHQL_TRANSPORT_WS_PROTOCOL,))
        self._services = services

    async def get_context(self, request: Any, response: Any) -> dict[str, Any]:
        return {"request": request, "services": self._services, "token": bearer(request.headers)}

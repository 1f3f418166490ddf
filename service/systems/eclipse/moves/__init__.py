"""The mechanics, one module per theme; each declares its own on `SYSTEM`.

Imported in the order of the catalog (and of the OpenAPI document and the GraphQL schema).
"""

from service.systems.eclipse.moves import (  # noqa: F401  (importing declares)
    success_tests,
    attacks,
    hacking,
    rep,
    combat,
    pools,
    characters,
    sheet,
    clock,
    turns,
    ongoing,
    intrusions,
)

"""NeuroSystem's mechanics by theme: each module's stateless and session handlers and their declarations.

Importing this package declares them on `SYSTEM`, in this order: the catalog's, the OpenAPI
document's and the GraphQL schema's.
"""

from service.systems.neurosystem.moves import checks, combat, measures, character, table  # noqa: F401,I001

"""Adapters: operations derived from the registry, served as REST (+ OpenAPI) and GraphQL."""

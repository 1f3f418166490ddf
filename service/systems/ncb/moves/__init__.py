"""NCB's mechanics, one module per theme: each holds its stateless and session handlers and declares
them on `SYSTEM`. The package imports them in the catalog's order (see `service.systems.ncb`)."""

"""Eclipse Phase tests (a package, so its module names never clash with other games' tests)."""

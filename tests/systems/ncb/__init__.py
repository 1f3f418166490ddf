"""Tests of the NCB Night City d20 system (a package, so its module names never clash with other games')."""

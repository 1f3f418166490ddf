"""NCB's wire models, one module per theme of `moves/`; every class name starts with `Ncb`.

`sheet` (what a character sheet holds) and `rolls` (shared result pieces) are shared; `checks`
(d20 tests, scores, initiative, levels), `fights` (attacks, damage, dying, healing), `rests`,
`programs`, `chrome`, `eddies`, `table` (seating combatants) and `combat` (the tracker) match
the mechanics of the same names.
"""

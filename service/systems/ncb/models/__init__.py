"""NCB's wire models, one module per concept; every class name starts with `Ncb`.

`sheet` (what a character sheet holds), `rolls` (shared result pieces), `checks` (d20
tests, scores, initiative, levels), `fights` (attacks, damage, dying, healing),
`resources` (rests, programs, chrome, eddies), `table` (session setup and the tracker).
"""

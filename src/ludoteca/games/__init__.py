"""The games that ship with Ludoteca, one package each.

Nothing here lists them: each package declares itself (`DECLARATION`, a
`core.declaration.GameDeclaration`) and `pyproject.toml` names it in the `ludoteca.games`
entry-point group, exactly as a game shipped as its own pip package would.
"""

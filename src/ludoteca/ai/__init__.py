"""Computer players that work for every game through the contract (`core.Game`)."""

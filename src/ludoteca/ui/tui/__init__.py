"""Terminal front end: text boards with ANSI colour, moves typed in each game's notation."""

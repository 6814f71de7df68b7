"""The pages of the window: menu, game choice, options, board, end, saves, scores, rules, settings."""

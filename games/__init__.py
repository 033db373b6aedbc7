"""Pure game rules. `registry` maps a game key to its engine; adding a game adds one line there."""

"""One package per game; ``engine.core.games`` lists them and importing one registers its game."""

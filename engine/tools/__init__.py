"""The command line (``python -m engine``) and what it runs: benchmarks, duels, playthroughs."""

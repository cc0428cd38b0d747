"""What every game uses: the ``Game`` interface, the registry, records, matches, rule sets, errors."""

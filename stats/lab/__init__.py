"""The balance lab: designers simulate many bot games with published or draft cards (docs/balance-lab.md)."""

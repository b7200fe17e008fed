"""``python -m seisan``."""

from seisan.cli import main

main()

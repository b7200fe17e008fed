"""``python -m seisan.web COMMAND``: Django's manage.py for seisan's web app."""

import os
import sys

from django.core.management import execute_from_command_line


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "seisan.web.settings")
    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()

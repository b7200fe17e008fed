"""``python -m seisan.web COMMAND``: Django's manage.py for seisan's web app."""

import os
import sys

from django.core.management import execute_from_command_line

from seisan.i18n import default_lang, language, term
from seisan.web.environment import SettingError


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "seisan.web.settings")
    try:
        execute_from_command_line(sys.argv)
    except SettingError as err:  # a variable of the environment: one line, not a traceback
        with language(default_lang()):
            print(f"seisan.web: {term('error')}: {err}", file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main()

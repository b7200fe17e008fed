"""WSGI entry point: ``gunicorn seisan.web.wsgi`` in deployment."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "seisan.web.settings")
application = get_wsgi_application()

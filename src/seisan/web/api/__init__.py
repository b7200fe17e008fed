"""The JSON API (django-ninja, under ``/api/``): settle a game without an account, and
read and write a club's seasons, nights and games with a personal token. Every number
comes from the core, every permission from :mod:`seisan.web.clubs.access`."""

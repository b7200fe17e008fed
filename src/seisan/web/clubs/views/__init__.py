"""Views: thin. Each finds what the URL names, checks the role, and hands the numbers
over from :mod:`seisan.web.clubs.services` (that is, from the core). One module a
capability: the club, seasons, sessions, games, players, history."""

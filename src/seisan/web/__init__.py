"""seisan's web app for clubs, jansou and leagues (Django): games entered at the table,
standings, player statistics and money, in English, Japanese and Korean.

Imported explicitly (``seisan serve`` or ``python -m seisan.web``); the core never
imports Django. Every number shown comes from the core: the app stores each game as
the core's session-file table and the settlement the core gave it.
"""

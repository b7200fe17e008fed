from django.urls import include, path

from seisan.web.accounts import views as accounts
from seisan.web.api.api import api
from seisan.web.clubs import converters  # noqa: F401 - the <id:…> converter
from seisan.web.clubs.views import club, seasons
from seisan.web.events import tournament_views
from seisan.web.tables import views as tables

urlpatterns = [
    path("", club.home, name="home"),
    path("robots.txt", club.robots),
    path("sw.js", tables.service_worker, name="service_worker"),
    path("manifest.webmanifest", tables.manifest, name="manifest"),
    path("welcome/<str:token>/", accounts.welcome, name="welcome"),
    path("invite/<str:token>/", accounts.invitation, name="invitation"),
    path("clubs/new/", club.create_club, name="create_club"),
    path("public/<str:token>/", seasons.public_season, name="public_season"),
    path("public/<str:token>/n/<id:pk>/", tournament_views.public_night, name="public_night"),
    path("entries/<str:token>/", tournament_views.register, name="register"),
    # sign-up is seisan's (closed unless invited; never says who has an account)
    path("accounts/signup/", accounts.signup, name="account_signup"),
    path("accounts/tokens/", accounts.api_tokens, name="api_tokens"),
    path("accounts/tokens/<id:pk>/revoke/", accounts.revoke_api_token, name="revoke_api_token"),
    path("accounts/", include("allauth.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("c/<slug:slug>/", include("seisan.web.clubs.urls")),
    path("api/", api.urls),
]

handler500 = "seisan.web.clubs.views.errors.server_error"

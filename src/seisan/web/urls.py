from django.urls import include, path

from seisan.web.clubs import views

urlpatterns = [
    path("", views.home, name="home"),
    path("robots.txt", views.robots),
    path("welcome/<str:token>/", views.welcome, name="welcome"),
    path("clubs/new/", views.create_club, name="create_club"),
    path("public/<str:token>/", views.public_season, name="public_season"),
    path("accounts/", include("allauth.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("c/<slug:slug>/", include("seisan.web.clubs.urls")),
]

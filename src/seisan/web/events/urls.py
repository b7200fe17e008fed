from django.urls import path

from seisan.web.events import tournament_views, views

app_name = "events"

urlpatterns = [
    path("ratings/", views.ratings_page, name="ratings"),
    path("s/<id:pk>/what-if/", views.what_if_page, name="what_if"),
    path("s/<id:pk>/teams/", views.teams_page, name="teams"),
    path("s/<id:pk>/entries/", tournament_views.entries_page, name="entries"),
    path("n/<id:pk>/check-in/", tournament_views.check_in_page, name="check_in"),
    path("n/<id:pk>/referee/", tournament_views.referee_page, name="referee"),
    path("n/<id:pk>/publish/", tournament_views.publish, name="publish"),
    path("n/<id:pk>/seating/", views.seating_page, name="seating"),
    path("n/<id:pk>/projector/", views.projector, name="projector"),
    path("n/<id:pk>/seating/<id:number>/cards/", views.seating_cards, name="cards"),
    path("n/<id:pk>/seating/<id:number>.csv", views.seating_csv, name="csv"),
    path("n/<id:pk>/seating/<id:number>/start/", views.start_tables, name="start"),
]

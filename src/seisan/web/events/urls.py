from django.urls import path

from seisan.web.events import views

app_name = "events"

urlpatterns = [
    path("ratings/", views.ratings_page, name="ratings"),
    path("s/<id:pk>/what-if/", views.what_if_page, name="what_if"),
    path("s/<id:pk>/teams/", views.teams_page, name="teams"),
    path("n/<id:pk>/seating/", views.seating_page, name="seating"),
    path("n/<id:pk>/projector/", views.projector, name="projector"),
    path("n/<id:pk>/seating/<id:number>/cards/", views.seating_cards, name="cards"),
    path("n/<id:pk>/seating/<id:number>.csv", views.seating_csv, name="csv"),
    path("n/<id:pk>/seating/<id:number>/start/", views.start_tables, name="start"),
]

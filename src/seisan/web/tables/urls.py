from django.urls import path

from seisan.web.tables import views

app_name = "tables"

urlpatterns = [
    path("n/<id:pk>/tables/new/", views.start_table, name="start"),
    path("n/<id:pk>/live/", views.live, name="live"),
    path("s/<id:pk>/hands/", views.hand_stats, name="hand_stats"),
    path("t/<id:pk>/", views.table_page, name="table"),
    path("t/<id:pk>/preview/", views.preview, name="preview"),
    path("t/<id:pk>/hand/<id:hand>/", views.correct_hand, name="correct"),
    path("t/<id:pk>/undo/", views.undo, name="undo"),
    path("t/<id:pk>/stop/", views.stop, name="stop"),
    path("t/<id:pk>/save/", views.save, name="save"),
    path("t/<id:pk>/record.json", views.export, name="export"),
]

from django.urls import path

from seisan.web.online import views

app_name = "online"

urlpatterns = [
    path("s/<id:pk>/online/", views.upload_page, name="upload"),
    path("online/<id:pk>/", views.review_page, name="review"),
    path("online/names/<id:pk>/forget/", views.forget_name, name="forget"),
]

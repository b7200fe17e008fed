from django.urls import path

from seisan.web.accounts import views as accounts
from seisan.web.clubs import views

app_name = "clubs"

urlpatterns = [
    path("", views.club_page, name="club"),
    path("players/add/", views.add_player, name="add_player"),
    path("players/merge/", views.merge_players, name="merge_players"),
    path("members/", views.set_member, name="set_member"),
    path("invitations/", accounts.invitations, name="invitations"),
    path("invitations/<int:pk>/revoke/", accounts.revoke_invitation, name="revoke_invitation"),
    path("players/link/", views.link_player, name="link_player"),
    path("history/", views.club_history, name="history"),
    path("seasons/new/", views.new_season, name="new_season"),
    path("s/<int:pk>/", views.season_page, name="season"),
    path("s/<int:pk>/settings/", views.season_settings, name="season_settings"),
    path("s/<int:pk>/resettle/", views.resettle, name="resettle"),
    path("s/<int:pk>/export/<str:kind>/", views.export_season, name="export"),
    path("s/<int:pk>/import/", views.import_view, name="import"),
    path("s/<int:pk>/sessions/new/", views.new_session, name="new_session"),
    path("n/<int:pk>/", views.session_page, name="session"),
    path("n/<int:pk>/enter/", views.enter_game, name="enter"),
    path("n/<int:pk>/preview/", views.preview, name="preview"),
    path("n/<int:pk>/paid/", views.mark_paid, name="mark_paid"),
    path("g/<int:pk>/", views.game_page, name="game"),
    path("g/<int:pk>/edit/", views.edit_game, name="edit"),
    path("g/<int:pk>/delete/", views.delete_game, name="delete"),
    path("g/<int:pk>/restore/", views.restore_game, name="restore"),
    path("g/<int:pk>/confirm/", views.confirm_seat, name="confirm"),
    path("g/<int:pk>/history/", views.game_history, name="game_history"),
    path("p/<int:pk>/", views.player_page, name="player"),
]

from django.urls import path

from seisan.web.accounts import views as accounts
from seisan.web.clubs.views import club, games, history, players, seasons, sessions

app_name = "clubs"

urlpatterns = [
    path("", club.club_page, name="club"),
    path("players/add/", club.add_player, name="add_player"),
    path("players/merge/", club.merge_players, name="merge_players"),
    path("members/", club.set_member, name="set_member"),
    path("members/<int:pk>/remove/", club.remove_member, name="remove_member"),
    path("players/<int:pk>/rename/", club.rename_player, name="rename_player"),
    path("history/<int:pk>/undo/", club.undo, name="undo"),
    path("invitations/", accounts.invitations, name="invitations"),
    path("invitations/<int:pk>/revoke/", accounts.revoke_invitation, name="revoke_invitation"),
    path("players/link/", club.link_player, name="link_player"),
    path("history/", history.club_history, name="history"),
    path("seasons/new/", seasons.new_season, name="new_season"),
    path("s/<int:pk>/", seasons.season_page, name="season"),
    path("s/<int:pk>/settings/", seasons.season_settings, name="season_settings"),
    path("s/<int:pk>/resettle/", seasons.resettle, name="resettle"),
    path("s/<int:pk>/export/<str:kind>/", seasons.export_season, name="export"),
    path("s/<int:pk>/import/", seasons.import_view, name="import"),
    path("s/<int:pk>/sessions/new/", sessions.new_session, name="new_session"),
    path("n/<int:pk>/", sessions.session_page, name="session"),
    path("n/<int:pk>/enter/", games.enter_game, name="enter"),
    path("n/<int:pk>/preview/", games.preview, name="preview"),
    path("n/<int:pk>/paid/", sessions.mark_paid, name="mark_paid"),
    path("n/<int:pk>/unpaid/", sessions.remove_payment, name="remove_payment"),
    path("g/<int:pk>/", games.game_page, name="game"),
    path("g/<int:pk>/edit/", games.edit_game, name="edit"),
    path("g/<int:pk>/delete/", games.delete_game, name="delete"),
    path("g/<int:pk>/restore/", games.restore_game, name="restore"),
    path("g/<int:pk>/confirm/", games.confirm_seat, name="confirm"),
    path("g/<int:pk>/history/", history.game_history, name="game_history"),
    path("p/<int:pk>/", players.player_page, name="player"),
]

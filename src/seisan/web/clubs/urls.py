from django.urls import include, path

from seisan.web.accounts import views as accounts
from seisan.web.clubs import converters  # noqa: F401 - the <id:…> converter
from seisan.web.clubs.views import club, games, history, players, seasons, sessions

app_name = "clubs"

urlpatterns = [
    path("", club.club_page, name="club"),
    path("players/add/", club.add_player, name="add_player"),
    path("players/merge/", club.merge_players, name="merge_players"),
    path("members/", club.set_member, name="set_member"),
    path("members/<id:pk>/remove/", club.remove_member, name="remove_member"),
    path("players/<id:pk>/rename/", club.rename_player, name="rename_player"),
    path("history/<id:pk>/undo/", club.undo, name="undo"),
    path("invitations/", accounts.invitations, name="invitations"),
    path("invitations/<id:pk>/revoke/", accounts.revoke_invitation, name="revoke_invitation"),
    path("players/link/", club.link_player, name="link_player"),
    path("history/", history.club_history, name="history"),
    path("seasons/new/", seasons.new_season, name="new_season"),
    path("s/<id:pk>/", seasons.season_page, name="season"),
    path("s/<id:pk>/settings/", seasons.season_settings, name="season_settings"),
    path("s/<id:pk>/resettle/", seasons.resettle, name="resettle"),
    path("s/<id:pk>/export/<str:kind>/", seasons.export_season, name="export"),
    path("s/<id:pk>/import/", seasons.import_view, name="import"),
    path("s/<id:pk>/sessions/new/", sessions.new_session, name="new_session"),
    path("n/<id:pk>/", sessions.session_page, name="session"),
    path("n/<id:pk>/enter/", games.enter_game, name="enter"),
    path("n/<id:pk>/preview/", games.preview, name="preview"),
    path("n/<id:pk>/paid/", sessions.mark_paid, name="mark_paid"),
    path("n/<id:pk>/unpaid/", sessions.remove_payment, name="remove_payment"),
    path("g/<id:pk>/", games.game_page, name="game"),
    path("g/<id:pk>/edit/", games.edit_game, name="edit"),
    path("g/<id:pk>/delete/", games.delete_game, name="delete"),
    path("g/<id:pk>/restore/", games.restore_game, name="restore"),
    path("g/<id:pk>/confirm/", games.confirm_seat, name="confirm"),
    path("g/<id:pk>/history/", history.game_history, name="game_history"),
    path("p/<id:pk>/", players.player_page, name="player"),
    path("", include("seisan.web.tables.urls")),  # the table assistant
    path("", include("seisan.web.events.urls")),  # seating a night or a round
    path("", include("seisan.web.online.urls")),  # an online league's logs
]

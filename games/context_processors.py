from games.identity import request_identity


def player(request):
    """`player`: who is browsing (a user, a guest or nobody), for the navigation bar of every page."""
    return {"player": request_identity(request)}

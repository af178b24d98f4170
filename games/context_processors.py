def player(request):
    """`player`: who is browsing (a user, a guest or nobody), for the navigation bar of every page."""
    from games.identity import request_identity

    return {"player": request_identity(request)}

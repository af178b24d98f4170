"""Which accounts are programs."""
from games.programs.models import ProgramAccount


def is_program(user) -> bool:
    """True when `user` (a User, or None / anonymous) is a program account."""
    if user is None or not getattr(user, "is_authenticated", False):
        return False
    try:   # no query when the user was read with select_related("program_account")
        return user.program_account is not None
    except ProgramAccount.DoesNotExist:
        return False


def program_user_ids(user_ids):
    """The ids among `user_ids` (None ignored) whose account is a program, as a set (one query)."""
    wanted = {pk for pk in user_ids if pk is not None}
    if not wanted:
        return set()
    return set(ProgramAccount.objects.filter(user_id__in=wanted).values_list("user_id", flat=True))

"""Marking an account as a program, or as a person again."""
from django.db import transaction

from games.programs.models import ProgramAccount


@transaction.atomic
def do_mark_program(user, program: bool):
    """Mark the registered `user` as a program account (`program` True) or unmark it; doing it twice is harmless.
    Returns whether the account is a program now. Ratings are the account's either way: they stay."""
    if program:
        ProgramAccount.objects.get_or_create(user=user)
    else:
        ProgramAccount.objects.filter(user=user).delete()
    return program

"""Accounts' e-mail addresses and their confirmation (games/accounts/models.py)."""

import django.db.models.deletion
import django.db.models.functions.text
from django.conf import settings
from django.db import migrations, models


def addresses_of_existing_accounts(apps, schema_editor):
    """Accounts that already have an address get it, unconfirmed (the first account keeps an address given twice)."""
    User = apps.get_model(*settings.AUTH_USER_MODEL.split("."))
    AccountEmail = apps.get_model("games", "AccountEmail")
    seen = set()
    for user_id, email in User.objects.exclude(email="").order_by("pk").values_list("pk", "email"):
        if email.lower() not in seen:
            seen.add(email.lower())
            AccountEmail.objects.create(user_id=user_id, email=email)


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0002_game_pace_and_rating'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='AccountEmail',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('email', models.EmailField(max_length=254, verbose_name='e-mail address')),
                ('confirmed_at', models.DateTimeField(blank=True, null=True, verbose_name='confirmed at')),
                ('pending_email', models.EmailField(blank=True, max_length=254, verbose_name='new address to confirm')),
                ('pending_since', models.DateTimeField(blank=True, null=True, verbose_name='new address given at')),
                ('user', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='account_email', to=settings.AUTH_USER_MODEL, verbose_name='user')),
            ],
            options={
                'verbose_name': 'account e-mail address',
                'verbose_name_plural': 'account e-mail addresses',
                'constraints': [models.UniqueConstraint(django.db.models.functions.text.Lower('email'), name='games_account_email_unique_ci')],
            },
        ),
        migrations.RunPython(addresses_of_existing_accounts, migrations.RunPython.noop),
    ]

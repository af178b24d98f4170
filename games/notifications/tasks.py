"""Celery jobs of the notifications, started by name (services.SEND_EMAIL) after the commit."""
from celery import shared_task

from games.notifications import services


@shared_task(name="games.notifications.tasks.send_notification_email", ignore_result=True)
def send_notification_email(notification_id):
    """Send one notification's e-mail, once (a second run finds it taken); returns its e-mail status."""
    return services.send_email(notification_id)


@shared_task(name="games.notifications.tasks.send_notification_push", ignore_result=True)
def send_notification_push(notification_id):
    """Send one notification to the player's browsers by Web Push; returns how many took it."""
    return services.send_push(notification_id)

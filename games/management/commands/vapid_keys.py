"""`manage.py vapid_keys`: a new VAPID key pair for Web Push, printed as environment lines (docs/operations.md)."""
from django.core.management.base import BaseCommand

from games.webpush.keys import generate_key_pair


class Command(BaseCommand):
    help = "Print a new VAPID key pair for Web Push notifications, as lines for the site's environment."

    def add_arguments(self, parser):
        parser.add_argument("--subject", default="mailto:webmaster@example.com",
                            help="Contact the push services may use: mailto:you@your.site or https://your.site")

    def handle(self, *args, subject, **options):
        public, private = generate_key_pair()
        self.stdout.write(f"VAPID_PUBLIC_KEY={public}\nVAPID_PRIVATE_KEY={private}\nVAPID_SUBJECT={subject}\n")
        self.stderr.write("Keep VAPID_PRIVATE_KEY secret. Changing the pair later ends every device's subscription.")

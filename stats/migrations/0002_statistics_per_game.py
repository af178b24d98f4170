"""Site totals and game contributions are filed per game (by ruleset slug) since several games have
statistics: the counters stored so far were all Machi Koro's, so they move under "machikoro"."""
from django.db import migrations

LEGACY_SLUG = "machikoro"


def _is_legacy(counters):
    # Machi Koro's counters always hold "games"; per-game ones hold only ruleset slugs.
    return isinstance(counters, dict) and "games" in counters


def forwards(apps, schema_editor):
    GameStatistics = apps.get_model("stats", "GameStatistics")
    SiteStatistics = apps.get_model("stats", "SiteStatistics")
    for row in GameStatistics.objects.exclude(site_contribution=None).only("pk", "site_contribution"):
        if _is_legacy(row.site_contribution):
            GameStatistics.objects.filter(pk=row.pk).update(site_contribution={LEGACY_SLUG: row.site_contribution})
    for site in SiteStatistics.objects.all():
        if _is_legacy(site.totals):
            site.totals = {LEGACY_SLUG: site.totals}
            site.save(update_fields=["totals"])


def backwards(apps, schema_editor):
    GameStatistics = apps.get_model("stats", "GameStatistics")
    SiteStatistics = apps.get_model("stats", "SiteStatistics")
    for row in GameStatistics.objects.exclude(site_contribution=None).only("pk", "site_contribution"):
        if isinstance(row.site_contribution, dict) and LEGACY_SLUG in row.site_contribution:
            GameStatistics.objects.filter(pk=row.pk).update(site_contribution=row.site_contribution[LEGACY_SLUG])
    for site in SiteStatistics.objects.all():
        site.totals = (site.totals or {}).get(LEGACY_SLUG, {})
        site.save(update_fields=["totals"])


class Migration(migrations.Migration):
    dependencies = [("stats", "0001_initial")]
    operations = [migrations.RunPython(forwards, backwards)]

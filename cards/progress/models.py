"""Progress: Evolution of Technology (seed 003): technology ("Age") cards and their one or two cost parts."""
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext, gettext_lazy as _, pgettext_lazy
from simple_history.models import HistoricalRecords

from cards.progress.costs import CostPart, TechnologyCard

from cards.models.catalogue import CardGame, Extension

KNOWLEDGE_CHOICES = [("science", _("Science")), ("engineering", _("Engineering")), ("culture", _("Culture"))]
AGE_CHOICES = [(1, _("Antiquity")), (2, _("Middle Ages")), (3, _("Renaissance"))]
MAX_COST_PARTS = 2


class Technology(models.Model):
    """A technology card: discovered by paying its cost parts (each may be waived by an earlier technology)."""

    slug = models.SlugField(_("slug"), unique=True)
    name = models.CharField(_("name"), max_length=100, unique=True)
    extension = models.ForeignKey(Extension, on_delete=models.PROTECT, related_name="+", verbose_name=_("extension"))
    age = models.PositiveSmallIntegerField(_("age"), choices=AGE_CHOICES,
                                           validators=[MinValueValidator(1), MaxValueValidator(3)])
    knowledge = models.CharField(_("knowledge type"), max_length=12, choices=KNOWLEDGE_CHOICES)
    description = models.TextField(_("description"), blank=True, default="")
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["age", "name"]
        verbose_name = _("Progress technology")
        verbose_name_plural = pgettext_lazy("model", "Progress technologies")  # the site has a title of that name

    def __str__(self):
        return self.name

    def clean(self):
        super().clean()
        if self.extension_id and self.extension.game.slug != CardGame.PROGRESS:
            raise ValidationError({"extension": _("Choose a Progress extension.")})

    def as_card(self, parts=None) -> TechnologyCard:
        """The plain card cards/progress/costs.py computes with."""
        parts = self.costs.select_related("waived_by") if parts is None else parts
        return TechnologyCard(self.slug, self.name, self.age, self.knowledge, tuple(
            CostPart(p.knowledge, p.amount, p.waived_by.slug if p.waived_by_id else None) for p in parts))


class TechnologyCost(models.Model):
    """One cost part: an amount of one knowledge type, waived by owning `waived_by`."""

    technology = models.ForeignKey(Technology, on_delete=models.CASCADE, related_name="costs",
                                   verbose_name=_("technology"))
    position = models.PositiveSmallIntegerField(_("position"), default=1,
                                                validators=[MinValueValidator(1), MaxValueValidator(MAX_COST_PARTS)])
    knowledge = models.CharField(_("knowledge type"), max_length=12, choices=KNOWLEDGE_CHOICES)
    amount = models.PositiveSmallIntegerField(_("amount"), validators=[MinValueValidator(1)])
    waived_by = models.ForeignKey(
        Technology, on_delete=models.PROTECT, null=True, blank=True, related_name="waives", verbose_name=_("waived by"),
        help_text=_("Owning this earlier technology (active or being researched) waives this part."),
    )  # fmt: skip
    history = HistoricalRecords()

    class Meta:
        ordering = ["technology", "position"]
        verbose_name = _("cost part")
        verbose_name_plural = _("cost parts")
        constraints = [
            models.UniqueConstraint(fields=["technology", "position"], name="technologycost_unique_position"),
        ]

    def __str__(self):
        text = f"{self.amount} {self.get_knowledge_display()}"
        if self.waived_by_id:
            return gettext("%(cost)s (waived by %(card)s)") % {"cost": text, "card": self.waived_by}
        return text

    def clean(self):
        super().clean()
        if self.waived_by_id and self.technology_id:
            if self.waived_by_id == self.technology_id:
                raise ValidationError({"waived_by": _("A technology cannot waive its own cost.")})
            if self.waived_by.age >= self.technology.age:
                raise ValidationError({"waived_by": _("Choose a technology of an earlier age.")})

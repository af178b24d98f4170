"""Progress: Evolution of Technology (seed 003): technology ("Age") cards and their one or two cost parts."""
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from simple_history.models import HistoricalRecords

from cards.progress.costs import CostPart, TechnologyCard

from .catalogue import CardGame, Extension

KNOWLEDGE_CHOICES = [("science", "Science"), ("engineering", "Engineering"), ("culture", "Culture")]
AGE_CHOICES = [(1, "Antiquity"), (2, "Middle Ages"), (3, "Renaissance")]
MAX_COST_PARTS = 2


class Technology(models.Model):
    """A technology card: discovered by paying its cost parts (each may be waived by an earlier technology)."""

    slug = models.SlugField(unique=True)
    name = models.CharField(max_length=100, unique=True)
    extension = models.ForeignKey(Extension, on_delete=models.PROTECT, related_name="+")
    age = models.PositiveSmallIntegerField(choices=AGE_CHOICES, validators=[MinValueValidator(1), MaxValueValidator(3)])
    knowledge = models.CharField("knowledge type", max_length=12, choices=KNOWLEDGE_CHOICES)
    description = models.TextField(blank=True, default="")
    updated_at = models.DateTimeField(auto_now=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["age", "name"]
        verbose_name = "Progress technology"
        verbose_name_plural = "Progress technologies"

    def __str__(self):
        return self.name

    def clean(self):
        super().clean()
        if self.extension_id and self.extension.game.slug != CardGame.PROGRESS:
            raise ValidationError({"extension": "Choose a Progress extension."})

    def as_card(self, parts=None) -> TechnologyCard:
        """The plain card cards/progress/costs.py computes with."""
        parts = self.costs.select_related("waived_by") if parts is None else parts
        return TechnologyCard(self.slug, self.name, self.age, self.knowledge, tuple(
            CostPart(p.knowledge, p.amount, p.waived_by.slug if p.waived_by_id else None) for p in parts))


class TechnologyCost(models.Model):
    """One cost part: an amount of one knowledge type, waived by owning `waived_by`."""

    technology = models.ForeignKey(Technology, on_delete=models.CASCADE, related_name="costs")
    position = models.PositiveSmallIntegerField(default=1, validators=[MinValueValidator(1),
                                                                       MaxValueValidator(MAX_COST_PARTS)])
    knowledge = models.CharField("knowledge type", max_length=12, choices=KNOWLEDGE_CHOICES)
    amount = models.PositiveSmallIntegerField(validators=[MinValueValidator(1)])
    waived_by = models.ForeignKey(
        Technology, on_delete=models.PROTECT, null=True, blank=True, related_name="waives",
        help_text="Owning this earlier technology (active or being researched) waives this part.",
    )  # fmt: skip
    history = HistoricalRecords()

    class Meta:
        ordering = ["technology", "position"]
        constraints = [
            models.UniqueConstraint(fields=["technology", "position"], name="technologycost_unique_position"),
        ]

    def __str__(self):
        text = f"{self.amount} {self.get_knowledge_display()}"
        return text + (f" (waived by {self.waived_by})" if self.waived_by_id else "")

    def clean(self):
        super().clean()
        if self.waived_by_id and self.technology_id:
            if self.waived_by_id == self.technology_id:
                raise ValidationError({"waived_by": "A technology cannot waive its own cost."})
            if self.waived_by.age >= self.technology.age:
                raise ValidationError({"waived_by": "Choose a technology of an earlier age."})

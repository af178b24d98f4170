"""The draft editor's rows: every row of a page shares the extension, colour and icon choices and the effect names,
read once for the page, so opening or saving a draft costs the same queries for 10 cards or 50."""
from functools import cached_property

from django import forms
from django.forms.models import BaseInlineFormSet
from django.utils.translation import pgettext_lazy

from cards.models import DraftCard

from cards.drafts.selectors import draft_editor_choices
from cards.drafts.widgets import DraftEffectWidget

CHOICE_FIELDS = ("extension", "colour", "icon")


class PreloadedChoiceField(forms.ModelChoiceField):
    """A choice among objects read beforehand ({str(pk): object}), shared by every row: rendering and checking it
    query nothing. Anything else posted (an id of another game's extension, say) is refused as an invalid choice."""

    def __init__(self, objects_by_id, *, model, label_from_instance=None, **kwargs):
        super().__init__(model._default_manager.none(), **kwargs)
        self.objects_by_id = objects_by_id
        if label_from_instance is not None:   # a visible choice (not a row's hidden id)
            self.choices = [("", self.empty_label)] + [(obj.pk, label_from_instance(obj))
                                                       for obj in objects_by_id.values()]

    def to_python(self, value):
        if value in self.empty_values:
            return None
        obj = self.objects_by_id.get(str(getattr(value, "pk", value)))
        if obj is None:
            raise forms.ValidationError(self.error_messages["invalid_choice"], code="invalid_choice",
                                        params={"value": value})
        return obj


def by_id(objects):
    return {str(obj.pk): obj for obj in objects}


class DraftCardForm(forms.ModelForm):
    class Meta:
        model = DraftCard
        fields = ("included", "kind", "slug", "name", "extension", "cost", "colour", "icon", "activation_min",
                  "activation_max", "copies", "major", "effect")
        widgets = {"effect": DraftEffectWidget()}
        # Short column titles: thirteen columns share a laptop's width (the field names say the rest).
        labels = {"activation_min": pgettext_lazy("draft column", "Roll min"),
                  "activation_max": pgettext_lazy("draft column", "Roll max")}

    def __init__(self, *args, shared=None, **kwargs):
        super().__init__(*args, **kwargs)
        shared = shared or draft_editor_choices(self.instance.draft if self.instance.draft_id else None)
        offered = {"extension": shared.extensions, "colour": shared.colours, "icon": shared.icons}
        for name in CHOICE_FIELDS:
            field = self.fields[name]
            self.fields[name] = PreloadedChoiceField(
                by_id(offered[name]), model=field.queryset.model, required=field.required, label=field.label,
                help_text=field.help_text, label_from_instance=lambda obj: obj.name)   # the game's own: no game named
        self.fields["effect"].widget.card = self.instance   # its colour and numbers say when the effect fires
        self.instance.effect_names = shared.effect_names
        self.instance.checked_keys = CHOICE_FIELDS


class DraftCardFormSet(BaseInlineFormSet):
    """Hands every row (and the empty row "Add another" copies) the choices read once for the page."""

    @cached_property
    def shared_choices(self):
        return draft_editor_choices(self.instance, typed_names=self.typed_names())

    def typed_names(self):
        """The rows' names as posted (a row's effect may name a card another row renames or adds)."""
        if not self.is_bound:
            return ()
        names = (self.data.get(f"{self.add_prefix(i)}-name", "") for i in range(self.total_form_count()))
        return tuple(name.strip() for name in names if name.strip())

    def get_form_kwargs(self, index):
        return {**super().get_form_kwargs(index), "shared": self.shared_choices}

    @cached_property
    def rows_by_id(self):
        return by_id(self.get_queryset())

    def add_fields(self, form, index):
        super().add_fields(form, index)
        form.instance.draft = self.instance   # each row's label names its draft: the page's, not a query per row
        field = form.fields[self._pk_field.name]
        # Django's own field for a row's hidden id asks the database once per row.
        form.fields[self._pk_field.name] = PreloadedChoiceField(self.rows_by_id, model=DraftCard, required=False,
                                                                widget=field.widget, initial=field.initial)

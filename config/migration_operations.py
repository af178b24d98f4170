"""CreateModels: many CreateModel operations whose models are rendered once, not once each.

Django re-renders, after each CreateModel, every model related to the new one, and the card models are all
related (through CardGame, Extension and the history's user): creating them one by one cost seconds of a fresh
`migrate`. This operation adds every model state first, renders the related models once, then creates the
tables in order. The resulting state is exactly the CreateModels' (makemigrations sees no change).
"""
from django.db.migrations.operations.base import Operation


class CreateModels(Operation):
    reduces_to_sql = True
    reversible = True

    def __init__(self, operations):
        self.operations = operations

    def deconstruct(self):
        return self.__class__.__name__, [self.operations], {}

    def state_forwards(self, app_label, state):
        rendered = state.__dict__.pop("apps", None)  # hidden, so that each add_model skips its own re-render
        try:
            for operation in self.operations:
                operation.state_forwards(app_label, state)
        finally:
            if rendered is not None:
                state.__dict__["apps"] = rendered
        state.reload_models([(app_label, operation.name_lower) for operation in self.operations], delay=False)

    def database_forwards(self, app_label, schema_editor, from_state, to_state):
        for operation in self.operations:
            operation.database_forwards(app_label, schema_editor, from_state, to_state)

    def database_backwards(self, app_label, schema_editor, from_state, to_state):
        for operation in reversed(self.operations):
            operation.database_backwards(app_label, schema_editor, from_state, to_state)

    def describe(self):
        return f"Create {len(self.operations)} models"

    @property
    def migration_name_fragment(self):
        return "models"

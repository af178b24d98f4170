from django.urls import path
from rest_framework.routers import DefaultRouter

from cards import api
from cards.api_changes import CardChangesView
from cards.api_root import ApiRoot
from cards.aquarius import api as aquarius_api
from cards.effect_api import ExplainEffectView
from cards.lorenzo import api as lorenzo_api
from cards.machikoro import api as machikoro_api
from cards.progress import api as progress_api
from cards.valeria import api as valeria_api

router = DefaultRouter()
router.APIRootView = ApiRoot
router.register("card-games", api.CardGameViewSet)
router.register("extensions", api.ExtensionViewSet)
router.register("colours", machikoro_api.ColourViewSet)
router.register("icon-types", machikoro_api.IconTypeViewSet)
router.register("establishments", machikoro_api.EstablishmentViewSet)
router.register("landmarks", machikoro_api.LandmarkViewSet)
router.register("excommunications", lorenzo_api.ExcommunicationViewSet)
router.register("development-cards", lorenzo_api.DevelopmentCardViewSet)
router.register("leader-cards", lorenzo_api.LeaderCardViewSet)
router.register("aquarius-cards", aquarius_api.AquariusCardViewSet)
for table, viewset in valeria_api.VIEWSETS.items():
    router.register(f"valeria/{table}", viewset, basename=f"valeria-{table[:-1]}")
router.register("progress/technologies", progress_api.TechnologyViewSet, basename="progress-technology")
router.register("valeria/presets", valeria_api.ValeriaPresetViewSet, basename="valeria-preset")

urlpatterns = [
    path("export/", api.ExportView.as_view(), name="card-export"),
    # Card files in and out (cards/lorenzo/, docs/api.md "Importing and exporting card files").
    path("import/", lorenzo_api.CardImportView.as_view(), name="card-import"),
    path("export/lorenzo/", lorenzo_api.LorenzoExportView.as_view(), name="card-export-lorenzo"),
    path("export/lorenzo/<slug:card_set>/", lorenzo_api.LorenzoSetExportView.as_view(), name="card-export-lorenzo-set"),
    path("export/machi-koro/", machikoro_api.MachiKoroExportView.as_view(), name="card-export-machikoro"),
    path("export/aquarius/", aquarius_api.AquariusExportView.as_view(), name="card-export-aquarius"),
    path("changes/", CardChangesView.as_view(), name="card-changes"),
    path("effects/explain/", ExplainEffectView.as_view(), name="effect-explain"),
    path("valeria/banned/", valeria_api.ValeriaBannedView.as_view(), name="valeria-banned"),
    path("export/valeria/", valeria_api.ValeriaExportView.as_view(), name="card-export-valeria"),
    path("progress/cards/<slug:slug>/cost/", progress_api.ProgressCostView.as_view(), name="progress-cost"),
    path("lorenzo/score/", lorenzo_api.LorenzoScoreView.as_view(), name="lorenzo-score"),
    *router.urls,
]

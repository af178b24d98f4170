from django.urls import path
from rest_framework.routers import DefaultRouter

from . import api
from .api_root import ApiRoot

router = DefaultRouter()
router.APIRootView = ApiRoot
router.register("card-games", api.CardGameViewSet)
router.register("extensions", api.ExtensionViewSet)
router.register("colours", api.ColourViewSet)
router.register("icon-types", api.IconTypeViewSet)
router.register("establishments", api.EstablishmentViewSet)
router.register("landmarks", api.LandmarkViewSet)
router.register("excommunications", api.ExcommunicationViewSet)
router.register("development-cards", api.DevelopmentCardViewSet)
router.register("leader-cards", api.LeaderCardViewSet)

urlpatterns = [
    path("export/", api.ExportView.as_view(), name="card-export"),
    # Card files in and out (cards/lorenzo/, docs/api.md "Importing and exporting card files").
    path("import/", api.CardImportView.as_view(), name="card-import"),
    path("export/lorenzo/", api.LorenzoExportView.as_view(), name="card-export-lorenzo"),
    path("export/lorenzo/<slug:card_set>/", api.LorenzoSetExportView.as_view(), name="card-export-lorenzo-set"),
    path("export/machi-koro/", api.MachiKoroExportView.as_view(), name="card-export-machikoro"),
    *router.urls,
]

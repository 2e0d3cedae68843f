from django.urls import path

from apps.core import converters  # noqa: F401 - registers <rid:...>

from . import api

urlpatterns = [
    path("travel/mine", api.OwnTravelApi.as_view(), name="mine"),
    path("travel/request", api.TravelRequestApi.as_view(), name="request"),
    path("travel/receipts", api.ReceiptUploadApi.as_view(), name="receipts"),
    path("travel/receipts/<rid:receipt_id>", api.OwnReceiptApi.as_view(), name="receipt"),
    path("travel/receipts/<rid:receipt_id>/review", api.ReceiptReviewApi.as_view(), name="receipt-review"),
    path("travel/receipts/<rid:receipt_id>/file", api.ReceiptFileApi.as_view(), name="receipt-file"),
    path("travel/overview", api.OverviewApi.as_view(), name="overview"),
    path("travel/budget", api.BudgetApi.as_view(), name="budget"),
    path("travel/grants/bulk", api.BulkGrantApi.as_view(), name="grants-bulk"),
    path("travel/grants/<rid:application_id>", api.GrantApi.as_view(), name="grant"),
    path("travel/payout.csv", api.PayoutCsvApi.as_view(), name="payout"),
]

from django.urls import path

from . import api

urlpatterns = [
    path("integrations/chat-channels", api.ChannelsApi.as_view(), name="chat-channels"),
    path("integrations/chat-channels/<int:channel_id>", api.ChannelApi.as_view(), name="chat-channel"),
    path("integrations/calendar-feed", api.CalendarFeedApi.as_view(), name="calendar-feed"),
    path("integrations/webhooks", api.EndpointsApi.as_view(), name="webhooks"),
    path("integrations/webhooks/<int:endpoint_id>", api.EndpointApi.as_view(), name="webhook"),
    path("integrations/webhooks/<int:endpoint_id>/deliveries", api.DeliveriesApi.as_view(), name="webhook-deliveries"),
    path(
        "integrations/webhooks/deliveries/<int:delivery_id>/resend",
        api.ResendApi.as_view(),
        name="webhook-delivery-resend",
    ),
]

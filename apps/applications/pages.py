from django.views.decorators.http import require_safe

from apps.core.pages import island, signed_in
from apps.cycles.selectors import current_status


@require_safe
@signed_in
def dashboard_page(request):
    # The dashboard issue fills this page; its props already carry what the first paint needs.
    return island(
        request,
        "applications-dashboard",
        {"email": request.user.email, "cycleStatus": current_status()},
        title="Dashboard",
    )

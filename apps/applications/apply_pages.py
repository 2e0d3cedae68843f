from django.views.decorators.http import require_safe

from apps.core.pages import island, signed_in


@require_safe
@signed_in
def apply_page(request):
    return island(request, "applications-apply", {}, title="Apply")

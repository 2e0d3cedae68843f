from django.http import JsonResponse


def api_not_found(request, *args, **kwargs):
    return JsonResponse({"message": "No such API endpoint."}, status=404)

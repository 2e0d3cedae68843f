"""Path converters for the API's parameters, registered when this module is imported (each URL
module that uses one imports it).

- `<rid:...>`: a positive id that fits a 64-bit integer column; a longer one would be a
  database error, not a 404.
- `<email:...>`: one path segment holding an `@`. No fixed segment of the API holds one, so a
  route like `/api/applications/<email:email>` can't shadow `/api/applications/stats`, whatever
  order the URL modules are included in.
"""

from django.urls import register_converter


class IdConverter:
    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value) -> str:
        return str(value)


class EmailConverter:
    regex = "[^/@]*@[^/]*"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value) -> str:
        return str(value)


register_converter(IdConverter, "rid")
register_converter(EmailConverter, "email")

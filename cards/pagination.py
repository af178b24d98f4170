from rest_framework.pagination import PageNumberPagination

from cards.language import current_language


class CardPagination(PageNumberPagination):
    """Page-number pagination with counts and links; consumers may ask for up to 500 rows.

    Each page says the language its names and explanations are in (`language`, docs/api.md "Language")."""

    page_size_query_param = "page_size"
    max_page_size = 500

    def get_paginated_response(self, data):
        response = super().get_paginated_response(data)
        response.data["language"] = current_language()
        return response

    def get_paginated_response_schema(self, schema):
        schema = super().get_paginated_response_schema(schema)
        schema["properties"]["language"] = {"type": "string", "enum": ["en", "fr"], "example": "en",
                                            "description": "The language of the names and explanations."}
        return schema

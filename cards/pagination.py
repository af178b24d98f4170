from rest_framework.pagination import PageNumberPagination


class CardPagination(PageNumberPagination):
    """Page-number pagination with counts and links; consumers may ask for up to 500 rows."""

    page_size_query_param = "page_size"
    max_page_size = 500

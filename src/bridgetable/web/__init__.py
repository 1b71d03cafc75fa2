"""The web site: Jinja pages, plain ES-module client, CSS and gettext catalogs.

`create_site(settings)` (in `bridgetable.web.site`) builds the page routes and hands
them to the server's `create_app`.
"""

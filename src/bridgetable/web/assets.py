"""Static files held in memory, gzipped once, served with long cache lifetimes.

Every asset URL carries `?v=<version>`, a hash of all static files, so a browser may
keep them for a year; relative imports between ES modules get the same query so the
whole module graph is cached and refreshed together.
"""

from __future__ import annotations

import gzip
import hashlib
import mimetypes
import re
from dataclasses import dataclass
from pathlib import Path

from starlette.requests import Request
from starlette.responses import Response

from bridgetable.server.players import leave_cookie_unset

STATIC_DIR = Path(__file__).resolve().parent / "static"
PREFIX = "/static"
LONG_CACHE = "public, max-age=31536000, immutable"

_IMPORT = re.compile(r"""((?:from|import)\s*\(?\s*["'])(\.{1,2}/[^"'?]+\.js)(["'])""")
_TYPES = {".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8"}


@dataclass(frozen=True, slots=True)
class Asset:
    """One static file, plain and gzipped."""

    body: bytes
    gzipped: bytes
    media_type: str
    etag: str


class StaticAssets:
    """The site's static files; `url(path)` gives the versioned URL to put in pages."""

    def __init__(self, directory: Path = STATIC_DIR) -> None:
        files = sorted(p for p in directory.rglob("*") if p.is_file())
        digest = hashlib.sha256()
        for path in files:
            digest.update(path.relative_to(directory).as_posix().encode())
            digest.update(path.read_bytes())
        self.version = digest.hexdigest()[:12]
        self.assets: dict[str, Asset] = {}
        for path in files:
            name = path.relative_to(directory).as_posix()
            body = path.read_bytes()
            if path.suffix == ".js":
                body = self._version_imports(body)
            media_type = _TYPES.get(path.suffix) or (
                mimetypes.guess_type(name)[0] or "application/octet-stream"
            )
            etag = '"' + hashlib.sha256(body).hexdigest()[:16] + '"'
            self.assets[name] = Asset(body, gzip.compress(body, 9, mtime=0), media_type, etag)

    def _version_imports(self, body: bytes) -> bytes:
        text = body.decode("utf-8")
        text = _IMPORT.sub(lambda m: f"{m[1]}{m[2]}?v={self.version}{m[3]}", text)
        return text.encode("utf-8")

    def url(self, name: str) -> str:
        """The cacheable URL of a static file; raises KeyError for an unknown file."""
        if name not in self.assets:
            raise KeyError(name)
        return f"{PREFIX}/{name}?v={self.version}"

    async def serve(self, request: Request) -> Response:
        """The endpoint for `/static/{path:path}`."""
        leave_cookie_unset(request.scope)  # shared, cached files carry no one's token
        asset = self.assets.get(request.path_params["path"])
        if asset is None:
            return Response("Not Found", status_code=404, media_type="text/plain")
        cache = LONG_CACHE if request.query_params.get("v") == self.version else "no-cache"
        headers = {"Cache-Control": cache, "ETag": asset.etag, "Vary": "Accept-Encoding"}
        if request.headers.get("if-none-match") == asset.etag:
            return Response(status_code=304, headers=headers)
        return compressed_response(request, asset.body, asset.media_type, headers, asset.gzipped)


def accepts_gzip(request: Request) -> bool:
    """Whether the client takes gzip-encoded bodies."""
    return "gzip" in request.headers.get("accept-encoding", "").lower()


def compressed_response(
    request: Request,
    body: bytes,
    media_type: str,
    headers: dict[str, str],
    gzipped: bytes | None = None,
) -> Response:
    """A response gzipped when the client accepts it and it is worth it."""
    headers = dict(headers)
    headers.setdefault("Vary", "Accept-Encoding")
    if accepts_gzip(request) and len(body) > 256:
        headers["Content-Encoding"] = "gzip"
        data = gzipped if gzipped is not None else gzip.compress(body, 6)
        return Response(data, media_type=media_type, headers=headers)
    return Response(body, media_type=media_type, headers=headers)

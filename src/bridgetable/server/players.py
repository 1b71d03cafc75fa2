"""Anonymous players: a random token in an HttpOnly cookie, no registration."""

from __future__ import annotations

import hashlib
import secrets

from starlette.types import ASGIApp, Message, Receive, Scope, Send

COOKIE = "bt_player"
COOKIE_MAX_AGE = 400 * 24 * 3600
NO_COOKIE = "no_player_cookie"


def new_token() -> str:
    """A fresh player token: 256 bits from `secrets`."""
    return secrets.token_urlsafe(32)


def token_id(token: str) -> str:
    """The public identifier of a token, kept in the event log instead of the token."""
    return hashlib.sha256(token.encode()).hexdigest()[:32]


def valid_token(token: str | None) -> bool:
    """Whether a cookie value looks like a token we issued."""
    return (
        token is not None
        and 40 <= len(token) <= 64
        and token.replace("-", "").replace("_", "").isalnum()
    )


def cookie_header(token: str, *, secure: bool) -> str:
    """The Set-Cookie header value for a player token."""
    parts = [f"{COOKIE}={token}", "Path=/", f"Max-Age={COOKIE_MAX_AGE}", "HttpOnly", "SameSite=Lax"]
    if secure:
        parts.append("Secure")
    return "; ".join(parts)


def read_cookie(scope: Scope) -> str | None:
    """The player token in the request's cookies, if valid."""
    for name, value in scope.get("headers", []):
        if name == b"cookie":
            for part in value.decode("latin-1").split(";"):
                key, _, val = part.strip().partition("=")
                if key == COOKIE and valid_token(val):
                    return str(val)
    return None


def leave_cookie_unset(scope: Scope) -> None:
    """Answer this request without giving a new visitor a token (a GET that must set
    nothing, such as a rejoin link's page)."""
    scope.setdefault("state", {})[NO_COOKIE] = True


class PlayerCookieMiddleware:
    """Gives every HTTP visitor a player token; pages find it in `scope["state"]`.

    Nothing a request does can change a visitor's token: the cookie is only ever set
    for a visitor who had none.
    """

    def __init__(self, app: ASGIApp, *, secure: bool = False) -> None:
        self.app = app
        self.secure = secure

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        token = read_cookie(scope)
        fresh = token is None
        if token is None:
            token = new_token()
        scope.setdefault("state", {})["player"] = token

        async def send_with_cookie(message: Message) -> None:
            if (
                message["type"] == "http.response.start"
                and fresh
                and not scope["state"].get(NO_COOKIE)
            ):
                headers = list(message.get("headers", []))
                headers.append((b"set-cookie", cookie_header(token, secure=self.secure).encode()))
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, send_with_cookie)

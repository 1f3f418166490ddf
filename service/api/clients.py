"""Who is calling: a verified seat, else the client's address.

Rate-limit buckets and stateless Idempotency-Key answers belong to a client. A seat token
identifies one only once it has been seen to match a seat (`VerifiedTokens`): made-up tokens
are no one, and share the bucket of their address.

The address is the socket peer's. Behind proxies listed in NA_TRUSTED_PROXIES, it is taken
from `X-Forwarded-For`: each trusted proxy appends the address it was called from, so the
list is read from the right and the first address that is not a trusted proxy is the
client's (the entries left of it were written by the client and prove nothing). A peer that
is not a trusted proxy is the client, whatever `X-Forwarded-For` it sends.
"""

from __future__ import annotations

import hashlib
import ipaddress
from collections.abc import Iterable

from starlette.types import Scope

from service.sessions.tokens import VerifiedTokens

_Network = ipaddress.IPv4Network | ipaddress.IPv6Network


class Clients:
    def __init__(self, trusted_proxies: Iterable[str] = (), verified: VerifiedTokens | None = None) -> None:
        self.trusted: tuple[_Network, ...] = tuple(ipaddress.ip_network(n, strict=False) for n in trusted_proxies)
        self.verified = verified if verified is not None else VerifiedTokens()
        self._verdicts: dict[str, bool] = {}  # address -> is a trusted proxy (a cache)

    def bucket(self, scope: Scope) -> str:
        """The rate-limit bucket of a request: `s:<token hash>` for a verified seat, else `a:<address>`."""
        token = forwarded = None
        if self.trusted:
            for name, value in scope.get("headers", ()):
                if name == b"authorization":
                    token = value if token is None else token
                elif name == b"x-forwarded-for":
                    forwarded = value if forwarded is None else forwarded + b"," + value
        else:
            for name, value in scope.get("headers", ()):
                if name == b"authorization":
                    token = value
                    break
        return self.bucket_of(scope, token, forwarded)

    def bucket_of(self, scope: Scope, token: bytes | None, forwarded: bytes | None) -> str:
        """`bucket`, given the first `Authorization` value and the `X-Forwarded-For` values joined by commas."""
        if token is not None and token[:7].lower() == b"bearer ":
            hashed = hashlib.sha256(token[7:].strip()).hexdigest()
            if hashed in self.verified:
                return "s:" + hashed
        if forwarded is None or not self.trusted:
            client = scope.get("client")
            return "a:" + (client[0] if client else "unknown")
        return "a:" + self._address(scope, forwarded)

    def address(self, scope: Scope) -> str:
        forwarded = None
        if self.trusted:
            values = [value for name, value in scope.get("headers", ()) if name == b"x-forwarded-for"]
            forwarded = b",".join(values) if values else None
        return self._address(scope, forwarded)

    def idempotency_scope(self, scope: Scope, token: str | None) -> str:
        """Whose a stateless Idempotency-Key is: the bearer token's (hashed), else the address's.

        Any token will do, verified or not: a key only ever replays to someone holding the same
        token, and the scope must not change between a request and its retry.
        """
        if token:
            return "t:" + hashlib.sha256(token.encode()).hexdigest()[:32]
        return "a:" + self.address(scope)

    def _address(self, scope: Scope, forwarded: bytes | None) -> str:
        client = scope.get("client")
        peer = client[0] if client else "unknown"
        if forwarded is None or not self.trusted or not self._is_trusted(peer):
            return peer
        nearest = peer
        for hop in reversed(forwarded.decode("latin-1").split(",")):
            hop = hop.strip()
            try:
                hop = str(ipaddress.ip_address(hop))
            except ValueError:
                return nearest  # not an address: the last trusted proxy is all that is known
            if not self._is_trusted(hop):
                return hop
            nearest = hop
        return nearest  # every hop is a trusted proxy: the first of them

    def _is_trusted(self, address: str) -> bool:
        verdict = self._verdicts.get(address)
        if verdict is None:
            try:
                ip = ipaddress.ip_address(address)
            except ValueError:
                verdict = False
            else:
                verdict = any(ip in network for network in self.trusted)
            if len(self._verdicts) >= 4096:
                self._verdicts.clear()
            self._verdicts[address] = verdict
        return verdict

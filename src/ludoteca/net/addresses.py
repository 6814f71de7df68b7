"""Addresses: reading the one a player types to join, and finding the ones to give friends.

Reading: `parse_address` takes what people type (`HOST`, `HOST:PORT`, `[IPv6]:PORT`, `ws://…`),
reads the port with the one number reader and checks the host before it reaches a URL, so a bad
address gets a sentence, never a traceback or a port nobody typed.

Sharing: no packet is sent. The addresses come from the network interfaces (on Linux), from asking
the system which local address it would use to reach a private network and the internet (a UDP
"connect" only picks a route), and from the host name.
"""

from __future__ import annotations

import contextlib
import ipaddress
import re
import socket
import struct
import sys

from ludoteca.core.errors import OptionError
from ludoteca.core.text import read_int, shown_back
from ludoteca.i18n import _
from ludoteca.net.protocol import DEFAULT_PORT

#: the highest port number there is
MAX_PORT = 65535
#: a computer's name as DNS spells it (ASCII letters, digits, hyphens, dots), or an IPv4 address
_HOST_NAME = re.compile(r"[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*\.?")
#: the longest name DNS allows
_MAX_HOST = 253


class AddressError(OptionError):
    """An address that cannot be one; the text says what is wrong with it."""


def read_port(text: str, *, listening: bool = False) -> int:
    """The port number `text` spells (a NumberError otherwise); a server listening may be given
    0, for any free port."""
    return read_int(text, _("the port"), low=0 if listening else 1, high=MAX_PORT)


def parse_address(text: str, default_port: int = DEFAULT_PORT) -> tuple[str, int]:
    """`HOST`, `HOST:PORT`, `IPv6`, `[IPv6]:PORT` or `ws://HOST:PORT` → (host, port); for
    anything else an AddressError, or a NumberError for the port, each with a sentence."""
    address = text.strip()
    for scheme in ("ws://", "wss://"):
        address = address.removeprefix(scheme)
    address = address.rstrip("/")
    if not address:
        raise AddressError(_("give the host's address, e.g. 192.168.1.20 or 192.168.1.20:7373"))
    if address.startswith("["):
        host, bracket, rest = address[1:].partition("]")
        if not (bracket and _is_ipv6(host) and (not rest or rest.startswith(":"))):
            raise _not_an_address(text)
        port_text = rest[1:]
    elif address.count(":") == 1:
        host, port_text = address.split(":")
    else:  # a name, or an IPv6 address written without brackets (so without a port)
        host, port_text = address, ""
    if not _is_host(host):
        raise _not_an_address(text)
    return host, read_port(port_text) if port_text else default_port


def url_of(host: str, port: int) -> str:
    return f"ws://[{host}]:{port}/" if ":" in host else f"ws://{host}:{port}/"


def _is_host(host: str) -> bool:
    if ":" in host:
        return _is_ipv6(host)
    return len(host) <= _MAX_HOST and _HOST_NAME.fullmatch(host) is not None


def _is_ipv6(host: str) -> bool:
    try:
        ipaddress.IPv6Address(host)
    except ValueError:
        return False
    return True


def _not_an_address(text: str) -> AddressError:
    return AddressError(
        _(
            "'{address}' is not an address: give a computer's name or IP address, and its port if "
            "needed, e.g. 192.168.1.20:7373, myhost.local or [::1]:7373"
        ).format(address=shown_back(text))
    )


#: destinations used only to let the system pick the outgoing interface; nothing is sent to them
_ROUTE_PROBES = ("10.255.255.255", "192.168.255.255", "8.8.8.8")


def _usable(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return ip.version == 4 and not ip.is_loopback and not ip.is_unspecified and not ip.is_link_local


#: Linux's ioctl asking an interface for its IPv4 address
_SIOCGIFADDR = 0x8915


def _interface_addresses() -> list[str]:
    """The IPv4 address of each network interface (Linux; elsewhere an empty list)."""
    if not sys.platform.startswith("linux"):
        return []
    import fcntl

    found = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        for _index, name in socket.if_nameindex():
            with contextlib.suppress(OSError):
                request = struct.pack("256s", name.encode()[:15])
                answer = fcntl.ioctl(probe.fileno(), _SIOCGIFADDR, request)
                found.append(socket.inet_ntoa(answer[20:24]))
    return found


def lan_addresses() -> list[str]:
    """This computer's IPv4 addresses others may reach it by, most likely first (may be empty)."""
    found: list[str] = []
    for probe in _ROUTE_PROBES:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as udp:
            try:
                udp.connect((probe, 9))
                address = udp.getsockname()[0]
            except OSError:
                continue
        if _usable(address) and address not in found:
            found.append(address)
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        infos = []
    for address in [*_interface_addresses(), *(str(info[4][0]) for info in infos)]:
        if _usable(address) and address not in found:
            found.append(address)
    return found


def is_loopback(bind: str) -> bool:
    if bind in ("localhost", ""):
        return bind == "localhost"
    try:
        return ipaddress.ip_address(bind).is_loopback
    except ValueError:
        return False


def addresses_to_share(bind: str) -> list[str]:
    """The addresses a server bound to `bind` can be joined at from other computers."""
    if is_loopback(bind):
        return []
    if bind in ("0.0.0.0", "::", ""):
        return lan_addresses()
    return [bind]


def connect_address(bind: str) -> str:
    """Where a client on this computer reaches a server bound to `bind`."""
    if bind in ("0.0.0.0", "", "localhost") or is_loopback(bind):
        return "127.0.0.1"
    if bind == "::":
        return "::1"
    return bind

"""Which addresses to give friends so they can join this computer.

No packet is sent: the addresses come from the network interfaces (on Linux), from asking the
system which local address it would use to reach a private network and the internet (a UDP
"connect" only picks a route), and from the host name.
"""

from __future__ import annotations

import contextlib
import ipaddress
import socket
import struct
import sys

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

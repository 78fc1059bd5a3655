#!/usr/bin/env python3
"""A small Checkerhall client for .ci/compose-check, on the standard library only (no pip in
CI): HTTP for the API (docs/api.md) and a WebSocket client (RFC 6455, docs/protocol.md) for
playing a move, over plain TCP or over TLS trusting a given CA (Caddy's local authority).

    client.py get BASE PATH [--token T]      print the body of a 200 answer (else exit 1)
    client.py play BASE [--finish]           a guest, a room with a bot, one move (and resign)
    client.py hold BASE --token T --room R   watch a room until the server closes the socket

BASE is http://host:port or https://host:port; --connect ADDR:PORT sends the connection there
instead (the name in BASE still goes in the TLS SNI and the Host header), --ca FILE is the
certificate authority to trust for https, and --origin sets a browser-like Origin header.
Results are printed as one JSON object; failures exit non-zero with the reason on stderr.
"""

import argparse
import base64
import hashlib
import http.client
import json
import os
import socket
import ssl
import struct
import sys
import time
import urllib.parse

GUID = b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11"


class Failure(Exception):
    """A check failed: the message says what was seen."""


class Target:
    """Where to connect, and how (plain or TLS with a CA, SNI from the URL's host)."""

    def __init__(self, base, connect=None, ca=None, origin=None):
        url = urllib.parse.urlsplit(base)
        if url.scheme not in ("http", "https"):
            raise Failure(f"base URL must be http or https: {base}")
        self.tls = url.scheme == "https"
        self.host = url.hostname
        self.port = url.port or (443 if self.tls else 80)
        self.host_header = url.netloc
        if connect:
            address, _, port = connect.rpartition(":")
            self.address = (address, int(port))
        else:
            self.address = (self.host, self.port)
        self.origin = origin
        self.context = None
        if self.tls:
            self.context = ssl.create_default_context(cafile=ca) if ca else ssl.create_default_context()

    def socket(self, timeout=10.0):
        sock = socket.create_connection(self.address, timeout=timeout)
        if self.tls:
            sock = self.context.wrap_socket(sock, server_hostname=self.host)
        return sock

    def request(self, method, path, body=None, token=None):
        target = self

        class Connection(http.client.HTTPConnection):
            def connect(self):
                self.sock = target.socket()

        conn = Connection(self.host, self.port, timeout=10)
        headers = {"Host": self.host_header, "Accept": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        conn.request(method, path, body=data, headers=headers)
        response = conn.getresponse()
        payload = response.read()
        conn.close()
        return response.status, payload


class WebSocket:
    """One client socket: masked text frames out, ping answered, close code kept."""

    def __init__(self, target, path):
        self.sock = target.socket(timeout=30.0)
        key = base64.b64encode(os.urandom(16)).decode()
        lines = [
            f"GET {path} HTTP/1.1",
            f"Host: {target.host_header}",
            "Upgrade: websocket",
            "Connection: Upgrade",
            f"Sec-WebSocket-Key: {key}",
            "Sec-WebSocket-Version: 13",
        ]
        if target.origin:
            lines.append(f"Origin: {target.origin}")
        self.sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        self.buffer = b""
        while b"\r\n\r\n" not in self.buffer:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise Failure("the server closed the connection during the WebSocket upgrade")
            self.buffer += chunk
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        status = head.split(b"\r\n", 1)[0].decode(errors="replace")
        if " 101 " not in status + " ":
            raise Failure(f"WebSocket upgrade refused: {head.decode(errors='replace')}")
        accept = base64.b64encode(hashlib.sha1(key.encode() + GUID).digest()).decode()
        if f"sec-websocket-accept: {accept}".lower() not in head.decode().lower():
            raise Failure("WebSocket upgrade without the right Sec-WebSocket-Accept")
        self.close_code = None

    def _read(self, n):
        while len(self.buffer) < n:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise EOFError
            self.buffer += chunk
        out, self.buffer = self.buffer[:n], self.buffer[n:]
        return out

    def _send_frame(self, opcode, payload):
        header = bytes([0x80 | opcode])
        n = len(payload)
        if n < 126:
            header += bytes([0x80 | n])
        elif n < 65536:
            header += bytes([0x80 | 126]) + struct.pack("!H", n)
        else:
            header += bytes([0x80 | 127]) + struct.pack("!Q", n)
        mask = os.urandom(4)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.sock.sendall(header + mask + masked)

    def send(self, message):
        self._send_frame(0x1, json.dumps(message).encode())

    def recv(self):
        """The next JSON message, or None once the server closed the socket."""
        message = b""
        while True:
            try:
                first, second = self._read(2)
            except (EOFError, ConnectionError):
                return None
            opcode = first & 0x0F
            n = second & 0x7F
            if n == 126:
                (n,) = struct.unpack("!H", self._read(2))
            elif n == 127:
                (n,) = struct.unpack("!Q", self._read(8))
            if second & 0x80:
                mask = self._read(4)
                payload = bytes(b ^ mask[i % 4] for i, b in enumerate(self._read(n)))
            else:
                payload = self._read(n)
            if opcode == 0x8:
                self.close_code = struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else 1005
                try:
                    self._send_frame(0x8, payload[:2])
                except OSError:
                    pass
                return None
            if opcode == 0x9:
                self._send_frame(0xA, payload)
                continue
            if opcode == 0xA:
                continue
            message += payload
            if first & 0x80:
                return json.loads(message)

    def close(self):
        try:
            self._send_frame(0x8, struct.pack("!H", 1000))
            self.sock.close()
        except OSError:
            pass


def get_json(target, method, path, body=None, token=None):
    status, payload = target.request(method, path, body, token)
    if status != 200:
        raise Failure(f"{method} {path}: HTTP {status} {payload[:300].decode(errors='replace')}")
    return json.loads(payload)


def legal_moves(message):
    """The moves offered to this socket by a snapshot or a your_turn event, if any."""
    data = message.get("data") or {}
    if message.get("type") == "snapshot" or (
        message.get("type") == "event" and data.get("type") == "your_turn"
    ):
        return data.get("legal_moves") or []
    return []


def play(target, finish):
    me = get_json(target, "GET", "/api/me")
    token = me.get("token")
    if not token:
        raise Failure(f"GET /api/me gave no token: {me}")
    room = get_json(
        target,
        "POST",
        "/api/rooms",
        {"game": "stockholm", "seat": "white", "auto_start": True},
        token,
    )["id"]
    get_json(target, "GET", f"/api/rooms/{room}", token=token)
    ws = WebSocket(target, f"/ws?room={room}&token={token}")
    ws.send({"type": "set_bot", "id": 1, "data": {"seat": "black", "bot": {"kind": "random", "level": 1}}})
    deadline = time.monotonic() + 30
    moved = None
    acked = set()
    finished = False
    answered = False
    reconnects = 0
    while time.monotonic() < deadline:
        message = ws.recv()
        if message is None or message.get("type") == "restarting":
            # With several nodes the game goes to the node this player's socket is on
            # (docs/cluster.md, "A room goes where its players are"): the socket is told
            # `restarting` and closed with 1012, and the client connects again, as the web
            # client does. Any other close is a failure.
            if message is None and ws.close_code != 1012:
                raise Failure(f"the socket closed (code {ws.close_code}) before the move was acknowledged")
            reconnects += 1
            if reconnects > 5:
                raise Failure("the socket was told to reconnect more than five times")
            ws.close()
            ws = WebSocket(target, f"/ws?room={room}&token={token}")
            if 2 not in acked:
                moved = None
            continue
        kind = message.get("type")
        if kind == "error" and message.get("id") == 2 and (message.get("data") or {}).get("code") in (
            "room_closed",
            "room_moved",
        ):
            # The move met the game on its way to another node: nothing changed; it is made
            # again once the socket is back.
            moved = None
            continue
        if kind == "error":
            raise Failure(f"refused: {message}")
        if kind == "ack":
            acked.add(message.get("id"))
        if kind == "event" and (message.get("data") or {}).get("type") == "finished":
            finished = True
        moves = legal_moves(message)
        if moves and moved is None:
            moved = moves[0]["text"]
            ws.send({"type": "move", "id": 2, "data": {"move": moved}})
        elif moves and 2 in acked:
            # The bot has answered: every seat has moved, so a resignation now ends the game
            # with a result (before that it would abort it, and an aborted game is no record).
            answered = True
        if 2 in acked and not finish:
            break
        if answered and 3 not in acked and finish and "resign_sent" not in acked:
            acked.add("resign_sent")
            ws.send({"type": "resign", "id": 3, "data": {}})
        if finish and 3 in acked and finished:
            break
    else:
        raise Failure(f"no move acknowledged within 30 s (moved {moved}, acks {sorted(map(str, acked))})")
    ws.close()
    return {"player": me["id"], "token": token, "room": room, "move": moved, "finished": finished}


def hold(target, token, room):
    ws = WebSocket(target, f"/ws?room={room}&token={token}")
    first = ws.recv()
    if not first or first.get("type") != "snapshot":
        raise Failure(f"expected a snapshot first, got {first}")
    print("connected", flush=True)
    restarting = False
    started = time.monotonic()
    while True:
        message = ws.recv()
        if message is None:
            break
        if message.get("type") == "restarting":
            restarting = True
            started = time.monotonic()
    return {"restarting": restarting, "close": ws.close_code, "after_restarting_s": round(time.monotonic() - started, 2)}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", choices=["get", "play", "hold"])
    parser.add_argument("base")
    parser.add_argument("path", nargs="?")
    parser.add_argument("--connect")
    parser.add_argument("--ca")
    parser.add_argument("--origin")
    parser.add_argument("--token")
    parser.add_argument("--room")
    parser.add_argument("--finish", action="store_true")
    args = parser.parse_args()
    target = Target(args.base, args.connect, args.ca, args.origin)
    try:
        if args.command == "get":
            status, payload = target.request("GET", args.path or "/", token=args.token)
            if status != 200:
                raise Failure(f"GET {args.path}: HTTP {status} {payload[:300].decode(errors='replace')}")
            sys.stdout.buffer.write(payload)
            return 0
        if args.command == "play":
            result = play(target, args.finish)
        else:
            result = hold(target, args.token, args.room)
        print(json.dumps(result), flush=True)
        return 0
    except (Failure, OSError, ssl.SSLError, ValueError, KeyError) as error:
        print(f"client: {error}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())

"""Touchstone agent environment: a client of `touchstone agent-api` (and of the
HTTP server `touchstone run --agent http` starts), standard library only,
Python 3.8+. Its methods follow LlamaTouch's AgentEnv, so an agent written for
AgentEnv ports by changing its import:

    from touchstone_env import TouchstoneEnv
    env = TouchstoneEnv()              # TOUCHSTONE_URL / TOUCHSTONE_TOKEN from the environment
    print(env.setup_task("demo14"))    # starts an episode, returns the instruction
    for e in env.get_elements(): ...   # numbered view hierarchy of the current screen
    env.tap(element=3)                 # or env.tap(x=540, y=1200); long_press, swipe, type, back, home, enter, launch
    env.complete()                     # or env.impossible()
    print(env.result())                # outcome and evaluation of the recorded trace
"""
import http.client
import json
import os
import socket
import threading
import time
import urllib.parse

__all__ = ["TouchstoneEnv", "TouchstoneError"]


class TouchstoneError(Exception):
    """A call the server refused: `status` is the HTTP status, the message says why."""

    def __init__(self, status, message):
        super().__init__("HTTP %s: %s" % (status, message))
        self.status = status
        self.message = message


def _http(method, url, headers, data, timeout):
    """One request; (status, body bytes). `timeout` is the deadline of the whole exchange, body included:
    a server that answers one byte at a time cannot hold the caller longer (a socket timeout alone restarts
    with every byte). Raises TimeoutError past it, ConnectionError when the server cannot be reached."""
    parts = urllib.parse.urlsplit(url)
    cls = http.client.HTTPSConnection if parts.scheme == "https" else http.client.HTTPConnection
    conn = cls(parts.hostname, parts.port, timeout=timeout)
    deadline = time.monotonic() + timeout
    expired = threading.Event()
    late = ("%s %s: no complete answer within %g s (the timeout); the server is stalled or sending slowly"
            % (method, url, timeout))

    def expire():
        # Shutting the socket down wakes a read blocked in another thread (closing it would not).
        expired.set()
        if conn.sock is not None:
            try:
                conn.sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    timer = threading.Timer(timeout, expire)
    timer.daemon = True
    timer.start()
    try:
        target = (parts.path or "/") + ("?" + parts.query if parts.query else "")
        conn.request(method, target, body=data, headers=headers)
        res = conn.getresponse()
        chunks = []
        while time.monotonic() < deadline:
            chunk = res.read1(65536)
            if not chunk:
                break
            chunks.append(chunk)
        if expired.is_set() or time.monotonic() >= deadline:
            raise TimeoutError(late)
        return res.status, b"".join(chunks)
    except (OSError, http.client.HTTPException) as err:
        # socket.timeout is a TimeoutError: no byte for `timeout` seconds is past the deadline too.
        if expired.is_set() or isinstance(err, TimeoutError):
            raise TimeoutError(late) from None
        raise ConnectionError("%s %s: %s; is `touchstone agent-api` (or the run) still serving there?"
                              % (method, url, err)) from None
    finally:
        timer.cancel()
        conn.close()


def _json(status, payload, url):
    """The answer as JSON, or a TouchstoneError saying what came instead (a proxy's HTML page, binary data)."""
    try:
        return json.loads(payload.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        head = payload[:80].decode("utf-8", "replace")
        raise TouchstoneError(status, "%s answered something that is not JSON (%d bytes starting %r); "
                              "check TOUCHSTONE_URL points at the agent API" % (url, len(payload), head)) from None


class TouchstoneEnv:
    def __init__(self, url=None, token=None, timeout=900.0):
        self.url = (url or os.environ.get("TOUCHSTONE_URL") or "").rstrip("/")
        self.token = token or os.environ.get("TOUCHSTONE_TOKEN") or ""
        if not self.url or not self.token:
            raise ValueError("TouchstoneEnv needs the URL and token `touchstone agent-api` prints "
                             "(arguments, or TOUCHSTONE_URL and TOUCHSTONE_TOKEN)")
        self.timeout = timeout
        self.session = None
        self.instruction = None
        self.done = False

    # -- transport -------------------------------------------------------
    def _request(self, method, path, body=None, query=None, raw=False):
        url = self.url + path + ("?" + urllib.parse.urlencode(query) if query else "")
        data = None if body is None else json.dumps(body).encode("utf-8")
        headers = {"Authorization": "Bearer " + self.token}
        if data is not None:
            headers["Content-Type"] = "application/json"
        status, payload = _http(method, url, headers, data, self.timeout)
        if status >= 400:
            text = payload.decode("utf-8", "replace")
            try:
                text = json.loads(text).get("error", text)
            except (ValueError, AttributeError):
                pass
            raise TouchstoneError(status, text)
        return payload if raw else _json(status, payload, url)

    def _session_path(self, verb=""):
        if not self.session:
            raise RuntimeError("no episode: call setup_task() first")
        return "/v1/sessions/%s%s" % (self.session, "/" + verb if verb else "")

    # -- tasks and episodes ----------------------------------------------
    def list_tasks(self):
        return self._request("GET", "/v1/tasks")["tasks"]

    def list_devices(self):
        return self._request("GET", "/v1/devices")["devices"]

    def setup_task(self, task=None, device=None, wait_ms=None):
        """Starts an episode of `task` (or takes the next one `touchstone run` queued); returns the instruction."""
        body = {}
        if task is not None:
            body["task"] = task
        if device is not None:
            body["device"] = device
        if wait_ms is not None:
            body["wait_ms"] = wait_ms
        info = self._request("POST", "/v1/sessions", body)
        self.session, self.instruction, self.done = info["session"], info["instruction"], False
        return self.instruction

    def get_instruction(self):
        return self._request("GET", self._session_path("instruction"))["instruction"]

    # -- observation -----------------------------------------------------
    def get_screenshot(self, marks=False):
        """PNG bytes of the current screen (marks=True: numbered boxes drawn on it)."""
        return self._request("GET", self._session_path("screenshot"), query={"marks": "1"} if marks else None, raw=True)

    def save_screenshot(self, path, marks=False):
        with open(path, "wb") as f:
            f.write(self.get_screenshot(marks))
        return path

    def get_hierarchy(self, xml=False):
        """{"step", "activity", "screen", "elements": [{"n", "cls", "text", "desc", "id", "bounds", ...}]}"""
        return self._request("GET", self._session_path("hierarchy"), query={"xml": "1"} if xml else None)

    def get_elements(self):
        return self.get_hierarchy()["elements"]

    def get_state(self):
        """(screenshot PNG bytes, numbered hierarchy), as AgentEnv.get_state gives the screen and its view hierarchy."""
        return self.get_screenshot(), self.get_hierarchy()

    # -- actions ---------------------------------------------------------
    def execute_action(self, action, **args):
        """Any action by name: tap, long_press, swipe, type, back, home, enter, launch, complete, impossible."""
        body = dict(args)
        body["action"] = action
        res = self._request("POST", self._session_path("action"), body)
        self.done = res["done"]
        return res

    def tap(self, element=None, x=None, y=None):
        return self.execute_action("tap", **_where(element, x, y))

    def long_press(self, element=None, x=None, y=None):
        return self.execute_action("long_press", **_where(element, x, y))

    def swipe(self, direction=None, element=None, x1=None, y1=None, x2=None, y2=None):
        args = {k: v for k, v in dict(direction=direction, element=element, x1=x1, y1=y1, x2=x2, y2=y2).items() if v is not None}
        return self.execute_action("swipe", **args)

    def type(self, text):
        return self.execute_action("type", text=text)

    def back(self):
        return self.execute_action("back")

    def home(self):
        return self.execute_action("home")

    def enter(self):
        return self.execute_action("enter")

    def launch(self, package):
        return self.execute_action("launch", package=package)

    def complete(self):
        return self.execute_action("complete")

    def impossible(self):
        return self.execute_action("impossible")

    def abandon(self):
        """Gives up the episode: it ends as interrupted, with the steps taken so far."""
        return self._request("DELETE", self._session_path())

    def result(self, wait_ms=120000):
        """Outcome, steps and evaluation of the episode once it is over."""
        return self._request("GET", self._session_path("result"), query={"wait_ms": str(wait_ms)})


def _where(element, x, y):
    if element is not None:
        return {"element": element}
    if x is None or y is None:
        raise ValueError("give element=N or both x and y")
    return {"x": x, "y": y}

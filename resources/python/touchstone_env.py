"""Touchstone agent environment: a client of `touchstone agent-api` (and of the
HTTP server `touchstone run --agent http` starts), standard library only,
Python 3.8+. Two interfaces:

AgentEnv: LlamaTouch's AgentEnv (github.com/LlamaTouch/AgentEnv), same
constructor and methods, so an AgentEnv agent loop runs unchanged once its
import reads `from touchstone_env import AgentEnv`; actions are AitW action
strings, parsed by the server.

TouchstoneEnv, for new agents (numbered elements, named actions):

    from touchstone_env import TouchstoneEnv
    env = TouchstoneEnv()              # TOUCHSTONE_URL / TOUCHSTONE_TOKEN from the environment
    print(env.setup_task("demo14"))    # starts an episode, returns the instruction
    for e in env.get_elements(): ...   # numbered view hierarchy of the current screen
    env.tap(element=3)                 # or env.tap(x=540, y=1200); long_press, swipe, type, back, home, enter, launch
    env.complete()                     # or env.impossible()
    print(env.result())                # outcome and evaluation of the recorded trace
"""
import csv
import http.client
import io
import json
import logging
import os
import socket
import threading
import time
import xml.etree.ElementTree as ET
import urllib.parse

__all__ = ["AgentEnv", "TouchstoneEnv", "TouchstoneError"]


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
        return self.post(body)

    def execute_aitw(self, action):
        """An AitW action string ("action_type: DUAL_POINT, touch_point: [x, y], lift_point: [x, y], typed_text: ...")."""
        return self.post({"aitw": action})

    def post(self, body):
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



# -- LlamaTouch AgentEnv ------------------------------------------------------

_LOG = logging.getLogger("AgentEnv")


def _write(path, data):
    """Writes a file whole (a temporary file renamed into place), so a reader never sees half of it."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    tmp = path + ".tmp"
    with open(tmp, "wb" if isinstance(data, bytes) else "w", **({} if isinstance(data, bytes) else {"encoding": "utf-8"})) as f:
        f.write(data)
    os.replace(tmp, path)


def _read_instructions(path):
    """(episode, description) rows of an instruction TSV with `episode` and `description` columns."""
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    if rows and not {"episode", "description"} <= set(rows[0]):
        raise ValueError("%s needs the columns episode and description (tab-separated); it has %s" % (path, ", ".join(rows[0])))
    return [(str(r["episode"]).strip(), (r["description"] or "").strip()) for r in rows]


def _bounds(text):
    nums = [int(n) for n in text.replace("][", ",").strip("[]").split(",")] if text else []
    return [nums[0:2], nums[2:4]] if len(nums) == 4 else [[0, 0], [0, 0]]


def view_list(xml, size):
    """AgentEnv's JSON view list of a uiautomator XML dump: one dict per node, pre-order, with temp_id, parent and children ids."""
    out = []

    def visit(node, parent):
        me = len(out)
        a = node.attrib
        flag = lambda k: a.get(k, "false") == "true"  # noqa: E731
        d = {"bounds": _bounds(a.get("bounds", "")), "checkable": flag("checkable"), "checked": flag("checked"), "children": [],
             "class": a.get("class"), "clickable": flag("clickable"), "content_description": a.get("content-desc"),
             "editable": a.get("class", "").endswith("EditText"), "enabled": a.get("enabled", "true") == "true",
             "focusable": flag("focusable"), "focused": flag("focused"), "is_password": flag("password"),
             "long_clickable": flag("long-clickable"), "package": a.get("package", ""), "parent": parent,
             "resource_id": a.get("resource-id"), "scrollable": flag("scrollable"), "selected": flag("selected"),
             "size": "%d*%d" % size, "temp_id": me, "text": a.get("text"), "visible": True, "child_count": len(node)}
        out.append(d)
        d["children"] = [visit(c, me) for c in node]
        return me

    visit(ET.fromstring(xml), -1)
    return out


class AgentEnv:
    """LlamaTouch's AgentEnv on Touchstone: the same constructor and methods over `touchstone agent-api`.

    Instructions come from `instruction_fp` (a TSV with `episode` and `description` columns) and are
    matched to the served dataset's tasks by episode id, else by description; one that matches no task
    is reported and skipped. Actions are AitW action strings, parsed by the server as AgentEnv parses
    them. The server owns devices and resets them before each episode, so `avd_name` and
    `emulator_controller_args` are accepted and ignored. What each step saw is also written under
    `local_output_path/<episode>/captured_data/` as AgentEnv writes it; the evaluated trace is the
    server's (its path is in `results`).
    """

    def __init__(self, avd_name=None, emulator_controller_args=None, max_steps=30, local_output_path="captured_data",
                 instruction_fp="docs/instructions/llamatouch_task_metadata.tsv", url=None, token=None, timeout=900.0):
        if avd_name is not None or emulator_controller_args is not None:
            _LOG.info("avd_name and emulator_controller_args are ignored: the Touchstone server owns the devices and resets them per episode.")
        self.env = TouchstoneEnv(url, token, timeout)
        self.max_steps = max_steps
        self.local_output_path = local_output_path
        os.makedirs(local_output_path, exist_ok=True)
        self.instructions = _read_instructions(instruction_fp)
        self.skipped = []   # (episode, description) rows that match no served task
        self.results = []   # one dict per episode: episode, task, instruction and the server's result
        self._row, self._tasks, self._task, self._size, self._pil_warned = 0, None, None, None, False
        self.task_output_path = None
        self.current_action = "None|None|None"
        self._reset_counters()

    def _reset_counters(self):
        self.state_history, self.episode_end, self.current_steps = [], False, 0

    def _served(self):
        if self._tasks is None:
            self._tasks = self.env.list_tasks()
        return self._tasks

    def _match(self, episode, description):
        tasks = self._served()
        by_id = [t for t in tasks if t["task"] == episode]
        by_text = [t for t in tasks if " ".join(t["instruction"].split()).casefold() == " ".join(description.split()).casefold()]
        return (by_id or by_text or [None])[0]

    def set_up(self):
        _LOG.info("AgentEnv on %s: %d task(s) served, %d instruction(s) in the file", self.env.url, len(self._served()), len(self.instructions))

    def tear_down(self):
        if self.env.session and not self.episode_end:
            self.reset_env()
        done = sum(1 for r in self.results if (r["result"].get("evaluation") or {}).get("completed"))
        _LOG.info("tear down: %d episode(s), %d completed, %d instruction(s) skipped", len(self.results), done, len(self.skipped))

    def get_instruction(self):
        """The next instruction that matches a served task (None at the end); others are reported and skipped."""
        while self._row < len(self.instructions):
            episode, description = self.instructions[self._row]
            self._row += 1
            task = self._match(episode, description)
            if task is None:
                _LOG.warning("instruction %r (episode %s) matches no task the server serves (by episode id or description); skipped", description, episode)
                self.skipped.append((episode, description))
                continue
            self._task = (episode, task)
            self.task_output_path = os.path.join(self.local_output_path, episode)
            return description
        _LOG.warning("All instructions have been fetched.")
        return None

    def setup_task(self, instruction):
        """Starts the episode of `instruction` (the server resets the device first)."""
        if self._task is None or instruction not in (self._task[1]["instruction"], self.instructions[self._row - 1][1]):
            task = self._match("", instruction)
            if task is None:
                raise ValueError("no served task has the instruction %r" % instruction)
            self._task = (task["task"], task)
            self.task_output_path = os.path.join(self.local_output_path, task["task"])
        self._reset_counters()
        self.env.setup_task(self._task[1]["task"])
        _LOG.info("task %s: %s", self._task[1]["task"], instruction)

    def get_state(self):
        """The current screen: screenshot (a Pillow image, else PNG bytes), view hierarchy XML and AgentEnv's JSON view list, with the files written."""
        if self.episode_end or self.env.done:
            # The server recorded the final screen in the trace; the last state seen stands for it here.
            return self.state_history[-1] if self.state_history else None
        try:
            h, png = self.env.get_hierarchy(xml=True), self.env.get_screenshot()
        except TouchstoneError as e:
            if e.status != 409:
                raise
            _LOG.warning("the server ended the episode: %s", e.message)  # its step limit or time limit
            self.episode_end = True
            return self.get_state()
        self._size = (h["screen"]["width"], h["screen"]["height"])
        base, tag, vh = os.path.join(self.task_output_path, "captured_data"), self.current_steps, view_list(h["xml"], self._size)
        paths = {k: os.path.join(base, d, "%d.%s" % (tag, ext)) for k, d, ext in
                 (("screenshot", "screenshot", "png"), ("xml", "xml", "xml"), ("vh", "vh", "vh"), ("activity", "activity", "activity"))}
        for k, data in (("screenshot", png), ("xml", h["xml"]), ("vh", json.dumps(vh, ensure_ascii=False, indent=4)), ("activity", h.get("activity") or "")):
            _write(paths[k], data)
        state = {"screenshot": self._image(png), "screenshot_path": paths["screenshot"], "view_hierarchy": h["xml"],
                 "view_hierarchy_path": paths["xml"], "view_hierarchy_json": vh, "view_hierarchy_json_path": paths["vh"]}
        self.state_history.append(state)
        return state

    def _image(self, png):
        try:
            from PIL import Image
        except ImportError:
            if not self._pil_warned:
                _LOG.warning("Pillow is not installed: state['screenshot'] holds the PNG bytes (pip install pillow for an Image).")
                self._pil_warned = True
            return png
        img = Image.open(io.BytesIO(png))
        img.load()
        return img

    def get_state_history(self):
        return self.state_history
    def get_device_size(self):
        """(width, height) of the episode's device in pixels."""
        if self._size is None:
            h = self.env.get_hierarchy()
            self._size = (h["screen"]["width"], h["screen"]["height"])
        return self._size

    def post_action(self, action):
        """Performs an AitW action string; True when the device took it. The episode ends on a status action or at max_steps."""
        if self.episode_end:
            _LOG.warning("post_action after the episode ended; call reset_env() and setup_task() first")
            return False
        executed = True
        try:
            res = self.env.execute_aitw(action)
            self.current_action = res["line"]
            _write(os.path.join(self.task_output_path, "captured_data", "action", "%d.action" % self.current_steps), res["line"])
            _LOG.info("executed %s", res["line"])
        except TouchstoneError as e:
            if e.status not in (400, 409):
                raise
            _LOG.warning("action not executed: %s", e.message)
            executed, self.episode_end = False, self.episode_end or e.status == 409
        self.current_steps += 1
        if not (self.env.done or self.episode_end) and self.current_steps >= self.max_steps:
            _LOG.info("max_steps (%d) reached: the episode ends", self.max_steps)
            self.env.abandon()
        self.episode_end = self.episode_end or self.env.done or self.current_steps >= self.max_steps
        return executed

    def episode_done(self):
        return self.episode_end

    def reset_env(self):
        """Ends the current episode (if still running), keeps its evaluated result in `results`, and clears the step state."""
        if self.env.session:
            if not self.episode_end and not self.env.done:
                self.env.abandon()
            r = self.env.result()
            self.results.append({"episode": self._task[0], "task": self._task[1]["task"], "instruction": self.env.instruction, "result": r})
            _LOG.info("episode over: %s, completed %s", r.get("outcome"), (r.get("evaluation") or {}).get("completed"))
            self.env.session = None
        self.current_action = "None|None|None"
        self._reset_counters()

# A scripted agent in the shape of AgentEnv's MockAgent: get_action(state) returns the next AitW
# action string. Where a step taps an element, the point is found in state["view_hierarchy_json"];
# every string sent is logged with the line LlamaTouch's recorder writes for it (agent_log.json).
import ast
import json
import os
import re

NONE = "touch_point: [-1.0, -1.0], lift_point: [-1.0, -1.0], typed_text:"
SCRIPT = [
    # Search the settings for "display" (matched by episode id demo07)
    ("tap", "text", "Settings", "DUAL_POINT"),
    ("tap", "resource_id", "search_src_text", "dual_point"),
    ("raw", "action_type: Type, touch_point: [-1.0, -1.0], lift_point: [-1.0, -1.0], typed_text: display"),
    ("raw", "action_type: STATUS_TASK_COMPLETE, " + NONE),
    # Open the Settings app (matched by description): a tap, a swipe up the list, done
    ("tap", "text", "Settings", "DUAL_POINT"),
    ("raw", "action_type: DUAL_POINT, touch_point: [0.5, 0.8], lift_point: [0.5, 0.35], typed_text:"),
    ("raw", "action_type: status_task_complete, " + NONE),
    # Increase the counter to 3 (demo14): never finishes, so max_steps (4) ends it; the last one is refused
    ("raw", "action_type: PRESS_HOME, " + NONE),
    ("raw", "action_type: press_back, " + NONE),
    ("raw", "action_type: Press_Enter, " + NONE),
    ("raw", "action_type: SCROLL, " + NONE),
]


def upstream_line(action, w, h):
    """The trace line LlamaTouch AgentEnv's recorder writes for an AitW string (the test's oracle)."""
    t = re.search(r"action_type: *(\w+)", action).group(1).upper()
    if t == "DUAL_POINT":
        # Python's own list literal and str(), as the recorder formats the eval'd points
        a, b = (ast.literal_eval(re.search(k + r": *(\[[^\]]*\])", action).group(1)) for k in ("touch_point", "lift_point"))
        if ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5 <= 0.04:
            return "CLICK|%s|NULL|%d|%d" % (str(a), w, h)
        return "SWIPE|%s|%s|%d|%d" % (str(a), str(b), w, h)
    if t == "TYPE":
        return "TYPE|%s|NULL|%d|%d" % (action.split("typed_text:", 1)[1].strip(), w, h)
    return "%s|NULL|NULL|%d|%d" % (t, w, h)


class MockAgent:
    def __init__(self):
        self.index = 0
        self.log = []

    def get_action(self, state):
        nodes = state["view_hierarchy_json"]
        w, h = (int(v) for v in nodes[0]["size"].split("*"))
        step = SCRIPT[self.index]
        self.index += 1
        if step[0] == "raw":
            action = step[1]
        else:
            _, key, value, name = step
            node = next(n for n in nodes if n[key] == value or (key == "resource_id" and (n[key] or "").endswith("/" + value)))
            (x1, y1), (x2, y2) = node["bounds"]
            x, y = round((x1 + x2) / 2 / w, 4), round((y1 + y2) / 2 / h, 4)
            # the lift point 0.01 away: still a tap (within AITW's 0.04)
            action = "action_type: %s, touch_point: [%s, %s], lift_point: [%s, %s], typed_text:" % (name, x, y, x, round(y + 0.01, 4))
        self.log.append({"action": action, "line": upstream_line(action, w, h), "screenshot": type(state["screenshot"]).__name__})
        with open(os.path.join(os.environ["AGENTENV_OUTPUT"], "agent_log.json"), "w") as f:
            json.dump(self.log, f, indent=1)
        return action

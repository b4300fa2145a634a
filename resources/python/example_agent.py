"""A minimal agent on TouchstoneEnv: taps, in order, the elements whose text or
description is one of the given labels, then declares the task complete.
Usage: python3 example_agent.py TASK LABEL [LABEL...]   (TOUCHSTONE_URL/TOKEN set)"""
import sys
from touchstone_env import TouchstoneEnv

task, labels = sys.argv[1], sys.argv[2:]
env = TouchstoneEnv()
print("task:", env.setup_task(task))
for label in labels:
    elements = env.get_elements()
    match = next((e for e in elements if label in (e["text"], e["desc"])), None)
    if match is None:
        print("no element labelled %r; giving up" % label)
        env.impossible()
        break
    print("tap [%d] %s" % (match["n"], label))
    env.tap(element=match["n"])
else:
    env.complete()
print("result:", env.result())

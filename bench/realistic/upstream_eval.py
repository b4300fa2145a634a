"""Runs the upstream LlamaTouch evaluator (a checkout of LlamaTouch/Evaluator) over the bench corpus.

usage: python3 upstream_eval.py EVALUATOR_DIR METADATA_TSV DATASET_ROOT TRACES_ROOT [textbox]
Prints one JSON line: {"episodes": n, "seconds": wall, "cpu_seconds": cpu, "completed": {episode: bool},
"reasons": {episode: upstream's failure reason}}. With `textbox`, upstream's own ablation that turns
on its textbox "fuzzy" match (raw text equality, no model) and leaves the screen-level one off.

Upstream's TestbedEvaluator with fuzzy matching off ("nofuzzy": no sentence-transformers model is
needed). Two imports it makes but does not use on that path are stood in for when absent:
`sentence_transformers` (only the fuzzy matcher calls it) and `imagehash` (Debian ships no package;
the stand-in is imagehash.average_hash's algorithm: greyscale, 8x8 LANCZOS, pixels above the mean).
"""
import contextlib
import io
import json
import os
import sys
import time
import types


def stand_ins() -> None:
    try:
        import sentence_transformers  # noqa: F401
    except ImportError:
        st = types.ModuleType("sentence_transformers")
        st.SentenceTransformer = None
        st.util = None
        sys.modules["sentence_transformers"] = st
    try:
        import imagehash  # noqa: F401
    except ImportError:
        import numpy
        from PIL import Image

        class Hash:
            def __init__(self, bits):
                self.bits = bits

            def __sub__(self, other):
                return int(numpy.count_nonzero(self.bits != other.bits))

        def average_hash(image, hash_size=8):
            pixels = numpy.asarray(image.convert("L").resize((hash_size, hash_size), Image.Resampling.LANCZOS))
            return Hash((pixels > pixels.mean()).flatten())

        ih = types.ModuleType("imagehash")
        ih.average_hash = average_hash
        sys.modules["imagehash"] = ih


def main() -> None:
    evaluator_dir, metadata, dataset, traces = sys.argv[1:5]
    textbox = sys.argv[5:6] == ["textbox"]
    sys.path.insert(0, evaluator_dir)
    stand_ins()
    from evaluator.agent import MobileAgent
    from evaluator.task_trace import Agent, DatasetHelper, TaskCategory
    from evaluator.testbed_evaluator import TestbedEvaluator

    class BenchAgent(MobileAgent):
        def __init__(self):
            super().__init__()
            self.agent = Agent.AUTOUI

        def load_predicted_action_by_episode(self, episode):
            return None

        def load_exec_trace_by_episode(self, episode):
            folder = os.path.join(traces, episode, "captured_data")
            if not os.path.exists(folder):
                return None
            return DatasetHelper(metadata, dataset).load_testbed_trace_by_path(folder)

    t = TestbedEvaluator(agent=BenchAgent(), epi_metadata_path=metadata, gr_dataset_path=dataset,
                         options={"categories": [TaskCategory.GENERAL], "fuzzy_match": False, "textbox_fuzzy_match": textbox})
    start = time.perf_counter()
    cpu = time.process_time()
    with contextlib.redirect_stdout(io.StringIO()):
        t.run_evaluation()
    seconds = time.perf_counter() - start
    cpu_seconds = time.process_time() - cpu
    completed = {epi: bool(done) for epi, (done, _reason) in t.episode_completion.items()}
    reasons = {epi: reason for epi, (_done, reason) in t.episode_completion.items() if reason}
    print(json.dumps({"episodes": len(completed), "seconds": seconds, "cpu_seconds": cpu_seconds, "completed": completed, "reasons": reasons}))


if __name__ == "__main__":
    main()

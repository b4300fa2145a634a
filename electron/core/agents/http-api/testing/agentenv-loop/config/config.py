# The example's configuration, pointed at the test's files (the emulator settings are AgentEnv's own; Touchstone ignores them).
import os


class AgentEnvConfig:
    LOCAL_OUTPUT_PATH = os.environ["AGENTENV_OUTPUT"]
    INSTRUCTION_FILE_PATH = os.environ["AGENTENV_INSTRUCTIONS"]
    AVD_NAME = "pixel_6a_api31"
    MAX_STEPS = int(os.environ.get("AGENTENV_MAX_STEPS", "30"))
    EMULATOR_CONTROLLER_AGRS = {"snapshot": "default_boot", "port": "5554", "no-window": "true"}


class LogConfig:
    LOGGING_LEVEL = "INFO"
    LOGGING_FORMAT = '%(asctime)s %(levelname)s: %(message)s'
    LOGGING_DATE_FORMAT = '%Y-%m-%d %H:%M:%S'
    LOG_FILE_PATH = os.path.join(os.environ["AGENTENV_OUTPUT"], "log")

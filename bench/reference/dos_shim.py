"""Loads the reference modules (seeds/000, seeds/001) from the folder the user extracted them to.

The seeds are single files of a larger package (`dos`): they import siblings the seeds do not
contain. This module supplies the smallest stand-ins that let them run, and nothing that judges:
  - dos.claim_extract._read_lines: the transcript reader result_state.py calls. Ours streams the
    file's lines (bytes; json.loads decodes UTF-8), the cheapest way Python can read a file, so the
    reference is timed at its best, never handicapped by our reader.
  - dos.evidence.EvidenceStance, dos.intervention.*: the enums and the decision record
    precursor_gate.py names. Plain values; no logic.
"""
import enum
import importlib
import os
import sys
import types


def _read_lines(path):
    handle = open(path, "rb")  # raises OSError now, as the reference expects, for a missing file or a folder

    def lines():
        with handle:
            yield from handle

    return lines()


class EvidenceStance(str, enum.Enum):
    ATTESTED = "ATTESTED"
    REFUTED = "REFUTED"
    NO_SIGNAL = "NO_SIGNAL"


class Intervention(str, enum.Enum):
    WARN = "WARN"


class Confidence(str, enum.Enum):
    NONE = "NONE"


class InterventionDecision:
    def __init__(self, **fields):
        self.__dict__.update(fields)


def _module(name, **attributes):
    module = types.ModuleType(name)
    module.__dict__.update(attributes)
    sys.modules[name] = module
    return module


def load(ref_dir, name):
    """Imports dos.<name> from REF_DIR/dos/<name>.py with the stand-ins above in place."""
    folder = os.path.join(ref_dir, "dos")
    if not os.path.isfile(os.path.join(folder, name + ".py")):
        sys.exit(f"{folder}/{name}.py is missing: extract the seeds as bench/README.md says")
    if "dos" not in sys.modules:
        package = _module("dos", __path__=[folder])
        package.claim_extract = _module("dos.claim_extract", _read_lines=_read_lines)
        package.evidence = _module("dos.evidence", EvidenceStance=EvidenceStance)
        package.intervention = _module("dos.intervention", Intervention=Intervention, Confidence=Confidence,
                                       InterventionDecision=InterventionDecision,
                                       BASE_INTERVENTIONS={"WARN": "WARN"})
    return importlib.import_module("dos." + name)


def transcripts(paths):
    """Every *.jsonl under each folder, in byte-wise path order (as `coroner` expands a folder); files as given."""
    for path in paths:
        if os.path.isdir(path):
            found = []
            for folder, _, names in os.walk(path):
                found.extend(os.path.join(folder, n) for n in names if n.endswith(".jsonl"))
            yield from sorted(found, key=os.fsencode)
        else:
            yield path

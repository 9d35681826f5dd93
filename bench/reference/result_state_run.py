"""seeds/000 result_state.py over transcripts: one JSON line per file, the job `coroner verdict --json` does.

usage: python3 result_state_run.py REF_DIR PATH...
REF_DIR holds dos/result_state.py extracted from the seed (bench/README.md). Each file is read in full
by the reference's own verify_transcript (it keeps the last assistant record) and its verdict printed.
"""
import json
import sys

sys.dont_write_bytecode = True  # leave no __pycache__ in bench/ or in the reference folder
import dos_shim  # noqa: E402


def main(argv):
    if len(argv) < 3:
        sys.exit(__doc__)
    result_state = dos_shim.load(argv[1], "result_state")
    out = sys.stdout
    for path in dos_shim.transcripts(argv[2:]):
        row = {"path": path}
        row.update(result_state.verify_transcript(path).to_dict())
        out.write(json.dumps(row, ensure_ascii=False, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main(sys.argv)

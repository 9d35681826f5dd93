"""Compares `coroner verdict --json` with the reference's verdict on the same transcripts, key by key.

usage: python3 verdict_parity.py REF_DIR CORONER PATH...
REF_DIR  where bench/reference/extract.sh put the reference (dos/result_state.py)
CORONER  the launcher (app/target/coroner) or a jar (app/target/coroner.jar)

The reference's keys must be Coroner's wherever no rule of ours refines them (docs/VERDICTS.md, "Terminal verdict"):
`state`, `dead` and `api_status` on every file; `class` on every file where the reference does not say OTHER (where
it does, Coroner may name the class: those files are counted by what Coroner says). `reason` is worded by each
project and not compared. Prints the counts and every difference; exit status 1 when there is one.
"""
import collections
import json
import subprocess
import sys

sys.dont_write_bytecode = True
import dos_shim  # noqa: E402


def main(argv):
    if len(argv) < 4:
        sys.exit(__doc__)
    result_state = dos_shim.load(argv[1], "result_state")
    coroner = argv[2]
    command = ["java", "-jar", coroner] if coroner.endswith(".jar") else [coroner]
    out = subprocess.run(command + ["verdict", "--json"] + argv[3:], capture_output=True, text=True)
    ours = {}
    for line in out.stdout.splitlines():
        row = json.loads(line)
        if "state" in row:  # a file's problem lines come as a row of their own, beside its verdict
            ours[row["path"]] = row
    refined = collections.Counter()
    kinds = collections.Counter()
    trailing = collections.Counter()
    differences = []
    files = 0
    for path in dos_shim.transcripts(argv[3:]):
        files += 1
        ref = result_state.verify_transcript(path).to_dict()
        row = ours.get(path)
        if row is None:
            differences.append((path, "no row from coroner"))
            continue
        for key in ("state", "dead", "api_status"):
            if row[key] != ref[key]:
                differences.append((path, f"{key}: coroner {row[key]!r}, reference {ref[key]!r}"))
        if ref["class"] == "OTHER":
            refined[row["class"]] += 1
        elif row["class"] != ref["class"]:
            differences.append((path, f"class: coroner {row['class']!r}, reference {ref['class']!r}"))
        kinds[row["kind"]] += 1
        if row["trailing"] is not None:
            trailing[(row["state"], row["trailing"]["class"])] += 1
    print(f"files: {files}; rows from coroner: {len(ours)}")
    print("reference OTHER, coroner says: " + ", ".join(f"{k} {v}" for k, v in sorted(refined.items())))
    print("kind: " + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())))
    print("trailing (state, class): " + (", ".join(f"{k} {v}" for k, v in sorted(trailing.items())) or "none"))
    print(f"differences in the reference's keys: {len(differences)}")
    for path, what in differences:
        print(f"  {path}: {what}")
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

"""seeds/001 precursor_gate.py over transcripts: one JSON line per call of a gated tool, the job
`coroner precursor --grammar G.toml --json` does.

usage: python3 precursor_gate_run.py REF_DIR GRAMMAR.toml PATH...
REF_DIR holds dos/precursor_gate.py extracted from the seed (bench/README.md). The grammar is loaded by the
reference's own load_from_toml. Per file: every line is parsed; a tool_use is a call; a tool_result answering
a call puts that call's tool into the stream (the reference's PriorCall); each call of a gated tool is judged
by classify_call against the results that came in before its API message began, and mapped to its WARN by
precursor_intervention, as the CLI does.
"""
import json
import sys
import tomllib

sys.dont_write_bytecode = True  # leave no __pycache__ in bench/ or in the reference folder
import dos_shim  # noqa: E402


def flatten(content):
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(b.get("text", "") for b in content if isinstance(b, dict) and isinstance(b.get("text"), str))
    return ""


def read_calls(path):
    """(calls, results): calls as (line, id, tool, results seen before its message); results as (tool, text)."""
    calls, results, open_calls, message_rank = [], [], {}, {}
    with open(path, "rb") as handle:
        for number, raw in enumerate(handle, 1):
            raw = raw.strip()
            if not raw:
                continue
            try:
                record = json.loads(raw)
            except ValueError:
                continue
            message = record.get("message") if isinstance(record, dict) else None
            content = message.get("content") if isinstance(message, dict) else None
            if not isinstance(content, list):
                continue
            if message.get("role") == "assistant":
                mid = message.get("id")
                rank = message_rank.setdefault(mid, len(results)) if isinstance(mid, str) and mid else len(results)
                for block in content:
                    if isinstance(block, dict) and block.get("type") == "tool_use" and isinstance(block.get("name"), str):
                        calls.append((number, block.get("id"), block["name"], rank))
                        open_calls[block.get("id")] = block["name"]
            elif message.get("role") == "user":
                for block in content:
                    if isinstance(block, dict) and block.get("type") == "tool_result":
                        tool = open_calls.pop(block.get("tool_use_id"), None)
                        if tool is not None:
                            results.append((tool, flatten(block.get("content"))))
    return calls, results


def main(argv):
    if len(argv) < 4:
        sys.exit(__doc__)
    gate = dos_shim.load(argv[1], "precursor_gate")
    grammar = gate.load_from_toml(argv[2])
    with open(argv[2], "rb") as handle:
        table = tomllib.load(handle).get("precursor", {})
    policy = gate.PrecursorPolicy(case_sensitive=bool(table.get("case_sensitive", False)))
    out = sys.stdout
    for path in dos_shim.transcripts(argv[3:]):
        calls, results = read_calls(path)
        stream = [gate.PriorCall(tool_name=tool, result_text=text) for tool, text in results]
        for line, call_id, tool, rank in calls:
            if not grammar.required_set(tool):
                continue  # not a gated tool: the CLI prints no row for it either
            verdict = gate.classify_call(gate.MutatingCall(tool_name=tool), gate.CallStream(calls=tuple(stream[:rank])),
                                         grammar, policy)
            gate.precursor_intervention(verdict)
            row = {"path": path, "line": line, "tool_use_id": call_id, "tool": tool}
            row.update(verdict.to_dict())
            out.write(json.dumps(row, ensure_ascii=False, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main(sys.argv)

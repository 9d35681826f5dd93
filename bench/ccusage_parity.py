#!/usr/bin/env python3
"""Our `coroner cost --json` against ccusage's `session --json --offline` on the same Claude Code transcripts
(docs/COST.md, "Parity with ccusage"): the four token totals must be equal, the total cost within 1%; prints both,
per model too, and exits 1 when they are not.

    bench/ccusage_parity.py CORPUS [JAR]        # JAR: app/target/coroner.jar; CCUSAGE: the ccusage command

ccusage (pinned 20.0.24, `npm install ccusage@20.0.24` in a scratch folder, CCUSAGE=that/node_modules/.bin/ccusage)
reads CLAUDE_CONFIG_DIR/projects: this makes a scratch folder whose projects/ is a link to CORPUS.
"""
import json
import os
import subprocess
import sys
import tempfile
from collections import defaultdict

KEYS = [("input_tokens", "inputTokens"), ("output_tokens", "outputTokens"),
        ("cache_creation_tokens", "cacheCreationTokens"), ("cache_read_tokens", "cacheReadTokens")]


def main():
    corpus = os.path.abspath(sys.argv[1])
    jar = sys.argv[2] if len(sys.argv) > 2 else "app/target/coroner.jar"
    ccusage = os.environ.get("CCUSAGE", "ccusage")
    with tempfile.TemporaryDirectory(prefix="ccusage-parity-") as home:
        os.symlink(corpus, os.path.join(home, "projects"))
        env = dict(os.environ, CLAUDE_CONFIG_DIR=home)
        theirs = json.loads(subprocess.run([ccusage, "session", "--json", "--offline"], env=env, check=True,
                                           capture_output=True, text=True).stdout)
    version = subprocess.run([ccusage, "--version"], capture_output=True, text=True).stdout.strip()
    ours = [json.loads(l) for l in subprocess.run(["java", "-jar", jar, "cost", "--json", corpus], check=True,
                                                   capture_output=True, text=True).stdout.splitlines()]
    total = ours[-1]["total"]
    by_model = [json.loads(l) for l in subprocess.run(["java", "-jar", jar, "cost", "--json", "--by", "model", corpus],
                                                      check=True, capture_output=True, text=True).stdout.splitlines()]
    t = theirs["totals"]
    ok = True
    print("ccusage %s against coroner cost on %s (%d transcripts)" % (version, corpus, total["transcripts"]))
    for ours_key, their_key in KEYS:
        same = total[ours_key] == t[their_key]
        ok &= same
        print("  %-22s coroner %15d  ccusage %15d  %s" % (ours_key, total[ours_key], t[their_key],
                                                         "equal" if same else "DIFFERENT"))
    cost, their_cost = float(total["cost_usd"]), t["totalCost"]
    off = abs(cost - their_cost) / their_cost if their_cost else abs(cost)
    ok &= off <= 0.01
    print("  %-22s coroner %15.6f  ccusage %15.6f  %.4f%% apart" % ("cost_usd", cost, their_cost, 100 * off))
    if total["unpriced_models"]:
        print("  coroner had no price for: " + ", ".join(total["unpriced_models"]))
    theirs_by_model = defaultdict(float)
    for s in theirs["session"]:
        for m in s["modelBreakdowns"]:
            theirs_by_model[m["modelName"]] += m["cost"]
    print("  per model (cost_usd):")
    for g in by_model:
        if "model" in g:
            print("    %-32s coroner %12s  ccusage %12.6f" % (g["model"], g["cost_usd"], theirs_by_model.get(g["model"], 0)))
    print("parity: " + ("yes" if ok else "NO"))
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Writes core's bundled price table (core/src/main/resources/dev/coroner/core/usage/prices.toml) from the LiteLLM
price snapshot a ccusage release carries (docs/COST.md, "Prices").

    cd /tmp && npm install ccusage@20.0.24        # the registry's package; its native binary holds the snapshot
    python3 tools/prices_from_ccusage.py /tmp/node_modules/@ccusage/ccusage-linux-x64/bin/ccusage 20.0.24 2026-09-22 \
        > core/src/main/resources/dev/coroner/core/usage/prices.toml

ccusage 20 embeds LiteLLM's model_prices_and_context_window.json (MIT licence), cut to the fields it prices with, as a
raw-deflate stream of compact JSON ({"model": {"i": input, "o": output, "cc": cache write, "cr": cache read, ...}} in
dollars per token). This finds that stream, keeps the Claude and OpenAI models' four prices, and writes them per
million tokens, exactly (decimal arithmetic), with a Claude model's one-hour cache-write price (2 x input). Missing prices: a Claude model's cache write is 1.25 x input and its
cache read 0.1 x input (Anthropic's published multipliers, and ccusage's defaults); an OpenAI model's cache write is 0
(OpenAI charges none) and its cache read, when absent, its input price.
"""
import json
import re
import sys
import zlib
from decimal import Decimal

MIT = """MIT License

Copyright (c) 2023 Berri AI

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE."""

OPENAI = re.compile(r"(^|/)(gpt-|o[1-9]($|-)|codex|chatgpt|computer-use)")


def snapshot(binary):
    b = open(binary, "rb").read()
    marker = b'{"'
    for i in range(len(b)):
        d = zlib.decompressobj(-15)
        try:
            head = d.decompress(b[i:i + 4096], 64)
        except zlib.error:
            continue
        if not head.startswith(marker):
            continue
        try:
            text = zlib.decompressobj(-15).decompress(b[i:i + 4_000_000])
            data = json.loads(text, parse_float=Decimal, parse_int=Decimal)
        except (zlib.error, ValueError):
            continue
        if isinstance(data, dict) and data and all(isinstance(v, dict) and "i" in v and "o" in v
                                                   for v in data.values()):
            return data
    sys.exit("no LiteLLM price snapshot found in " + binary)


def per_million(x):
    s = format((Decimal(x) * 1_000_000).normalize(), "f")
    return s if "." in s else s + ".0"


def main():
    binary, version, date = sys.argv[1:4]
    data = snapshot(binary)
    print("# Coroner's bundled model prices, US dollars per million tokens (docs/COST.md, \"Prices\").")
    print("# Source: LiteLLM's model_prices_and_context_window.json (https://github.com/BerriAI/litellm, MIT licence,")
    print("# Copyright (c) 2023 Berri AI), as the snapshot ccusage %s carries (npm package published %s)," % (version, date))
    print("# cut to the Claude and OpenAI models and their four prices by tools/prices_from_ccusage.py.")
    print("# A Claude model's one-hour cache writes (cache_write_1h) are 2 x input, as Anthropic bills them and ccusage")
    print("# prices them. Prices LiteLLM leaves out: a Claude model's cache write is 1.25 x input, its cache read 0.1 x input;")
    print("# an OpenAI model's cache write is 0, its cache read its input price. Long-context (above 200k) rates are")
    print("# not kept. Override any model with --prices FILE or the user's prices file, in this same shape.")
    print("#")
    print("# LiteLLM's licence for the data:")
    print("#")
    for line in MIT.split("\n"):
        print(("# " + line).rstrip())
    print()
    print("[source]")
    print('name = "LiteLLM model prices via ccusage %s"' % version)
    print('date = "%s"' % date)
    for model in sorted(data):
        claude = "claude" in model
        if not claude and not OPENAI.search(model):
            continue
        p = data[model]
        i, o = p["i"], p["o"]
        cc = p.get("cc", i * Decimal("1.25") if claude else Decimal(0))
        cr = p.get("cr", i * Decimal("0.1") if claude else i)
        print()
        print('[models.%s]' % json.dumps(model))
        print("input = %s" % per_million(i))
        print("output = %s" % per_million(o))
        print("cache_write = %s" % per_million(cc))
        print("cache_read = %s" % per_million(cr))
        if claude:
            print("cache_write_1h = %s" % per_million(i * 2))


if __name__ == "__main__":
    main()

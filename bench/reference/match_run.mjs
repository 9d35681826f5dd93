// seeds/004 match.js over transcripts: one JSON line per fenced block of an assistant's text, the job
// `coroner scripts --json` does.
//
// usage: node match_run.mjs REF_DIR PATH...
// REF_DIR holds match.js extracted from the seed (bench/README.md). Per file: every line is parsed; a turn
// starts at a user prompt (string content, or text blocks and no tool_result; not isMeta or
// isCompactSummary); a tool_use whose input holds a program (the first string among command, code, script,
// program, source) is a row of its turn, with its dispatch (1-based among the turn's calls) and, from its
// tool_result, its outcome and exit code. At the end of each turn every text block of its assistant records
// is read by the reference's readShownScripts against the turn's rows.
import { register } from 'node:module';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

register('./match-hooks.mjs', import.meta.url);

const PROGRAM_KEYS = ['command', 'code', 'script', 'program', 'source'];
const EXIT_CODE = /^(?:Error: )?Exit code (\d+)/;

function transcripts(paths) {
  const out = [];
  for (const path of paths) {
    if (!statSync(path).isDirectory()) {
      out.push(path);
      continue;
    }
    const found = [];
    const walk = (dir) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const p = join(dir, entry.name);
        if (entry.isDirectory()) walk(p);
        else if (entry.name.endsWith('.jsonl')) found.push(p);
      }
    };
    walk(path);
    found.sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b))); // byte-wise, as coroner orders them
    out.push(...found);
  }
  return out;
}

function isPrompt(record, content) {
  if (record.isMeta === true || record.isCompactSummary === true) return false;
  if (typeof content === 'string') return content.length > 0;
  if (!Array.isArray(content)) return false;
  const blocks = content.filter((b) => b !== null && typeof b === 'object');
  return blocks.some((b) => b.type === 'text') && !blocks.some((b) => b.type === 'tool_result');
}

function resultText(content) {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.filter((b) => b && typeof b.text === 'string').map((b) => b.text).join('\n');
}

function program(input) {
  if (input === null || typeof input !== 'object') return undefined;
  for (const key of PROGRAM_KEYS) if (typeof input[key] === 'string') return input[key];
  return undefined;
}

function judgeFile(path, readShownScripts, out) {
  const lines = readFileSync(path, 'utf8').split('\n');
  let turn = { rows: [], calls: 0, texts: [] };
  let earlier = 0;
  const rowsById = new Map();
  const flush = () => {
    let record = -1;
    let offset = 0;
    for (const { line, text } of turn.texts) {
      if (line !== record) { record = line; offset = 0; } // blocks are numbered 1.. across one record
      const { verdict } = readShownScripts(text, { current: turn.rows, earlier });
      for (const b of verdict.blocks) out.push(row(path, line, offset + b.block, b));
      for (let k = 1; k <= verdict.regionsDropped; k++) {
        out.push(row(path, line, offset + verdict.blocks.length + k, { label: 'unmatched', reason: 'kept-out' }));
      }
      offset += verdict.blocks.length + verdict.regionsDropped;
    }
    earlier += turn.rows.length;
    turn = { rows: [], calls: 0, texts: [] };
  };
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i].trim();
    if (raw === '') continue;
    let record;
    try { record = JSON.parse(raw); } catch { continue; }
    const message = record !== null && typeof record === 'object' ? record.message : undefined;
    if (message === null || typeof message !== 'object') continue;
    const content = message.content;
    if (message.role === 'user') {
      if (isPrompt(record, content)) flush();
      if (!Array.isArray(content)) continue;
      for (const b of content) {
        const r = b && b.type === 'tool_result' ? rowsById.get(b.tool_use_id) : undefined;
        if (r === undefined) continue;
        rowsById.delete(b.tool_use_id);
        r.outcome = b.is_error === true ? 'error' : 'ok';
        const m = EXIT_CODE.exec(resultText(b.content));
        if (m !== null) r.exitCode = Number(m[1]);
      }
    } else if (message.role === 'assistant' && Array.isArray(content)) {
      for (const b of content) {
        if (b === null || typeof b !== 'object') continue;
        if (b.type === 'tool_use') {
          turn.calls += 1;
          const text = program(b.input);
          if (text === undefined) continue;
          const r = { text, outcome: 'no-result', toolCallId: b.id, tool: b.name, dispatch: turn.calls };
          turn.rows.push(r);
          rowsById.set(b.id, r);
        } else if (b.type === 'text' && typeof b.text === 'string') {
          turn.texts.push({ line: i + 1, text: b.text });
        }
      }
    }
  }
  flush();
}

function row(path, line, block, b) {
  if (b.label === 'unmatched') return JSON.stringify({ path, line, block, label: b.label, reason: b.reason });
  return JSON.stringify({ path, line, block, label: b.label, tool_use_id: b.toolCallId, tool: b.tool,
    dispatch: b.dispatch, alsoMatches: b.alsoMatches, exitCode: b.exitCode });
}

const [refDir, ...paths] = process.argv.slice(2);
if (refDir === undefined || paths.length === 0) {
  console.error('usage: node match_run.mjs REF_DIR PATH...');
  process.exit(2);
}
const { readShownScripts } = await import(pathToFileURL(resolve(refDir, 'match.js')).href);
for (const path of transcripts(paths)) {
  const out = [];
  judgeFile(path, readShownScripts, out);
  if (out.length > 0) process.stdout.write(out.join('\n') + '\n');
}

// Stand-in for the reference's evidence/codeRegions.js, which the seed does not include: the CommonMark fenced
// code blocks of a text, each with its [start, end) span (fence lines included) and its content.
// Top-level fences only (no list or quote containers): ``` or ~~~, three or more, indented at most three
// spaces; a backtick fence's info string holds no backtick; the closing fence is the same character, at
// least as long, followed only by spaces or tabs; up to the opening fence's indentation is taken off each
// content line; the line ending before the closing fence is not content; an unclosed fence runs to the end.
export const MAX_CODE_REGIONS = 64;

const OPENING = /^( {0,3})(`{3,}|~{3,})(.*)$/;
const CLOSING = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;

/** The lines of `text`: [start, end of content, end with its terminator]. Terminators: \n, \r\n, \r. */
function* linesOf(text) {
  let start = 0;
  while (start < text.length) {
    let end = start;
    while (end < text.length && text[end] !== '\n' && text[end] !== '\r') end++;
    let next = end;
    if (text[next] === '\r' && text[next + 1] === '\n') next += 2;
    else if (next < text.length) next += 1;
    yield [start, end, next];
    start = next;
  }
}

function dedent(line, indent) {
  let cut = 0;
  while (cut < indent && line[cut] === ' ') cut++;
  return line.slice(cut);
}

export function codeRegionsOf(text) {
  const regions = [];
  let dropped = 0;
  let open = null;
  const close = (end, content) => {
    if (regions.length < MAX_CODE_REGIONS) {
      regions.push({ block: regions.length + 1, start: open.start, end, content });
    } else {
      dropped += 1;
    }
    open = null;
  };
  for (const [start, end, next] of linesOf(text)) {
    const line = text.slice(start, end);
    if (open === null) {
      const m = OPENING.exec(line);
      if (m !== null && !(m[2][0] === '`' && m[3].includes('`'))) {
        open = { start, fence: m[2], indent: m[1].length, parts: [] };
      }
      continue;
    }
    const c = CLOSING.exec(line);
    if (c !== null && c[1][0] === open.fence[0] && c[1].length >= open.fence.length) {
      close(next, open.parts.join('').replace(/(\r\n|\n|\r)$/, ''));
      continue;
    }
    open.parts.push(dedent(text.slice(start, next), open.indent));
  }
  if (open !== null) {
    close(text.length, open.parts.join(''));
  }
  return { regions, dropped };
}

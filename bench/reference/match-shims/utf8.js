// Stand-in for the reference's lib/utf8.js: the UTF-8 length of a string.
export function utf8Length(text) {
  return Buffer.byteLength(text, 'utf8');
}

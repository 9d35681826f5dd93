// Stand-in for the reference's scripts/label.js: the label vocabulary and which labels carry an exit code.
export const SCRIPT_LABELS = Object.freeze(['ok', 'error', 'no-result']);
export function exitCodeFits(label, exitCode) {
  return exitCode === undefined || (label !== 'no-result' && Number.isInteger(exitCode));
}

// Stand-in for the reference's scripts/rows.js: only the bound match.js imports (DESIGN §5: 65,536 bytes).
export const MAX_SCRIPT_BYTES = 65536;

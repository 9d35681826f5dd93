// Module hooks for match_run.mjs. seeds/004's match.js is one file of a larger package: it imports four
// siblings the seed does not contain. These hooks hand it our stand-ins (match-shims/) for exactly those
// four specifiers, and load match.js itself as an ES module (it sits in a folder with no package.json).
const SHIMS = {
  '../evidence/codeRegions.js': 'codeRegions.js',
  '../../../lib/utf8.js': 'utf8.js',
  './label.js': 'label.js',
  './rows.js': 'rows.js',
};

export async function resolve(specifier, context, nextResolve) {
  const shim = SHIMS[specifier];
  if (shim !== undefined && context.parentURL !== undefined && context.parentURL.endsWith('/match.js')) {
    return { url: new URL(`./match-shims/${shim}`, import.meta.url).href, shortCircuit: true };
  }
  return nextResolve(specifier, context);
}

export async function load(url, context, nextLoad) {
  if (url.endsWith('/match.js') || url.includes('/match-shims/')) {
    return nextLoad(url, { ...context, format: 'module' });
  }
  return nextLoad(url, context);
}

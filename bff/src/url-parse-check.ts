import { parse } from 'node:url';

/**
 * Apollo's Express integration (`@as-integrations/express5` 1.1.2, the current release) reads each
 * request's query string with Node's legacy `url.parse()`. Since Node 22, `url.parse()` decides on
 * every call whether to print its one-time deprecation warning (DEP0169) by walking the stack to
 * see whether the caller is inside node_modules — and a caller inside node_modules never stops that
 * walk. On Node 24 that was 5 µs per call in isolation and ~7 % of the BFF's CPU under load
 * (`{ me }`, 2026-11-28, `--cpu-prof`: `urlParse` the largest single function).
 *
 * The check stops once the warning has been given. Called once here, from our own code, with
 * deprecation warnings off for that one call: the warning is not printed (we do not call
 * `url.parse()` ourselves; eslint refuses it), and every later call skips the walk. Harmless where
 * Node behaves otherwise: one parse of '/'.
 */
export function skipUrlParseDeprecationCheck(): void {
  const before = process.noDeprecation;
  process.noDeprecation = true;
  try {
    parse('/');
  } finally {
    process.noDeprecation = before;
  }
}

#!/usr/bin/env node
// The image's HEALTHCHECK, for whichever process the container runs (one image for api and bff):
// healthy when the BFF (PORT, default 4000) or the api (API_PORT, default 4001) answers its
// liveness endpoint on loopback — /livez, else /healthz — with 200 and not the SPA's HTML.
// HEALTHCHECK_URL overrides both.
/* global AbortSignal */
const ports = [process.env.PORT || 4000, process.env.API_PORT || 4001];
const urls = process.env.HEALTHCHECK_URL
  ? [process.env.HEALTHCHECK_URL]
  : ports.flatMap((port) => [`http://127.0.0.1:${port}/livez`, `http://127.0.0.1:${port}/healthz`]);

const alive = async (url) => {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(3_000) });
    return res.ok && !(res.headers.get('content-type') ?? '').includes('text/html');
  } catch {
    return false;
  }
};

const results = await Promise.all(urls.map(alive));
process.exit(results.some(Boolean) ? 0 : 1);

#!/usr/bin/env node
// The image's HEALTHCHECK, for whichever process the container runs (one image for api and bff):
// healthy when the liveness endpoint of the BFF (PORT, default 4000) or of the api (API_PORT,
// default 4001) answers 200 on loopback. HEALTHCHECK_URL overrides both.
/* global AbortSignal */
const urls = process.env.HEALTHCHECK_URL
  ? [process.env.HEALTHCHECK_URL]
  : [`http://127.0.0.1:${process.env.PORT || 4000}/livez`, `http://127.0.0.1:${process.env.API_PORT || 4001}/livez`];

const ok = async (url) => {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(3_000) });
    return res.ok;
  } catch {
    return false;
  }
};

const results = await Promise.all(urls.map(ok));
process.exit(results.some(Boolean) ? 0 : 1);

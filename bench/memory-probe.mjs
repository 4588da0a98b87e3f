// Loaded into the BFF by bench/memory.ts (`--import`): appends process.memoryUsage() to
// MEMORY_PROBE_FILE every 500 ms, and after a full GC on SIGUSR2 (needs --expose-gc).
import { appendFileSync } from 'node:fs';
import { setInterval } from 'node:timers';

const file = process.env.MEMORY_PROBE_FILE;
if (file) {
  const write = (afterGc = false) =>
    appendFileSync(file, `${JSON.stringify({ t: Date.now(), ...process.memoryUsage(), afterGc })}\n`);
  setInterval(write, 500).unref();
  process.on('SIGUSR2', () => {
    globalThis.gc?.();
    write(true);
  });
}

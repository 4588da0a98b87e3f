interface ZodGlobal {
  __zod_globalConfig?: { jitless?: boolean };
}

/**
 * zod probes for `new Function` on its first parse; the Content-Security-Policy (no
 * 'unsafe-eval') refuses it and Chromium logs a violation. Without the JIT zod is as correct.
 * zod keeps its settings in this global (and adopts one that exists before it loads), so setting
 * it here keeps zod itself out of the first page's script: only the forms that parse load it.
 */
export function turnOffZodJit(): void {
  const g = globalThis as ZodGlobal;
  (g.__zod_globalConfig ??= {}).jitless = true;
}

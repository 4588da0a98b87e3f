import { describe, expect, it } from 'vitest';
import { LOG_REDACT_PATHS, maskPath, PERSONAL_LOG_KEYS, SAFE_REQUEST_ID, scrubText } from '../src/log-privacy.js';

describe('maskPath: what of a request path may reach a log line or a metric label', () => {
  it.each([
    ['/', '/'],
    ['/graphql', '/graphql'],
    ['/plazas/12', '/plazas/:x'],
    ['/PerfilCandidato/archivo/2345678901234', '/PerfilCandidato/archivo/:x'],
    ['/internal/api-tokens/verificar/' + 'a'.repeat(64), '/internal/api-tokens/verificar/:x'],
    ['/internal/archivos/postulantes/7f3e-41aa/Juan_Perez_CV.pdf', '/internal/archivos/postulantes/:x/:x.pdf'],
    ['/perfil/documentos/eyJhbGciOi.J9', '/perfil/documentos/:x.j9'],
    ['/ana.lopez@example.com', '/:x.com'],
    ['/ana.lopez%40example.com/x', '/:x.com/x'],
    ['/x.js', '/:x.js'],
    ['/.env', '/:x.env'],
    ['/vacantes/5/postular?dpi=2345678901234&email=a@b.c', '/vacantes/:x/postular'],
    ['/a/b/c/d/e/f/g/h/i/j', '/a/b/c/d/e/f/g/h/…'],
  ])('%s → %s', (path, masked) => {
    expect(maskPath(path)).toBe(masked);
  });
});

describe('scrubText: unexpected errors lose e-mails and digit runs', () => {
  it('replaces e-mails, DPIs and phone numbers, keeps short numbers', () => {
    expect(scrubText('duplicate key (cui)=(2345678901234) for ana.lopez@example.com, tel +502 5555-1234, 3 rows')).toBe(
      'duplicate key (cui)=(<número>) for <correo>, tel <número>, 3 rows',
    );
  });
});

describe('the redaction list', () => {
  it('covers every key at the top and one level down, and the headers that carry secrets', () => {
    for (const k of ['dpi', 'email', 'telefono', 'nombre', 'password', 'token', 'cookie', 'filename'])
      expect(PERSONAL_LOG_KEYS).toContain(k);
    expect(LOG_REDACT_PATHS).toContain('*.dpi');
    expect(LOG_REDACT_PATHS).toContain('*["set-cookie"]');
    expect(LOG_REDACT_PATHS).toContain('req.headers.cookie');
    expect(LOG_REDACT_PATHS).toContain('req.headers.authorization');
  });
});

describe('SAFE_REQUEST_ID', () => {
  it('keeps plain short ids and refuses anything that could break a log line', () => {
    expect(SAFE_REQUEST_ID.test('5f0c2a4e-8d1b-4c61-9a7e-0b1c2d3e4f50')).toBe(true);
    expect(SAFE_REQUEST_ID.test('bff-1234.abc')).toBe(true);
    for (const bad of ['', 'a b', 'a\nb', '<script>', 'x'.repeat(65)]) expect(SAFE_REQUEST_ID.test(bad)).toBe(false);
  });
});

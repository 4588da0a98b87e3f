import { describe, expect, it } from 'vitest';
import { applicationPath, isApplicationPath } from './paths';

describe('isApplicationPath (main.tsx starts loading the form’s rules on these)', () => {
  it('knows a vacancy’s application link, and nothing else', () => {
    expect(isApplicationPath(applicationPath('12'))).toBe(true);
    expect(isApplicationPath('/vacantes/12/postular/')).toBe(true);
    for (const other of ['/', '/vacantes', '/vacantes/12', '/vacantes//postular', '/panel/vacantes/12/postular'])
      expect(isApplicationPath(other)).toBe(false);
  });
});

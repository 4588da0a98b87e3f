import { describe, expect, it } from 'vitest';
import { normaliseCandidateProfile, normaliseMyApplication } from '../src/normalise/candidate-profile.js';

describe('normaliseMyApplication reads GET /mis-postulaciones in the spellings of spec 1 §3 and spec 3 §4.1', () => {
  it('reads the legacy state spellings through the domain, and the state last seen only when it differs', () => {
    const states = ['En Revisión', 'pruebas tecnicas', 'en entrevista', 'induccion', 'Contratado', 'rechazado'].map(
      (estadoPostulante) => normaliseMyApplication({ id: 1, estadoPostulante, plazasAplicadas: [] })?.state,
    );
    expect(states).toEqual(['en seguimiento', 'en seguimiento', 'entrevista', 'inducción', 'contratado', 'rechazado']);
    expect(normaliseMyApplication({ id: 1, estadoPostulante: 'en revision', estadoVisto: 'postulado' })).toMatchObject({
      state: 'en seguimiento',
      previousState: 'postulado',
    });
    expect(
      normaliseMyApplication({ id: 1, estadoPostulante: 'en revision', estadoVisto: 'pruebas tecnicas' }),
    ).toMatchObject({ state: 'en seguimiento', previousState: null });
  });

  it('takes postulado when no state is written (the default), and no state for a value it does not know', () => {
    expect(normaliseMyApplication({ id: 1 })?.state).toBe('postulado');
    expect(normaliseMyApplication({ id: 1, estadoPostulante: '  ' })?.state).toBe('postulado');
    // Spec 1 §4 'any other': the card then says 'GTH se contactará contigo próximamente.', not postulado's message.
    expect(
      normaliseMyApplication({ id: 1, estadoPostulante: 'en espera de plaza', estadoVisto: 'postulado' }),
    ).toMatchObject({ state: null, previousState: null });
  });

  it('reads the application date from fechaAplicacion, then fechaRegistro or fecha_aplicacion', () => {
    const dateOf = (raw: Record<string, unknown>) => normaliseMyApplication({ id: 1, ...raw })?.appliedAt;
    expect(dateOf({ plazasAplicadas: [{ fechaAplicacion: '2026-11-02T15:00:00Z' }] })).toBe('2026-11-02T15:00:00Z');
    expect(dateOf({ plazasAplicadas: [{}], fechaRegistro: '2026-10-01' })).toBe('2026-10-01');
    expect(dateOf({ plazasAplicadas: [{}], fecha_aplicacion: '01/09/2026' })).toBe('01/09/2026');
    expect(dateOf({ plazasAplicadas: [] })).toBeNull();
  });

  it('reads the vacancy, branch and place of plazasAplicadas[0], and drops a row without id', () => {
    expect(
      normaliseMyApplication({
        idPostulante: '9',
        estado: 'postulado',
        plazasAplicadas: [{ idPlaza: 4, nombrePlaza: ' Enfermera ', sede: 2, lugar: '0101:01' }],
      }),
    ).toMatchObject({
      id: '9',
      vacancyId: '4',
      vacancyName: 'Enfermera',
      branchId: '2',
      branchName: null,
      place: '0101:01',
    });
    expect(normaliseMyApplication({ estadoPostulante: 'postulado' })).toBeNull();
  });
});

describe('normaliseCandidateProfile reads GET /PerfilCandidato/profile (spec 1 §3)', () => {
  it('reads snake_case and camelCase, JSON-text lists, and file ids without file rows', () => {
    const p = normaliseCandidateProfile(
      {
        primerNombre: 'Ana',
        primer_apellido: 'López',
        email: 'ANA@Example.com',
        telefono: 55551234,
        fechaNacimiento: '12/04/1995',
        direccion_completa: '3a calle 4-10 zona 1, Cobán',
        perfil_completado: 'True',
        curriculum_id: 17,
        experiencias_json: JSON.stringify([
          { Empresa: 'Clínica', Puesto: 'Enfermera', Desde: '2018-01-01', Hasta: '2019-12-31', Descripcion: 'A' },
        ]),
        referidos_personales_json: [{ RefNp: 'Rosa', RefTp: '41112222' }],
        referidosLJson: '[{"RefNl":"Pedro","RefTl":"42223333"}]',
      },
      '5',
    );
    expect(p).toMatchObject({
      userId: '5',
      fullName: 'Ana López',
      email: 'ana@example.com',
      phone: '55551234',
      birthDate: '1995-04-12',
      complete: true,
      photo: null,
      curriculum: { id: '17', kind: 'CURRICULUM', url: '/files/candidatos/perfil/17' },
      experiences: [{ company: 'Clínica', position: 'Enfermera', from: '2018-01-01', to: '2019-12-31' }],
      personalReferences: [{ name: 'Rosa', phone: '41112222' }],
      workReferences: [{ name: 'Pedro', phone: '42223333' }],
    });
    expect(normaliseCandidateProfile({ primer_nombre: 'Sin correo' }, '5')).toBeNull();
  });
});

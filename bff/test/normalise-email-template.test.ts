import { describe, expect, it } from 'vitest';
import {
  normaliseEmailTemplateAnswer,
  normaliseEmailTemplatePreview,
  normaliseEmailTemplates,
  normaliseEmailTemplateVersions,
} from '../src/normalise/email-template.js';

/** The api's answers about e-mail templates (issue 24), as the api sends them. */
describe('e-mail template normalisers', () => {
  const plantilla = {
    clave: 'estado-rechazado',
    nombre: 'Estado: Rechazado',
    descripcion: 'Aviso al candidato',
    titulo: 'Gracias por tu interés',
    marcadores: [
      { nombre: 'nombre', descripcion: 'Nombre del candidato', ejemplo: 'Ana López', tipo: 'texto' },
      { nombre: 'enlace_vacantes', descripcion: 'Vacantes', ejemplo: 'https://x.gt/vacantes', tipo: 'enlace' },
      { nombre: 'seguimiento', descripcion: 'Párrafo', ejemplo: 'Línea\notra', tipo: 'bloque' },
      { descripcion: 'sin nombre' },
    ],
    asunto: 'Resultado: {{vacante}}',
    cuerpo: 'Hola, {{nombre}}:\n\n   Sangría conservada\n',
    predeterminada: false,
    versionId: 7,
    motivoPredeterminado: 'Falta el marcador {{enlace_vacantes}}.',
    actualizadoEn: '2026-11-27T15:04:00.000Z',
    actualizadoPor: 'Lucía Admin',
  };

  it('reads templates keeping the subject and body exactly as written', () => {
    expect(normaliseEmailTemplates({ plantillas: [plantilla, { nombre: 'sin clave' }] })).toEqual([
      {
        key: 'estado-rechazado',
        name: 'Estado: Rechazado',
        description: 'Aviso al candidato',
        heading: 'Gracias por tu interés',
        placeholders: [
          { name: 'nombre', description: 'Nombre del candidato', sample: 'Ana López', kind: 'TEXT' },
          { name: 'enlace_vacantes', description: 'Vacantes', sample: 'https://x.gt/vacantes', kind: 'LINK' },
          { name: 'seguimiento', description: 'Párrafo', sample: 'Línea\notra', kind: 'BLOCK' },
        ],
        subject: 'Resultado: {{vacante}}',
        body: 'Hola, {{nombre}}:\n\n   Sangría conservada\n',
        isDefault: false,
        versionId: '7',
        replacedByDefault: 'Falta el marcador {{enlace_vacantes}}.',
        updatedAt: '2026-11-27T15:04:00.000Z',
        updatedBy: 'Lucía Admin',
      },
    ]);
    // Never edited: no version, the default.
    expect(
      normaliseEmailTemplateAnswer({
        plantillaCorreo: {
          clave: 'x',
          predeterminada: true,
          versionId: null,
          actualizadoEn: null,
          actualizadoPor: null,
        },
      }),
    ).toMatchObject({
      key: 'x',
      isDefault: true,
      versionId: null,
      replacedByDefault: null,
      updatedAt: null,
      updatedBy: null,
    });
  });

  it('reads versions and their actions, dropping unknown ones', () => {
    expect(
      normaliseEmailTemplateVersions({
        versiones: [
          {
            id: 9,
            clave: 'estado-rechazado',
            asunto: 'A',
            cuerpo: 'B',
            accion: 'restaurada',
            predeterminada: false,
            restauradaDe: 7,
            usuarioId: 1,
            usuarioNombre: 'Lucía Admin',
            creadoEn: '2026-11-27T15:05:00.000Z',
            actual: true,
          },
          {
            id: 8,
            accion: 'restablecida',
            predeterminada: true,
            asunto: 'D',
            cuerpo: 'E',
            creadoEn: 'x',
            actual: false,
          },
          { id: 6, accion: 'borrada' },
        ],
      }),
    ).toEqual([
      {
        id: '9',
        action: 'RESTORED',
        subject: 'A',
        body: 'B',
        isDefault: false,
        restoredFrom: '7',
        createdBy: 'Lucía Admin',
        createdAt: '2026-11-27T15:05:00.000Z',
        current: true,
      },
      {
        id: '8',
        action: 'RESET',
        subject: 'D',
        body: 'E',
        isDefault: true,
        restoredFrom: null,
        createdBy: null,
        createdAt: 'x',
        current: false,
      },
    ]);
  });

  it('reads a preview; none without its HTML part', () => {
    expect(normaliseEmailTemplatePreview({ asunto: 'S', html: '<p>x</p>', texto: 'x\n\ny' })).toEqual({
      subject: 'S',
      html: '<p>x</p>',
      text: 'x\n\ny',
    });
    expect(normaliseEmailTemplatePreview({ asunto: 'S' })).toBeNull();
  });
});

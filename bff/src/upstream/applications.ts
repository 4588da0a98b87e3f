import {
  asConflict,
  normaliseApplicationReceipt,
  normaliseDuplicateCheck,
  type Conflict,
  type DuplicateCheck,
} from '../normalise/application.js';
import { failure, type Failure } from './failure.js';
import type { Upstream } from './http.js';
import { FormData } from 'undici';
import { stagedQuery, type StagedFile } from './files.js';

/** The application in the BFF's words; the client writes the spec's multipart field names. */
export interface ApplicationDto {
  vacancyId: string;
  vacancyName: string;
  name: string;
  dpi: string;
  address: string;
  phone: string;
  email: string;
  maritalStatus: string;
  age: number;
  educationLevel: string;
  studying: boolean;
  available: boolean;
  salaryClaim: string;
  negotiable: boolean;
  experiences: { company: string; position: string; from: string; to: string; description: string }[];
  personalReferences: { name: string; phone: string }[];
  workReferences: { name: string; phone: string }[];
  /** The registered candidate applying (from the session), or null for a guest. */
  userId: string | null;
}

export type ApplicationFileSlot = 'photo' | 'curriculum' | 'dpiScan' | 'policeRecord' | 'criminalRecord';

export type SubmitResult =
  | { ok: true; id: string; message: string | null }
  | { ok: false; kind: 'duplicate'; conflict: Conflict; message: string | null }
  | { ok: false; kind: 'closed'; message: string | null }
  | { ok: false; kind: 'invalid'; message: string | null; fields: { path: string; message: string }[] }
  | { ok: false; kind: 'failed'; failure: Failure };

const FILE_PART: Record<ApplicationFileSlot, string> = {
  photo: 'FileFotografia',
  curriculum: 'Curriculum',
  dpiScan: 'CartaDePresentacion',
  policeRecord: 'Policiales',
  criminalRecord: 'Penales',
};

const flag = (b: boolean) => (b ? 'true' : 'false');

/** Postulaciones (spec 1 §7: GET /postulantes/validar, POST /guardar/Postulante). */
export class ApplicationsClient {
  constructor(private readonly http: Upstream) {}

  /** The duplicate check; dpi digits only, e-mail lower-case (spec 1 §7). */
  async check(q: { vacancyId: string; dpi: string; email: string; userId: string | null }): Promise<DuplicateCheck> {
    const raw = await this.http.read('/postulantes/validar', {
      query: {
        vacanteId: q.vacancyId,
        dpi: q.dpi.replace(/\D/g, ''),
        email: q.email.trim().toLowerCase(),
        esRegistrado: q.userId ? 1 : 0,
        usuarioId: q.userId ?? undefined,
      },
      timeoutMs: 10_000,
    });
    return normaliseDuplicateCheck(raw);
  }

  /** Sends the application; its files were staged in the api when they were dropped, so only their ids go. */
  async submit(a: ApplicationDto, files: Partial<Record<ApplicationFileSlot, StagedFile>>): Promise<SubmitResult> {
    const form: [string, string][] = [
      ['InputNombre', a.name],
      ['InputCui', a.dpi],
      ['InputEdad', String(a.age)],
      ['InputEmail', a.email],
      ['Pretension', a.salaryClaim],
      ['InputTelefono', a.phone],
      ['InputDireccion', a.address],
      ['InputEstadocivil', a.maritalStatus],
      ['SlcNivel', a.educationLevel],
      ['SlcEstudiando', flag(a.studying)],
      ['SlcPnegociable', flag(a.negotiable)],
      ['SlcDisponibilidad', flag(a.available)],
      [
        'ExperienciasJson',
        JSON.stringify(
          a.experiences.map((e) => ({
            Empresa: e.company,
            Puesto: e.position,
            Desde: e.from,
            Hasta: e.to,
            Descripcion: e.description,
          })),
        ),
      ],
      ['ReferidosPJson', JSON.stringify(a.personalReferences.map((r) => ({ RefNp: r.name, RefTp: r.phone, tipo: 1 })))],
      ['ReferidosLJson', JSON.stringify(a.workReferences.map((r) => ({ RefNl: r.name, RefTl: r.phone, tipo: 2 })))],
      ['VacanteId', a.vacancyId],
      ['VacanteNombre', a.vacancyName],
      ['EsUsuarioRegistrado', flag(a.userId !== null)],
    ];
    if (a.userId !== null) form.push(['UsuarioCandidatoId', a.userId]);
    form.push(['EstadoPostulante', 'postulado']);
    const body = new FormData();
    for (const [name, value] of form) body.append(name, value);
    const r = await this.http.send('/guardar/Postulante', {
      method: 'POST',
      query: stagedQuery(Object.entries(files).map(([slot, f]) => [FILE_PART[slot as ApplicationFileSlot], f])),
      form: body,
      timeoutMs: 60_000,
    });
    if (!r.ok) return refused(r.failure);
    const receipt = normaliseApplicationReceipt(r.value);
    // The spec: 'if not parseable, a fallback success is assumed' — but without an id we cannot tell.
    if (!receipt.id) return { ok: false, kind: 'failed', failure: failure('unconfirmed') };
    return { ok: true, id: receipt.id, message: receipt.message };
  }
}

function refused(f: Failure): SubmitResult {
  if (f.kind === 'conflict') {
    const conflict = asConflict(f.code);
    if (conflict) return { ok: false, kind: 'duplicate', conflict, message: f.message };
    return { ok: false, kind: 'closed', message: f.message };
  }
  if (f.kind === 'invalid') return { ok: false, kind: 'invalid', message: f.message, fields: f.fields ?? [] };
  return { ok: false, kind: 'failed', failure: f };
}

import { ROLE, ROLE_LABEL } from '@bolsa/domain';
import { sql } from 'kysely';
import { hashPassword } from '../passwords.js';
import type { Db } from '../db/database.js';

/** The password of every demo account (printed on start outside production). */
export const DEMO_PASSWORD = 'Demo2026!';

/** One staff account per role; the e-mail is `<local>@<ORG_EMAIL_DOMAIN>`. */
export const DEMO_STAFF = [
  { local: 'admin', nombre: 'Administrador Demo', idrol: ROLE.ADMIN },
  { local: 'gestor', nombre: 'Gestor Demo', idrol: ROLE.MANAGER },
  { local: 'visualizador', nombre: 'Visualizador Demo', idrol: ROLE.VIEWER },
] as const;

export const DEMO_CANDIDATES = [
  {
    primer_nombre: 'Ana',
    segundo_nombre: 'Lucía',
    primer_apellido: 'López',
    segundo_apellido: 'García',
    email: 'ana.lopez@example.com',
    dpi: '1587564440904',
    como_se_entero: 'redes_sociales',
  },
  {
    primer_nombre: 'Carlos',
    segundo_nombre: 'Enrique',
    primer_apellido: 'Pérez',
    segundo_apellido: 'Morales',
    email: 'carlos.perez@example.com',
    dpi: '1580352240101',
    como_se_entero: 'referencia_amigo',
  },
] as const;

/**
 * Someone who applied twice as a guest and has no account yet: registering with this e-mail and
 * CUI links both applications ('Vinculamos 2 postulación(es) previas a tu perfil'). The CUI's
 * check digit (9th) is computed by the domain rule: 2476459 6 6 0101, municipality Guatemala.
 */
export const DEMO_GUEST = {
  nombre: 'María Fernanda Choc Caal',
  email: 'maria.choc@example.com',
  cui: '2476459660101',
  telefono: '55123478',
} as const;

export interface DemoAccountsResult {
  staff: number;
  candidates: number;
  guestApplications: number;
}

export async function hasNoAccounts(db: Db): Promise<boolean> {
  const { n } = await db
    .selectFrom('usuarios')
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  const { m } = await db
    .selectFrom('usuarios_candidatos')
    .select(sql<number>`count(*)::int`.as('m'))
    .executeTakeFirstOrThrow();
  return n === 0 && m === 0;
}

/**
 * Demo staff (one per role) and candidates sharing DEMO_PASSWORD, two guest applications of
 * DEMO_GUEST, and the admin and the gestor as publisher and editor of the demo vacancies.
 * All rows are marked es_demo.
 */
export async function seedDemoAccounts(db: Db, orgEmailDomain: string): Promise<DemoAccountsResult> {
  // One argon2id hash (~80 ms) shared by every demo account keeps the seed fast.
  const claveHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction().execute(async (trx) => {
    const staff = await trx
      .insertInto('usuarios')
      .values(
        DEMO_STAFF.map((s) => ({
          nombre: s.nombre,
          usuario: `${s.local}@${orgEmailDomain}`,
          clave_hash: claveHash,
          idrol: s.idrol,
          es_demo: true,
        })),
      )
      .returning(['id', 'idrol'])
      .execute();
    const idOf = (role: number) => staff.find((s) => s.idrol === role)!.id;

    await trx
      .insertInto('usuarios_candidatos')
      .values(DEMO_CANDIDATES.map((c) => ({ ...c, clave_hash: claveHash, es_demo: true })))
      .execute();

    await trx
      .updateTable('plazas')
      .set({ publicado_por: idOf(ROLE.ADMIN), actualizado_por: idOf(ROLE.MANAGER) })
      .where('es_demo', '=', true)
      .where('publicado_por', 'is', null)
      .execute();

    const open = await trx
      .selectFrom('plazas')
      .select('id')
      .where('es_demo', '=', true)
      .where('status', '=', '1')
      .orderBy('id')
      .limit(2)
      .execute();
    const guest = await trx
      .insertInto('postulantes')
      .values(
        [0, 1].map((i) => ({
          plaza_id: open[i]?.id ?? null,
          nombre: DEMO_GUEST.nombre,
          cui: DEMO_GUEST.cui,
          email: DEMO_GUEST.email,
          telefono: DEMO_GUEST.telefono,
          estado: i === 0 ? 'postulado' : 'en seguimiento',
          es_demo: true,
        })),
      )
      .returning('id')
      .execute();

    return { staff: staff.length, candidates: DEMO_CANDIDATES.length, guestApplications: guest.length };
  });
}

export interface DemoAccountList {
  staff: { rol: string; usuario: string }[];
  candidates: string[];
}

/** The demo accounts still present, for the log-in hint printed on start (never in production). */
export async function listDemoAccounts(db: Db): Promise<DemoAccountList> {
  const staff = await db
    .selectFrom('usuarios')
    .select(['usuario', 'idrol'])
    .where('es_demo', '=', true)
    .orderBy('idrol')
    .orderBy('id')
    .execute();
  const candidates = await db
    .selectFrom('usuarios_candidatos')
    .select('email')
    .where('es_demo', '=', true)
    .orderBy('id')
    .execute();
  return {
    staff: staff.map((s) => ({ rol: ROLE_LABEL[s.idrol as 1 | 2 | 3] ?? String(s.idrol), usuario: s.usuario })),
    candidates: candidates.map((c) => c.email),
  };
}

/** The block index.ts prints; empty when there are no demo accounts. */
export function formatDemoAccounts(list: DemoAccountList): string {
  if (list.staff.length === 0 && list.candidates.length === 0) return '';
  const lines = [`  Cuentas de demostración (contraseña ${DEMO_PASSWORD}):`];
  for (const s of list.staff) lines.push(`    ${s.rol.padEnd(15)}${s.usuario}`);
  if (list.candidates.length > 0) lines.push(`    ${'Candidatos'.padEnd(15)}${list.candidates.join(', ')}`);
  return lines.join('\n');
}

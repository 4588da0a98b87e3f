// `npm run create-admin`: the first administrator of a production install, which has no demo
// accounts (SEED_DEMO is off in production). Also resets a locked-out administrator's password:
// an existing account with that e-mail gets the new password, role Administrador and active status.
//
//   ADMIN_EMAIL=ana@org.gt ADMIN_NAME='Ana Pérez' npm run create-admin      # password typed (hidden)
//   printf '%s\n' "$PASSWORD" | ADMIN_EMAIL=ana@org.gt npm run create-admin  # password on stdin
//   ADMIN_PASSWORD=… npm run create-admin                                    # password in the environment
//
// ADMIN_EMAIL defaults to the first of ADMIN_USERNAMES (the BFF's fixed administrators), else
// admin@ORG_EMAIL_DOMAIN. The database is the api's: DATABASE_URL, else PGlite in DATA_DIR (stop
// the api first: PGlite opens one process at a time). The password is never printed or logged.
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { staffUserSchema } from '@bolsa/domain';
import { loadConfig } from '../config.js';
import { configuredTarget, createDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { upsertAdministrator } from '../users/index.js';

const EX_USAGE = 64;

async function readPassword(): Promise<string> {
  const fromEnv = process.env.ADMIN_PASSWORD;
  if (fromEnv) return fromEnv;
  const tty = process.stdin.isTTY === true;
  let muted = false;
  // On a terminal the prompt is written and what is typed is not echoed.
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stderr.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output: tty ? output : undefined, terminal: tty });
  if (tty) {
    process.stderr.write('Contraseña del administrador: ');
    muted = true;
  }
  const line = await new Promise<string>((resolve) => {
    rl.once('line', resolve);
    rl.once('close', () => resolve(''));
  });
  rl.close();
  if (tty) process.stderr.write('\n');
  return line;
}

async function main(): Promise<number> {
  const config = loadConfig();
  const domain = config.ORG_EMAIL_DOMAIN;
  const email =
    process.env.ADMIN_EMAIL?.trim() || process.env.ADMIN_USERNAMES?.split(',')[0]?.trim() || `admin@${domain}`;
  const name = process.env.ADMIN_NAME?.trim() || 'Administrador';
  const password = await readPassword();
  const parsed = staffUserSchema(domain, 'create').safeParse({ name, email, role: 'ADMIN', password });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) console.error(`${issue.path.join('.') || 'entrada'}: ${issue.message}`);
    return EX_USAGE;
  }
  const db = await createDatabase(configuredTarget(config));
  try {
    await migrateToLatest(db);
    const { id, created } = await upsertAdministrator(
      db,
      { nombre: parsed.data.name, usuario: parsed.data.email },
      parsed.data.password,
    );
    console.log(
      created
        ? `Administrador creado (id ${id}). Inicie sesión en /reclutadores/login con ese correo.`
        : `El usuario ya existía (id ${id}): ahora es Administrador, está activo y tiene la nueva contraseña.`,
    );
    return 0;
  } finally {
    await db.destroy();
  }
}

try {
  process.exitCode = await main();
} catch (err) {
  console.error(`No se pudo crear el administrador: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
}

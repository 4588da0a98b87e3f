import { loadConfig, requestLogEnabled } from './config.js';
import { formatDemoAccounts, listDemoAccounts } from './demo/index.js';
import { startApi } from './server.js';

// API_LOG decides in production as in development (issue 13); startApi's own default is quiet for tests.
const api = await startApi({ log: requestLogEnabled(loadConfig()) });
console.log(`API de Bolsa de Trabajo escuchando en ${api.url}`);

// The one place e-mails are printed on purpose: the demo log-ins, never in production.
if (loadConfig().NODE_ENV !== 'production') {
  const block = formatDemoAccounts(await listDemoAccounts(api.db));
  if (block) console.log(`\n${block}\n`);
  // npm start runs an embedded mail catcher when SMTP_URL is unset: every e-mail sent is read there.
  const inbox = process.env.MAIL_INBOX_URL?.trim();
  if (inbox) console.log(`Correo de prueba (bandeja web con cada correo enviado): ${inbox}\n`);
}

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: cerrando el API…`);
  try {
    await api.close();
    process.exit(0);
  } catch (err) {
    console.error('Error al cerrar el API', err instanceof Error ? err.name : typeof err);
    process.exit(1);
  }
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

import { startApi } from './server.js';

const api = await startApi({ log: true });
console.log(`API de Bolsa de Trabajo escuchando en ${api.url}`);

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

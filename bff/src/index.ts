import { createServer as createHttpServer } from 'node:http';
import { ConfigError, loadConfig, type Config } from './config.js';
import { createServer } from './server.js';

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  // An operator's mistake gets a message, not a stack trace.
  if (!(err instanceof ConfigError) && !(err instanceof Error && err.message.startsWith('Falta el token'))) throw err;
  console.error(`[bff] ${err.message}`);
  process.exit(78); // EX_CONFIG: a supervisor should not restart into the same mistake
}
const { handler, close } = await createServer(config);
const server = createHttpServer(handler).listen(config.port, config.host, () => {
  console.log(`[bff] escuchando en http://${config.host}:${config.port} (api: ${config.apiUrl})`);
});
server.keepAliveTimeout = 65_000;

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close();
    void close().finally(() => process.exit(0));
  });
}

import { loadConfig } from './config.js';
import { createServer } from './server.js';

const config = loadConfig();
const { app, close } = await createServer(config);
const server = app.listen(config.port, config.host, () => {
  console.log(`[bff] escuchando en http://${config.host}:${config.port} (api: ${config.apiUrl})`);
});
server.keepAliveTimeout = 65_000;

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close();
    void close().finally(() => process.exit(0));
  });
}

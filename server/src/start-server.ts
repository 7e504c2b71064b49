import { existsSync } from 'node:fs';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';

/** Starts the server and stops it cleanly on a signal (main.ts has set the mode first). */
export async function startServer(dev: boolean): Promise<void> {
  // Settings may come from a local .env file; the real environment wins.
  if (existsSync('.env')) process.loadEnvFile('.env');
  let loaded;
  try {
    loaded = loadConfig(process.env, { dev });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const { config, warnings } = loaded;
  const app = await buildApp(config);
  for (const warning of warnings) app.log.warn(warning);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // A stuck request must not keep the process alive forever.
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const database = config.databaseUrl ? 'PostgreSQL' : 'embedded database';
  app.log.info(
    { mode: process.env.NODE_ENV, pid: process.pid },
    `Site ready at ${config.publicUrl} (${database}). Stop it with Ctrl-C or: kill ${process.pid}`,
  );
}

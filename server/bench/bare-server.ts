import Fastify from 'fastify';

/**
 * The benchmark's baseline (`npm run bench`): bare Fastify, no plugins, no logger, one route answering about 2 KB
 * of JSON, serialised on every request as the app's own JSON replies are. Run as its own process by run.ts:
 * `node --import tsx server/bench/bare-server.ts` with PORT set.
 */
export const BARE_PATH = '/bare';

function payload(bytes: number) {
  const items: { id: number; title: string; summary: string }[] = [];
  while (JSON.stringify({ items }).length < bytes) {
    const id = items.length + 1;
    items.push({ id, title: `Service ${id}`, summary: `A short description of service number ${id}.` });
  }
  return { items };
}

const PAYLOAD = payload(2048);

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const app = Fastify({ logger: false });
  app.get(BARE_PATH, () => PAYLOAD);
  const port = Number(process.env.PORT ?? 3001);
  await app.listen({ port, host: '127.0.0.1' });
  console.log(`bare Fastify ready on ${port}, pid ${process.pid}`);
  const close = () => void app.close().then(() => process.exit(0));
  process.on('SIGTERM', close);
  process.on('SIGINT', close);
}

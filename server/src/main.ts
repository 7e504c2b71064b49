/**
 * `npm start` (built) and `npm run dev` (with --dev). The start path decides the mode, not the shell: without
 * NODE_ENV=production React renders every page with its development build, several times slower. It must be set
 * before any module that loads React is imported, so the server itself is imported only after.
 */
const dev = process.argv.includes('--dev');
process.env.NODE_ENV = dev ? 'development' : 'production';

const { startServer } = await import('./start-server.js');
await startServer(dev).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { clockStartingAt, systemClock } from './lib/clock.ts';
import { startMaintenance } from './maintenance.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

async function main(): Promise<void> {
  const config = loadConfig();
  // Empty: the build beside this server; 'off': API only (npm run dev serves the web through Vite).
  const webDist =
    config.WEB_DIST_DIR === 'off' ? '' : config.WEB_DIST_DIR || path.resolve(here, '../../web/dist');
  const clock = config.CLOCK_START ? clockStartingAt(Date.parse(config.CLOCK_START)) : systemClock;
  const { app, context, services } = await buildApp({ config: { ...config, WEB_DIST_DIR: webDist }, clock });
  const stopMaintenance = startMaintenance(context, services);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'draining in-flight requests');
    const timer = setTimeout(() => {
      app.log.error('drain took too long; exiting');
      process.exit(1);
    }, config.SHUTDOWN_GRACE_SECONDS * 1000);
    timer.unref();
    stopMaintenance();
    app.close().then(
      () => {
        app.log.info('closed');
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'close failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ host: config.HOST, port: config.PORT });
  app.log.info(
    `墨砚快印 demo: http://demo.localhost:${config.PORT}  红枫图文 demo: http://maple.localhost:${config.PORT}`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

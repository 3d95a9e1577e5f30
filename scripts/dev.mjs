// npm run dev: the API server in watch mode (port 3000) and Vite's dev server (port 5173, which
// proxies /api to the API). Open http://demo.localhost:5173 or http://maple.localhost:5173.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', 'apps/server/src/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'development', WEB_DIST_DIR: 'off' },
  }),
  spawn('npm', ['run', 'dev', '-w', '@inkstone/web'], { stdio: 'inherit' }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    if (code) process.exitCode = code;
    stop();
  });

/**
 * What the benchmarks that start the built server as a child process share: how `npm start` starts
 * it, and a free port to start it on.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

/** How a server process is started: environment variables and node flags before main.js. */
export interface StartCommand {
  label: string;
  env: Record<string, string>;
  nodeFlags: string[];
}

/**
 * How `npm start` starts the server: the `VAR=value` words and node flags of the start script's
 * command that runs apps/server/dist/main.js.
 */
export function npmStartCommand(): StartCommand {
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const command = manifest.scripts.start
    ?.split('&&')
    .map((part) => part.trim())
    .find((part) => part.endsWith('apps/server/dist/main.js'));
  if (!command) throw new Error('the start script runs no apps/server/dist/main.js');
  const words = command.split(/\s+/);
  const env: Record<string, string> = {};
  while (words[0] && /^[A-Z_]+=/.test(words[0])) {
    const [name = '', ...value] = words.shift()!.split('=');
    env[name] = value.join('=');
  }
  if (words.shift() !== 'node') throw new Error(`the start script's server command is not node: ${command}`);
  return { label: 'npm start', env, nodeFlags: words.slice(0, -1) };
}

/** A TCP port on 127.0.0.1 that nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

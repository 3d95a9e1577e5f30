import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { configSchema, loadConfig } from './config.ts';

const readme = fs.readFileSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../README.md'),
  'utf8',
);

describe('configuration', () => {
  it('lists every environment variable with its default in the README', () => {
    const defaults = loadConfig({});
    for (const name of Object.keys(configSchema.shape)) {
      const row = readme.split('\n').find((line) => line.startsWith(`| \`${name}\` |`));
      expect(row, `README has no row for ${name}`).toBeDefined();
      const value = defaults[name as keyof typeof defaults];
      const shown = value === '' ? '(empty)' : String(value);
      expect(row, `README shows the wrong default for ${name}`).toContain(`| \`${shown}\` |`);
    }
  });

  it('refuses a bad value with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ STORAGE_DRIVER: 'ftp' })).toThrow(/STORAGE_DRIVER/);
  });

  it('needs REDIS_URL for the Redis rate-limit store and real limits by default', () => {
    expect(() => loadConfig({ RATE_LIMIT_STORE: 'redis' })).toThrow(/REDIS_URL/);
    const redis = loadConfig({ RATE_LIMIT_STORE: 'redis', REDIS_URL: 'redis://127.0.0.1:6379' });
    expect(redis.RATE_LIMIT_STORE).toBe('redis');
    expect(() => loadConfig({ RATE_LIMIT_LOGIN_PER_IP_PER_MINUTE: '0' })).toThrow(
      /RATE_LIMIT_LOGIN_PER_IP_PER_MINUTE/,
    );
    expect(loadConfig({}).RATE_LIMIT_APP_TOKEN_PER_IP_PER_MINUTE).toBe(60);
  });

  it('takes CLOCK_START outside production only, as a real instant with its offset', () => {
    const start = '2031-12-31T23:59:00+08:00';
    expect(loadConfig({ NODE_ENV: 'test', CLOCK_START: start }).CLOCK_START).toBe(start);
    expect(() => loadConfig({ CLOCK_START: start })).toThrow(/CLOCK_START: only for NODE_ENV=test/);
    expect(() => loadConfig({ NODE_ENV: 'test', CLOCK_START: '2031-12-31' })).toThrow(/CLOCK_START/);
    expect(() => loadConfig({ NODE_ENV: 'test', CLOCK_START: '2031-13-45T25:00:00Z' })).toThrow(
      /CLOCK_START/,
    );
  });
});

import type { Migration } from 'kysely';
import * as createFoundation from './20261121000000-create-foundation.ts';

/** Every migration in order. Listed statically so the bundled server carries them. */
export const migrations: Record<string, Migration> = {
  '20261121000000-create-foundation': createFoundation,
};

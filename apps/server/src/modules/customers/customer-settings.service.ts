import {
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
  type NotificationSettings,
  type SaveNotificationSettingsBody,
} from '@inkstone/contracts';
import type { ServerContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { withLock } from '../../db/locks.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CustomerScope } from '../../lib/customer-scope.ts';
import { makeAvatarImage } from './avatar-image.ts';
import {
  deleteAvatarImageIfUnused,
  findAvatarImage,
  findAvatarSha256,
  findNotificationPreference,
  insertAvatarImage,
  listNotificationPreferences,
  setAvatarSha256,
  updateNickName,
  upsertNotificationPreference,
} from './customer-settings.repository.ts';

type Context = Pick<ServerContext, 'db' | 'clock' | 'tokens'>;

/** The customer's changed profile is what their next call sees (the session cache is dropped). */
function profileChanged(context: Context, owner: CustomerScope): void {
  context.tokens.forgetCustomer(owner.customerId);
}

/** Changes the signed-in customer's nickname (validated by the wire schema: 1–32 characters). */
export async function updateProfile(context: Context, owner: CustomerScope, nickName: string): Promise<void> {
  if (!(await updateNickName(context.db, owner.merchantId, owner.customerId, nickName))) {
    throw new AppError('LoginRevoked');
  }
  profileChanged(context, owner);
}

/**
 * Avatar changes of one merchant take turns, so the check "does any customer still show this
 * picture" and the picture's deletion cannot interleave with another customer choosing it.
 */
const avatarLockKey = (merchantId: number) => `customer-avatar:${merchantId}`;

/**
 * Replaces the customer's avatar with `upload` once it decodes as a JPG, PNG or WebP picture
 * (the picture is made before anything is stored, so a refused file changes nothing). The
 * previous picture is deleted when no other customer of the merchant shows it.
 */
export async function setAvatar(context: Context, owner: CustomerScope, upload: Buffer): Promise<void> {
  const avatar = await makeAvatarImage(upload);
  await withLock(context.db, avatarLockKey(owner.merchantId), async (trx) => {
    const previous = await findAvatarSha256(trx, owner.merchantId, owner.customerId);
    if (previous === undefined) throw new AppError('LoginRevoked');
    await insertAvatarImage(trx, {
      merchant_id: owner.merchantId,
      sha256: avatar.sha256,
      image: avatar.webp,
      created_at: context.clock.now(),
    });
    await setAvatarSha256(trx, owner.merchantId, owner.customerId, avatar.sha256);
    if (previous && previous !== avatar.sha256)
      await deleteAvatarImageIfUnused(trx, owner.merchantId, previous);
  });
  profileChanged(context, owner);
}

/** Removes the customer's avatar (nothing to do without one). */
export async function removeAvatar(context: Context, owner: CustomerScope): Promise<void> {
  await withLock(context.db, avatarLockKey(owner.merchantId), async (trx) => {
    const previous = await findAvatarSha256(trx, owner.merchantId, owner.customerId);
    if (previous === undefined) throw new AppError('LoginRevoked');
    if (previous === null) return;
    await setAvatarSha256(trx, owner.merchantId, owner.customerId, null);
    await deleteAvatarImageIfUnused(trx, owner.merchantId, previous);
  });
  profileChanged(context, owner);
}

/** The merchant's avatar picture `sha256` (a WebP), or undefined when the merchant has none such. */
export async function readAvatar(
  context: Pick<ServerContext, 'db'>,
  merchantId: number,
  sha256: string,
): Promise<Buffer | undefined> {
  return findAvatarImage(context.db, merchantId, sha256);
}

const toFlag = (value: boolean) => (value ? 1 : 0);

/** Every kind of NOTIFICATION_KINDS with the customer's choice, or the kind's default. */
async function readNotificationSettings(db: Db, owner: CustomerScope): Promise<NotificationSettings> {
  const saved = new Map(
    (await listNotificationPreferences(db, owner.merchantId, owner.customerId)).map((row) => [row.kind, row]),
  );
  return {
    Items: NOTIFICATION_KINDS.map((entry) => {
      const row = saved.get(entry.kind);
      return {
        Kind: entry.kind,
        Name: entry.name,
        Sms: row ? row.sms === 1 : entry.sms,
        Site: row ? row.site === 1 : entry.site,
      };
    }),
  };
}

/** The customer's notification settings (QueryNotificationSettings). */
export async function notificationSettings(
  context: Pick<ServerContext, 'db'>,
  owner: CustomerScope,
): Promise<NotificationSettings> {
  return readNotificationSettings(context.db, owner);
}

/**
 * Saves the choices of the kinds given, all in one transaction, and returns every kind's. Kinds
 * are written in NOTIFICATION_KINDS order, so parallel saves wait for each other rather than
 * deadlock, and each leaves all of its choices or none.
 */
export async function saveNotificationSettings(
  context: Pick<ServerContext, 'db' | 'clock'>,
  owner: CustomerScope,
  body: SaveNotificationSettingsBody,
): Promise<NotificationSettings> {
  const order = NOTIFICATION_KINDS.map((entry) => entry.kind as string);
  const items = [...body.Items].sort((a, b) => order.indexOf(a.Kind) - order.indexOf(b.Kind));
  const now = context.clock.now();
  return context.db.transaction().execute(async (trx) => {
    for (const item of items) {
      await upsertNotificationPreference(trx, {
        merchant_id: owner.merchantId,
        customer_id: owner.customerId,
        kind: item.Kind,
        sms: toFlag(item.Sms),
        site: toFlag(item.Site),
        updated_at: now,
      });
    }
    return readNotificationSettings(trx, owner);
  });
}

/**
 * Whether the customer wants messages of `kind` by `channel` — what every sender of customer
 * messages (the SMS gateway, the site's message list) asks before it sends one (docs/settings.md).
 * A customer who never saved a choice for the kind gets its default.
 */
export async function wantsNotification(
  context: Pick<ServerContext, 'db'>,
  owner: CustomerScope,
  kind: NotificationKind,
  channel: NotificationChannel,
): Promise<boolean> {
  const row = await findNotificationPreference(context.db, owner.merchantId, owner.customerId, kind);
  if (row) return (channel === 'sms' ? row.sms : row.site) === 1;
  const entry = NOTIFICATION_KINDS.find((candidate) => candidate.kind === kind);
  if (!entry) throw new Error(`unknown notification kind: ${kind}`);
  return entry[channel];
}

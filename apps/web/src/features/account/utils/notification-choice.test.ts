import { describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS, type NotificationSettings } from '@inkstone/contracts';
import { withChoice } from './notification-choice.ts';

const defaults: NotificationSettings = {
  Items: NOTIFICATION_KINDS.map((entry) => ({
    Kind: entry.kind,
    Name: entry.name,
    Sms: entry.sms,
    Site: entry.site,
  })),
};

describe('withChoice', () => {
  it('turns one switch of one kind and leaves every other as it was', () => {
    const next = withChoice(defaults, 'coupon_expiring', 'Sms', true);
    expect(next.Items.find((item) => item.Kind === 'coupon_expiring')).toMatchObject({
      Sms: true,
      Site: true,
    });
    expect(next.Items.filter((item) => item.Kind !== 'coupon_expiring')).toEqual(
      defaults.Items.filter((item) => item.Kind !== 'coupon_expiring'),
    );
    expect(next.Items.map((item) => item.Kind)).toEqual(defaults.Items.map((item) => item.Kind));
  });

  it('does not change the settings it was given', () => {
    const before = structuredClone(defaults);
    withChoice(defaults, 'order_paid', 'Site', false);
    expect(defaults).toEqual(before);
  });

  it('turns a switch back', () => {
    const off = withChoice(defaults, 'order_paid', 'Site', false);
    expect(withChoice(off, 'order_paid', 'Site', true)).toEqual(defaults);
  });
});

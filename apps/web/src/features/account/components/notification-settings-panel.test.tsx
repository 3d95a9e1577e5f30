// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  NOTIFICATION_KINDS,
  customersCalls,
  type CallContract,
  type NotificationSettings,
  type SaveNotificationSettingsBody,
} from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';
import { NotificationSettingsPanel } from './notification-settings-panel.tsx';

vi.mock('../../../lib/api-client.ts', () => ({ api: { call: vi.fn() } }));

const call = vi.mocked(api.call);

const defaults: NotificationSettings = {
  Items: NOTIFICATION_KINDS.map((entry) => ({
    Kind: entry.kind,
    Name: entry.name,
    Sms: entry.sms,
    Site: entry.site,
  })),
};

/** The server: what it holds, and the replies to saves, released one by one by the test. */
let stored: NotificationSettings;
let pendingSaves: { body: SaveNotificationSettingsBody; settle: (ok: boolean) => void }[];

beforeEach(() => {
  stored = structuredClone(defaults);
  pendingSaves = [];
  call.mockReset();
  call.mockImplementation(((contract: CallContract, body: unknown) => {
    if (contract === customersCalls.QueryNotificationSettings)
      return Promise.resolve(structuredClone(stored));
    if (contract === customersCalls.SaveNotificationSettings) {
      const request = body as SaveNotificationSettingsBody;
      return new Promise<unknown>((resolve, reject) => {
        pendingSaves.push({
          body: request,
          settle: (ok) => {
            if (!ok) return reject(new Error('保存失败'));
            stored = {
              Items: stored.Items.map((item) => ({
                ...item,
                ...request.Items.find((saved) => saved.Kind === item.Kind),
              })),
            };
            resolve(structuredClone(stored));
          },
        });
      });
    }
    return Promise.reject(new Error(`unexpected call ${contract.path}`));
  }) as typeof api.call);
});
afterEach(cleanup);

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <NotificationSettingsPanel />
    </QueryClientProvider>,
  );
}

const smsSwitch = (name: string) => screen.getByRole('switch', { name: `${name}：短信通知` });
const siteSwitch = (name: string) => screen.getByRole('switch', { name: `${name}：站内消息` });
const isOn = (element: HTMLElement) => element.getAttribute('aria-checked') === 'true';

describe('NotificationSettingsPanel', () => {
  it('shows every kind with the server’s choices for SMS and site messages', async () => {
    stored = {
      Items: defaults.Items.map((item) => (item.Kind === 'order_paid' ? { ...item, Sms: false } : item)),
    };
    renderPanel();
    await screen.findByText('订单付款成功');
    for (const entry of NOTIFICATION_KINDS) {
      expect(isOn(smsSwitch(entry.name)), entry.name).toBe(entry.kind === 'order_paid' ? false : entry.sms);
      expect(isOn(siteSwitch(entry.name)), entry.name).toBe(entry.site);
    }
    expect(screen.getByText(/验证码短信不受影响/)).toBeTruthy();
  });

  it('saves the whole list with the one switch turned, and shows it at once', async () => {
    renderPanel();
    await screen.findByText('优惠券到期提醒');
    fireEvent.click(smsSwitch('优惠券到期提醒'));
    await waitFor(() => expect(pendingSaves).toHaveLength(1));
    // On screen before the server has answered.
    expect(isOn(smsSwitch('优惠券到期提醒'))).toBe(true);
    const sent = pendingSaves[0]!.body.Items;
    expect(sent).toHaveLength(NOTIFICATION_KINDS.length);
    expect(sent.find((item) => item.Kind === 'coupon_expiring')).toEqual({
      Kind: 'coupon_expiring',
      Sms: true,
      Site: true,
    });
    await act(async () => pendingSaves[0]!.settle(true));
    expect(isOn(smsSwitch('优惠券到期提醒'))).toBe(true);
    expect(stored.Items.find((item) => item.Kind === 'coupon_expiring')?.Sms).toBe(true);
  });

  it('saves one at a time, so the server ends with the last choices shown', async () => {
    renderPanel();
    await screen.findByText('订单发货');
    fireEvent.click(smsSwitch('订单发货'));
    await waitFor(() => expect(pendingSaves).toHaveLength(1));
    fireEvent.click(siteSwitch('账户余额变动'));
    fireEvent.click(siteSwitch('订单发货'));
    await waitFor(() => expect(isOn(siteSwitch('订单发货'))).toBe(false));
    // Nothing more is sent while the first save is out.
    expect(pendingSaves).toHaveLength(1);
    await act(async () => pendingSaves[0]!.settle(true));
    await waitFor(() => expect(pendingSaves).toHaveLength(2));
    // The first reply does not put the later switches back.
    expect(isOn(siteSwitch('账户余额变动'))).toBe(false);
    const second = pendingSaves[1]!.body.Items;
    expect(second.find((item) => item.Kind === 'order_shipped')).toMatchObject({ Sms: false, Site: false });
    expect(second.find((item) => item.Kind === 'balance_changed')).toMatchObject({ Site: false });
    await act(async () => pendingSaves[1]!.settle(true));
    expect(pendingSaves).toHaveLength(2);
    expect(stored.Items.find((item) => item.Kind === 'order_shipped')).toMatchObject({
      Sms: false,
      Site: false,
    });
    expect(stored.Items.find((item) => item.Kind === 'balance_changed')?.Site).toBe(false);
    expect(isOn(smsSwitch('订单发货'))).toBe(false);
  });

  it('shows the server’s choice again when a save fails', async () => {
    renderPanel();
    await screen.findByText('订单付款成功');
    fireEvent.click(siteSwitch('订单付款成功'));
    await waitFor(() => expect(pendingSaves).toHaveLength(1));
    expect(isOn(siteSwitch('订单付款成功'))).toBe(false);
    await act(async () => pendingSaves[0]!.settle(false));
    await waitFor(() => expect(isOn(siteSwitch('订单付款成功'))).toBe(true));
  });
});

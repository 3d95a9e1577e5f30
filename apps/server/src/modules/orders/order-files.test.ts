import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode, type OrderDetail, type OrderFile } from '@inkstone/contracts';
import { merchantIdOf } from '../../test/customer-sessions.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { filePath, linkExpiry, thumbnailPath } from '../uploads/file-links.ts';
import { Shopper, StaffClient, makePdf } from './orders.test-support.ts';

let server: TestServer;
let demo: Shopper;
let staff: StaffClient;
beforeAll(async () => {
  server = await startTestServer();
  demo = await Shopper.demo(server);
  staff = await StaffClient.signIn(server, 'demo.localhost');
});
afterAll(async () => server.close());

function open(url: string, host = 'demo.localhost') {
  return server.app.inject({ method: 'GET', url, headers: { host } });
}

describe('artwork attached to an order', () => {
  it('stays openable for staff and the customer after the customer deletes it from 我的文件', async () => {
    const artwork = await makePdf(94, 58);
    const attached = await demo.uploadArtwork('名片-订单.pdf', artwork);
    const loose = await demo.uploadArtwork('名片-未下单.pdf', await makePdf(100, 60));
    const line = await demo.addToCart(1001);
    const placed = await demo.checkout([line.Id], { Files: [{ CartId: line.Id, FileIds: [attached] }] });
    expect(placed.success, placed.message).toBe(true);

    const library = await demo.client.get('/api/v1/get_service_files', { pageindex: '1', limit: '100' });
    expect(library.success, library.message).toBe(true);
    const libraryLink = (library.data.List as { Id: number; FilePath: string }[]).find(
      (file) => file.Id === attached,
    )!.FilePath;
    expect((await open(libraryLink)).statusCode).toBe(200);

    const deleted = await demo.post('/api/v1/post_service_file_delete', { ids: [attached, loose] });
    expect(deleted.success, deleted.message).toBe(true);
    // The library's own links still refuse a deleted file.
    const gone = await open(libraryLink);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ apiCode: ApiCode.FileNotFound });

    const customerView = await demo.post<OrderDetail>('/api/order/OrderDetail', { OrderId: placed.data.Id });
    expect(customerView.success, customerView.message).toBe(true);
    const staffView = await staff.post<OrderDetail>('/api/staff/OrderDetail', { OrderId: placed.data.Id });
    expect(staffView.success, staffView.message).toBe(true);
    for (const view of [customerView.data, staffView.data]) {
      const file = view.Lines[0]!.Files[0] as OrderFile;
      expect(file.FileId).toBe(attached);
      const download = await open(file.FilePath);
      expect(download.statusCode, download.body).toBe(200);
      expect(download.headers['content-type']).toBe('application/pdf');
      expect(download.rawPayload.equals(artwork)).toBe(true);
      const thumbnail = await open(file.Thumbnail);
      expect(thumbnail.statusCode, thumbnail.body).toBe(200);
      expect(thumbnail.headers['content-type']).toMatch(/^image\//);
      // Altered into a library link (same signature), it is refused.
      const unscoped = await open(file.FilePath.replace('&scope=order', ''));
      expect(unscoped.statusCode).toBe(403);
      expect(unscoped.json()).toMatchObject({ apiCode: ApiCode.FileLinkInvalid });
      // On another merchant's host it is refused.
      expect((await open(file.FilePath, 'maple.localhost')).statusCode).toBe(403);
    }

    // An order-scoped link opens only files attached to an order of the merchant.
    const merchantId = await merchantIdOf(server, 'demo');
    const expires = linkExpiry(server.clock.now(), server.context.config.FILE_LINK_TTL_SECONDS, false);
    const secret = server.context.signingSecret;
    const looseFile = await open(filePath(secret, merchantId, loose, 'x.pdf', expires, 'order'));
    expect(looseFile.statusCode).toBe(404);
    expect(looseFile.json()).toMatchObject({ apiCode: ApiCode.FileNotFound });
    expect((await open(thumbnailPath(secret, merchantId, loose, expires, 'order'))).statusCode).toBe(404);
    const unknownScope = await open(
      filePath(secret, merchantId, attached, 'x.pdf', expires, 'order').replace('scope=order', 'scope=all'),
    );
    expect(unknownScope.statusCode).toBe(403);
  });
});

// @vitest-environment node
// No page is rendered here, only the router's state. Under happy-dom each redirect hop of the
// router took about a second (52 tests, 36 s); in node, as in the browser, it takes none.
import { describe, expect, it } from 'vitest';
import { createMemoryRouter } from 'react-router';
import type { DataRouter } from 'react-router';
import { guestOnly, requireLogin } from './guard.ts';
import { buildRouteTree } from './routes/route-tree.ts';
import type { RouteDeps } from './routes/route-deps.ts';
import type { Version } from '../lib/sites.ts';

function deps(isLoggedIn: boolean, configuredVersion: Version = 1): RouteDeps {
  return {
    whenStarted: () => Promise.resolve(),
    isLoggedIn: () => isLoggedIn,
    configuredVersion: () => configuredVersion,
  };
}

/** The address a loader sends to, or null when it lets the page render. */
async function redirectOf(loader: ReturnType<typeof requireLogin>, url: string): Promise<string | null> {
  try {
    await loader({
      request: new Request(`http://demo.localhost${url}`),
      params: {},
      context: undefined,
      unstable_pattern: '',
    } as never);
    return null;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get('Location');
    throw thrown;
  }
}

/** Opens `url` in a router holding the real route tree and returns where the visitor ends up. */
async function open(url: string, routeDeps: RouteDeps): Promise<{ address: string; router: DataRouter }> {
  const router = createMemoryRouter([{ id: 'root', children: buildRouteTree(routeDeps) }], {
    initialEntries: [url],
  });
  await new Promise<void>((resolve) => {
    const check = () => router.state.initialized && router.state.navigation.state === 'idle';
    if (check()) return resolve();
    const stop = router.subscribe(() => {
      if (check()) {
        stop();
        resolve();
      }
    });
  });
  const { pathname, search } = router.state.location;
  return { address: `${pathname}${search}`, router };
}

describe('protected routes without a session', () => {
  it.each([
    [1, '/user/order/3', '/login?redirect=%2Fuser%2Forder%2F3'],
    [2, '/user-v2/bill/1?month=2024-05', '/home-v2?redirect=%2Fuser-v2%2Fbill%2F1%3Fmonth%3D2024-05'],
    [3, '/quotationCenter-v3/12/34', '/login-v3?redirect=%2FquotationCenter-v3%2F12%2F34'],
    [4, '/user-v4/setting-v4/2', '/login-v4?redirect=%2Fuser-v4%2Fsetting-v4%2F2'],
  ] as const)('version %i sends %s to %s', async (version, wanted, target) => {
    await expect(redirectOf(requireLogin(version, deps(false)), wanted)).resolves.toBe(target);
  });

  it('lets a signed-in customer through', async () => {
    await expect(redirectOf(requireLogin(4, deps(true)), '/user-v4/order/1')).resolves.toBeNull();
  });

  it.each([
    [1, '/index', '/login?redirect=%2Findex'],
    [1, '/proinfo/1/2/3', '/login?redirect=%2Fproinfo%2F1%2F2%2F3'],
    [2, '/batch-upload', '/index-v2?redirect=%2Fbatch-upload'],
    [3, '/user-v3/sys/1', '/login-v3?redirect=%2Fuser-v3%2Fsys%2F1'],
    [4, '/batch-upload-v4', '/login-v4?redirect=%2Fbatch-upload-v4'],
  ] as const)('on a version %i site, opening %s lands on %s', async (version, wanted, landing) => {
    const { address } = await open(wanted, deps(false, version));
    expect(address).toBe(landing);
  });
});

describe('pages for visitors without a session', () => {
  it.each(['/login', '/register', '/forgotpwd'])(
    'sends a signed-in customer from %s to /index',
    async (path) => {
      await expect(redirectOf(guestOnly(1, deps(true)), path)).resolves.toBe('/index');
      const { address } = await open(path, deps(true));
      expect(address).toBe('/index');
    },
  );

  it.each([
    [3, '/login-v3', '/quotationCenter-v3'],
    [3, '/register-v3', '/quotationCenter-v3'],
    [3, '/forgotpwd-v3', '/quotationCenter-v3'],
    [3, '/loginview-v3', '/quotationCenter-v3'],
    [4, '/login-v4?redirect=%2Findex-v4', '/quotationCenter-v4'],
    [4, '/register-v4', '/quotationCenter-v4'],
    [4, '/forgotpwd-v4', '/quotationCenter-v4'],
  ] as const)(
    'on version %i sends a signed-in customer from %s to %s, not a form',
    async (version, path, landing) => {
      const { address } = await open(path, deps(true, version));
      expect(address).toBe(landing);
    },
  );

  it('shows the login to a visitor without a session', async () => {
    const { address } = await open('/login?redirect=%2Findex', deps(false));
    expect(address).toBe('/login?redirect=%2Findex');
  });

  it('renders /login-v3 inside the /loginview-v3 layout', async () => {
    const { router } = await open('/login-v3', deps(false, 3));
    expect(router.state.matches.map((match) => match.route.id)).toContain('v3-loginview');
  });
});

describe("only the merchant's version is served", () => {
  it.each([
    // A version 2 merchant answers neither v1 nor v4 addresses.
    [2, false, '/login', '/index-v2'],
    [2, false, '/login?redirect=%2Fuser%2Forder%2F3', '/index-v2?redirect=%2Fuser-v2%2Forder%2F3'],
    [2, false, '/index-v4', '/index-v2'],
    [2, false, '/register-v3', '/index-v2?panel=register'],
    [2, true, '/help-v4/12', '/help-v2/12'],
    [2, true, '/template-v4', '/index-v2'],
    [2, true, '/batch-upload-v4', '/batch-upload'],
    [2, true, '/quotationCenter-v4/1/2/3', '/quotationCenter/1/2'],
    [2, true, '/user-v4/setting-v4/profile', '/user-v2/sys/1'],
    // A version 3 merchant sends /login to its own login, never a v1 page.
    [3, false, '/login', '/login-v3'],
    [3, false, '/forgotpwd', '/forgotpwd-v3'],
    [3, false, '/index-v2?panel=forgot', '/forgotpwd-v3'],
    [3, true, '/user/bill/2?month=2026-11', '/user-v3/bill/2?month=2026-11'],
    [3, true, '/about', '/index-v3'],
    [3, true, '/login', '/quotationCenter-v3'],
    // Version 4 and version 1.
    [4, false, '/home', '/index-v4'],
    [4, true, '/quotationCenter/7/8', '/quotationCenter-v4'],
    [4, true, '/proinfo/7/8/9', '/quotationCenter-v4/7/8/9'],
    [1, false, '/index-v3', '/home'],
    [1, false, '/login-v4', '/login'],
    [1, true, '/batch-upload', '/index'],
    [1, true, '/user-v2/order/unpaid', '/user/order/unpaid'],
  ] as const)('version %i (signed in: %s) sends %s to %s', async (version, isLoggedIn, wanted, landing) => {
    const { address } = await open(wanted, deps(isLoggedIn, version));
    expect(address).toBe(landing);
  });

  it("serves the merchant's own version's pages where they are", async () => {
    for (const [version, path] of [
      [2, '/about'],
      [3, '/help-v3/5'],
      [4, '/template-v4'],
      [1, '/help/5'],
    ] as const) {
      const { address } = await open(path, deps(false, version));
      expect(address).toBe(path);
    }
  });
});

describe('forwarding routes', () => {
  it.each([
    [1, false, '/login'],
    [1, true, '/index'],
    [2, false, '/index-v2'],
    [3, false, '/index-v3'],
    [4, true, '/index-v4'],
  ] as const)(
    '/buffer-zone for version %i (signed in: %s) lands on %s',
    async (version, isLoggedIn, landing) => {
      const { address } = await open('/buffer-zone', deps(isLoggedIn, version));
      expect(address).toBe(landing);
    },
  );

  it('sends / through /buffer-zone to the configured version', async () => {
    const { address } = await open('/', deps(false, 4));
    expect(address).toBe('/index-v4');
  });

  it('matches an unknown address to the not-found page', async () => {
    const { address, router } = await open('/no-such-page', deps(false));
    expect(address).toBe('/no-such-page');
    expect(router.state.matches.at(-1)?.route.path).toBe('*');
  });
});

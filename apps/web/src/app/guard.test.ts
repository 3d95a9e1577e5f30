// @vitest-environment happy-dom
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
    ['/index', '/login?redirect=%2Findex'],
    ['/proinfo/1/2/3', '/login?redirect=%2Fproinfo%2F1%2F2%2F3'],
    ['/batch-upload', '/index-v2?redirect=%2Fbatch-upload'],
    ['/user-v3/sys/1', '/login-v3?redirect=%2Fuser-v3%2Fsys%2F1'],
    ['/batch-upload-v4', '/login-v4?redirect=%2Fbatch-upload-v4'],
  ])('opening %s in the app lands on %s', async (wanted, landing) => {
    const { address } = await open(wanted, deps(false));
    expect(address).toBe(landing);
  });
});

describe('pages for visitors without a session', () => {
  it.each(['/login', '/register', '/forgotpwd'])(
    'sends a signed-in customer from %s to /index',
    async (path) => {
      await expect(redirectOf(guestOnly(deps(true)), path)).resolves.toBe('/index');
      const { address } = await open(path, deps(true));
      expect(address).toBe('/index');
    },
  );

  it('shows the login to a visitor without a session', async () => {
    const { address } = await open('/login?redirect=%2Findex', deps(false));
    expect(address).toBe('/login?redirect=%2Findex');
  });

  it('renders /login-v3 inside the /loginview-v3 layout', async () => {
    const { router } = await open('/login-v3', deps(false));
    expect(router.state.matches.map((match) => match.route.id)).toContain('v3-loginview');
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

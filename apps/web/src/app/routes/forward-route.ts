import type { RouteObject } from 'react-router';
import { forwardTo } from '../guard.ts';
import { StartScreen } from '../start-screen.tsx';

/** A route that only forwards to `target` (keeping the query); the start screen shows meanwhile. */
export function forwardRoute(path: string, target: string): RouteObject {
  return { path, loader: forwardTo(target), Component: StartScreen };
}

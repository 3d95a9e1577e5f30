/**
 * Navigation from outside React (the API client). The router registers how to reach the
 * current version's login; until it does, nothing happens.
 */
let loginRedirect: () => void = () => undefined;

export function registerLoginRedirect(handler: () => void): void {
  loginRedirect = handler;
}

export function redirectToLogin(): void {
  loginRedirect();
}

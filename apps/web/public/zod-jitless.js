// Loaded before the app's modules (index.html). zod compiles its parsers with `new Function`
// unless told not to, and probes for it as soon as a schema is made; the site's
// Content-Security-Policy allows no eval (script-src 'self'), so every page would report a
// violation. zod reads its settings from this global (shared by every copy of zod on a page).
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });

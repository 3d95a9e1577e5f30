/**
 * Whether the person has asked their system for less motion (`prefers-reduced-motion: reduce`).
 * antd's motion (dialogs zooming, toasts sliding, drawers moving) is then switched off: each
 * appears and goes at once. Read once, when the page loads.
 */
export const prefersReducedMotion: boolean =
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

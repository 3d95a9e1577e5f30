/** Shown while the start sequence runs and the first page loads; plain markup, no library. */
export function StartScreen() {
  return (
    <div className="ink-start" role="status" aria-live="polite">
      <span className="ink-start__spinner" aria-hidden="true" />
      <span className="ink-start__text">正在加载…</span>
    </div>
  );
}

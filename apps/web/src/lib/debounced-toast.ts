/**
 * Spec §8: error toasts are debounced. A burst of failures (several calls failing together)
 * shows one toast, the last message, once the burst has been quiet for `waitMs`.
 */
export function createDebouncedToast(
  show: (message: string) => void,
  waitMs: number,
): (message: string) => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending = '';
  return (message: string) => {
    pending = message;
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      show(pending);
    }, waitMs);
  };
}

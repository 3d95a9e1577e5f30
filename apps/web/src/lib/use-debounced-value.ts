import { useEffect, useState } from 'react';
import { LIST_RELOAD_DEBOUNCE_MS } from '@inkstone/contracts';

/** `value`, once it has stayed the same for `delayMs` (spec §9: a list reloads 300 ms after its filters last changed). */
export function useDebouncedValue<T>(value: T, delayMs = LIST_RELOAD_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

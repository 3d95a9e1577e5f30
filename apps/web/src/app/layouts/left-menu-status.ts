import { useState } from 'react';
import { StorageKey } from '@inkstone/contracts';
import { browserStorage } from '../../lib/session.ts';

/** How the account pages' side menu is left (spec §3 left menu status). */
export type LeftMenuStatus = 'folded' | 'unfolded';

/** The stored status; anything missing or unknown is unfolded. */
export function readLeftMenuStatus(storage: Storage): LeftMenuStatus {
  return storage.getItem(StorageKey.LeftMenuStatus) === 'folded' ? 'folded' : 'unfolded';
}

export function writeLeftMenuStatus(storage: Storage, status: LeftMenuStatus): void {
  try {
    storage.setItem(StorageKey.LeftMenuStatus, status);
  } catch {
    // Storage full or blocked: the menu stays as chosen on this page only.
  }
}

/**
 * Whether version 4's account side menu is folded, remembered in this browser (localStorage, per
 * site address) so it opens as the customer left it, on every account page and after a reload.
 */
export function useLeftMenuStatus(): [LeftMenuStatus, (status: LeftMenuStatus) => void] {
  const [status, setStatus] = useState(() => readLeftMenuStatus(browserStorage('localStorage')));
  return [
    status,
    (next) => {
      writeLeftMenuStatus(browserStorage('localStorage'), next);
      setStatus(next);
    },
  ];
}

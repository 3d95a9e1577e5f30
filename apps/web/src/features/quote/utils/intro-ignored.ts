import { useState } from 'react';
import { StorageKey } from '@inkstone/contracts';
import { browserStorage } from '../../../lib/session.ts';

/** Whether this browser's customer closed version 4's product-introduction banner (spec §3 intro-ignored flag). */
export function isIntroIgnored(storage: Storage): boolean {
  return storage.getItem(StorageKey.IntroIgnored) === '1';
}

export function ignoreIntro(storage: Storage): void {
  try {
    storage.setItem(StorageKey.IntroIgnored, '1');
  } catch {
    // Storage full or blocked: the banner stays closed on this page only.
  }
}

/** The banner's closed state, remembered in localStorage (per site address). */
export function useIntroIgnored(): [boolean, () => void] {
  const [isIgnored, setIgnored] = useState(() => isIntroIgnored(browserStorage('localStorage')));
  return [
    isIgnored,
    () => {
      ignoreIntro(browserStorage('localStorage'));
      setIgnored(true);
    },
  ];
}

import { Suspense, lazy } from 'react';
import { loadChunk } from '../../../lib/chunk-load.ts';
import type { AddressFormDialogProps } from './address-form-dialog-props.ts';

export type { AddressFormDialogProps } from './address-form-dialog-props.ts';

const Content = lazy(() => loadChunk(() => import('./address-form-dialog-content.tsx')));

/**
 * Add or edit one delivery address: contacts, phone, region Cascader (the domain's region table)
 * and street. The dialog, with the region table, loads on demand when first opened (spec §2).
 */
export function AddressFormDialog(props: AddressFormDialogProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <Content {...props} />
    </Suspense>
  );
}

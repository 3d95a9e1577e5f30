/** Public face of the address book (spec §2 address input, §3 address): for account and checkout pages. */
export { AddressBook } from './components/address-book.tsx';
export type { AddressBookProps } from './components/address-book.tsx';
export { AddressFormDialog } from './components/address-form-dialog.tsx';
export type { AddressFormDialogProps } from './components/address-form-dialog.tsx';
export { AddressInput } from './components/address-input.tsx';
export type { AddressInputProps } from './components/address-input.tsx';
export { useAddresses, addressesQuery } from './api/query-deliver-goods-address.ts';
export type { AddressFormValues } from './utils/address-form.ts';

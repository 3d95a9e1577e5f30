export { ServerFilePicker } from './server-file-picker.tsx';
export type { ServerFilePickerProps } from './server-file-picker.tsx';
export { ServerFileLibrary } from './server-file-library.tsx';
export type { ServerFileLibraryProps } from './server-file-library.tsx';
export { DELETE_CONFIRM } from './server-file-card.tsx';

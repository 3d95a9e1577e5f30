export { UploadCard } from './upload-card.tsx';
export type { UploadCardProps } from './upload-card.tsx';

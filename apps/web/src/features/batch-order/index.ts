/**
 * Public face of batch ordering (docs/batch-ordering.md): the table that turns a batch of
 * uploaded files into cart lines by their names. The batch-upload page of the uploads feature
 * shows it under the batch.
 */
export { BatchOrderPanel } from './components/batch-order-panel.tsx';
export type { BatchOrderPanelProps } from './components/batch-order-panel.tsx';

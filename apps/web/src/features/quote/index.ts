/**
 * Public face of the quote feature for other features: the quote screen's controls as an editor
 * of one configuration, and a product's info. The quotation pages themselves are loaded by the
 * routes.
 */
export { QuoteEditor } from './components/quote-editor.tsx';
export type { EditedSelection, QuoteEditorProps } from './components/quote-editor.tsx';
export { useProductInfo } from './api/get-company-product-info.ts';

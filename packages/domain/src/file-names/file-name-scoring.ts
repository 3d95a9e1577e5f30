/**
 * How a reading of a file name is scored against a person's label (docs/batch-ordering.md): used
 * by the labelled-set and held-out tests and by `bench/file-names.ts`. A name is fully right when
 * every labelled field has the labelled value, no unlabelled field is claimed from the name or
 * the page (no guess passed off as read), a name labelled without a product is unrecognised, and
 * a name labelled `mustFlag` is not shown as recognised.
 */
import type { FileNameAnalysis } from './analyse-file-name.ts';

/** The fields a person reads from a file name; a field left out must not be claimed. */
export interface FileNameLabel {
  product: number | null;
  size?: string | readonly [number, number];
  paper?: string;
  innerPaper?: string;
  pages?: number;
  colour?: string;
  technologies?: readonly string[];
  quantity?: number;
}

const FIELDS = ['paper', 'innerPaper', 'pages', 'colour', 'quantity'] as const;

function sizeText(value: FileNameAnalysis['size']['value']): string {
  if (value === null) return 'null';
  return 'sizeId' in value ? value.sizeId : `${value.widthMm}x${value.heightMm}`;
}

/** What is wrong with one reading, or [] when it is fully right. */
export function fileNameMistakes(
  analysis: FileNameAnalysis,
  expected: FileNameLabel,
  mustFlag = false,
): string[] {
  if (expected.product === null) {
    return analysis.status === 'unrecognised'
      ? []
      : [`should be unrecognised, read ${analysis.product.value}`];
  }
  if (analysis.product.value !== expected.product) return [`product ${analysis.product.value}`];
  const found: string[] = [];
  const size = sizeText(analysis.size.value);
  if (expected.size !== undefined) {
    const want = typeof expected.size === 'string' ? expected.size : expected.size.join('x');
    if (size !== want) found.push(`size ${size} ≠ ${want}`);
  } else if (analysis.size.source === 'name' || analysis.size.source === 'page') {
    found.push(`size ${size} claimed from the ${analysis.size.source}`);
  }
  for (const field of FIELDS) {
    const reading = analysis[field];
    const want = expected[field];
    if (want !== undefined && reading.value !== want) found.push(`${field} ${reading.value} ≠ ${want}`);
    if (want === undefined && reading.source === 'name') found.push(`${field} ${reading.value} claimed`);
  }
  const techs = [...analysis.technologies.value].sort().join(',');
  const wantTechs = [...(expected.technologies ?? [])].sort().join(',');
  if (techs !== wantTechs) found.push(`technologies ${techs} ≠ ${wantTechs}`);
  if (mustFlag && analysis.status === 'recognised') found.push('recognised, should be flagged');
  return found;
}

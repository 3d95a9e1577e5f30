import type { PreflightCheck, PreflightLevel, PreflightReport } from '@inkstone/contracts';
import {
  colourModeName,
  pageSizePoints,
  pointsToMm,
  type PdfPageFacts,
  type StoredFacts,
} from './file-facts.ts';

/** The finished (trimmed) size a file is to be printed at, with the bleed on each side, in mm. */
export interface FinishedSize {
  widthMm: number;
  heightMm: number;
  bleedMm: number;
}

/** DPI thresholds for images: at or above GOOD prints sharp; below POOR prints visibly blurred. */
export const DPI_GOOD = 300;
export const DPI_POOR = 150;
/** Sizes within this many mm count as equal (PDF points round, exporters differ). */
const SIZE_TOLERANCE_MM = 1;
/** Pages listed in a report. */
const MAX_REPORTED_PAGES = 50;

const fmt = (mm: number) => String(Math.round(mm * 10) / 10);
const dims = (width: number, height: number) => `${fmt(width)}×${fmt(height)} mm`;
const near = (a: number, b: number) => Math.abs(a - b) <= SIZE_TOLERANCE_MM;

/** True when width×height equals the target either way round; `turned` when only rotated. */
function sameSize(width: number, height: number, targetWidth: number, targetHeight: number) {
  if (near(width, targetWidth) && near(height, targetHeight)) return { isSame: true, isTurned: false };
  if (near(width, targetHeight) && near(height, targetWidth)) return { isSame: true, isTurned: true };
  return { isSame: false, isTurned: false };
}

function pageMm(page: PdfPageFacts) {
  const size = pageSizePoints(page);
  return { width: pointsToMm(size.width), height: pointsToMm(size.height), box: size.box };
}

/** Bleed around the trim box: the smallest margin to the bleed box (or media box), in mm. */
function bleedAroundTrim(page: PdfPageFacts): number | null {
  if (!page.trim) return null;
  const outer = page.bleed ?? page.media;
  const [tx, ty, tw, th] = page.trim;
  const [ox, oy, ow, oh] = outer;
  const margins = [tx - ox, ty - oy, ox + ow - (tx + tw), oy + oh - (ty + th)];
  return Math.max(0, pointsToMm(Math.min(...margins)));
}

function pdfChecks(facts: NonNullable<StoredFacts['pdf']>, finished: FinishedSize | null): PreflightCheck[] {
  const checks: PreflightCheck[] = [];
  const first = facts.pages[0];
  checks.push({ Code: 'pdf.page-count', Level: 'info', Message: `共 ${facts.pageCount} 页` });
  if (!first) {
    checks.push({ Code: 'pdf.empty', Level: 'error', Message: 'PDF 没有页面' });
    return checks;
  }
  const size = pageMm(first);
  checks.push({
    Code: 'pdf.page-size',
    Level: 'info',
    Message:
      size.box === 'TrimBox'
        ? `第 1 页成品（裁切框 TrimBox）${dims(size.width, size.height)}`
        : `第 1 页页面（媒体框 MediaBox，未设置裁切框）${dims(size.width, size.height)}`,
  });
  const different = facts.pages.findIndex((page, index) => {
    const other = pageMm(page);
    return index > 0 && !sameSize(other.width, other.height, size.width, size.height).isSame;
  });
  if (different > 0) {
    const other = pageMm(facts.pages[different]!);
    checks.push({
      Code: 'pdf.mixed-sizes',
      Level: 'warning',
      Message: `各页尺寸不一致：第 ${different + 1} 页为 ${dims(other.width, other.height)}，第 1 页为 ${dims(size.width, size.height)}`,
    });
  }
  if (facts.encrypted) {
    checks.push({
      Code: 'pdf.encrypted',
      Level: 'warning',
      Message: 'PDF 已加密，印前可能无法处理，请提供未加密的文件',
    });
  }
  if (!finished) return checks;

  const { widthMm, heightMm, bleedMm } = finished;
  const withBleed = { width: widthMm + 2 * bleedMm, height: heightMm + 2 * bleedMm };
  const target = dims(widthMm, heightMm);
  if (size.box === 'TrimBox') {
    const match = sameSize(size.width, size.height, widthMm, heightMm);
    if (!match.isSame) {
      checks.push({
        Code: 'pdf.size-match',
        Level: 'error',
        Message: `裁切框 ${dims(size.width, size.height)} 与成品尺寸 ${target} 不符`,
      });
      return checks;
    }
    checks.push({
      Code: 'pdf.size-match',
      Level: 'ok',
      Message: `裁切框与成品尺寸 ${target} 一致${match.isTurned ? '（横竖方向相反，印刷时旋转）' : ''}`,
    });
    const bleed = bleedAroundTrim(first) ?? 0;
    if (bleedMm === 0 || bleed >= bleedMm - 0.3) {
      checks.push({ Code: 'pdf.bleed', Level: 'ok', Message: `裁切框外四边出血至少 ${fmt(bleed)} mm` });
    } else if (bleed > 0) {
      checks.push({
        Code: 'pdf.bleed',
        Level: 'warning',
        Message: `出血不足：裁切框外最少只有 ${fmt(bleed)} mm，应四边各 ${fmt(bleedMm)} mm`,
      });
    } else {
      checks.push({
        Code: 'pdf.bleed',
        Level: 'warning',
        Message: `未留出血：裁切框与页面边缘重合，应四边各留 ${fmt(bleedMm)} mm 出血`,
      });
    }
    return checks;
  }

  const matchBleed = sameSize(size.width, size.height, withBleed.width, withBleed.height);
  const matchNet = sameSize(size.width, size.height, widthMm, heightMm);
  const turned = (isTurned: boolean) => (isTurned ? '（横竖方向相反，印刷时旋转）' : '');
  if (matchBleed.isSame) {
    checks.push({
      Code: 'pdf.size-match',
      Level: 'ok',
      Message: `页面 ${dims(size.width, size.height)} = 成品 ${target} + 四边各 ${fmt(bleedMm)} mm 出血${turned(matchBleed.isTurned)}`,
    });
  } else if (matchNet.isSame) {
    checks.push({
      Code: 'pdf.size-match',
      Level: 'warning',
      Message: `页面尺寸与成品尺寸 ${target} 相同，未留出血；请四边各加 ${fmt(bleedMm)} mm 出血（页面应为 ${dims(withBleed.width, withBleed.height)}）${turned(matchNet.isTurned)}`,
    });
  } else {
    checks.push({
      Code: 'pdf.size-match',
      Level: 'error',
      Message: `页面尺寸 ${dims(size.width, size.height)} 与成品尺寸不符：应为 ${dims(withBleed.width, withBleed.height)}（含四边各 ${fmt(bleedMm)} mm 出血）或 ${target}（不含出血）`,
    });
  }
  return checks;
}

function imageChecks(
  image: NonNullable<StoredFacts['image']>,
  finished: FinishedSize | null,
): { checks: PreflightCheck[]; effectiveDpi: number | null } {
  const checks: PreflightCheck[] = [];
  checks.push({
    Code: 'image.pixels',
    Level: 'info',
    Message: `${image.width}×${image.height} 像素${image.density ? `，文件标注 ${Math.round(image.density)} DPI` : ''}`,
  });
  const mode = colourModeName(image.space);
  if (mode === 'CMYK') {
    checks.push({ Code: 'image.color-mode', Level: 'ok', Message: 'CMYK 颜色模式，适合印刷' });
  } else if (mode === 'RGB') {
    checks.push({
      Code: 'image.color-mode',
      Level: 'warning',
      Message: 'RGB 颜色模式：印刷时会转换为 CMYK，鲜艳的颜色（尤其亮绿、亮蓝）可能偏暗',
    });
  } else if (mode === '灰度') {
    checks.push({ Code: 'image.color-mode', Level: 'ok', Message: '灰度图片，按单黑印刷' });
  } else {
    checks.push({
      Code: 'image.color-mode',
      Level: 'warning',
      Message: `${mode} 颜色模式，印刷前需转换为 CMYK，颜色可能有偏差`,
    });
  }
  if (!finished) return { checks, effectiveDpi: null };

  // The picture fills the finished size plus bleed, turned to the picture's orientation.
  let printWidth = finished.widthMm + 2 * finished.bleedMm;
  let printHeight = finished.heightMm + 2 * finished.bleedMm;
  if (image.width > image.height !== printWidth > printHeight && image.width !== image.height) {
    [printWidth, printHeight] = [printHeight, printWidth];
  }
  const dpi = Math.floor(Math.min(image.width / (printWidth / 25.4), image.height / (printHeight / 25.4)));
  // Written in the product's orientation, whichever way the picture is turned.
  const bleedWidth = finished.widthMm + 2 * finished.bleedMm;
  const bleedHeight = finished.heightMm + 2 * finished.bleedMm;
  const where = `按成品 ${dims(finished.widthMm, finished.heightMm)}（含出血 ${dims(bleedWidth, bleedHeight)}）印刷约 ${dpi} DPI`;
  if (dpi >= DPI_GOOD) {
    checks.push({ Code: 'image.dpi', Level: 'ok', Message: `${where}，清晰度足够` });
  } else if (dpi >= DPI_POOR) {
    checks.push({
      Code: 'image.dpi',
      Level: 'warning',
      Message: `${where}，低于 ${DPI_GOOD} DPI，印刷可能不够清晰`,
    });
  } else {
    checks.push({
      Code: 'image.dpi',
      Level: 'error',
      Message: `${where}，低于 ${DPI_POOR} DPI，印刷会明显模糊，请提供更高分辨率的图片`,
    });
  }
  const imageRatio = image.width / image.height;
  const printRatio = printWidth / printHeight;
  if (Math.abs(imageRatio / printRatio - 1) > 0.03) {
    checks.push({
      Code: 'image.aspect',
      Level: 'warning',
      Message: `图片比例与成品（含出血）比例不同，印刷时需要裁切或留白`,
    });
  }
  return { checks, effectiveDpi: dpi };
}

const SEVERITY: Record<PreflightLevel, number> = { info: 0, ok: 1, warning: 2, error: 3 };

/**
 * Preflight of a print file for a finished size: every fact and check with a Chinese explanation.
 * A file that cannot be checked says so (Level 'unknown'); nothing passes silently.
 */
export function evaluatePreflight(
  file: { id: number; name: string; extension: string },
  facts: StoredFacts,
  finished: FinishedSize | null,
  limits: { maxPdfMb: number },
): PreflightReport {
  const checks: PreflightCheck[] = [];
  let pdf: PreflightReport['Pdf'] = null;
  let image: PreflightReport['Image'] = null;
  let isCheckable = true;

  if (facts.kind === 'pdf') {
    if (facts.problem === 'too-large') {
      isCheckable = false;
      checks.push({
        Code: 'pdf.too-large',
        Level: 'warning',
        Message: `PDF 超过 ${limits.maxPdfMb} MB，未自动检查，将由印前人员人工核对`,
      });
    } else if (facts.problem || !facts.pdf) {
      checks.push({
        Code: 'pdf.unreadable',
        Level: 'error',
        Message: 'PDF 无法解析（文件可能已损坏），请重新导出后上传',
      });
    } else {
      checks.push(...pdfChecks(facts.pdf, finished));
      pdf = {
        PageCount: facts.pdf.pageCount,
        Pages: facts.pdf.pages.slice(0, MAX_REPORTED_PAGES).map((page, index) => {
          const size = pageMm(page);
          return {
            Number: index + 1,
            WidthMm: size.width,
            HeightMm: size.height,
            Box: size.box,
            BleedMm: bleedAroundTrim(page),
          };
        }),
      };
    }
  } else if (facts.kind === 'image') {
    if (facts.problem || !facts.image) {
      checks.push({ Code: 'image.unreadable', Level: 'error', Message: '图片无法读取（文件可能已损坏）' });
    } else {
      const result = imageChecks(facts.image, finished);
      checks.push(...result.checks);
      image = {
        WidthPx: facts.image.width,
        HeightPx: facts.image.height,
        Format: facts.image.format,
        ColorMode: colourModeName(facts.image.space),
        EmbeddedDpi: facts.image.density ? Math.round(facts.image.density) : null,
        EffectiveDpi: result.effectiveDpi,
      };
    }
  } else {
    isCheckable = false;
    checks.push({
      Code: 'file.not-checked',
      Level: 'warning',
      Message: `${file.extension ? `.${file.extension} ` : ''}文件无法自动检查尺寸和分辨率，将由印前人员人工审核`,
    });
  }
  if (!finished && isCheckable && (pdf || image)) {
    checks.push({
      Code: 'size.not-given',
      Level: 'info',
      Message: pdf ? '未提供成品尺寸，未核对页面尺寸和出血' : '未提供成品尺寸，未计算印刷分辨率',
    });
  }

  const worst = checks.reduce((level, check) => Math.max(level, SEVERITY[check.Level]), 0);
  const level: PreflightReport['Level'] =
    worst === SEVERITY.error
      ? 'error'
      : !isCheckable
        ? 'unknown'
        : worst === SEVERITY.warning
          ? 'warning'
          : 'ok';
  const firstOf = (wanted: PreflightLevel) => checks.find((check) => check.Level === wanted)?.Message ?? '';
  const summary =
    level === 'error'
      ? `不符合印刷要求：${firstOf('error')}`
      : level === 'unknown'
        ? '无法自动检查，将由印前人员人工审核'
        : level === 'warning'
          ? `可以印刷，但请注意：${firstOf('warning')}`
          : finished
            ? '符合印刷要求'
            : '文件可以读取；提供成品尺寸后可核对尺寸与分辨率';

  return {
    FileId: file.id,
    OrgFileName: file.name,
    Kind: facts.kind,
    Level: level,
    Summary: summary,
    FinishedSize: finished
      ? { WidthMm: finished.widthMm, HeightMm: finished.heightMm, BleedMm: finished.bleedMm }
      : null,
    Pdf: pdf,
    Image: image,
    Checks: checks,
  };
}

import type { ReactNode } from 'react';
import {
  CheckCircleFilled,
  CloseCircleFilled,
  ExclamationCircleFilled,
  InfoCircleFilled,
} from '@ant-design/icons';
import { Alert, Descriptions, Tag } from 'antd';
import type { PreflightCheck, PreflightReport } from '@inkstone/contracts';
import { colourModeLabel, pageSizeText, printSizeAt300Dpi } from '../utils/file-facts.ts';

const LEVEL_TEXT: Record<PreflightReport['Level'], { label: string; color: string }> = {
  ok: { label: '通过', color: 'success' },
  warning: { label: '请注意', color: 'warning' },
  error: { label: '不符合', color: 'error' },
  unknown: { label: '人工核对', color: 'default' },
};

function checkIcon(level: PreflightCheck['Level']) {
  switch (level) {
    case 'ok':
      return <CheckCircleFilled className="ink-preflight__icon is-ok" />;
    case 'warning':
      return <ExclamationCircleFilled className="ink-preflight__icon is-warning" />;
    case 'error':
      return <CloseCircleFilled className="ink-preflight__icon is-error" />;
    case 'info':
      return <InfoCircleFilled className="ink-preflight__icon is-info" />;
  }
}

type FactItem = { key: string; label: string; children: ReactNode };

/** The facts the server read from the file, as lines of a description list. */
function factItems(report: PreflightReport): FactItem[] {
  const items: FactItem[] = [];
  if (report.Pdf) {
    const first = report.Pdf.Pages[0];
    items.push({ key: 'pages', label: 'PDF 页数', children: `${report.Pdf.PageCount} 页` });
    if (first) {
      items.push({
        key: 'size',
        label: '页面尺寸',
        children: `${pageSizeText(first)}（${first.Box === 'TrimBox' ? '裁切框' : '媒体框'}）`,
      });
      items.push({
        key: 'bleed',
        label: '出血',
        children:
          first.BleedMm === null ? '未设置（文件无裁切框）' : `${Math.round(first.BleedMm * 10) / 10} mm`,
      });
    }
    const sizes = new Set(report.Pdf.Pages.map((page) => pageSizeText(page)));
    if (sizes.size > 1) {
      items.push({ key: 'mixed', label: '各页尺寸', children: [...sizes].join('、') });
    }
  }
  if (report.Image) {
    const image = report.Image;
    items.push({ key: 'pixels', label: '像素', children: `${image.WidthPx} × ${image.HeightPx} px` });
    items.push({ key: 'format', label: '格式', children: image.Format.toUpperCase() });
    items.push({ key: 'colour', label: '颜色模式', children: colourModeLabel(image.ColorMode) });
    items.push({
      key: 'dpi',
      label: '分辨率',
      children: image.EmbeddedDpi ? `${Math.round(image.EmbeddedDpi)} DPI（图片自带）` : '图片未标记分辨率',
    });
    if (image.EffectiveDpi) {
      items.push({
        key: 'effective',
        label: '按成品尺寸',
        children: `${Math.round(image.EffectiveDpi)} DPI`,
      });
    }
    items.push({ key: 'print', label: '300 DPI 可印', children: printSizeAt300Dpi(image) });
  }
  return items;
}

/** The facts the server read from the file: PDF pages and size, image pixels, DPI, colour mode. */
export function FactsList({ report }: { report: PreflightReport }) {
  const items = factItems(report);
  if (items.length === 0) {
    return (
      <Alert
        type="info"
        showIcon
        title="此类文件无法自动读取页面信息，下单后由印前人员人工核对。"
        className="ink-file-detail__note"
      />
    );
  }
  return <Descriptions size="small" column={1} bordered items={items} className="ink-file-detail__facts" />;
}

/** 印前检查 for a finished size: the summary and each check with its level. */
export function PreflightChecks({ report }: { report: PreflightReport }) {
  const level = LEVEL_TEXT[report.Level];
  return (
    <div className="ink-preflight" data-testid="preflight-result">
      <p className="ink-preflight__summary">
        <Tag color={level.color}>{level.label}</Tag>
        {report.Summary}
      </p>
      <ul className="ink-preflight__checks">
        {report.Checks.filter((check) => check.Level !== 'info').map((check) => (
          <li key={`${check.Code}-${check.Message}`}>
            {checkIcon(check.Level)}
            <span>{check.Message}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

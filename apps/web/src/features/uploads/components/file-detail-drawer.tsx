import { useState } from 'react';
import type { ReactNode } from 'react';
import {
  CheckCircleFilled,
  CloseCircleFilled,
  DownloadOutlined,
  ExclamationCircleFilled,
  ExportOutlined,
  InfoCircleFilled,
  QuestionCircleFilled,
} from '@ant-design/icons';
import { Alert, Button, Descriptions, Drawer, Form, InputNumber, Skeleton, Tag, Typography } from 'antd';
import { UPLOAD_TYPE_RULES } from '@inkstone/contracts';
import type { PreflightCheck, PreflightReport, ServerFile, UploadTypeValue } from '@inkstone/contracts';
import { usePreflight } from '../api/get-service-file-preflight.ts';
import type { FinishedSize } from '../api/get-service-file-preflight.ts';
import { colourModeLabel, pageSizeText, printSizeAt300Dpi } from '../utils/file-facts.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { formatBytes } from '../utils/format.ts';
import { ServerFileThumb } from './server-file-thumb.tsx';
import './uploads.css';

export interface FileDetailDrawerProps {
  file: ServerFile | null;
  onClose(): void;
  /** Extra buttons at the foot (select, delete), for the screen that opens the drawer. */
  actions?: ReactNode;
}

/** A signed file link that downloads instead of opening. */
export function downloadHref(file: ServerFile): string {
  return `${file.FilePath}${file.FilePath.includes('?') ? '&' : '?'}download=1`;
}

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

function uploadTypeLabel(type: number): string {
  return UPLOAD_TYPE_RULES[type as UploadTypeValue]?.label ?? `类型 ${type}`;
}

/** The facts the server read from the file: PDF pages and size, image pixels, DPI, colour mode. */
function FactsList({ report }: { report: PreflightReport }) {
  const items: { key: string; label: string; children: ReactNode }[] = [];
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
function PreflightChecks({ report }: { report: PreflightReport }) {
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

/**
 * A server file's detail: a large preview, name, size and upload time, the facts read from the
 * file (PDF pages and size in mm, image pixels, DPI and colour mode), and a preflight against a
 * finished size (GET /api/v1/get_service_file_preflight).
 */
export function FileDetailDrawer({ file, onClose, actions }: FileDetailDrawerProps) {
  const [size, setSize] = useState<FinishedSize | null>(null);
  const [form] = Form.useForm<FinishedSize>();
  const facts = usePreflight(file?.Id ?? null, null);
  const check = usePreflight(size && file ? file.Id : null, size);

  function close() {
    setSize(null);
    form.resetFields();
    onClose();
  }

  const canCheck = file?.Facts?.Kind !== 'other';

  return (
    <Drawer
      open={file !== null}
      onClose={close}
      title="文件详情"
      size={560}
      destroyOnHidden
      className="ink-file-detail"
      rootClassName="ink-file-detail-root"
      footer={actions ? <div className="ink-file-detail__actions">{actions}</div> : null}
    >
      {file && (
        <>
          <a className="ink-file-detail__preview" href={file.FilePath} target="_blank" rel="noreferrer">
            <ServerFileThumb file={file} />
          </a>
          <Typography.Title level={5} className="ink-file-detail__name">
            {file.OrgFileName}
          </Typography.Title>
          <div className="ink-file-detail__links">
            <Button icon={<ExportOutlined />} href={file.FilePath} target="_blank" rel="noreferrer">
              打开
            </Button>
            <Button icon={<DownloadOutlined />} href={downloadHref(file)}>
              下载
            </Button>
          </div>
          <Descriptions
            size="small"
            column={1}
            className="ink-file-detail__meta"
            items={[
              { key: 'size', label: '大小', children: formatBytes(file.FileSize) },
              {
                key: 'type',
                label: '类型',
                children: `${file.FileExt.toUpperCase()} · ${uploadTypeLabel(file.UploadType)}`,
              },
              { key: 'time', label: '上传时间', children: formatDateTime(file.CreatedAt) },
              {
                key: 'md5',
                label: 'MD5',
                children: (
                  <Typography.Text copyable code className="ink-file-detail__md5">
                    {file.Md5}
                  </Typography.Text>
                ),
              },
            ]}
          />

          <h3 className="ink-file-detail__heading">文件信息</h3>
          {facts.isPending ? (
            <Skeleton active paragraph={{ rows: 3 }} title={false} />
          ) : facts.data ? (
            <FactsList report={facts.data} />
          ) : (
            <Alert type="warning" showIcon title="文件信息读取失败，请稍后重试" />
          )}

          {canCheck && (
            <>
              <h3 className="ink-file-detail__heading">印前检查</h3>
              <p className="ink-file-detail__hint">
                填写成品尺寸，检查文件尺寸、出血和分辨率是否符合印刷要求。
              </p>
              <Form
                form={form}
                layout="inline"
                className="ink-preflight__form"
                initialValues={{ bleed: 3 }}
                onFinish={(values) =>
                  setSize({ width: values.width, height: values.height, bleed: values.bleed ?? 3 })
                }
              >
                <Form.Item name="width" rules={[{ required: true, message: '请填写成品宽' }]}>
                  <InputNumber
                    min={1}
                    max={10_000}
                    placeholder="宽"
                    suffix="mm"
                    aria-label="成品宽（毫米）"
                  />
                </Form.Item>
                <span className="ink-preflight__times">×</span>
                <Form.Item name="height" rules={[{ required: true, message: '请填写成品高' }]}>
                  <InputNumber
                    min={1}
                    max={10_000}
                    placeholder="高"
                    suffix="mm"
                    aria-label="成品高（毫米）"
                  />
                </Form.Item>
                <Form.Item name="bleed" label="出血">
                  <InputNumber min={0} max={20} suffix="mm" aria-label="出血（毫米）" />
                </Form.Item>
                <Form.Item>
                  <Button type="primary" htmlType="submit" loading={check.isFetching}>
                    检查
                  </Button>
                </Form.Item>
              </Form>
              {check.data && <PreflightChecks report={check.data} />}
              {!check.data && !check.isFetching && !size && (
                <p className="ink-file-detail__muted">
                  <QuestionCircleFilled /> 例如 A4 成品填 210 × 297，出血一般为 3 mm。
                </p>
              )}
            </>
          )}
        </>
      )}
    </Drawer>
  );
}

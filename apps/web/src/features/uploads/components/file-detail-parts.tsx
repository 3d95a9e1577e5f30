import { DownloadOutlined, ExportOutlined, QuestionCircleFilled } from '@ant-design/icons';
import { Button, Descriptions, Form, InputNumber, Typography } from 'antd';
import type { FormInstance } from 'antd';
import { UPLOAD_TYPE_RULES } from '@inkstone/contracts';
import type { PreflightReport, ServerFile, UploadTypeValue } from '@inkstone/contracts';
import { formatDateTime } from '../../../lib/format.ts';
import type { FinishedSize } from '../api/get-service-file-preflight.ts';
import { formatBytes } from '../utils/format.ts';
import { PreflightChecks } from './preflight-report.tsx';
import { ServerFileThumb } from './server-file-thumb.tsx';

/** A signed file link that downloads instead of opening. */
export function downloadHref(file: ServerFile): string {
  return `${file.FilePath}${file.FilePath.includes('?') ? '&' : '?'}download=1`;
}

function uploadTypeLabel(type: number): string {
  return UPLOAD_TYPE_RULES[type as UploadTypeValue]?.label ?? `类型 ${type}`;
}

/** The file's large preview, name, 打开 and 下载, size, type, upload time and MD5. */
export function FileDetailHead({ file }: { file: ServerFile }) {
  return (
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
    </>
  );
}

export interface PreflightSectionProps {
  form: FormInstance<FinishedSize>;
  /** The finished size checked last; null before the first check. */
  size: FinishedSize | null;
  onCheck(size: FinishedSize): void;
  report: PreflightReport | undefined;
  isChecking: boolean;
}

/** 印前检查: a finished size and bleed, then the file checked against them. */
export function PreflightSection({ form, size, onCheck, report, isChecking }: PreflightSectionProps) {
  return (
    <>
      <h3 className="ink-file-detail__heading">印前检查</h3>
      <p className="ink-file-detail__hint">填写成品尺寸，检查文件尺寸、出血和分辨率是否符合印刷要求。</p>
      <Form
        form={form}
        layout="inline"
        className="ink-preflight__form"
        initialValues={{ bleed: 3 }}
        onFinish={(values) =>
          onCheck({ width: values.width, height: values.height, bleed: values.bleed ?? 3 })
        }
      >
        <Form.Item name="width" rules={[{ required: true, message: '请填写成品宽' }]}>
          <InputNumber min={1} max={10_000} placeholder="宽" suffix="mm" aria-label="成品宽（毫米）" />
        </Form.Item>
        <span className="ink-preflight__times">×</span>
        <Form.Item name="height" rules={[{ required: true, message: '请填写成品高' }]}>
          <InputNumber min={1} max={10_000} placeholder="高" suffix="mm" aria-label="成品高（毫米）" />
        </Form.Item>
        <Form.Item name="bleed" label="出血">
          <InputNumber min={0} max={20} suffix="mm" aria-label="出血（毫米）" />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={isChecking}>
            检查
          </Button>
        </Form.Item>
      </Form>
      {report && <PreflightChecks report={report} />}
      {!report && !isChecking && !size && (
        <p className="ink-file-detail__muted">
          <QuestionCircleFilled /> 例如 A4 成品填 210 × 297，出血一般为 3 mm。
        </p>
      )}
    </>
  );
}

import { Card, Image, List, Space, Tag, Typography } from 'antd';
import type { OrderFile, StaffOrderDetail } from '@inkstone/contracts';
import { formatFen } from '../../../lib/format.ts';

const PREFLIGHT: Record<OrderFile['PreflightLevel'], { label: string; colour: string }> = {
  ok: { label: '预检通过', colour: 'green' },
  warning: { label: '预检提醒', colour: 'orange' },
  error: { label: '预检不通过', colour: 'red' },
  unknown: { label: '无法自动预检', colour: 'default' },
};

function fileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** An artwork file: its thumbnail, name as a download link, size and the preflight with what to mind. */
function ArtworkFile({ file }: { file: OrderFile }) {
  const preflight = PREFLIGHT[file.PreflightLevel];
  const notes = file.Preflight.Checks.filter((check) => check.Level === 'warning' || check.Level === 'error');
  return (
    <List.Item data-testid="order-file">
      <List.Item.Meta
        avatar={
          file.Thumbnail ? (
            <Image
              src={file.Thumbnail}
              alt={file.OrgFileName}
              width={72}
              height={72}
              style={{ objectFit: 'contain', background: '#fafafa' }}
            />
          ) : null
        }
        title={
          <Space wrap>
            <a href={file.FilePath} download={file.OrgFileName} target="_blank" rel="noreferrer">
              {file.OrgFileName}
            </a>
            <Typography.Text type="secondary">{fileSize(file.FileSize)}</Typography.Text>
            <Tag color={preflight.colour} data-testid="order-file-preflight">
              {preflight.label}
            </Tag>
          </Space>
        }
        description={
          <div>
            <div>{file.Preflight.Summary}</div>
            {notes.map((check) => (
              <div key={check.Code}>
                <Typography.Text type={check.Level === 'error' ? 'danger' : 'warning'}>
                  {check.Message}
                </Typography.Text>
              </div>
            ))}
          </div>
        }
      />
    </List.Item>
  );
}

/** The order's lines: product, choices, quantity, price as sold with its breakdown, and the artwork. */
export function OrderLines({ order }: { order: StaffOrderDetail }) {
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="order-lines">
      {order.Lines.map((line) => (
        <Card
          key={line.Id}
          size="small"
          title={
            <Space wrap>
              <span>{line.ProductTitle}</span>
              <Typography.Text type="secondary">
                {line.Quantity}
                {line.Unit}
              </Typography.Text>
            </Space>
          }
          extra={<Typography.Text strong>{formatFen(line.AmountFen)}</Typography.Text>}
        >
          <Typography.Paragraph>{line.SpecText}</Typography.Paragraph>
          <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
            {line.PriceLines.map((price) => `${price.Label} ${formatFen(price.AmountFen)}`).join('；')}
            {line.ProductionDays ? `；生产 ${line.ProductionDays} 天` : ''}
          </Typography.Paragraph>
          {line.Remarks ? <Typography.Paragraph>备注：{line.Remarks}</Typography.Paragraph> : null}
          {line.Files.length > 0 ? (
            <List size="small" dataSource={line.Files} renderItem={(file) => <ArtworkFile file={file} />} />
          ) : (
            <Typography.Text type="warning">还没有印刷文件</Typography.Text>
          )}
        </Card>
      ))}
    </Space>
  );
}

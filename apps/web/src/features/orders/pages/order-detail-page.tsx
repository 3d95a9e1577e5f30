import { useState } from 'react';
import { Alert, Button, Descriptions, Input, Modal, Skeleton, Tag, Timeline } from 'antd';
import { ArrowLeftOutlined, FileOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { OrderStatus } from '@inkstone/contracts';
import type { OrderDetail, OrderFile, ServerFile } from '@inkstone/contracts';
import { UploadCard } from '../../uploads/index.ts';
import { feedback } from '../../../lib/feedback.ts';
import { formatDateTime, formatFen, formatWeight } from '../../../lib/format.ts';
import { useVersionSite } from '../../../lib/route-handle.ts';
import { appendOrderInfo } from '../api/append-order-info.ts';
import { ORDERS_KEY } from '../api/keys.ts';
import { useOrderDetail } from '../api/order-detail.ts';
import { OrderActions } from '../components/order-actions.tsx';
import { StatusTag } from '../components/status-tag.tsx';
import { orderPath, resolveOrderPage } from '../paths.ts';

const PREFLIGHT_TAGS: Record<OrderFile['PreflightLevel'], { color: string; text: string }> = {
  ok: { color: 'success', text: '预检通过' },
  warning: { color: 'warning', text: '预检提醒' },
  error: { color: 'error', text: '预检不通过' },
  unknown: { color: 'default', text: '无法自动检查' },
};

/** The file's thumbnail (a picture, or its typed icon), the file type when even that fails. */
function OrderFileThumb({ file }: { file: OrderFile }) {
  const [hasFailed, setHasFailed] = useState(false);
  if (hasFailed || !file.Thumbnail) {
    return (
      <span className="ink-orders__file-thumb" role="img" aria-label={file.OrgFileName}>
        <FileOutlined /> {file.FileExt.toUpperCase()}
      </span>
    );
  }
  return (
    <img
      className="ink-orders__file-thumb"
      src={file.Thumbnail}
      alt={file.OrgFileName}
      loading="lazy"
      onError={() => setHasFailed(true)}
    />
  );
}

/** Files may be added while 待付款 or 待审稿; remarks until the order is shipped. */
function appendRights(order: OrderDetail): { canFiles: boolean; canRemarks: boolean } {
  return {
    canFiles: order.Status === OrderStatus.Unpaid || order.Status === OrderStatus.Reviewing,
    canRemarks:
      order.Status === OrderStatus.Unpaid ||
      order.Status === OrderStatus.Reviewing ||
      order.Status === OrderStatus.Producing,
  };
}

function AppendDialog({ order, open, onClose }: { order: OrderDetail; open: boolean; onClose(): void }) {
  const queryClient = useQueryClient();
  const { canFiles, canRemarks } = appendRights(order);
  const [files, setFiles] = useState<Record<number, ServerFile[]>>({});
  const [remarks, setRemarks] = useState('');
  const [isSaving, setIsSaving] = useState(false);
  const picked = order.Lines.map((line) => ({
    LineId: line.Id,
    FileIds: (files[line.Id] ?? []).map((f) => f.Id),
  })).filter((item) => item.FileIds.length > 0);

  async function save() {
    setIsSaving(true);
    try {
      await appendOrderInfo({ OrderId: order.Id, Files: picked, Remarks: remarks.trim() });
      feedback.success('已提交');
      setFiles({});
      setRemarks('');
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
      onClose();
    } catch {
      // The client showed why.
    } finally {
      setIsSaving(false);
    }
  }

  return (
    <Modal
      open={open}
      title="追加文件 / 备注"
      onCancel={onClose}
      onOk={() => void save()}
      okText="提交"
      cancelText="取消"
      okButtonProps={{ disabled: picked.length === 0 && remarks.trim() === '', loading: isSaving }}
      width={720}
      destroyOnHidden
    >
      {canFiles &&
        order.Lines.map((line) => (
          <div key={line.Id} style={{ marginBottom: 16 }}>
            <p className="ink-orders__line-title">{line.ProductTitle}</p>
            <p className="ink-orders__spec">{line.SpecText}</p>
            <UploadCard
              value={files[line.Id] ?? []}
              onChange={(next) => setFiles((current) => ({ ...current, [line.Id]: next }))}
              maxFiles={20}
            />
          </div>
        ))}
      {!canFiles && (
        <Alert
          type="info"
          showIcon
          title="订单已进入生产，不能再补传文件，可追加备注。"
          style={{ marginBottom: 12 }}
        />
      )}
      {canRemarks && (
        <Input.TextArea
          aria-label="追加备注"
          placeholder="追加的备注会另起一行记入订单"
          value={remarks}
          maxLength={500}
          showCount
          autoSize={{ minRows: 2, maxRows: 5 }}
          onChange={(event) => setRemarks(event.target.value)}
        />
      )}
    </Modal>
  );
}

/** An order's detail (`/user/order/{tab}?id=`): lines, files, address, express, history and actions. */
export function OrderDetailPage({ orderId }: { orderId: number }) {
  const site = useVersionSite();
  const { t } = useParams();
  const page = resolveOrderPage(t);
  const tabKey = page.page === 'list' ? page.tab.key : 'all';
  const detail = useOrderDetail(orderId);
  const [isAppending, setIsAppending] = useState(false);
  const back = (
    <Link to={orderPath(site.version, tabKey)}>
      <ArrowLeftOutlined /> 返回订单列表
    </Link>
  );

  if (detail.isLoading) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (detail.isError || !detail.data) {
    return (
      <Alert type="error" showIcon title="订单加载失败" description={detail.error?.message} action={back} />
    );
  }
  const order = detail.data;
  const { canFiles, canRemarks } = appendRights(order);
  const address = order.Address;

  return (
    <section aria-labelledby="ink-order-title">
      <p style={{ margin: '0 0 8px' }}>{back}</p>
      <h1 className="ink-orders__title" id="ink-order-title">
        订单 {order.OrderNo} <StatusTag order={order} />
      </h1>
      {order.Status === OrderStatus.Unpaid && order.UnpaidExpiresAt && (
        <Alert
          type="warning"
          showIcon
          title={`请在 ${formatDateTime(order.UnpaidExpiresAt)} 前完成支付，逾期订单将自动取消。`}
          style={{ marginBottom: 12 }}
        />
      )}
      {order.ReviewState === 'rejected' && order.Status === OrderStatus.Reviewing && (
        <Alert
          type="error"
          showIcon
          title={`稿件退回：${order.RejectReason}`}
          description="请点击「追加文件/备注」重新上传文件。"
          style={{ marginBottom: 12 }}
        />
      )}
      {order.Status === OrderStatus.Cancelled && (
        <Alert
          type="info"
          showIcon
          title={`订单已取消${order.CancelReason ? `：${order.CancelReason}` : ''}`}
          description={order.RefundFen > 0 ? `已退款 ${formatFen(order.RefundFen)} 至账户余额` : undefined}
          style={{ marginBottom: 12 }}
        />
      )}

      <div className="ink-orders__card">
        <div className="ink-orders__order-foot" style={{ borderTop: 0, marginTop: 0, paddingTop: 0 }}>
          <OrderActions
            order={order}
            extra={
              (canFiles || canRemarks) && <Button onClick={() => setIsAppending(true)}>追加文件/备注</Button>
            }
          />
        </div>
      </div>

      <div className="ink-orders__card">
        <h2 className="ink-orders__card-title">商品</h2>
        {order.Lines.map((line) => (
          <div key={line.Id} className="ink-orders__line" style={{ gridTemplateColumns: '1fr auto' }}>
            <div>
              <p className="ink-orders__line-title">{line.ProductTitle}</p>
              <p className="ink-orders__spec">
                {line.SpecText} · {line.Quantity}
                {line.Unit} · 生产 {line.ProductionDays} 个工作日
              </p>
              {line.PriceLines.length > 0 && (
                <dl className="ink-orders__totals" style={{ maxWidth: 420, marginTop: 8, fontSize: 13 }}>
                  {line.PriceLines.map((price, index) => (
                    <div key={index} style={{ display: 'contents' }}>
                      <dt>
                        {price.Label}
                        {price.Detail ? <span className="ink-orders__muted">（{price.Detail}）</span> : null}
                      </dt>
                      <dd>{formatFen(price.AmountFen)}</dd>
                    </div>
                  ))}
                </dl>
              )}
              <div className="ink-orders__files">
                {line.Files.length === 0 ? (
                  <span className="ink-orders__muted">尚未上传印刷文件</span>
                ) : (
                  line.Files.map((file) => {
                    const tag = PREFLIGHT_TAGS[file.PreflightLevel];
                    return (
                      <div key={file.Id} className="ink-orders__file">
                        <OrderFileThumb file={file} />
                        <a href={file.FilePath} target="_blank" rel="noreferrer">
                          {file.OrgFileName}
                        </a>
                        <Tag color={tag.color}>{tag.text}</Tag>
                        {file.PreflightLevel !== 'ok' && (
                          <span className="ink-orders__muted">{file.Preflight.Summary}</span>
                        )}
                      </div>
                    );
                  })
                )}
              </div>
            </div>
            <div className="ink-orders__amount">{formatFen(line.AmountFen)}</div>
          </div>
        ))}
        <dl
          className="ink-orders__totals"
          style={{ marginTop: 12, borderTop: '1px solid #f0f0f0', paddingTop: 12 }}
        >
          <dt>商品金额</dt>
          <dd>{formatFen(order.GoodsFen)}</dd>
          <dt>运费（{formatWeight(order.WeightGrams)}）</dt>
          <dd>{formatFen(order.ExpressFen)}</dd>
          <dt>优惠{order.CouponName ? `（${order.CouponName}）` : ''}</dt>
          <dd>-{formatFen(order.DiscountFen)}</dd>
          <dt>
            <strong>应付</strong>
          </dt>
          <dd>
            <strong className="ink-orders__amount ink-orders__amount--big">
              {formatFen(order.TotalFen)}
            </strong>
          </dd>
        </dl>
      </div>

      <div className="ink-orders__card">
        <h2 className="ink-orders__card-title">收货与配送</h2>
        <Descriptions column={{ xs: 1, sm: 2 }} size="small">
          <Descriptions.Item label="收货人">
            {address.Contacts} {address.PhoneNumber}
          </Descriptions.Item>
          <Descriptions.Item label="收货地址">
            {[
              address.Province,
              address.City === '市辖区' ? '' : address.City,
              address.Region,
              address.Address,
            ].join('')}
          </Descriptions.Item>
          <Descriptions.Item label="快递公司">{order.ExpressCompanyName || '—'}</Descriptions.Item>
          <Descriptions.Item label="快递单号">{order.TrackingNo || '发货后显示'}</Descriptions.Item>
          <Descriptions.Item label="支付方式">{order.PayMethodName || '未支付'}</Descriptions.Item>
          <Descriptions.Item label="下单时间">{formatDateTime(order.CreatedAt)}</Descriptions.Item>
        </Descriptions>
        {order.Remarks && (
          <p style={{ whiteSpace: 'pre-wrap', margin: '8px 0 0' }}>
            <span className="ink-orders__muted">备注：</span>
            {order.Remarks}
          </p>
        )}
      </div>

      <div className="ink-orders__card">
        <h2 className="ink-orders__card-title">订单进度</h2>
        <Timeline
          data-testid="order-timeline"
          items={[...order.Events].reverse().map((event) => ({
            color: event.Action.includes('cancel') || event.Action === 'reject' ? 'red' : 'blue',
            content: (
              <div>
                <strong>{event.ActionName}</strong>
                <span className="ink-orders__muted">
                  {' '}
                  · {formatDateTime(event.CreatedAt)}
                  {event.ActorName ? ` · ${event.ActorName}` : ''}
                </span>
                {event.Note && <div className="ink-orders__muted">{event.Note}</div>}
              </div>
            ),
          }))}
        />
      </div>
      <AppendDialog order={order} open={isAppending} onClose={() => setIsAppending(false)} />
    </section>
  );
}

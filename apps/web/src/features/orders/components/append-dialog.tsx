import { Alert, Input, Modal } from 'antd';
import type { OrderDetail } from '@inkstone/contracts';
import { UploadCard } from '../../uploads/index.ts';
import { useAppendOrderInfo } from '../hooks/use-append-order-info.ts';
import { appendRights } from '../utils/append-rights.ts';

/** More artwork per line (while 待付款 or 待审稿) and remarks (until shipped) for an order. */
export function AppendDialog({
  order,
  open,
  onClose,
}: {
  order: OrderDetail;
  open: boolean;
  onClose(): void;
}) {
  const { canFiles, canRemarks } = appendRights(order);
  const append = useAppendOrderInfo(order, onClose);

  return (
    <Modal
      open={open}
      title="追加文件 / 备注"
      onCancel={onClose}
      onOk={() => void append.save()}
      okText="提交"
      cancelText="取消"
      okButtonProps={{ disabled: append.isEmpty, loading: append.isSaving }}
      width={720}
      destroyOnHidden
    >
      {canFiles &&
        order.Lines.map((line) => (
          <div key={line.Id} style={{ marginBottom: 16 }}>
            <p className="ink-orders__line-title">{line.ProductTitle}</p>
            <p className="ink-orders__spec">{line.SpecText}</p>
            <UploadCard
              value={append.files[line.Id] ?? []}
              onChange={(next) => append.setLineFiles(line.Id, next)}
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
          value={append.remarks}
          maxLength={500}
          showCount
          autoSize={{ minRows: 2, maxRows: 5 }}
          onChange={(event) => append.setRemarks(event.target.value)}
        />
      )}
    </Modal>
  );
}

import type { ReactNode } from 'react';
import { Button, Modal, Spin } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { PRINT_LOADING_MESSAGE } from '@inkstone/contracts';
import type { PrintRequest } from '../api/post-print-html.ts';
import { usePrint } from '../hooks/use-print.ts';

export interface PrintButtonProps {
  /** What to print. */
  request: PrintRequest;
  /** The button's text: 打印订单, 打印送货单, 打印对账单. */
  children: ReactNode;
  disabled?: boolean;
}

/**
 * A print button: loads the printable page (正在加载打印数据,请稍后...) and opens it in a window
 * of its own, which asks the browser to print.
 */
export function PrintButton({ request, children, disabled = false }: PrintButtonProps) {
  const { isLoading, isBlocked, start, openBlocked, dismiss } = usePrint();
  return (
    <>
      <Button
        icon={<PrinterOutlined />}
        loading={isLoading}
        disabled={disabled}
        onClick={() => void start(request)}
      >
        {children}
      </Button>
      <Modal open={isLoading} footer={null} closable={false} centered width={320} destroyOnHidden>
        <div role="status" aria-live="polite" style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
          <Spin />
          <span>{PRINT_LOADING_MESSAGE}</span>
        </div>
      </Modal>
      <Modal
        open={isBlocked}
        title="打印窗口被浏览器拦截"
        onCancel={dismiss}
        onOk={openBlocked}
        okText="打开打印窗口"
        cancelText="取消"
        centered
        width={380}
      >
        打印数据已准备好，请点击“打开打印窗口”，或在浏览器中允许本站弹出窗口。
      </Modal>
    </>
  );
}

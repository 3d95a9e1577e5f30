import { useState } from 'react';
import { App } from 'antd';
import { staffCalls, type StaffPrintOrdersBody } from '@inkstone/contracts';
import { openPrintWindow } from './print-window.ts';
import { errorMessage, staffPage } from './staff-api.ts';

/**
 * 打印订单 / 打印送货单 of the console: the page from the server (staff PrintOrders), then the print
 * window. A window the browser blocked is offered again on a click of its own.
 */
export function usePrintOrders() {
  const { message, modal } = App.useApp();
  const [printing, setPrinting] = useState<StaffPrintOrdersBody['PrintType'] | null>(null);

  const print = async (body: StaffPrintOrdersBody) => {
    if (printing) return;
    setPrinting(body.PrintType);
    const hide = message.loading('正在加载打印数据,请稍后...', 0);
    try {
      const page = await staffPage(staffCalls.PrintOrders, body);
      if (!openPrintWindow(page)) {
        modal.confirm({
          title: '浏览器拦截了打印窗口',
          content: '请允许本网站弹出窗口，或点击“打开打印页”。',
          okText: '打开打印页',
          cancelText: '关闭',
          onOk: () => void openPrintWindow(page),
        });
      }
    } catch (error) {
      void message.error(errorMessage(error));
    } finally {
      hide();
      setPrinting(null);
    }
  };

  return { print, printing };
}

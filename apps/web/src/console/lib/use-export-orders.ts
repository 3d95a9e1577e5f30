import { useState } from 'react';
import { App } from 'antd';
import { staffCalls, type StaffExportOrdersBody } from '@inkstone/contracts';
import { errorMessage, staffFile } from './staff-api.ts';

/** Hands a downloaded file to the browser to save under `fileName`. */
function save(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName || '订单.xlsx';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** 导出Excel of the order board: every order matching its filters (staff ExportOrders), saved as .xlsx. */
export function useExportOrders() {
  const { message } = App.useApp();
  const [isExporting, setExporting] = useState(false);

  const exportOrders = async (body: StaffExportOrdersBody) => {
    if (isExporting) return;
    setExporting(true);
    const hide = message.loading('正在导出中,请稍后...', 0);
    try {
      const file = await staffFile(staffCalls.ExportOrders, body);
      save(file.blob, file.fileName);
    } catch (error) {
      void message.error(errorMessage(error));
    } finally {
      hide();
      setExporting(false);
    }
  };

  return { exportOrders, isExporting };
}

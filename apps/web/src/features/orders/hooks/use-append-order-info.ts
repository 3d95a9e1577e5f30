import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { OrderDetail, ServerFile } from '@inkstone/contracts';
import { feedback } from '../../../lib/feedback.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { appendOrderInfo } from '../api/append-order-info.ts';

/** 追加文件 / 备注: the files chosen per line, the remarks, and sending them (AppendOrderInfo). */
export function useAppendOrderInfo(order: OrderDetail, onDone: () => void) {
  const queryClient = useQueryClient();
  const [files, setFiles] = useState<Record<number, ServerFile[]>>({});
  const [remarks, setRemarks] = useState('');
  const [isSaving, setIsSaving] = useState(false);
  const picked = order.Lines.map((line) => ({
    LineId: line.Id,
    FileIds: (files[line.Id] ?? []).map((f) => f.Id),
  })).filter((item) => item.FileIds.length > 0);

  function setLineFiles(lineId: number, next: ServerFile[]) {
    setFiles((current) => ({ ...current, [lineId]: next }));
  }

  async function save() {
    setIsSaving(true);
    try {
      await appendOrderInfo({ OrderId: order.Id, Files: picked, Remarks: remarks.trim() });
      feedback.success('已提交');
      setFiles({});
      setRemarks('');
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
      onDone();
    } catch {
      // The client showed why.
    } finally {
      setIsSaving(false);
    }
  }

  return {
    files,
    setLineFiles,
    remarks,
    setRemarks,
    isSaving,
    isEmpty: picked.length === 0 && remarks.trim() === '',
    save,
  };
}

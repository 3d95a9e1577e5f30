import { useState } from 'react';
import { Form } from 'antd';
import type { ServerFile } from '@inkstone/contracts';
import { usePreflight } from '../api/get-service-file-preflight.ts';
import type { FinishedSize } from '../api/get-service-file-preflight.ts';

/**
 * A file detail's state: the facts read from the file, the finished size asked for and its
 * preflight. Closing forgets the size.
 */
export function useFileDetail(file: ServerFile | null, onClose: () => void) {
  const [size, setSize] = useState<FinishedSize | null>(null);
  const [form] = Form.useForm<FinishedSize>();
  const facts = usePreflight(file?.Id ?? null, null);
  const check = usePreflight(size && file ? file.Id : null, size);

  function close() {
    setSize(null);
    form.resetFields();
    onClose();
  }

  return { size, setSize, form, facts, check, close };
}

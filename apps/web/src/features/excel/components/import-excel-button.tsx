import { lazy, Suspense, useState } from 'react';
import { Button } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import type { ImportExcelType } from '@inkstone/contracts';

// The dialog and its upload card load on the first click.
const ImportExcelDialog = lazy(() =>
  import('./import-excel-dialog.tsx').then((module) => ({ default: module.ImportExcelDialog })),
);

export interface ImportExcelButtonProps {
  /** addresses (the address book) or batch_orders (the cart). */
  type: ImportExcelType;
  disabled?: boolean;
}

/** 导入Excel: opens the import dialog of spec §2 for `type`, fresh each time. */
export function ImportExcelButton({ type, disabled = false }: ImportExcelButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<UploadOutlined />} disabled={disabled} onClick={() => setOpen(true)}>
        导入Excel
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ImportExcelDialog type={type} open onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

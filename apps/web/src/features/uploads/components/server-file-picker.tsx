import { useState } from 'react';
import { Button, Modal } from 'antd';
import { FILE_PICKER_DIALOG_WIDTH, FILE_PICKER_MAX_FILES } from '@inkstone/contracts';
import type { ServerFile, UploadTypeValue } from '@inkstone/contracts';
import { ServerFileLibrary } from './server-file-library.tsx';

export interface ServerFilePickerProps {
  open: boolean;
  onClose(): void;
  /** The files chosen, in the order they were selected. */
  onConfirm(files: ServerFile[]): void;
  /** Files that may be chosen at most (spec §9: up to 1000); 1 chooses a single file. */
  maxSelect?: number;
  /** Only files of this upload type, and uploads of this type. */
  uploadType?: UploadTypeValue;
  title?: string;
}

/**
 * The server-file picker of spec §2: a dialog 1160 wide holding the customer's files as a paged
 * grid of 202-wide cards (thumbnail, original name, select, delete with 确定要删除吗?) and an
 * upload box for up to 1000 files; files uploaded here are selected. The dialog stays mounted
 * once opened, so uploads go on while it is closed.
 */
export function ServerFilePicker({
  open,
  onClose,
  onConfirm,
  maxSelect = FILE_PICKER_MAX_FILES,
  uploadType,
  title = '选择文件',
}: ServerFilePickerProps) {
  const [selected, setSelected] = useState<ServerFile[]>([]);

  function confirm() {
    onConfirm(selected);
    setSelected([]);
    onClose();
  }

  return (
    <Modal
      open={open}
      title={title}
      width={FILE_PICKER_DIALOG_WIDTH}
      onCancel={onClose}
      className="ink-file-picker"
      footer={
        <div className="ink-file-picker__footer">
          <span className="ink-file-picker__count">
            {selected.length > 0
              ? `已选 ${selected.length} 个文件${maxSelect > 1 ? `，最多 ${maxSelect} 个` : ''}`
              : maxSelect === 1
                ? '点击卡片选择一个文件'
                : `点击卡片选择文件，最多 ${maxSelect} 个`}
          </span>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" disabled={selected.length === 0} onClick={confirm}>
            确定
          </Button>
        </div>
      }
    >
      <ServerFileLibrary
        mode="pick"
        uploadType={uploadType}
        selected={selected}
        onSelectedChange={setSelected}
        maxSelect={maxSelect}
      />
    </Modal>
  );
}

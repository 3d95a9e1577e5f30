import { Button, Modal, Spin } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useExcelExport } from '../hooks/use-excel-export.ts';
import type { ExportExcelRequest } from '../api/post-export-excel.ts';
import { progressText } from '../utils/export-file.ts';

export interface ExportExcelButtonProps {
  /** What to export: the type and the filters the list shows now. */
  request: ExportExcelRequest;
  disabled?: boolean;
}

/**
 * 导出Excel: exports what the page lists, with its filters, as an .xlsx file; while the file
 * streams in, a dialog says 正在导出中,请稍后... (spec §8) with the bytes received, and can stop it.
 */
export function ExportExcelButton({ request, disabled = false }: ExportExcelButtonProps) {
  const { progress, isExporting, start, cancel } = useExcelExport();
  return (
    <>
      <Button
        icon={<DownloadOutlined />}
        loading={isExporting}
        disabled={disabled}
        onClick={() => void start(request)}
      >
        导出Excel
      </Button>
      <Modal
        title="导出Excel"
        open={isExporting}
        onCancel={cancel}
        footer={<Button onClick={cancel}>取消导出</Button>}
        centered
        destroyOnHidden
        mask={{ closable: false }}
        width={380}
      >
        <div role="status" aria-live="polite" style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
          <Spin />
          <div>
            <div>正在导出中,请稍后...</div>
            {progress && (
              <div data-testid="export-progress" style={{ color: 'rgba(0, 0, 0, 0.45)', marginTop: 4 }}>
                {progressText(progress.receivedBytes, progress.rows)}
              </div>
            )}
          </div>
        </div>
      </Modal>
    </>
  );
}

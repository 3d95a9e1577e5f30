import { Alert, Button, Input, Modal } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import {
  IMPORT_EXCEL_TYPE_NAMES,
  MAX_FILES_IMPORT,
  UploadType,
  type ImportExcelType,
} from '@inkstone/contracts';
import { UploadCard } from '../../uploads/index.ts';
import { useExcelImport } from '../hooks/use-excel-import.ts';

export interface ImportExcelDialogProps {
  type: ImportExcelType;
  open: boolean;
  onClose(): void;
}

const HINTS: Record<ImportExcelType, string> = {
  addresses:
    '每行一个收货地址（联系人、电话、省市区、详细地址），或每行粘贴一条完整的收货信息；一次最多 50 个。',
  batch_orders: '每行一个商品（商品、规格、数量、文件名、收货地址），按本店当前价格加入购物车。',
};

/**
 * The Excel import dialog of spec §2: asks for an .xls/.xlsx file, an upload card taking one file
 * (upload type 4), an optional password for an encrypted workbook, and 导入. Every row is imported
 * or none; a refusal names the rows and offers the error report.
 */
export function ImportExcelDialog({ type, open, onClose }: ImportExcelDialogProps) {
  const state = useExcelImport(type, onClose);
  return (
    <Modal
      title="请选择要导入的 Excel 文件（.xls/.xlsx）"
      open={open}
      onCancel={onClose}
      destroyOnHidden
      width={560}
      footer={[
        <Button key="cancel" onClick={onClose}>
          取消
        </Button>,
        <Button key="import" type="primary" loading={state.isImporting} onClick={() => void state.submit()}>
          导入
        </Button>,
      ]}
    >
      <p style={{ marginTop: 0, color: 'rgba(0, 0, 0, 0.55)' }}>
        导入{IMPORT_EXCEL_TYPE_NAMES[type]}：{HINTS[type]}
        <Button
          type="link"
          size="small"
          icon={<DownloadOutlined />}
          onClick={() => void state.downloadTemplate()}
        >
          下载导入模板
        </Button>
      </p>
      <UploadCard
        value={state.files}
        onChange={state.onFilesChange}
        onUploaded={state.onUploaded}
        maxFiles={MAX_FILES_IMPORT}
        uploadType={UploadType.ExcelImport}
        layout="list"
      />
      <label style={{ display: 'block', marginTop: 16 }}>
        <span style={{ display: 'block', marginBottom: 4 }}>文件密码（选填）</span>
        <Input.Password
          value={state.password}
          onChange={(event) => state.setPassword(event.target.value)}
          placeholder="文件设置了打开密码时填写"
          autoComplete="off"
          maxLength={255}
        />
      </label>
      {state.refusal && (
        <Alert
          style={{ marginTop: 16 }}
          type="error"
          showIcon
          title={state.refusal}
          action={
            <Button size="small" onClick={() => void state.downloadReport()}>
              下载错误报告
            </Button>
          }
        />
      )}
    </Modal>
  );
}

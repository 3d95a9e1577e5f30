import type { ReactNode } from 'react';
import { Alert, Drawer, Skeleton } from 'antd';
import type { ServerFile } from '@inkstone/contracts';
import { useFileDetail } from '../hooks/use-file-detail.ts';
import { FileDetailHead, PreflightSection } from './file-detail-parts.tsx';
import { FactsList } from './preflight-report.tsx';
import './uploads.css';

export interface FileDetailDrawerProps {
  file: ServerFile | null;
  onClose(): void;
  /** Extra buttons at the foot (select, delete), for the screen that opens the drawer. */
  actions?: ReactNode;
}

/**
 * A server file's detail: a large preview, name, size and upload time, the facts read from the
 * file (PDF pages and size in mm, image pixels, DPI and colour mode), and a preflight against a
 * finished size (GET /api/v1/get_service_file_preflight).
 */
export function FileDetailDrawer({ file, onClose, actions }: FileDetailDrawerProps) {
  const { size, setSize, form, facts, check, close } = useFileDetail(file, onClose);
  const canCheck = file?.Facts?.Kind !== 'other';

  return (
    <Drawer
      open={file !== null}
      onClose={close}
      title="文件详情"
      size={560}
      destroyOnHidden
      className="ink-file-detail"
      rootClassName="ink-file-detail-root"
      footer={actions ? <div className="ink-file-detail__actions">{actions}</div> : null}
    >
      {file && (
        <>
          <FileDetailHead file={file} />

          <h3 className="ink-file-detail__heading">文件信息</h3>
          {facts.isPending ? (
            <Skeleton active paragraph={{ rows: 3 }} title={false} />
          ) : facts.data ? (
            <FactsList report={facts.data} />
          ) : (
            <Alert type="warning" showIcon title="文件信息读取失败，请稍后重试" />
          )}

          {canCheck && (
            <PreflightSection
              form={form}
              size={size}
              onCheck={setSize}
              report={check.data}
              isChecking={check.isFetching}
            />
          )}
        </>
      )}
    </Drawer>
  );
}

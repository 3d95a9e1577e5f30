import { useState } from 'react';
import { Link } from 'react-router';
import { FolderOpenOutlined, InfoCircleOutlined } from '@ant-design/icons';
import { Button, Popconfirm } from 'antd';
import { FILE_PICKER_MAX_FILES } from '@inkstone/contracts';
import type { ServerFile } from '@inkstone/contracts';
import { UploadCard } from '../components/upload-card.tsx';
import { ServerFilePicker } from '../components/server-file-picker.tsx';
import { useVersionSite } from '../../../lib/route-handle.ts';
import { myFilesPath } from '../../../lib/paths.ts';
import { formatBytes } from '../utils/format.ts';
import { BatchOrderPanel } from '../../batch-order/index.ts';
import './pages.css';

/**
 * 批量上传 (v2 /batch-upload, v3 /batch-upload-v3, v4 /batch-upload-v4): a batch of up to 1000
 * files, uploaded here or chosen from 我的文件, each shown with its preview; under them the batch
 * as a table of orders read from the file names (docs/batch-ordering.md).
 */
export function Component() {
  const site = useVersionSite();
  const [files, setFiles] = useState<ServerFile[]>([]);
  const [isPicking, setIsPicking] = useState(false);
  const totalBytes = files.reduce((sum, file) => sum + file.FileSize, 0);
  const room = FILE_PICKER_MAX_FILES - files.length;

  function addChosen(chosen: ServerFile[]) {
    const known = new Set(files.map((file) => file.Id));
    setFiles([...files, ...chosen.filter((file) => !known.has(file.Id))].slice(0, FILE_PICKER_MAX_FILES));
  }

  return (
    <section className="ink-uploads-page" aria-labelledby="ink-batch-title">
      <header className="ink-uploads-page__head">
        <div>
          <h1 id="ink-batch-title" className="ink-uploads-page__title">
            批量上传
          </h1>
          <p className="ink-uploads-page__lead">
            {`一次最多 ${FILE_PICKER_MAX_FILES} 个文件，逐个分片上传并显示速度和剩余时间。中途停止、断网或刷新页面后，重新选择同一文件即可接着上传，已传的部分不再重传。`}
          </p>
        </div>
        <Button icon={<FolderOpenOutlined />} disabled={room <= 0} onClick={() => setIsPicking(true)}>
          从我的文件选择
        </Button>
      </header>

      <div className="ink-uploads-page__panel">
        <UploadCard layout="list" maxFiles={FILE_PICKER_MAX_FILES} value={files} onChange={setFiles} />
        {files.length > 0 && (
          <div className="ink-uploads-page__foot">
            <span>
              本批共 <strong>{files.length}</strong> 个文件 · {formatBytes(totalBytes)}
            </span>
            <Popconfirm
              title="清空本批文件列表？"
              description="文件仍保留在我的文件中。"
              okText="清空"
              cancelText="取消"
              onConfirm={() => setFiles([])}
            >
              <Button size="small" type="text">
                清空列表
              </Button>
            </Popconfirm>
          </div>
        )}
      </div>

      <BatchOrderPanel files={files} />

      <p className="ink-uploads-page__note">
        <InfoCircleOutlined />
        <span>
          上传的文件会保存在<Link to={myFilesPath(site.version)}>「我的文件」</Link>
          中。下方表格按文件名识别每个文件的产品、规格和数量，核对后可全部加入购物车或合并下单。
        </span>
      </p>

      <ServerFilePicker
        open={isPicking}
        onClose={() => setIsPicking(false)}
        onConfirm={addChosen}
        maxSelect={Math.max(1, room)}
        title="从我的文件选择"
      />
    </section>
  );
}

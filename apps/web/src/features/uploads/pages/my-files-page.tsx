import { useState } from 'react';
import type { ServerFile } from '@inkstone/contracts';
import { ServerFileLibrary } from '../components/server-file-library.tsx';
import './pages.css';

/**
 * 我的文件: the customer's file library (the server-file picker's grid in manage mode) with its
 * upload box. Shown as the `files` tab of the account pages: /user/sys/files, and the same tab
 * of the other versions (/user-v2/sys/files …).
 */
export function MyFilesPage() {
  const [selected, setSelected] = useState<ServerFile[]>([]);
  return (
    <section className="ink-uploads-page" aria-labelledby="ink-my-files-title">
      <header className="ink-uploads-page__head">
        <div>
          <h1 id="ink-my-files-title" className="ink-uploads-page__title">
            我的文件
          </h1>
          <p className="ink-uploads-page__lead">
            上传过的印刷文件都在这里，下单时可直接选用。点开文件可查看页数、尺寸、分辨率和颜色模式，并按成品尺寸做印前检查。
          </p>
        </div>
      </header>
      <div className="ink-uploads-page__panel">
        <ServerFileLibrary mode="manage" selected={selected} onSelectedChange={setSelected} />
      </div>
    </section>
  );
}

export { MyFilesPage as Component };

import { Button } from 'antd';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ChunkLoadError } from '../lib/chunk-load.ts';
import { ApiError } from '../lib/api-client.ts';

function describe(error: unknown): { title: string; detail: string } {
  if (error instanceof ChunkLoadError) return { title: '页面加载失败', detail: error.message };
  if (error instanceof ApiError) return { title: '网站暂时无法访问', detail: error.message };
  if (isRouteErrorResponse(error))
    return { title: `出错了（${error.status}）`, detail: error.statusText || '请稍后再试' };
  return { title: '页面出错了', detail: '请刷新页面重试，如果问题持续出现，请联系客服。' };
}

/** The error page of the root route: start failures, chunk load failures and anything unexpected. */
export function RootError() {
  const error = useRouteError();
  const { title, detail } = describe(error);
  return (
    <div className="ink-center-page">
      <section className="ink-error" role="alert">
        <div className="ink-error__icon" aria-hidden="true">
          !
        </div>
        <h1 className="ink-error__title">{title}</h1>
        <p className="ink-error__detail">{detail}</p>
        <Button type="primary" size="large" onClick={() => window.location.reload()}>
          刷新页面
        </Button>
      </section>
    </div>
  );
}

import { useEffect } from 'react';
import { Button, Result } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { feedback } from '../../lib/feedback.ts';
import { BUFFER_ZONE_PATH } from '../../lib/paths.ts';

/** Spec §2: an unknown route shows a notification titled 404 saying the page does not exist. */
export function Component() {
  const navigate = useNavigate();
  const { pathname } = useLocation();

  useEffect(() => {
    // One notification per address, even when React runs the effect twice in development.
    feedback.notifyError('404', '您访问的页面不存在', `not-found:${pathname}`);
  }, [pathname]);

  return (
    <div className="ink-center-page">
      <Result
        status="404"
        title="页面不存在"
        subTitle="您访问的页面不存在或已被移除，请检查网址是否正确。"
        extra={
          <Button type="primary" onClick={() => void navigate(BUFFER_ZONE_PATH, { replace: true })}>
            返回首页
          </Button>
        }
      />
    </div>
  );
}

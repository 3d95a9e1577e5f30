import { useEffect } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { useAppState } from '../lib/company.ts';

/** Spec §2: without a configured website name the page is titled after the merchant system. */
export const DEFAULT_TITLE = '印刷商户下单系统';

/** The root of every route: page title, navigation progress, then the page. */
export function RootLayout() {
  const { companyInfo } = useAppState();
  const navigation = useNavigation();
  const title = companyInfo?.Config.WebSiteName.trim() || DEFAULT_TITLE;

  useEffect(() => {
    document.title = title;
  }, [title]);

  return (
    <>
      {navigation.state !== 'idle' && (
        <div className="ink-progress" role="progressbar" aria-label="页面加载中" />
      )}
      <Outlet />
    </>
  );
}

import { CheckCircleFilled, PhoneOutlined } from '@ant-design/icons';
import { Outlet } from 'react-router';
import { useAppState } from '../../lib/company.ts';
import { useVersionSite } from '../../lib/route-handle.ts';
import { useWebConfig } from '../../lib/web-config.ts';
import { Brand } from './brand.tsx';
import { SiteFooter } from './site-footer.tsx';
import './layouts.css';
import './auth-layout.css';

/** What the ordering site offers, beside the login card. */
const HIGHLIGHTS = ['在线报价，价格实时计算', '上传印刷文件，一键下单', '订单进度与物流随时查看'];

/**
 * The login shell: `/` (v1), `/loginview-v3` and `/loginview-v4`. Their login, register and
 * password pages render in the Outlet.
 */
export function Component() {
  const site = useVersionSite();
  const { companyInfo } = useAppState();
  const { data: config } = useWebConfig();
  const companyName = companyInfo?.CompanyName || companyInfo?.Config.WebSiteName || '';

  return (
    <div className={`ink-auth-layout ink-auth-layout--v${site.version}`}>
      <header className="ink-auth-layout__top">
        <Brand to={site.home} />
        {config?.ServicePhone && (
          <a className="ink-auth-layout__phone" href={`tel:${config.ServicePhone}`}>
            <PhoneOutlined /> 客服热线 {config.ServicePhone}
          </a>
        )}
      </header>
      <main className="ink-auth-layout__main">
        <div className="ink-auth-layout__intro">
          <h2 className="ink-auth-layout__headline">{companyName}</h2>
          <p className="ink-auth-layout__tagline">专业印刷 · 在线下单</p>
          <ul className="ink-auth-layout__highlights">
            {HIGHLIGHTS.map((text) => (
              <li key={text}>
                <CheckCircleFilled /> {text}
              </li>
            ))}
          </ul>
        </div>
        <Outlet />
      </main>
      <SiteFooter isCompact />
    </div>
  );
}

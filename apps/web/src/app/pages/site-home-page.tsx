import { Button } from 'antd';
import {
  CloudUploadOutlined,
  CalculatorOutlined,
  CarOutlined,
  NotificationOutlined,
} from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useAppState } from '../../lib/company.ts';
import { useVersionSite } from '../../lib/route-handle.ts';
import { displayName, useSession } from '../../lib/use-session.ts';
import { AuthPanel } from '../../features/auth/index.ts';
import { useWebConfig } from '../../lib/web-config.ts';
import './pages.css';

/** What the ordering site offers every customer. */
const SERVICES = [
  { icon: <CalculatorOutlined />, title: '在线报价', text: '选择产品与工艺，价格实时计算' },
  { icon: <CloudUploadOutlined />, title: '上传文件', text: '印刷文件在线上传，大文件分片续传' },
  { icon: <CarOutlined />, title: '订单跟踪', text: '生产进度与物流信息随时查看' },
];

/**
 * Public home of a version: /home, /index-v2, /index-v3, /index-v4. Version 2's login lives
 * here (its login address /home-v2 forwards to this page).
 */
export function Component() {
  const site = useVersionSite();
  const navigate = useNavigate();
  const current = useSession();
  const { companyInfo } = useAppState();
  const { data: config } = useWebConfig();
  const name = config?.WebSiteName || companyInfo?.Config.WebSiteName || companyInfo?.CompanyName || '';
  const hasLoginPanel = site.version === 2;

  return (
    <div className="ink-home">
      <section className={`ink-home__hero${hasLoginPanel ? ' ink-home__hero--with-login' : ''}`}>
        <div className="ink-home__hero-text">
          <h1 className="ink-home__title">{name}</h1>
          <p className="ink-home__lead">专业印刷，在线下单。报价、下单、付款、跟踪，一站完成。</p>
          {config?.Notice && (
            <aside className="ink-home__notice" aria-label="网站公告">
              <NotificationOutlined className="ink-home__notice-icon" />
              <div>
                <strong>网站公告</strong>
                <p>{config.Notice}</p>
              </div>
            </aside>
          )}
          {current.isLoggedIn ? (
            <div className="ink-home__actions">
              <span className="ink-home__welcome">欢迎回来，{displayName(current)}</span>
              <Button type="primary" size="large" onClick={() => void navigate(site.workspace)}>
                进入下单中心
              </Button>
            </div>
          ) : (
            !hasLoginPanel && (
              <div className="ink-home__actions">
                <Button type="primary" size="large" onClick={() => void navigate(site.login)}>
                  登录下单
                </Button>
                <Button size="large" onClick={() => void navigate(site.register)}>
                  注册账号
                </Button>
              </div>
            )
          )}
        </div>
        {hasLoginPanel && !current.isLoggedIn && (
          <div className="ink-home__login">
            <AuthPanel workspace={site.workspace} />
          </div>
        )}
      </section>

      <section className="ink-home__services" aria-label="服务">
        {SERVICES.map((service) => (
          <article key={service.title} className="ink-home__service">
            <span className="ink-home__service-icon" aria-hidden="true">
              {service.icon}
            </span>
            <div>
              <h2>{service.title}</h2>
              <p>{service.text}</p>
            </div>
          </article>
        ))}
      </section>

      <section className="ink-home__upcoming">
        <h2>产品推荐</h2>
        <p>商家的首页广告、产品分类与推荐栏目将在这里展示，敬请期待。</p>
      </section>
    </div>
  );
}

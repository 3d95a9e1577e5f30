import { Button } from 'antd';
import { CheckCircleFilled, NotificationOutlined } from '@ant-design/icons';
import type { Ad, ContentLink } from '@inkstone/contracts';
import type { ResolvedLink } from '../utils/content-link.ts';
import { ContentAnchor } from './content-link.tsx';
import { SiteImage } from './site-image.tsx';

export interface HomeWelcomeProps {
  siteName: string;
  notice: string;
  /** The signed-in customer's name; null for a visitor. */
  customerName: string | null;
  onEnter(): void;
  onLogin(): void;
  onRegister(): void;
}

/** What ordering here offers, under the site's name. */
const PROMISES = ['在线报价，价格实时计算', '文件在线上传，专业审稿', '生产进度与物流随时查看'];

/** The card beside the carousel: the site's name and notice, and the way in (login or order centre). */
export function HomeWelcome({
  siteName,
  notice,
  customerName,
  onEnter,
  onLogin,
  onRegister,
}: HomeWelcomeProps) {
  return (
    <div className="ink-home-welcome">
      <h1 className="ink-home-welcome__title">{siteName}</h1>
      <p className="ink-home-welcome__lead">专业印刷，在线下单。报价、付款、跟踪，一站完成。</p>
      <ul className="ink-home-welcome__promises">
        {PROMISES.map((promise) => (
          <li key={promise}>
            <CheckCircleFilled aria-hidden="true" /> {promise}
          </li>
        ))}
      </ul>
      {notice && (
        <aside className="ink-home-welcome__notice" aria-label="网站公告">
          <NotificationOutlined aria-hidden="true" />
          <p>{notice}</p>
        </aside>
      )}
      {customerName === null ? (
        <div className="ink-home__actions">
          <Button type="primary" size="large" onClick={onLogin}>
            登录下单
          </Button>
          <Button size="large" onClick={onRegister}>
            注册账号
          </Button>
        </div>
      ) : (
        <div className="ink-home__actions">
          <span className="ink-home-welcome__hello">欢迎回来，{customerName}</span>
          <Button type="primary" size="large" onClick={onEnter}>
            进入下单中心
          </Button>
        </div>
      )}
    </div>
  );
}

/** The side banners (QueryAd `home_side`): a picture with its title, leading where the banner says. */
export function SideAds({ ads, resolve }: { ads: readonly Ad[]; resolve(link: ContentLink): ResolvedLink }) {
  if (ads.length === 0) return null;
  return (
    <ul className="ink-side-ads" aria-label="推荐">
      {ads.map((ad) => (
        <li key={ad.Id}>
          <ContentAnchor link={resolve(ad.Link)} className="ink-side-ad">
            <SiteImage
              image={ad.Image}
              className="ink-side-ad__image"
              sizes="(max-width: 600px) 40vw, 200px"
              alt=""
            />
            <span className="ink-side-ad__text">
              <span className="ink-side-ad__title">{ad.Title}</span>
              {ad.Subtitle && <span className="ink-side-ad__subtitle">{ad.Subtitle}</span>}
            </span>
          </ContentAnchor>
        </li>
      ))}
    </ul>
  );
}

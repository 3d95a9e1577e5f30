import { Alert, Button, Result, Skeleton } from 'antd';
import { Link } from 'react-router';
import type { HelpArticleRef, WebConfig } from '@inkstone/contracts';
import { helpPath } from '../../../lib/paths.ts';
import type { Version } from '../../../lib/paths.ts';
import { useVersionSite } from '../../../lib/route-handle.ts';
import { useWebConfig } from '../../../lib/web-config.ts';
import { HelpArticleView } from '../components/help-article.tsx';
import { useAboutPage } from '../hooks/use-about-page.ts';
import '../components/help.css';

/** The merchant's contact details beside the about article, and the about category's other articles. */
function ContactCard({
  config,
  others,
  version,
}: {
  config: WebConfig | undefined;
  others: readonly HelpArticleRef[];
  version: Version;
}) {
  const rows = [
    { label: '营业时间', value: config?.BusinessHours },
    { label: '门店地址', value: config?.Address },
    { label: '客服 QQ', value: config?.ServiceQQ },
  ].filter((row) => row.value);
  return (
    <aside className="ink-about__contact" aria-label="联系方式">
      <h2>联系我们</h2>
      <dl>
        {config?.ServicePhone && (
          <div>
            <dt>客服电话</dt>
            <dd>
              <a className="ink-about__phone" href={`tel:${config.ServicePhone}`}>
                {config.ServicePhone}
              </a>
            </dd>
          </div>
        )}
        {rows.map((row) => (
          <div key={row.label}>
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
      {others.length > 0 && (
        <ul className="ink-about__more">
          {others.map((other) => (
            <li key={other.Id}>
              <Link to={helpPath(version, other.Id)}>{other.Title}</Link>
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
}

/** 关于我们 (/about, version 2): the merchant's about article with its contact details. */
export function Component() {
  const { version } = useVersionSite();
  const { data: config } = useWebConfig();
  const { menu, isMissing, article, others, retry } = useAboutPage();

  let main;
  if (isMissing) {
    main = (
      <Result
        status="info"
        title="暂无商家介绍"
        subTitle="商家尚未发布“关于我们”的介绍，联系方式见右侧与页面底部。"
      />
    );
  } else if (menu.isError || article.isError) {
    main = (
      <Alert
        type="error"
        showIcon
        title="内容加载失败，请稍后重试"
        action={
          <Button size="small" onClick={retry}>
            重试
          </Button>
        }
      />
    );
  } else if (!article.data) {
    main = <Skeleton active title paragraph={{ rows: 12 }} />;
  } else {
    main = <HelpArticleView version={version} article={article.data} homeHref={null} isStandalone />;
  }

  return (
    <div className="ink-about">
      <div className="ink-help__main">{main}</div>
      <ContactCard config={config} others={others} version={version} />
    </div>
  );
}

import { Link } from 'react-router';
import { CalculatorOutlined, CheckCircleFilled, CloseOutlined } from '@ant-design/icons';
import type { ProComplexInfo, ProductInfo } from '@inkstone/contracts';
import { SITES, withRedirect } from '../../../lib/sites.ts';
import { productIntroRouteOf, quoteRouteOf, trailTitles } from '../../catalogue/index.ts';
import { publicQuoteSource } from '../quote-source.ts';
import { useIntroIgnored } from '../utils/intro-ignored.ts';
import { PublicOrderActions } from './order-actions.tsx';
import { QuoteWorkbench } from './quote-workbench.tsx';

/**
 * What the introduction offers, and 登录下单 for a visitor without a session. 不再显示 closes it
 * for good in this browser (spec §3 intro-ignored flag); the header still offers 登录.
 */
export function IntroBanner({ isLoggedIn }: { isLoggedIn: boolean }) {
  const [isIgnored, ignore] = useIntroIgnored();
  if (isIgnored) return null;
  return (
    <section className="ink-quote-intro" aria-label="产品介绍">
      <div>
        <h1 className="ink-quote-intro__title">
          <CalculatorOutlined /> 产品介绍与在线计价
        </h1>
        <ul className="ink-quote-intro__points">
          <li>
            <CheckCircleFilled /> 无需登录，选规格即出价
          </li>
          <li>
            <CheckCircleFilled /> 价格明细逐项列出
          </li>
          <li>
            <CheckCircleFilled /> 预计发货日一目了然
          </li>
        </ul>
      </div>
      <div className="ink-quote-intro__end">
        {!isLoggedIn && (
          <Link className="ink-quote-intro__cta" to={SITES[4].login}>
            登录下单
          </Link>
        )}
        <button type="button" className="ink-quote-intro__close" onClick={ignore} title="不再显示">
          <CloseOutlined /> 不再显示
        </button>
      </div>
    </section>
  );
}

export interface IntroWorkbenchProps {
  data: ProComplexInfo;
  info: ProductInfo;
  isLoggedIn: boolean;
  isPlaceholder: boolean;
}

/** The product's quote screen, priced without login; ordering goes to the signed-in order centre. */
export function IntroWorkbench({ data, info, isLoggedIn, isPlaceholder }: IntroWorkbenchProps) {
  const product = info.Product;
  const orderHref = quoteRouteOf(4, product.CategoryPath, product.Id);
  return (
    <div className={isPlaceholder ? 'ink-quote__loading' : undefined}>
      <QuoteWorkbench
        key={product.Id}
        info={info}
        source={publicQuoteSource}
        trail={trailTitles(data.Tree, product.CategoryPath)}
        products={data.Products.filter((item) => item.CategoryId === product.CategoryId).map((item) => ({
          id: item.Id,
          title: item.Title,
          image: item.Image,
          fromPriceFen: item.FromPriceFen,
          href: productIntroRouteOf(item.CategoryPath, item.Id),
        }))}
        renderActions={({ canOrder }) => (
          <PublicOrderActions
            canOrder={canOrder}
            isLoggedIn={isLoggedIn}
            orderHref={orderHref}
            loginHref={withRedirect(SITES[4].login, orderHref)}
          />
        )}
      />
    </div>
  );
}

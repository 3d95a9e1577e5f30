import { Link, useSearchParams } from 'react-router';
import { CalculatorOutlined, CheckCircleFilled } from '@ant-design/icons';
import { SITES, withRedirect } from '../../../lib/sites.ts';
import { useSession } from '../../../lib/use-session.ts';
import { CategoryMenu, productIntroRouteOf, quoteRouteOf, trailTitles } from '../../catalogue/index.ts';
import { useProComplexInfo } from '../api/get-pro-complex-info.ts';
import { PublicOrderActions } from '../components/order-actions.tsx';
import { QuoteNotice, QuoteShell, QuoteSkeleton } from '../components/quote-shell.tsx';
import { QuoteWorkbench } from '../components/quote-workbench.tsx';
import { publicQuoteSource } from '../quote-source.ts';

const positiveId = (value: string | null): number | undefined =>
  value && /^\d{1,10}$/.test(value) && Number(value) > 0 ? Number(value) : undefined;

/**
 * Version 4's public product introduction (spec §2 /productIntro-v4): the category menu, a
 * product's choices and its live price, without login (GET /api/public/pro-complexinfo and
 * POST /api/public/pro-cal). `?cid=` picks a leaf category, `?pid=` a product.
 */
export function Component() {
  const [search] = useSearchParams();
  const { isLoggedIn } = useSession();
  const productId = positiveId(search.get('pid'));
  const categoryId = productId === undefined ? positiveId(search.get('cid')) : undefined;
  const complex = useProComplexInfo({ ProductId: productId, CategoryId: categoryId });
  const data = complex.data;
  const info = data?.Info ?? null;
  const activePath = info?.Product.CategoryPath ?? [];

  const banner = (
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
      {!isLoggedIn && (
        <Link className="ink-quote-intro__cta" to={SITES[4].login}>
          登录下单
        </Link>
      )}
    </section>
  );

  const menu = (
    <CategoryMenu
      tree={data?.Tree ?? []}
      depth={3}
      activePath={activePath}
      hrefOf={(path) => productIntroRouteOf(path)}
      isLoading={complex.isPending}
      error={complex.isError && !data ? complex.error.message : null}
      onRetry={() => void complex.refetch()}
    />
  );

  let content;
  if (complex.isError && !data) {
    content = (
      <QuoteNotice
        title="产品信息加载失败"
        detail={complex.error.message}
        action={{ label: '重试', onClick: () => void complex.refetch() }}
      />
    );
  } else if (!data) {
    content = <QuoteSkeleton />;
  } else if (!info) {
    content = <QuoteNotice title="暂无产品" detail="商家尚未上架产品，请稍后再来。" />;
  } else {
    const product = info.Product;
    const orderHref = quoteRouteOf(4, product.CategoryPath, product.Id);
    content = (
      <div className={complex.isPlaceholderData ? 'ink-quote__loading' : undefined}>
        <QuoteWorkbench
          key={product.Id}
          info={info}
          source={publicQuoteSource}
          trail={trailTitles(data.Tree, product.CategoryPath)}
          products={data.Products.filter((item) => item.CategoryId === product.CategoryId).map((item) => ({
            id: item.Id,
            title: item.Title,
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

  return (
    <QuoteShell menu={menu} banner={banner}>
      {content}
    </QuoteShell>
  );
}

import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useVersionSite } from '../../../lib/route-handle.ts';
import {
  CategoryMenu,
  firstProductPath,
  loadProductCategories,
  parseCategoryIds,
  quoteRouteOf,
  resolveCategoryScope,
  routeDepthOf,
  trailTitles,
  useCatalogue,
} from '../../catalogue/index.ts';
import { useProductInfo } from '../api/get-company-product-info.ts';
import { AccountOrderActions } from '../components/order-actions.tsx';
import { QuoteNotice, QuoteShell, QuoteSkeleton } from '../components/quote-shell.tsx';
import { QuoteWorkbench } from '../components/quote-workbench.tsx';
import { accountQuoteSource } from '../quote-source.ts';

/**
 * The quotation page of every version (spec §2): v1 /proinfo/{first}/{second}/{third}, v2
 * /quotationCenter/{first}/{second}, v3 /quotationCenter-v3/{first}/{second} and v4
 * /quotationCenter-v4/{first}/{second}/{third}, inside the version's signed-in layout. `?pid=`
 * picks another product of the category. Without ids (the index routes) it opens the first product.
 */
export function Component() {
  const site = useVersionSite();
  const navigate = useNavigate();
  const params = useParams();
  const [search] = useSearchParams();
  const catalogue = useCatalogue();
  const depth = routeDepthOf(site.version);
  const ids = parseCategoryIds([params.first_cid, params.second_cid, params.third_cid].slice(0, depth));
  const activePath = ids.length > 0 ? ids : (firstProductPath(catalogue.products) ?? []);
  const scope = resolveCategoryScope(catalogue.tree, catalogue.products, activePath);
  const wanted = Number(search.get('pid'));
  const summary = scope?.products.find((product) => product.Id === wanted) ?? scope?.products[0] ?? null;
  const info = useProductInfo(summary ? { ProductId: summary.Id } : null);

  const menu = (
    <CategoryMenu
      tree={catalogue.tree}
      depth={depth}
      activePath={activePath}
      hrefOf={(path) => quoteRouteOf(site.version, path)}
      isLoading={catalogue.status === 'loading'}
      error={catalogue.status === 'failed' ? catalogue.error : null}
      onRetry={() => void loadProductCategories()}
    />
  );

  let content;
  if (catalogue.status === 'failed' && catalogue.products.length === 0) {
    content = (
      <QuoteNotice
        title="产品分类加载失败"
        detail={catalogue.error ?? undefined}
        action={{ label: '重新加载', onClick: () => void loadProductCategories() }}
      />
    );
  } else if (catalogue.status !== 'ready' && catalogue.products.length === 0) {
    content = <QuoteSkeleton />;
  } else if (catalogue.products.length === 0) {
    content = <QuoteNotice title="暂无可报价的产品" detail="商家尚未上架产品，请稍后再来或联系客服。" />;
  } else if (!scope) {
    const first = firstProductPath(catalogue.products);
    content = (
      <QuoteNotice
        title="未找到该产品分类"
        detail="分类可能已调整，请从左侧分类重新选择。"
        action={
          first
            ? { label: '查看第一个产品', onClick: () => void navigate(quoteRouteOf(site.version, first)) }
            : undefined
        }
      />
    );
  } else if (!summary) {
    content = <QuoteNotice title="该分类暂无产品" detail="请从分类菜单选择其他产品。" />;
  } else if (info.isError && !info.data) {
    content = (
      <QuoteNotice
        title="产品信息加载失败"
        detail={info.error.message}
        action={{ label: '重试', onClick: () => void info.refetch() }}
      />
    );
  } else if (!info.data) {
    content = <QuoteSkeleton />;
  } else {
    const data = info.data;
    content = (
      <div className={info.isPlaceholderData ? 'ink-quote__loading' : undefined}>
        <QuoteWorkbench
          key={data.Product.Id}
          info={data}
          source={accountQuoteSource}
          trail={trailTitles(catalogue.tree, data.Product.CategoryPath)}
          products={scope.products.map((product) => ({
            id: product.Id,
            title: product.Title,
            href: quoteRouteOf(
              site.version,
              product.CategoryPath.length > 0 ? product.CategoryPath : activePath,
              product.Id,
            ),
          }))}
          renderActions={({ canOrder, selection }) => (
            <AccountOrderActions canOrder={canOrder} selection={selection} />
          )}
        />
      </div>
    );
  }

  return <QuoteShell menu={menu}>{content}</QuoteShell>;
}

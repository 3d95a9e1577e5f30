import { useNavigate } from 'react-router';
import type { CategoryTreeNodeWire, ProductInfo } from '@inkstone/contracts';
import type { Version } from '../../../lib/paths.ts';
import {
  CategoryMenu,
  firstProductPath,
  loadProductCategories,
  quoteRouteOf,
  trailTitles,
} from '../../catalogue/index.ts';
import type { CategoryPath, CategoryScope } from '../../catalogue/index.ts';
import { AccountOrderActions } from '../components/order-actions.tsx';
import { QuoteNotice, QuoteShell, QuoteSkeleton } from '../components/quote-shell.tsx';
import { QuoteWorkbench } from '../components/quote-workbench.tsx';
import { useQuotePage } from '../hooks/use-quote-page.ts';
import { accountQuoteSource } from '../quote-source.ts';

interface ProductWorkbenchProps {
  version: Version;
  tree: readonly CategoryTreeNodeWire[];
  info: ProductInfo;
  scope: CategoryScope;
  activePath: CategoryPath;
  isPlaceholder: boolean;
}

/** The product's quote screen, with the category's other products and the order buttons. */
function ProductWorkbench({ version, tree, info, scope, activePath, isPlaceholder }: ProductWorkbenchProps) {
  return (
    <div className={isPlaceholder ? 'ink-quote__loading' : undefined}>
      <QuoteWorkbench
        key={info.Product.Id}
        info={info}
        source={accountQuoteSource}
        trail={trailTitles(tree, info.Product.CategoryPath)}
        products={scope.products.map((product) => ({
          id: product.Id,
          title: product.Title,
          image: product.Image,
          fromPriceFen: product.FromPriceFen,
          href: quoteRouteOf(
            version,
            product.CategoryPath.length > 0 ? product.CategoryPath : activePath,
            product.Id,
          ),
        }))}
        renderActions={({ canOrder, selection, addOrder }) => (
          <AccountOrderActions canOrder={canOrder} selection={selection} addOrder={addOrder} />
        )}
      />
    </div>
  );
}

/**
 * The quotation page of every version (spec §2): v1 /proinfo/{first}/{second}/{third}, v2
 * /quotationCenter/{first}/{second}, v3 /quotationCenter-v3/{first}/{second} and v4
 * /quotationCenter-v4/{first}/{second}/{third}, inside the version's signed-in layout. `?pid=`
 * picks another product of the category. Without ids (the index routes) it opens the first product.
 */
export function Component() {
  const navigate = useNavigate();
  const { version, catalogue, depth, activePath, scope, summary, info } = useQuotePage();

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
    const action = first
      ? { label: '查看第一个产品', onClick: () => void navigate(quoteRouteOf(version, first)) }
      : undefined;
    content = (
      <QuoteNotice title="未找到该产品分类" detail="分类可能已调整，请从左侧分类重新选择。" action={action} />
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
    content = (
      <ProductWorkbench
        version={version}
        tree={catalogue.tree}
        info={info.data}
        scope={scope}
        activePath={activePath}
        isPlaceholder={info.isPlaceholderData}
      />
    );
  }

  const menu = (
    <CategoryMenu
      tree={catalogue.tree}
      products={catalogue.products}
      depth={depth}
      activePath={activePath}
      hrefOf={(path) => quoteRouteOf(version, path)}
      isLoading={catalogue.status === 'loading'}
      error={catalogue.status === 'failed' ? catalogue.error : null}
      onRetry={() => void loadProductCategories()}
    />
  );
  return <QuoteShell menu={menu}>{content}</QuoteShell>;
}

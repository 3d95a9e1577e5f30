import { useSearchParams } from 'react-router';
import { useSession } from '../../../lib/use-session.ts';
import { CategoryMenu, productIntroRouteOf } from '../../catalogue/index.ts';
import { useProComplexInfo } from '../api/get-pro-complex-info.ts';
import { IntroBanner, IntroWorkbench } from '../components/product-intro-parts.tsx';
import { QuoteNotice, QuoteShell, QuoteSkeleton } from '../components/quote-shell.tsx';

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

  const menu = (
    <CategoryMenu
      tree={data?.Tree ?? []}
      products={data?.Products}
      depth={3}
      activePath={info?.Product.CategoryPath ?? []}
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
    content = (
      <IntroWorkbench
        data={data}
        info={info}
        isLoggedIn={isLoggedIn}
        isPlaceholder={complex.isPlaceholderData}
      />
    );
  }

  return (
    <QuoteShell menu={menu} banner={<IntroBanner isLoggedIn={isLoggedIn} />}>
      {content}
    </QuoteShell>
  );
}

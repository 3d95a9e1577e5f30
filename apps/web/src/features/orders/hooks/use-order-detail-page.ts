import { useState } from 'react';
import { useParams } from 'react-router';
import { useVersionSite } from '../../../lib/route-handle.ts';
import { orderPath } from '../../../lib/paths.ts';
import { useOrderDetail } from '../api/order-detail.ts';
import { resolveOrderTab } from '../paths.ts';

/** The order detail's state: the order, the list it was opened from, and the append dialog. */
export function useOrderDetailPage(orderId: number) {
  const site = useVersionSite();
  const { t } = useParams();
  const tabKey = resolveOrderTab(t).key;
  const detail = useOrderDetail(orderId);
  const [isAppending, setIsAppending] = useState(false);
  return { detail, listHref: orderPath(site.version, tabKey), isAppending, setIsAppending };
}

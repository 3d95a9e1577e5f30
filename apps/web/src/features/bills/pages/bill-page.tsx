import { Alert, Empty, Pagination, Skeleton, Tabs } from 'antd';
import { DEFAULT_PAGE_SIZE } from '@inkstone/contracts';
import { ExportExcelButton } from '../../excel/index.ts';
import { PrintButton } from '../../print/index.ts';
import { BillFilters, BillList, BillSums } from '../components/bill-parts.tsx';
import { SpendingChart } from '../components/spending-chart.tsx';
import { useBillPage } from '../hooks/use-bill-page.ts';
import { periodLabel } from '../utils/bill-period.ts';
import { BILL_TABS } from '../utils/bill-tabs.ts';
import '../components/bills.css';

/**
 * 我的账单 (/user/bill/{t}): every money movement by type and period (this month by default), ten
 * a page, with the period's sums and the spending of the last six months.
 */
export function Component() {
  const { tab, period, range, bill, months, spending, activeMonth, setPage, changePeriod, changeTab } =
    useBillPage();

  let list;
  if (bill.isPending) {
    list = <Skeleton active paragraph={{ rows: 6 }} />;
  } else if (bill.isError) {
    list = <Alert type="error" showIcon title="账单加载失败，请稍后重试" />;
  } else if (bill.data.List.length === 0) {
    list = <Empty description={`${periodLabel(period)}没有${tab.key === 'all' ? '' : tab.label}记录`} />;
  } else {
    list = <BillList entries={bill.data.List} />;
  }

  return (
    <div className="ink-bill">
      <h1 className="ink-bill__title">我的账单</h1>
      <Tabs
        activeKey={tab.key}
        onChange={changeTab}
        items={BILL_TABS.map((item) => ({ key: item.key, label: item.label }))}
        tabBarExtraContent={
          <ExportExcelButton request={{ ExportExcelType: 'bills', Type: tab.type, ...range }} />
        }
      />
      <BillFilters
        period={period}
        range={range}
        onPeriodChange={changePeriod}
        extra={
          <PrintButton request={{ PrintType: 'bill_statement', Type: tab.type, ...range }}>
            打印对账单
          </PrintButton>
        }
      />

      <div className="ink-bill__overview">
        <BillSums period={period} attach={bill.data?.Attach} />
        <SpendingChart
          months={months}
          values={spending.map((result) => result.data)}
          activeKey={activeMonth}
        />
      </div>

      {list}
      {bill.data && bill.data.TotalCount > 0 && (
        <Pagination
          className="ink-bill__pager"
          current={bill.data.PageIndex}
          pageSize={DEFAULT_PAGE_SIZE}
          total={bill.data.TotalCount}
          showSizeChanger={false}
          showTotal={(total) => `共 ${total} 条`}
          onChange={setPage}
        />
      )}
    </div>
  );
}

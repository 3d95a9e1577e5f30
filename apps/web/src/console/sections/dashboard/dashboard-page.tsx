import { Alert, Card, Col, Row, Skeleton, Statistic, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { staffCalls, type Dashboard, type DashboardProduct } from '@inkstone/contracts';
import { formatFen } from '../../../lib/format.ts';
import { errorMessage, staffCall } from '../../lib/staff-api.ts';
import { WAITING_ITEMS, comparedWithYesterday } from './dashboard-figures.ts';
import { SalesChart } from './sales-chart.tsx';

const DASHBOARD_KEY = ['console', 'dashboard'] as const;

function productColumns(showsMoney: boolean): ColumnsType<DashboardProduct> {
  return [
    { title: '商品', dataIndex: 'Title' },
    {
      title: '数量',
      key: 'quantity',
      align: 'right',
      render: (_value, product) => `${product.Quantity.toLocaleString('zh-CN')}${product.Unit}`,
    },
    { title: '订单数', dataIndex: 'Orders', align: 'right' },
    ...(showsMoney
      ? [
          {
            title: '销售额',
            dataIndex: 'AmountFen',
            align: 'right' as const,
            render: (fen: number) => formatFen(fen),
          },
        ]
      : []),
  ];
}

function TodayCards({ data }: { data: Dashboard }) {
  const { Today: today, Yesterday: yesterday } = data;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} sm={8}>
        <Card data-testid="dashboard-today-orders">
          <Statistic title="今日订单" value={today.Orders} suffix="单" />
          <Typography.Text type="secondary">
            昨日 {yesterday.Orders} 单，{comparedWithYesterday(today.Orders, yesterday.Orders)}
          </Typography.Text>
        </Card>
      </Col>
      <Col xs={24} sm={8}>
        <Card data-testid="dashboard-today-paid">
          <Statistic title="今日付款订单" value={today.PaidOrders} suffix="单" />
          <Typography.Text type="secondary">
            昨日 {yesterday.PaidOrders} 单，{comparedWithYesterday(today.PaidOrders, yesterday.PaidOrders)}
          </Typography.Text>
        </Card>
      </Col>
      {data.ShowsMoney ? (
        <Col xs={24} sm={8}>
          <Card data-testid="dashboard-today-revenue">
            <Statistic title="今日收入" value={formatFen(today.RevenueFen ?? 0)} />
            <Typography.Text type="secondary">
              昨日 {formatFen(yesterday.RevenueFen ?? 0)}，
              {comparedWithYesterday(today.RevenueFen ?? 0, yesterday.RevenueFen ?? 0, formatFen)}
            </Typography.Text>
          </Card>
        </Col>
      ) : null}
    </Row>
  );
}

function WaitingCards({ data }: { data: Dashboard }) {
  return (
    <Card title="待处理订单">
      <Row gutter={[16, 16]}>
        {WAITING_ITEMS.map((item) => (
          <Col key={item.key} xs={12} sm={8} md={4}>
            <Link to={item.to} aria-label={`${item.label} ${data.Waiting[item.key]} 单`}>
              <Statistic title={item.label} value={data.Waiting[item.key]} suffix="单" />
            </Link>
          </Col>
        ))}
      </Row>
    </Card>
  );
}

/**
 * 工作台, the console's first page: today's orders and revenue beside yesterday's, the orders
 * waiting per status (each opens the 订单 board on that status), the last 30 China days' sales
 * and the top products. Money is shown to 财务 and 管理员 only — the server leaves it out of the
 * reply for the other roles (staff Dashboard).
 */
export function Component() {
  const dashboard = useQuery({
    queryKey: DASHBOARD_KEY,
    queryFn: () => staffCall(staffCalls.Dashboard, {}),
    refetchInterval: 60_000,
  });
  const data = dashboard.data;

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        工作台
      </Typography.Title>
      {dashboard.error ? <Alert type="error" showIcon title={errorMessage(dashboard.error)} /> : null}
      {dashboard.isLoading ? <Skeleton active /> : null}
      {data ? (
        <>
          <TodayCards data={data} />
          <WaitingCards data={data} />
          <Card title={data.ShowsMoney ? '最近30天付款金额' : '最近30天付款订单'}>
            <SalesChart days={data.Days} showsMoney={data.ShowsMoney} />
          </Card>
          <Row gutter={[16, 16]}>
            {data.ShowsMoney && data.TopByRevenue ? (
              <Col xs={24} lg={12}>
                <Card title="热销商品（按销售额，最近30天）">
                  <Table
                    rowKey="ProductId"
                    size="small"
                    pagination={false}
                    columns={productColumns(true)}
                    dataSource={data.TopByRevenue}
                    locale={{ emptyText: '最近30天没有付款订单' }}
                  />
                </Card>
              </Col>
            ) : null}
            <Col xs={24} lg={data.ShowsMoney ? 12 : 24}>
              <Card title="热销商品（按数量，最近30天）">
                <Table
                  rowKey="ProductId"
                  size="small"
                  pagination={false}
                  columns={productColumns(data.ShowsMoney)}
                  dataSource={data.TopByQuantity}
                  locale={{ emptyText: '最近30天没有付款订单' }}
                />
              </Card>
            </Col>
          </Row>
        </>
      ) : null}
    </div>
  );
}

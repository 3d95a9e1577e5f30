// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { OrderStatus } from '@inkstone/contracts';
import { StatusTag } from './status-tag.tsx';

afterEach(cleanup);

const tags = (order: Parameters<typeof StatusTag>[0]['order']) =>
  [...render(<StatusTag order={order} />).container.querySelectorAll('.ant-tag')].map(
    (tag) => tag.textContent,
  );

describe('StatusTag', () => {
  it('says 待审稿 once while the artwork waits for review', () => {
    expect(
      tags({
        Status: OrderStatus.Reviewing,
        StatusName: '待审稿',
        ReviewState: 'pending',
        ReviewStateName: '待审核',
      }),
    ).toEqual(['待审稿']);
  });

  it('adds 稿件退回 when the artwork was sent back', () => {
    expect(
      tags({
        Status: OrderStatus.Reviewing,
        StatusName: '待审稿',
        ReviewState: 'rejected',
        ReviewStateName: '稿件退回',
      }),
    ).toEqual(['待审稿', '稿件退回']);
  });
});

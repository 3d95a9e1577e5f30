/**
 * A statement of the bill for a period (docs/excel.md "Print"): every money movement of the
 * customer in it, oldest first, with the totals QueryCustomerBill gives and — when the statement
 * is not narrowed to a type, method or keyword — the opening and closing balance.
 */
import type { BillEntry } from '@inkstone/contracts';
import { formatChinaDateTime, formatYuan } from '@inkstone/domain';
import { html, type SafeHtml } from './html.ts';
import { infoList, sheetHead, type PrintMerchant } from './print-page.ts';

export interface StatementScope {
  /** `2026-11-01 至 2026-11-30`. */
  period: string;
  /** The customer: nickname and account. */
  customer: string;
  printedAt: number;
  /** Only some of the lines (a type, method or keyword): no opening or closing balance. */
  isNarrowed: boolean;
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** Lines are given newest first (as the bill lists them) and printed oldest first. */
export function statementSheet(
  newestFirst: readonly BillEntry[],
  scope: StatementScope,
  merchant: PrintMerchant,
): SafeHtml {
  const entries = [...newestFirst].reverse();
  const amounts = entries.map((entry) => entry.AmountFen);
  const income = sum(amounts.filter((amount) => amount > 0));
  const expense = sum(amounts.filter((amount) => amount < 0));
  const change = sum(entries.map((entry) => entry.BalanceChangeFen));
  const first = entries[0];
  const last = entries[entries.length - 1];
  // Balances are known from the lines themselves; a narrowed statement's lines do not chain.
  const balances =
    first && last && !scope.isNarrowed
      ? { opening: first.BalanceAfterFen - first.BalanceChangeFen, closing: last.BalanceAfterFen }
      : null;
  const rows = entries.map(
    (entry) =>
      html`<tr>
        <td>${formatChinaDateTime(Date.parse(entry.CreatedAt))}</td>
        <td>${entry.TypeName}</td>
        <td>${entry.PayMethodName}${entry.IsSimulated ? '（模拟支付）' : ''}</td>
        <td class="num">${entry.AmountFen > 0 ? formatYuan(entry.AmountFen) : ''}</td>
        <td class="num">${entry.AmountFen < 0 ? formatYuan(entry.AmountFen) : ''}</td>
        <td class="num">${formatYuan(entry.BalanceChangeFen)}</td>
        <td class="num">${formatYuan(entry.BalanceAfterFen)}</td>
        <td>
          ${entry.OrderNos.join('、')}${entry.OrderNos.length > 0 && entry.PaymentNo ? html`<br />` : null}${entry.PaymentNo}
        </td>
        <td>${entry.Remark}</td>
      </tr>`,
  );
  return html`${sheetHead(merchant, '对账单', null)}
    ${infoList([
      ['客户', scope.customer],
      ['对账期间', scope.period],
      ['打印时间', formatChinaDateTime(scope.printedAt)],
      ['记录', `${entries.length} 条`],
    ])}
    <table>
      <thead>
        <tr>
          <th>时间</th>
          <th>类型</th>
          <th>支付方式</th>
          <th class="num">收入</th>
          <th class="num">支出</th>
          <th class="num">余额变动</th>
          <th class="num">变动后余额</th>
          <th>订单号 / 支付单号</th>
          <th>备注</th>
        </tr>
      </thead>
      <tbody>
        ${
          rows.length > 0
            ? rows
            : html`<tr>
                <td colspan="9">这段时间没有账单记录</td>
              </tr>`
        }
      </tbody>
    </table>
    <table class="totals">
      ${
        balances
          ? html`<tr>
              <td>期初余额</td>
              <td class="num">${formatYuan(balances.opening)}</td>
            </tr>`
          : null
      }
      <tr>
        <td>收入合计</td>
        <td class="num">${formatYuan(income)}</td>
      </tr>
      <tr>
        <td>支出合计</td>
        <td class="num">${formatYuan(expense)}</td>
      </tr>
      <tr>
        <td>余额变动合计</td>
        <td class="num">${formatYuan(change)}</td>
      </tr>
      ${
        balances
          ? html`<tr class="due">
              <td>期末余额</td>
              <td class="num">${formatYuan(balances.closing)}</td>
            </tr>`
          : null
      }
    </table>
    <div class="foot">扫码付款的订单不动余额，所以余额变动与收支合计可能不同。</div>`;
}

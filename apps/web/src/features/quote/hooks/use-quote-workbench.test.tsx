// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiCode } from '@inkstone/contracts';
import type { PriceRequestBody, Quote, ShipDatePredictionWire } from '@inkstone/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import type { QuoteSource } from '../quote-source.ts';
import { BUSINESS_CARD_INFO } from '../utils/product-fixtures.ts';
import { useQuoteWorkbench } from './use-quote-workbench.ts';

/** 烫金 has no price at this quantity, as the merchant's engine would answer. */
const REFUSED = '烫金工艺至少 2 盒起做';

/**
 * The price server of the test: 20 元 a box, 5 元 per 工艺 per box, and 烫金 refused below 2 boxes.
 * It answers at once, or, once `hold` is called, keeps its answers until `answerAll`, so the
 * screen's state in between can be seen.
 */
function createPriceServer() {
  const waiting: (() => void)[] = [];
  let isHolding = false;
  const answer = <T,>(make: () => T) =>
    new Promise<T>((resolve, reject) => {
      const release = () => {
        try {
          resolve(make());
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      };
      if (isHolding) waiting.push(release);
      else setTimeout(release, 0);
    });
  const source: QuoteSource = {
    key: 'public',
    quote: (body: PriceRequestBody) =>
      answer((): Quote => {
        const technologies = body.TechnologyIds ?? [];
        if (technologies.includes('tj') && body.Quantity < 2)
          throw new ApiError(REFUSED, 'business', ApiCode.QuoteRefused);
        const names: Record<string, string> = { lm: '覆哑膜', yj: '圆角', tj: '烫金' };
        const lines = [
          {
            Kind: 'printing' as const,
            Label: '印刷',
            AmountFen: 2000 * body.Quantity,
            Detail: '',
            TechnologyId: null,
          },
          ...technologies.map((id) => ({
            Kind: 'technology' as const,
            Label: `工艺·${names[id] ?? id}`,
            AmountFen: 500 * body.Quantity,
            Detail: '',
            TechnologyId: id,
          })),
        ];
        const totalFen = lines.reduce((sum, line) => sum + line.AmountFen, 0);
        return {
          CatalogVersion: 1,
          ProductId: body.ProductId,
          Method: 'offer',
          Quantity: body.Quantity,
          Unit: '盒',
          TotalFen: totalFen,
          UnitPriceFen: Math.round(totalFen / body.Quantity),
          Lines: lines,
          WeightGrams: 300,
          ProductionDays: 2,
          SkuCode: null,
          Imposition: [],
          ExcludedTechnologies: [],
        };
      }),
    shipDate: (body: PriceRequestBody) =>
      answer((): ShipDatePredictionWire => ({
        CatalogVersion: 1,
        ProductId: body.ProductId,
        Quantity: body.Quantity,
        ProductionDays: 2,
        OrderTime: '2026-03-02T09:00:00+08:00',
        OrderDate: '2026-03-02',
        StartDate: '2026-03-02',
        ShipDate: '2026-03-04',
        CutoffTime: '17:00',
        IsAfterCutoff: false,
      })),
  };
  return {
    source,
    hold() {
      isHolding = true;
    },
    /** Sends every answer kept so far, and answers at once from now on. */
    answerAll() {
      isHolding = false;
      act(() => {
        for (const release of waiting.splice(0)) release();
      });
    },
  };
}

function renderWorkbench(source: QuoteSource) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useQuoteWorkbench(BUSINESS_CARD_INFO, source), { wrapper });
}

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('the quote screen’s order state (spec §3)', () => {
  it('is calculated once the price of the current choices arrives, and not while new choices are priced', async () => {
    const server = createPriceServer();
    server.hold();
    const view = renderWorkbench(server.source);
    expect(view.result.current.orderState).toMatchObject({
      isCalculated: false,
      quotationProcess: 'calculating',
      calculationParameters: { ProductId: 1001, SizeId: 'std', Quantity: 1 },
    });
    expect(view.result.current.orderState.currentProduct.Title).toBe('商务名片');
    server.answerAll();

    await waitFor(() => expect(view.result.current.orderState.isCalculated).toBe(true));
    expect(view.result.current.orderState.quotationProcess).toBe('calculated');
    expect(view.result.current.total).toBe('¥20.00');

    server.hold();
    act(() => view.result.current.actions.setQuantity(3));
    await waitFor(() => expect(view.result.current.orderState.quotationProcess).toBe('calculating'));
    expect(view.result.current.orderState.isCalculated).toBe(false);
    expect(view.result.current.orderState.calculationParameters?.Quantity).toBe(3);
    server.answerAll();

    await waitFor(() => expect(view.result.current.orderState.isCalculated).toBe(true));
    expect(view.result.current.total).toBe('¥60.00');
  });

  it('lists the 工艺 the price adds as appended projects, and drops one when it is taken off', async () => {
    const server = createPriceServer();
    const view = renderWorkbench(server.source);
    await waitFor(() => expect(view.result.current.orderState.isCalculated).toBe(true));
    expect(view.result.current.orderState.appendedProjects).toEqual([]);

    act(() => view.result.current.actions.toggleTechnology('lm'));
    await waitFor(() => expect(view.result.current.orderState.appendedProjects).toHaveLength(1));
    expect(view.result.current.orderState.appendedProjects).toEqual([
      { TechnologyId: 'lm', Label: '工艺·覆哑膜', AmountFen: 500 },
    ]);
    expect(view.result.current.total).toBe('¥25.00');

    server.hold();
    act(() => view.result.current.actions.toggleTechnology('lm'));
    // Not the old list while the new price is asked: it belongs to the price on screen.
    await waitFor(() => expect(view.result.current.orderState.appendedProjects).toEqual([]));
    await waitFor(() => expect(view.result.current.orderState.isCalculated).toBe(true));
    expect(view.result.current.orderState.appendedProjects).toEqual([]);
  });

  it('raises the empty-price flag when the engine has no price for the choices, and lowers it with the next price', async () => {
    const server = createPriceServer();
    const view = renderWorkbench(server.source);
    await waitFor(() => expect(view.result.current.orderState.isCalculated).toBe(true));
    expect(view.result.current.orderState.isEmptyPrice).toBe(false);

    act(() => view.result.current.actions.toggleTechnology('tj'));
    await waitFor(() => expect(view.result.current.orderState.isEmptyPrice).toBe(true));
    expect(view.result.current.orderState).toMatchObject({
      isCalculated: false,
      quotationProcess: 'emptyPrice',
      appendedProjects: [],
    });
    expect(view.result.current.live.message).toBe(REFUSED);
    expect(view.result.current.selection).toBeNull();

    act(() => view.result.current.actions.setQuantity(2));
    await waitFor(() => expect(view.result.current.orderState.isCalculated).toBe(true));
    expect(view.result.current.orderState.isEmptyPrice).toBe(false);
    expect(view.result.current.total).toBe('¥50.00');
  });

  it('is at choosing while a choice is wrong, with no parameters to price', async () => {
    const server = createPriceServer();
    const view = renderWorkbench(server.source);
    await waitFor(() => expect(view.result.current.orderState.isCalculated).toBe(true));

    act(() => view.result.current.actions.setQuantity(null));
    await waitFor(() => expect(view.result.current.orderState.quotationProcess).toBe('choosing'));
    expect(view.result.current.orderState.calculationParameters).toBeNull();
    expect(view.result.current.orderState.isCalculated).toBe(false);
  });

  it('holds the add-order flag while 加入购物车 is sent, and sends nothing on a second press meanwhile', async () => {
    const server = createPriceServer();
    const view = renderWorkbench(server.source);
    await waitFor(() => expect(view.result.current.orderState.isCalculated).toBe(true));

    const sent: string[] = [];
    let arrive = () => {};
    const reply = new Promise<void>((resolve) => (arrive = resolve));
    let first: Promise<boolean> = Promise.resolve(false);
    let second: Promise<boolean> = Promise.resolve(false);
    act(() => {
      first = view.result.current.addOrder.submit('cart', async () => {
        sent.push('cart');
        await reply;
      });
      // The same frame, before React has drawn the first press.
      second = view.result.current.addOrder.submit('order', async () => {
        sent.push('order');
      });
    });
    expect(await second).toBe(false);
    expect(view.result.current.orderState).toMatchObject({
      isAddingOrder: true,
      quotationProcess: 'addingOrder',
    });
    expect(view.result.current.addOrder.pending).toBe('cart');
    // The price stays on screen while the line is added.
    expect(view.result.current.orderState.isCalculated).toBe(true);

    await act(async () => {
      arrive();
      expect(await first).toBe(true);
    });
    expect(sent).toEqual(['cart']);
    expect(view.result.current.orderState).toMatchObject({
      isAddingOrder: false,
      quotationProcess: 'calculated',
    });
  });
});

// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { StorageKey } from '@inkstone/contracts';
import { IntroBanner } from './product-intro-parts.tsx';

function renderBanner(isLoggedIn: boolean) {
  return render(
    <MemoryRouter>
      <IntroBanner isLoggedIn={isLoggedIn} />
    </MemoryRouter>,
  );
}

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('the product introduction banner (v4)', () => {
  it('closes on 不再显示 and stays closed on the next visit (spec §3 intro-ignored flag)', () => {
    renderBanner(false);
    expect(screen.getByRole('region', { name: '产品介绍' }).textContent).toContain('登录下单');

    fireEvent.click(screen.getByRole('button', { name: /不再显示/ }));
    expect(screen.queryByRole('region', { name: '产品介绍' })).toBeNull();
    expect(localStorage.getItem(StorageKey.IntroIgnored)).toBe('1');

    cleanup();
    renderBanner(true);
    expect(screen.queryByRole('region', { name: '产品介绍' })).toBeNull();
  });

  it('shows until it is closed', () => {
    renderBanner(true);
    cleanup();
    renderBanner(true);
    expect(screen.getByRole('region', { name: '产品介绍' }).textContent).toContain('无需登录，选规格即出价');
  });
});
